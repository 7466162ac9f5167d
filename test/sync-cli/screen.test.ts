import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, startCliFixture, type CliFixture } from './support.js';

// What a person sees on a real terminal: tmux (120×40, a shell with a plain `$ ` prompt) runs the
// bin, and the screen and its scrollback are read back once the prompt returns. A run of 60
// changes draws its progress bar while every per-file line scrolls past; afterwards each of those
// lines, the closing line and the prompt are intact, in order, and nothing else is left.
// tmux is required: without it this file fails (it never skips); .ci/run installs it.

const TMUX = '/usr/bin/tmux';
const T = 120_000;
const run = promisify(execFile);

let fixture: CliFixture | undefined;
let socket: string;

/** One tmux command on this file's own server (its socket in the fixture's home). */
function tmux(...args: string[]): Promise<{ stdout: string }> {
  return run(TMUX, ['-S', socket, ...args]);
}

/** The pane's scrollback and screen, wrapped lines joined, trailing blanks dropped. */
async function screen(): Promise<string[]> {
  const { stdout } = await tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'sync');
  const lines = stdout.split('\n').map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Types a command line into the shell, waits for it to finish (it signals tmux's `wait-for`
 * channel last) and for the prompt to come back, and answers the screen.
 */
async function typeAndWait(command: string): Promise<string[]> {
  await tmux('send-keys', '-t', 'sync', '-l', `${command}; echo "exit $?"; tmux wait-for -S ran`);
  await tmux('send-keys', '-t', 'sync', 'Enter');
  await run(TMUX, ['-S', socket, 'wait-for', 'ran'], { timeout: 60_000 });
  const deadline = Date.now() + 5_000;
  let lines = await screen();
  while (lines[lines.length - 1] !== '$' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    lines = await screen();
  }
  return lines;
}

beforeAll(async () => {
  fixture = await startCliFixture('sync-screen-');
  socket = join(fixture.home, 'tmux.sock');
}, T);

afterAll(async () => {
  if (fixture && existsSync(socket)) execFileSync(TMUX, ['-S', socket, 'kill-server']);
  await fixture?.close();
});

describe('social-lists-sync on a real terminal (tmux)', () => {
  it('a pull of 60 documents: the bar is drawn, and every per-file line, "Done: 60 change(s)." and the prompt are intact', { timeout: T }, async () => {
    // Launched by the test itself, so that without tmux the test fails (a failed beforeAll would
    // report it as skipped).
    if (!existsSync(TMUX)) throw new Error(`tmux is missing at ${TMUX}: install it (apt-get install -y tmux); this test does not skip`);
    const { t, server, user, home, configDir, dir } = fixture!;
    const login = await runCli(['login', server, user.user.email, '--password-stdin'], { cwd: home, configDir, input: `${user.password}\n` });
    expect(login.code, login.stderr).toBe(0);
    const token = JSON.parse(await readFile(join(configDir, 'credentials.json'), 'utf8')).token;
    // One name longer than the terminal is wide: its line wraps, and stays whole.
    const names = [`${'long-'.repeat(30)}name.md`, ...Array.from({ length: 59 }, (_, i) => `n${String(i).padStart(2, '0')}.md`)].sort();
    const operations = names.map((name) => ({ op: 'create', type: 'document', path: name, data: { content: `# ${name}\n` } }));
    const seeded = await t.app.inject({ method: 'POST', url: '/api/documents/sync', headers: { authorization: `Bearer ${token}` }, payload: { operations } });
    expect(seeded.statusCode, seeded.body).toBe(200);

    const env = { PATH: process.env.PATH ?? '', HOME: home, NODE_ENV: 'production', SOCIAL_LISTS_SYNC_CONFIG_DIR: configDir };
    const rc = join(home, 'bashrc');
    await writeFile(rc, "PS1='$ '\n");
    await run(TMUX, ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-x', '120', '-y', '40', '-s', 'sync', '-c', home, `bash --noprofile --rcfile '${rc}' -i`], { env });
    // Everything the bin writes to the terminal, escape sequences included: the bar leaves no
    // trace on the screen once cleared, so this is where it is seen to have been drawn.
    const raw = join(home, 'pane.log');
    await tmux('pipe-pane', '-t', 'sync', '-o', `cat >> '${raw}'`);

    const lines = await typeAndWait(`${process.execPath} ${BIN} pull notes`);
    expect(existsSync(join(dir, 'n58.md'))).toBe(true);
    expect(await readFile(raw, 'utf8')).toMatch(/\d+\/60 changes/);
    const shown = lines.join('\n');
    expect(lines[0], shown).toMatch(/^\$ .* pull notes; echo "exit \$\?"; tmux wait-for -S ran$/);
    expect([...lines.slice(1, 61)].sort(), shown).toEqual(names.map((n) => `download        ${n}`));
    expect(lines.slice(61), shown).toEqual(['Done: 60 change(s).', 'exit 0', '$']);
  });
});
