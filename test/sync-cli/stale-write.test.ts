import { mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, type PullResult } from '../../src/cli/sync/api.js';
import { run, type Reporter } from '../../src/cli/sync/apply.js';
import { createTestApp, registerUser, setUserFields, type TestApp } from '../helpers/app.js';
import { serverDocs } from './support.js';

// A change on the server between the client's pull and its push: every write carries the
// revision it was based on, the server refuses the stale one (409), and the client turns the
// refusal into a conflict copy (an edit), brings the server's version back (a delete) or creates
// the document again (an edit of a document deleted meanwhile). Nothing is overwritten, and the
// rest of the batch still goes through. The real client over HTTP, in process, with a hook
// between its first pull and its push.

let t: TestApp;
let server: string;
let token: string;
let dir: string;

/** The client, with something happening on the server right after the run's first pull. */
class RacingClient extends ApiClient {
  race: (() => Promise<void>) | null = null;
  override async pull(lastSyncAt: string | null): Promise<PullResult> {
    const result = await super.pull(lastSyncAt);
    const race = this.race;
    this.race = null;
    if (race) await race();
    return result;
  }
}

const lines: string[] = [];
const reporter: Reporter = { line: (l) => lines.push(l), warn: (l) => lines.push(`warning: ${l}`), progress: () => ({ tick() {}, stop() {} }) };

async function api(method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const user = await registerUser(t.app);
  await setUserFields(t.db, user.user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true });
  token = await new ApiClient(server, null).createToken(user.user.email, user.password);
  const operations = ['x', 'y', 'z', 'p', 'q', 'r', 's', 'u'].map((n) => ({ op: 'create', type: 'document', path: `${n}.md`, data: { content: `# ${n}\n` } }));
  await api('POST', '/api/documents/sync', { operations });
  dir = await mkdtemp(join(tmpdir(), 'sync-stale-'));
  const first = await run(new ApiClient(server, token), { root: dir, mode: 'pull', yes: false, report: reporter });
  expect(first.conflicts).toEqual([]);
});

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  lines.length = 0;
});

describe('a server change between pull and push', () => {
  it('a stale edit is refused by the server and becomes a conflict copy; the rest of the batch is applied', async () => {
    const docs = await serverDocs(t, `Bearer ${token}`);
    await writeFile(join(dir, 'x.md'), '# x\n\nmine\n');
    await writeFile(join(dir, 'other.md'), '# other\n');
    const client = new RacingClient(server, token);
    client.race = () => api('PUT', `/api/documents/${docs.get('x.md')!.id}`, { content: '# x\n\ntheirs\n' });

    const result = await run(client, { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]).toContain('refused the stale write');
    const after = await serverDocs(t, `Bearer ${token}`);
    expect(after.get('x.md')!.content).toBe('# x\n\ntheirs\n');
    expect(after.get('other.md')!.content).toBe('# other\n');
    expect(await readFile(join(dir, 'x.md'), 'utf8')).toBe('# x\n\nmine\n');
    const copy = (await readdir(dir)).find((n) => n.startsWith('x.conflict-'))!;
    expect(await readFile(join(dir, copy), 'utf8')).toBe('# x\n\ntheirs\n');

    // Resolved (copy removed): the local version goes up on the server's latest revision.
    await unlink(join(dir, copy));
    const next = await run(new ApiClient(server, token), { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(next.conflicts).toEqual([]);
    expect((await serverDocs(t, `Bearer ${token}`)).get('x.md')!.content).toBe('# x\n\nmine\n');
  });

  it('a stale delete is refused and the server’s version comes back', async () => {
    const docs = await serverDocs(t, `Bearer ${token}`);
    await unlink(join(dir, 'y.md'));
    const client = new RacingClient(server, token);
    client.race = () => api('PUT', `/api/documents/${docs.get('y.md')!.id}`, { content: '# y\n\ntheirs\n' });

    const result = await run(client, { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(result.conflicts).toHaveLength(1);
    expect((await serverDocs(t, `Bearer ${token}`)).get('y.md')!.content).toBe('# y\n\ntheirs\n');
    expect(await readFile(join(dir, 'y.md'), 'utf8')).toBe('# y\n\ntheirs\n');
    const again = await run(new ApiClient(server, token), { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(again).toEqual({ conflicts: [], changes: 0 });
  });

  it('an edit of a document deleted meanwhile creates it again with the local content', async () => {
    const docs = await serverDocs(t, `Bearer ${token}`);
    await writeFile(join(dir, 'z.md'), '# z\n\nmine\n');
    const client = new RacingClient(server, token);
    client.race = () => api('DELETE', `/api/documents/${docs.get('z.md')!.id}`);

    const result = await run(client, { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(result.conflicts).toEqual([]);
    expect(lines.join('\n')).toContain('created again');
    const z = (await serverDocs(t, `Bearer ${token}`)).get('z.md')!;
    expect(z.content).toBe('# z\n\nmine\n');
    expect(z.id).not.toBe(docs.get('z.md')!.id);
    const again = await run(new ApiClient(server, token), { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(again).toEqual({ conflicts: [], changes: 0 });
    expect(await readFile(join(dir, 'z.md'), 'utf8')).toBe('# z\n\nmine\n');
  });

  it('documents with hidden or conflict-copy names are synced like the others, and none may take the state file’s name', async () => {
    const operations = ['.hidden.md', 'notes.conflict-2026-01-01T000000Z.md', '.social-lists-sync.json'].map((path) => ({ op: 'create', type: 'document', path, data: { content: `# ${path}\n` } }));
    await api('POST', '/api/documents/sync', { operations });
    const result = await run(new ApiClient(server, token), { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(result.conflicts).toEqual([]);
    expect(await readFile(join(dir, '.hidden.md'), 'utf8')).toBe('# .hidden.md\n');
    expect(await readFile(join(dir, 'notes.conflict-2026-01-01T000000Z.md'), 'utf8')).toBe('# notes.conflict-2026-01-01T000000Z.md\n');
    expect(JSON.parse(await readFile(join(dir, '.social-lists-sync.json'), 'utf8')).version).toBe(1);
    expect(lines.join('\n')).toContain('not a safe local path');

    lines.length = 0;
    const again = await run(new ApiClient(server, token), { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(again).toEqual({ conflicts: [], changes: 0 });
    const docs = await serverDocs(t, `Bearer ${token}`);
    for (const name of ['.hidden.md', 'notes.conflict-2026-01-01T000000Z.md', '.social-lists-sync.json']) expect(docs.has(name)).toBe(true);
  });

  it('a long CJK file (400,000 characters, 1.2 MB) is synced; one longer than a document may be is skipped with a warning', async () => {
    const long = '日本語の長い文書。'.repeat(44_444);
    await writeFile(join(dir, 'long.md'), long);
    await writeFile(join(dir, 'huge.md'), 'x'.repeat(500_001));
    await writeFile(join(dir, 'small.md'), '# small\n');
    const result = await run(new ApiClient(server, token), { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(result.conflicts).toEqual([]);
    expect(lines.join('\n')).toContain('skipped huge.md: longer than 500000 characters');
    const docs = await serverDocs(t, `Bearer ${token}`);
    expect(docs.get('small.md')?.content).toBe('# small\n');
    expect(docs.get('long.md')?.content).toBe(long);
    expect(docs.has('huge.md')).toBe(false);
    await unlink(join(dir, 'huge.md'));
  });

  it('push leaves the server’s changes for a pull (the cursor stays), and pull leaves local changes for a push', async () => {
    const docs = await serverDocs(t, `Bearer ${token}`);
    await api('PUT', `/api/documents/${docs.get('p.md')!.id}`, { content: '# p\n\ntheirs\n' });
    await writeFile(join(dir, 'q.md'), '# q\n\nmine\n');
    const cursor = JSON.parse(await readFile(join(dir, '.social-lists-sync.json'), 'utf8')).cursor;

    const pushed = await run(new ApiClient(server, token), { root: dir, mode: 'push', yes: false, report: reporter });
    expect(pushed.conflicts).toEqual([]);
    expect((await serverDocs(t, `Bearer ${token}`)).get('q.md')!.content).toBe('# q\n\nmine\n');
    expect(await readFile(join(dir, 'p.md'), 'utf8')).toBe('# p\n');
    expect(JSON.parse(await readFile(join(dir, '.social-lists-sync.json'), 'utf8')).cursor).toBe(cursor);

    await writeFile(join(dir, 'r.md'), '# r\n\nmine\n');
    const pulled = await run(new ApiClient(server, token), { root: dir, mode: 'pull', yes: false, report: reporter });
    expect(pulled.conflicts).toEqual([]);
    expect(await readFile(join(dir, 'p.md'), 'utf8')).toBe('# p\n\ntheirs\n');
    expect((await serverDocs(t, `Bearer ${token}`)).get('r.md')!.content).toBe('# r\n');

    const synced = await run(new ApiClient(server, token), { root: dir, mode: 'sync', yes: false, report: reporter });
    expect(synced.changes).toBe(1);
    expect((await serverDocs(t, `Bearer ${token}`)).get('r.md')!.content).toBe('# r\n\nmine\n');
  });
});
