import { existsSync } from 'node:fs';
import { readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Registered, TestApp } from '../helpers/app.js';
import { onTerminal as runOnTerminal } from '../helpers/terminal.js';
import { BIN, serverDocs, startCliFixture, type CliFixture } from './support.js';

// The bin on a terminal: a pseudo-terminal from util-linux `script`, answered as a user would
// (each answer typed once the question is on the screen). The password is not echoed, the
// mass-delete guard asks and takes the answer, and a long transfer shows a progress bar.

const T = 120_000;
let t: TestApp;
let server: string;
let user: Registered;
let home: string;
let configDir: string;
let dir: string;

/** Runs the bin on a terminal; `answers` are typed when their prompt appears. */
function onTerminal(args: string[], answers: [prompt: string, typed: string][] = []): Promise<{ code: number; screen: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: home, TERM: 'xterm', NODE_ENV: 'production', SOCIAL_LISTS_SYNC_CONFIG_DIR: configDir };
  return runOnTerminal([process.execPath, BIN, ...args], { cwd: home, env }, answers);
}

let fixture: CliFixture | undefined;

beforeAll(async () => {
  fixture = await startCliFixture('sync-tty-');
  ({ t, server, user, home, configDir, dir } = fixture);
}, T);

afterAll(async () => {
  await fixture?.close();
});

describe('social-lists-sync on a terminal', () => {
  it('login asks the password without echoing it', { timeout: T }, async () => {
    const res = await onTerminal(['login', server, user.user.email], [['Password:', `${user.password}\r`]]);
    expect(res.code, res.screen).toBe(0);
    expect(res.screen).toContain('Password:');
    expect(res.screen).toContain('Logged in');
    expect(res.screen).not.toContain(user.password);
    expect((await stat(join(configDir, 'credentials.json'))).mode & 0o777).toBe(0o600);
  });

  it('a long pull shows a progress bar; the mass-delete guard asks, and takes no for an answer, then yes', { timeout: T }, async () => {
    const token = JSON.parse(await readFile(join(configDir, 'credentials.json'), 'utf8')).token;
    const bearer = `Bearer ${token}`;
    const operations = Array.from({ length: 30 }, (_, i) => ({ op: 'create', type: 'document', path: `n${i}.md`, data: { content: `# ${i}\n` } }));
    const seeded = await t.app.inject({ method: 'POST', url: '/api/documents/sync', headers: { authorization: bearer }, payload: { operations } });
    expect(seeded.statusCode, seeded.body).toBe(200);

    const pulled = await onTerminal(['pull', dir]);
    expect(pulled.code, pulled.screen).toBe(0);
    expect(pulled.screen).toMatch(/\d+\/30 changes/);
    expect(existsSync(join(dir, 'n29.md'))).toBe(true);

    for (let i = 0; i < 10; i++) await unlink(join(dir, `n${i}.md`));
    const no = await onTerminal(['sync', dir], [['Continue? [y/N]', 'n\r']]);
    expect(no.code, no.screen).toBe(1);
    expect(no.screen).toContain('10 of the 30 documents on the server');
    expect((await serverDocs(t, bearer)).size).toBe(30);

    const yes = await onTerminal(['sync', dir], [['Continue? [y/N]', 'y\r']]);
    expect(yes.code, yes.screen).toBe(0);
    expect((await serverDocs(t, bearer)).size).toBe(20);
  });
});
