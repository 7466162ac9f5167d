import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headingTitle } from '../../src/cli/sync/title.js';
import { runCli, serverDocs, startCliFixture, type CliFixture, type CliResult } from './support.js';

// A document's title and its file: the title of a document sent from a file is the file's first
// level-one heading (`# Title`), else the file name (a new document) or the title it had (an
// edit). A pulled document is written exactly as it is on the server, never with a heading made
// up from its title: a title that is the content's first heading comes back unchanged, and a
// title that is not in the content stays on the server. The real bin against the app on loopback.

const T = 120_000;
let fixture: CliFixture;
let bearer: string;

const cli = (...args: string[]) => runCli(args, { cwd: fixture.home, configDir: fixture.configDir });
const put = (name: string, content: string) => writeFile(join(fixture.dir, name), content);
const file = (name: string) => readFile(join(fixture.dir, name), 'utf8');
const titles = async () => new Map([...(await serverDocs(fixture.t, bearer))].map(([path, d]) => [path, d.title]));

function expectCode(res: CliResult, code: number) {
  expect(res.code, `exit ${res.code}\nstdout:\n${res.stdout}\nstderr:\n${res.stderr}`).toBe(code);
}

beforeAll(async () => {
  fixture = await startCliFixture('sync-title-');
  const { server, user, home, configDir } = fixture;
  const login = await runCli(['login', server, user.user.email, '--password-stdin'], { cwd: home, configDir, input: `${user.password}\n` });
  expectCode(login, 0);
  bearer = `Bearer ${JSON.parse(await readFile(join(configDir, 'credentials.json'), 'utf8')).token}`;
}, T);

afterAll(async () => {
  await fixture?.close();
});

describe('headingTitle', () => {
  it.each([
    ['# Weekly groceries\n\n- milk\n', 'Weekly groceries'],
    ['Some text first\n\n# The heading\n', 'The heading'],
    ['## Not level one\n\n# Level one\n', 'Level one'],
    ['# Closed #\n', 'Closed'],
    ['   # Indented three spaces\n', 'Indented three spaces'],
    ['#hashtag, not a heading\n', undefined],
    ['    # indented code\n', undefined],
    ['#\n\n# After an empty heading\n', 'After an empty heading'],
    ['```sh\n# a comment in code\n```\n\n# After the code\n', 'After the code'],
    ['---\n# a YAML comment\ntags: [a]\n---\n# After the front matter\n', 'After the front matter'],
    ['no heading at all\n', undefined],
    ['\r\n# Windows line ends\r\n', 'Windows line ends'],
  ])('%j → %j', (content, title) => {
    expect(headingTitle(content)).toBe(title);
  });

  it('is cut to the longest title the server takes', () => {
    expect(headingTitle(`# ${'é'.repeat(600)}`)).toBe('é'.repeat(500));
  });
});

describe('titles through social-lists-sync', () => {
  it('from here: a new file’s title is its first level-one heading, else its file name; an edited heading changes the title; a move alone does not', { timeout: T }, async () => {
    await put('groceries.md', '# Weekly groceries\n\n- milk\n');
    await put('plain.md', 'no heading here\n');
    await put('script.md', '```sh\n# a comment, not a heading\n```\n\n# Deploy steps\n');
    expectCode(await cli('sync', fixture.dir), 0);
    expect(await titles()).toEqual(new Map([['groceries.md', 'Weekly groceries'], ['plain.md', 'plain'], ['script.md', 'Deploy steps']]));

    await put('groceries.md', '# Groceries for the week\n\n- milk\n- bread\n');
    await put('plain.md', 'no heading here\n\nstill none\n');
    expectCode(await cli('sync', fixture.dir), 0);
    const edited = await titles();
    expect(edited.get('groceries.md')).toBe('Groceries for the week');
    expect(edited.get('plain.md')).toBe('plain');

    await rename(join(fixture.dir, 'groceries.md'), join(fixture.dir, 'shopping.md'));
    expectCode(await cli('sync', fixture.dir), 0);
    expect((await titles()).get('shopping.md')).toBe('Groceries for the week');
  });

  it('from the server: a document is written as it is (no heading made up from its title), and its title comes back unchanged', { timeout: T }, async () => {
    const { t } = fixture;
    for (const body of [
      { title: 'Reading list', content: '# Reading list\n\n- a book\n', relativePath: 'reading.md' },
      { title: 'Errands', content: 'post office\n', relativePath: 'todo.md' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { authorization: bearer }, payload: { ...body, isPublic: false } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expectCode(await cli('pull', fixture.dir), 0);
    expect(await file('reading.md')).toBe('# Reading list\n\n- a book\n');
    expect(await file('todo.md')).toBe('post office\n');
    const status = await cli('status', fixture.dir);
    expectCode(status, 0);
    expect(status.stdout).toContain('Everything is up to date.');

    // Edited here: the heading is still the title; a file without one keeps the server's title.
    await put('reading.md', '# Reading list\n\n- a book\n- another book\n');
    await put('todo.md', 'post office\nbakery\n');
    expectCode(await cli('sync', fixture.dir), 0);
    const after = await serverDocs(t, bearer);
    expect(after.get('reading.md')).toMatchObject({ title: 'Reading list', content: '# Reading list\n\n- a book\n- another book\n' });
    expect(after.get('todo.md')).toMatchObject({ title: 'Errands', content: 'post office\nbakery\n' });
  });
});
