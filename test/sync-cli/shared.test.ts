import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Registered, TestApp } from '../helpers/app.js';
import { writer } from '../documents/helpers.js';
import type { SignedIn } from '../users/fixtures.js';
import { runCli, serverDocs, startCliFixture, type CliFixture, type CliResult } from './support.js';

// The sync client and shared documents, end to end (issue 24): a document shared with the
// client's user appears under Shared/<owner>/, an editor's edit there reaches the owner, a
// viewer's is reported and not pushed, and a revoke removes the file. The steps build on each other.

const T = 120_000;

let t: TestApp;
let server: string;
let user: Registered;
let home: string;
let configDir: string;
let dir: string;
let bearer: string;
let owner: SignedIn;
let editable: { id: string };
let readable: { id: string };
let grant: string;

const cli = (...args: string[]) => runCli(args, { cwd: home, configDir });
const file = (path: string) => readFile(join(dir, ...path.split('/')), 'utf8');
const exists = (path: string) => existsSync(join(dir, ...path.split('/')));
const shared = (name: string) => `Shared/${owner.user.username}/${name}`;

function expectCode(res: CliResult, code: number) {
  expect(res.code, `exit ${res.code}\nstdout:\n${res.stdout}\nstderr:\n${res.stderr}`).toBe(code);
}

async function as(who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { authorization: who }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

let fixture: CliFixture | undefined;

beforeAll(async () => {
  fixture = await startCliFixture('sync-cli-shared-');
  ({ t, server, user, home, configDir, dir } = fixture);
  owner = await writer(t);
}, T);

afterAll(async () => {
  await fixture?.close();
});

describe('social-lists-sync with shared documents', () => {
  it('a document shared with the user appears in their Shared/<owner>/ folder, apart from their own tree', { timeout: T }, async () => {
    expectCode(await runCli(['login', server, user.user.email, '--password-stdin'], { cwd: home, configDir, input: `${user.password}\n` }), 0);
    bearer = `Bearer ${JSON.parse(await readFile(join(configDir, 'credentials.json'), 'utf8')).token}`;
    await as(bearer, 'POST', '/api/documents', { title: 'Mine', content: '# Mine\n', relativePath: 'mine.md' });
    editable = (await as(owner.bearer, 'POST', '/api/documents', { title: 'Plans', content: '# Plans\nv1\n' })).document;
    readable = (await as(owner.bearer, 'POST', '/api/documents', { title: 'Rules', content: '# Rules\n' })).document;
    grant = (await as(owner.bearer, 'POST', `/api/documents/${editable.id}/collaborators`, { username: user.user.username, role: 'editor' })).collaborator.id;
    await as(owner.bearer, 'POST', `/api/documents/${readable.id}/collaborators`, { username: user.user.username, role: 'viewer' });

    const res = await cli('sync', dir);
    expectCode(res, 0);
    expect(await file('mine.md')).toBe('# Mine\n');
    expect(await file(shared('Plans.md'))).toBe('# Plans\nv1\n');
    expect(await file(shared('Rules.md'))).toBe('# Rules\n');
    // The shared area never becomes documents or folders of the user's own.
    expect([...(await serverDocs(t, bearer)).keys()]).toEqual(['mine.md']);
    const pulled = await as(bearer, 'GET', '/api/documents/sync');
    expect(pulled.folders).toEqual([]);

    const again = await cli('sync', dir);
    expectCode(again, 0);
    expect(again.stdout).toContain('Everything is up to date.');
  });

  it("an editor's edit reaches the owner; a viewer's is reported and not pushed", { timeout: T }, async () => {
    await writeFile(join(dir, ...shared('Plans.md').split('/')), '# Plans\nv2 from the collaborator\n');
    await writeFile(join(dir, ...shared('Rules.md').split('/')), '# Rules\nmy own rule\n');
    const res = await cli('sync', dir);
    expectCode(res, 0);
    expect(res.stderr).toContain(`not pushed: ${shared('Rules.md')} is shared with you as a viewer`);
    const plans = (await as(owner.bearer, 'GET', `/api/documents/${editable.id}`)).document;
    expect([plans.content, plans.revision]).toEqual(['# Plans\nv2 from the collaborator\n', 2]);
    expect((await as(owner.bearer, 'GET', `/api/documents/${readable.id}`)).document).toMatchObject({ content: '# Rules\n', revision: 1 });
    expect([...(await serverDocs(t, bearer)).keys()]).toEqual(['mine.md']);

    // The owner's next edit comes back into the file.
    await as(owner.bearer, 'PATCH', `/api/documents/${editable.id}`, { content: '# Plans\nv3 by the owner\n' });
    expectCode(await cli('pull', dir), 0);
    expect(await file(shared('Plans.md'))).toBe('# Plans\nv3 by the owner\n');
  });

  it('a revoke removes the local copy', { timeout: T }, async () => {
    await as(owner.bearer, 'DELETE', `/api/documents/${editable.id}/collaborators/${grant}`);
    const res = await cli('sync', dir);
    expectCode(res, 0);
    expect(res.stdout).toContain(`unshared        ${shared('Plans.md')} (removed here)`);
    expect(exists(shared('Plans.md'))).toBe(false);
    expect(exists(shared('Rules.md'))).toBe(true);
    const s = JSON.parse(await readFile(join(dir, '.social-lists-sync.json'), 'utf8'));
    expect(Object.keys(s.shared)).toEqual([readable.id]);
    expect(await file('mine.md')).toBe('# Mine\n');
  });
});
