import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEarly } from '../../src/lib/promises.js';
import { BIN, runCli, serverDocs, startCliFixture, type CliFixture } from './support.js';

// `social-lists-sync watch` end to end: the real bin as a child process keeps a real folder in sync
// with the app listening on loopback, both ways, as changes happen, until it is stopped.

const T = 120_000;
let f: CliFixture;
let bearer: string;
let watcher: ChildProcess | null = null;
let output = '';

beforeAll(async () => {
  f = await startCliFixture('sync-watch-');
  const login = await runCli(['login', f.server, f.user.user.email, '--password-stdin'], { cwd: f.home, configDir: f.configDir, input: `${f.user.password}\n` });
  expect(login.code, login.stderr).toBe(0);
  bearer = `Bearer ${JSON.parse(await readFile(join(f.configDir, 'credentials.json'), 'utf8')).token}`;
}, T);

afterAll(async () => {
  if (watcher && watcher.exitCode === null) watcher.kill('SIGKILL');
  await f?.close();
});

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not in ${timeoutMs} ms\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('social-lists-sync watch', () => {
  it('brings the server’s changes into the folder and sends the folder’s, as they happen, and stops on Ctrl-C', { timeout: T }, async () => {
    watcher = spawn(process.execPath, [BIN, 'watch', f.dir], {
      cwd: f.home,
      env: { PATH: process.env.PATH ?? '', HOME: f.configDir, NODE_ENV: 'production', SOCIAL_LISTS_SYNC_CONFIG_DIR: f.configDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    watcher.stdout!.on('data', (d) => (output += d));
    watcher.stderr!.on('data', (d) => (output += d));
    const exited = startedEarly(new Promise<number | null>((resolve) => watcher!.on('exit', (code) => resolve(code))));
    await until('the watch starts', async () => output.includes('Watching'));

    // A document written on the server (the API, as another device would) appears as a file.
    const created = await f.t.app.inject({ method: 'POST', url: '/api/documents', headers: { authorization: bearer }, payload: { title: 'From the web', content: 'written online' } });
    expect(created.statusCode, created.body).toBe(201);
    const path = join(f.dir, created.json().document.relativePath);
    await until('the server’s document reaches the folder', async () => existsSync(path) && (await readFile(path, 'utf8')) === 'written online');

    // A file written in the folder reaches the server.
    await writeFile(join(f.dir, 'local.md'), 'written here');
    const doc = await until('the local file reaches the server', async () => (await serverDocs(f.t, bearer)).get('local.md'));
    expect(doc.content).toBe('written here');

    // An edit on the server of that document comes back down.
    const edited = await f.t.app.inject({ method: 'PATCH', url: `/api/documents/${doc.id}`, headers: { authorization: bearer }, payload: { content: 'edited online' } });
    expect(edited.statusCode, edited.body).toBe(200);
    await until('the server’s edit reaches the folder', async () => (await readFile(join(f.dir, 'local.md'), 'utf8')) === 'edited online');

    watcher.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped watching.');
  });
});
