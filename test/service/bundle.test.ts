import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { freePort, processDatabase, spawnCompiled, waitForStdout, writerCookie, WRITER, type ProcessDatabase, type Spawned } from '../helpers/server-process.js';

// The bundled server `npm start` runs (dist/server/main.js, scripts/build-server.mjs): the modules
// that read files beside themselves still find them, the libraries left out of the bundle load from
// node_modules, and the API answers as the unbundled server does.

const SLOW = { timeout: 120_000 };

let database: ProcessDatabase;
let dataDir: string;
let server: Spawned;
let base: string;
beforeAll(async () => {
  await ensureBuilt();
  database = await processDatabase('bundle');
  dataDir = mkdtempSync(join(tmpdir(), 'sls-bundle-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnCompiled(['dist/server/main.js'], { DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...WRITER });
  await waitForStdout(server, /listening on http:\/\/127\.0\.0\.1:\d+/, 60_000);
}, SLOW.timeout);
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exit;
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server', SLOW, () => {
  it('serves the pages its modules read from beside themselves: e-mail pages, the unsubscribe page, the client shell and its 404', async () => {
    const verify = await fetch(`${base}/verify-email?token=not-a-token`);
    expect(verify.status).toBe(200);
    expect(await verify.text()).toContain('Verify your e-mail address');
    const shell = await fetch(`${base}/`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toMatch(/<script type="module"[^>]* src="\/client\/[^"]+\.js"/);
    const unknown = await fetch(`${base}/client/not-there.js`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('serves the API documentation (a library that reads its own files, left out of the bundle)', async () => {
    const docs = await fetch(`${base}/api-docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/messages');
  });

  it('signs in (argon2, a native addon), writes a message and finds it through the ranked search', async () => {
    const cookie = await writerCookie(base);
    const headers = { cookie, origin: base, 'content-type': 'application/json' };
    const created = await fetch(`${base}/api/messages`, { method: 'POST', headers, body: JSON.stringify({ content: 'bundled lighthouse keeper' }) });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    const found = (await (await fetch(`${base}/api/search?q=lighthouse`, { headers: { cookie } })).json()) as { results: Array<{ kind: string; id: string }> };
    expect(found.results).toContainEqual(expect.objectContaining({ kind: 'message', id: data.id }));
  });

  it('checkpoints a SQLite file from its worker thread, which loads the driver from outside the bundle', async () => {
    // The worker reports a failure (the driver not found from the bundle's place, say) in words.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.output()).not.toContain('checkpoints in the background failed');
  });
});
