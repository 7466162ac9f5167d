import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Registered, TestApp } from '../helpers/app.js';
import { runCli, serverDocs, snapshot, startCliFixture, type CliFixture, type CliResult } from './support.js';

// The `social-lists-sync` bin end to end: a child process against the app listening on
// loopback, syncing a real temporary folder. The steps build on each other, in order.

const T = 120_000;

let t: TestApp;
let server: string;
let user: Registered;
let bearer: string;
let home: string;
let configDir: string;
let dir: string;

const cli = (...args: string[]) => runCli(args, { cwd: home, configDir });
const file = (path: string) => readFile(join(dir, ...path.split('/')), 'utf8');
const put = async (path: string, content: string) => {
  await mkdir(join(dir, ...path.split('/').slice(0, -1)), { recursive: true });
  await writeFile(join(dir, ...path.split('/')), content);
};
const exists = (path: string) => existsSync(join(dir, ...path.split('/')));
const state = async () => JSON.parse(await readFile(join(dir, '.social-lists-sync.json'), 'utf8'));

function expectCode(res: CliResult, code: number) {
  expect(res.code, `exit ${res.code}\nstdout:\n${res.stdout}\nstderr:\n${res.stderr}`).toBe(code);
}

async function api(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { authorization: bearer }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function conflictCopies(folder: string): Promise<string[]> {
  return (await readdir(join(dir, folder))).filter((n) => n.includes('.conflict-')).sort();
}

let fixture: CliFixture | undefined;

beforeAll(async () => {
  fixture = await startCliFixture('sync-cli-');
  ({ t, server, user, home, configDir, dir } = fixture);
}, T);

afterAll(async () => {
  await fixture?.close();
});

describe('social-lists-sync, end to end', () => {
  it('login: reads the password from standard input, keeps the token in a 0600 file', { timeout: T }, async () => {
    const wrong = await runCli(['login', server, user.user.email], { cwd: home, configDir, input: 'not the password\n' });
    expectCode(wrong, 1);
    expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);

    const res = await runCli(['login', server, user.user.email, '--password-stdin'], { cwd: home, configDir, input: `${user.password}\n` });
    expectCode(res, 0);
    const path = join(configDir, 'credentials.json');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const creds = JSON.parse(await readFile(path, 'utf8'));
    expect(creds).toEqual({ server, email: user.user.email, token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    bearer = `Bearer ${creds.token}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: bearer } })).statusCode).toBe(200);
  });

  it('first pull: the server’s folders and documents become files', { timeout: T }, async () => {
    const operations = [
      { op: 'create', type: 'folder', path: 'work' },
      { op: 'create', type: 'folder', path: 'empty' },
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((n) => ({ op: 'create', type: 'document', path: `${n}.md`, data: { content: `# ${n}\n` } })),
      { op: 'create', type: 'document', path: 'work/plan.md', data: { content: '# Plan\n' } },
      { op: 'create', type: 'document', path: 'work/日本語.md', data: { content: '# 日本語\n' } },
    ];
    await api('POST', '/api/documents/sync', { operations });

    const res = await cli('pull', dir);
    expectCode(res, 0);
    for (const n of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) expect(await file(`${n}.md`)).toBe(`# ${n}\n`);
    expect(await file('work/plan.md')).toBe('# Plan\n');
    expect(await file('work/日本語.md')).toBe('# 日本語\n');
    expect(exists('empty')).toBe(true);
    const docs = await serverDocs(t, bearer);
    const s = await state();
    expect(Object.keys(s.documents).sort()).toEqual([...docs.values()].map((d) => d.id).sort());
    expect(s.documents[docs.get('work/plan.md')!.id]).toMatchObject({ path: 'work/plan.md', revision: 1 });

    // A second pull has nothing to do.
    const again = await cli('pull', dir);
    expectCode(again, 0);
    expect(again.stdout).toContain('Everything is up to date.');
  });

  it('local create, edit, rename, move and delete, then push: the ids stay through the rename and the move', { timeout: T }, async () => {
    const before = await serverDocs(t, bearer);
    await put('new.md', '# New here\n');
    await put('deep/er/nested.md', '# Nested\n');
    await put('a.md', '# a\n\nedited here\n');
    await rename(join(dir, 'b.md'), join(dir, 'b-renamed.md'));
    await rename(join(dir, 'work', 'plan.md'), join(dir, 'plan.md'));
    await unlink(join(dir, 'c.md'));

    const res = await cli('push', dir);
    expectCode(res, 0);
    const after = await serverDocs(t, bearer);
    expect(after.get('new.md')?.content).toBe('# New here\n');
    expect(after.get('deep/er/nested.md')?.content).toBe('# Nested\n');
    expect(after.get('a.md')).toMatchObject({ id: before.get('a.md')!.id, content: '# a\n\nedited here\n', revision: 2 });
    expect(after.get('b-renamed.md')?.id).toBe(before.get('b.md')!.id);
    expect(after.has('b.md')).toBe(false);
    expect(after.get('plan.md')?.id).toBe(before.get('work/plan.md')!.id);
    expect(after.has('c.md')).toBe(false);
    // The delete went to the trash, with its id.
    const trash = await api('GET', '/api/documents/trash');
    expect(trash.documents.map((d: { id: string }) => d.id)).toContain(before.get('c.md')!.id);

    // The next sync sees its own changes and does nothing.
    const again = await cli('sync', dir);
    expectCode(again, 0);
    expect(again.stdout).toContain('Everything is up to date.');
    const s = await state();
    expect(s.documents[before.get('b.md')!.id].path).toBe('b-renamed.md');
    expect(Object.values(s.documents).map((d: any) => d.path)).toContain('new.md');
  });

  it('remote create, edit, rename, folder rename and delete, then pull', { timeout: T }, async () => {
    const docs = await serverDocs(t, bearer);
    const folders = await api('GET', '/api/documents/folders');
    const work = folders.folders.find((f: { name: string }) => f.name === 'work');
    await api('POST', '/api/documents', { title: 'From the web', content: '# From the web\n', folderId: work.id, relativePath: 'web.md' });
    await api('PUT', `/api/documents/${docs.get('d.md')!.id}`, { content: '# d\n\nedited on the server\n' });
    await api('PATCH', `/api/documents/${docs.get('e.md')!.id}`, { relativePath: 'e-renamed.md' });
    await api('DELETE', `/api/documents/${docs.get('f.md')!.id}`);
    await api('PUT', `/api/documents/folders/${work.id}`, { name: 'projects' });

    const res = await cli('pull', dir);
    expectCode(res, 0);
    expect(await file('projects/web.md')).toBe('# From the web\n');
    expect(await file('projects/日本語.md')).toBe('# 日本語\n');
    expect(exists('work')).toBe(false);
    expect(await file('d.md')).toBe('# d\n\nedited on the server\n');
    expect(exists('e.md')).toBe(false);
    expect(await file('e-renamed.md')).toBe('# e\n');
    expect(exists('f.md')).toBe(false);
    const s = await state();
    expect(s.documents[docs.get('e.md')!.id].path).toBe('e-renamed.md');
    expect(s.documents[docs.get('work/日本語.md')!.id].path).toBe('projects/日本語.md');
    expect(s.documents[docs.get('f.md')!.id]).toBeUndefined();

    const status = await cli('status', dir);
    expectCode(status, 0);
    expect(status.stdout).toContain('Everything is up to date.');
  });

  it('a folder renamed and moved here is one folder move on the server: the folder and its documents keep their ids and revisions', { timeout: T }, async () => {
    const before = await serverDocs(t, bearer);
    const folders = await api('GET', '/api/documents/folders');
    const projects = folders.folders.find((f: { name: string }) => f.name === 'projects');
    await mkdir(join(dir, 'archive'));
    await rename(join(dir, 'projects'), join(dir, 'archive', 'projects-2026'));

    const res = await cli('sync', dir);
    expectCode(res, 0);
    expect(res.stdout).toMatch(/move folder\s+projects\/ -> archive\/projects-2026\//);
    const after = await serverDocs(t, bearer);
    for (const name of ['web.md', '日本語.md']) {
      expect(after.get(`archive/projects-2026/${name}`)).toMatchObject({ id: before.get(`projects/${name}`)!.id, revision: before.get(`projects/${name}`)!.revision });
    }
    const folder = await api('GET', `/api/documents/folders/${projects.id}`);
    expect(folder.folder).toMatchObject({ id: projects.id, name: 'projects-2026', path: 'archive/projects-2026' });

    const again = await cli('sync', dir);
    expectCode(again, 0);
    expect(again.stdout).toContain('Everything is up to date.');
    expect(await file('archive/projects-2026/web.md')).toBe('# From the web\n');
  });

  it('status shows what would change and changes nothing, on either side', { timeout: T }, async () => {
    const docs = await serverDocs(t, bearer);
    await put('g.md', '# g\n\nlocal edit\n');
    await put('status-new.md', '# Status\n');
    await api('PUT', `/api/documents/${docs.get('h.md')!.id}`, { content: '# h\n\nserver edit\n' });
    const local = await snapshot(dir);
    const remote = await serverDocs(t, bearer);

    const res = await cli('status', dir);
    expectCode(res, 0);
    expect(res.stdout).toMatch(/upload\s+g\.md/);
    expect(res.stdout).toMatch(/create remote\s+status-new\.md/);
    expect(res.stdout).toMatch(/download\s+h\.md/);
    expect(res.stdout).toContain('3 change(s) to sync.');
    expect(await snapshot(dir)).toEqual(local);
    expect(await serverDocs(t, bearer)).toEqual(remote);

    const sync = await cli('sync', dir);
    expectCode(sync, 0);
    expect(await file('h.md')).toBe('# h\n\nserver edit\n');
    const after = await serverDocs(t, bearer);
    expect(after.get('g.md')?.content).toBe('# g\n\nlocal edit\n');
    expect(after.get('status-new.md')?.content).toBe('# Status\n');
  });

  it('a file changed on both sides is never overwritten: the server’s version is written beside it, exit code 2', { timeout: T }, async () => {
    const docs = await serverDocs(t, bearer);
    const g = docs.get('g.md')!;
    await api('PUT', `/api/documents/${g.id}`, { content: '# g\n\nthe server’s version\n' });
    await put('g.md', '# g\n\nthe local version\n');

    const res = await cli('sync', dir);
    expectCode(res, 2);
    expect(res.stdout + res.stderr).toContain('CONFLICT');
    expect(await file('g.md')).toBe('# g\n\nthe local version\n');
    const copies = await conflictCopies('.');
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(/^g\.conflict-\d{4}-\d{2}-\d{2}T\d{6}Z\.md$/);
    expect(await file(copies[0])).toBe('# g\n\nthe server’s version\n');
    expect((await serverDocs(t, bearer)).get('g.md')?.content).toBe('# g\n\nthe server’s version\n');

    // Until the copy is removed, the local edit waits (and the run still says so).
    const held = await cli('sync', dir);
    expectCode(held, 2);
    expect((await serverDocs(t, bearer)).get('g.md')?.content).toBe('# g\n\nthe server’s version\n');

    // Merged and the copy removed: the merge goes up, based on the server's revision.
    await put('g.md', '# g\n\nthe local version\n\nthe server’s version\n');
    await unlink(join(dir, copies[0]));
    const resolved = await cli('sync', dir);
    expectCode(resolved, 0);
    const after = (await serverDocs(t, bearer)).get('g.md')!;
    expect(after.content).toBe('# g\n\nthe local version\n\nthe server’s version\n');
    expect(after.id).toBe(g.id);
  });

  it('a delete here of a document edited on the server brings the server’s version back', { timeout: T }, async () => {
    const docs = await serverDocs(t, bearer);
    await api('PUT', `/api/documents/${docs.get('d.md')!.id}`, { content: '# d\n\nedited again on the server\n' });
    await unlink(join(dir, 'd.md'));
    const res = await cli('sync', dir);
    expectCode(res, 0);
    expect(res.stdout).toContain('restored');
    expect(await file('d.md')).toBe('# d\n\nedited again on the server\n');
    expect((await serverDocs(t, bearer)).get('d.md')?.id).toBe(docs.get('d.md')!.id);
  });

  it('the mass-delete guard: a run deleting more than 20% of the files stops without --yes, and goes ahead with it', { timeout: T }, async () => {
    const docs = await serverDocs(t, bearer);
    const total = docs.size;
    const victims = ['a.md', 'b-renamed.md', 'd.md', 'e-renamed.md', 'g.md'];
    expect(victims.length).toBeGreaterThan(total * 0.2);
    for (const v of victims) await unlink(join(dir, v));
    const stateBefore = await state();

    const refused = await cli('sync', dir);
    expectCode(refused, 1);
    expect(refused.stderr).toContain('--yes');
    expect(refused.stderr).toContain(`5 of the ${total} documents on the server`);
    expect((await serverDocs(t, bearer)).size).toBe(total);
    expect(await state()).toEqual(stateBefore);

    const forced = await cli('sync', dir, '--yes');
    expectCode(forced, 0);
    const after = await serverDocs(t, bearer);
    for (const v of victims) expect(after.has(v)).toBe(false);
    expect(after.size).toBe(total - victims.length);

    // The other side: documents deleted on the server.
    const remaining = [...after.values()].filter((d) => !d.path.includes('/')).slice(0, 4);
    for (const d of remaining) await api('DELETE', `/api/documents/${d.id}`);
    const refusedPull = await cli('pull', dir);
    expectCode(refusedPull, 1);
    expect(refusedPull.stderr).toContain('local files');
    for (const d of remaining) expect(exists(d.path)).toBe(true);
    const pulled = await cli('pull', dir, '-y');
    expectCode(pulled, 0);
    for (const d of remaining) expect(exists(d.path)).toBe(false);
  });

  it('logout revokes the token and forgets it; the token then gets 401', { timeout: T }, async () => {
    const res = await cli('logout');
    expectCode(res, 0);
    expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: bearer } })).statusCode).toBe(401);
    const after = await cli('sync', dir);
    expectCode(after, 1);
    expect(after.stderr).toContain('Not logged in');
  });
});
