import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { LISTENING_MESSAGE, restartDelay, SERVE_MESSAGE, STABLE_RUN_MS, STANDBY_ARGUMENT, STANDBY_READY_MESSAGE, supervise } from '../../src/supervisor.js';

// The supervisor's rules (src/supervisor.ts) in this process, over small stand-in servers: real
// child processes that speak its messages and die when told, in a few milliseconds instead of a
// whole app's start. supervisor.test.ts runs the real server under `npm start`.

const dir = mkdtempSync(join(tmpdir(), 'sls-supervisor-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Plan {
  /**
   * The serving process: listens (and stays), listens and dies at once, ends with this code before
   * listening (after sending another message first, with `sayingFirst`).
   */
  serving: 'listen' | 'listen-then-die' | { exitBeforeReady: number | 'SIGKILL'; sayingFirst?: string };
  /**
   * The standby: ready and waiting, never ready, dead at once with code 9, dead at once only the
   * first time (later ones are ready), or ready and then deaf (its channel to the supervisor closed).
   */
  standby: 'ready' | 'never-ready' | 'die' | 'die-first' | 'ready-then-deaf';
  /** The exit code on SIGTERM or SIGINT (the real server drains and exits 0). */
  onSignal?: number;
  /** The standby's, if it differs, and after how long it exits. */
  standbyOnSignal?: { code: number; afterMs: number };
}

let scripts = 0;
/**
 * A stand-in server file following `plan`. Its argument list says whether it is a standby, as
 * main.ts's does; each stand-in writes its arguments to `args-<pid>.json` beside it.
 */
function standIn(plan: Plan): string {
  const file = join(dir, `server-${scripts++}.mjs`);
  const firstStandby = join(dir, `first-standby-${scripts}`);
  writeFileSync(
    file,
    `
import { existsSync, writeFileSync } from 'node:fs';
const plan = ${JSON.stringify(plan)};
writeFileSync(${JSON.stringify(dir)} + '/args-' + process.pid + '.json', JSON.stringify(process.argv.slice(2)));
const stay = setInterval(() => {}, 60_000);
const standby = process.argv.includes(${JSON.stringify(STANDBY_ARGUMENT)});
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => (standby && plan.standbyOnSignal ? setTimeout(() => process.exit(plan.standbyOnSignal.code), plan.standbyOnSignal.afterMs) : process.exit(plan.onSignal ?? 0)));
const listen = () => process.send(${JSON.stringify(LISTENING_MESSAGE)}, () => plan.serving === 'listen-then-die' && process.exit(1));
if (standby) {
  if (plan.standby === 'die') process.exit(9);
  if (plan.standby === 'die-first' && !existsSync(${JSON.stringify(firstStandby)})) {
    writeFileSync(${JSON.stringify(firstStandby)}, '');
    process.exit(9);
  }
  if (plan.standby !== 'never-ready') process.send(${JSON.stringify(STANDBY_READY_MESSAGE)}, () => plan.standby === 'ready-then-deaf' && process.disconnect());
  process.on('message', (m) => m === ${JSON.stringify(SERVE_MESSAGE)} && listen());
} else if (plan.serving.exitBeforeReady === 'SIGKILL') process.kill(process.pid, 'SIGKILL');
else if (typeof plan.serving === 'object') {
  if (plan.serving.sayingFirst) process.send(plan.serving.sayingFirst, () => process.exit(plan.serving.exitBeforeReady));
  else process.exit(plan.serving.exitBeforeReady);
} else listen();
`,
  );
  return file;
}

/** The arguments the stand-in with this pid was started with. */
const argsOf = (pid: unknown) => JSON.parse(readFileSync(join(dir, `args-${pid as number}.json`), 'utf8')) as string[];

interface Line {
  level: 'info' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** The supervisor over `plan`, with what it logged and the code it ended with. */
function run(plan: Plan) {
  const lines: Line[] = [];
  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));
  const exits: number[] = [];
  const supervisor = supervise({
    serverFile: standIn(plan),
    log: {
      info: (fields, message) => lines.push({ level: 'info', fields: fields as Record<string, unknown>, message }),
      error: (fields, message) => lines.push({ level: 'error', fields: fields as Record<string, unknown>, message }),
    },
    exit: (code) => {
      exits.push(code);
      resolveExit(code);
    },
  });
  const find = (message: string) => lines.filter((l) => l.message === message);
  const until = async (message: string, count = 1) => {
    while (find(message).length < count) await new Promise((r) => setTimeout(r, 5));
    return find(message)[count - 1];
  };
  const alive = (pid: unknown) => {
    try {
      process.kill(pid as number, 0);
      return true;
    } catch {
      return false;
    }
  };
  runs.push({ supervisor, lines, exited });
  return { supervisor, lines, find, until, exited, exits, alive };
}

/** Every supervisor a test left running is stopped, and its children with it. */
const runs: { supervisor: ReturnType<typeof supervise>; lines: Line[]; exited: Promise<number> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const r of runs.splice(0)) {
    r.supervisor.stop('SIGTERM');
    await r.exited;
  }
});

describe('the messages between supervisor and server', () => {
  it('are distinct strings of the service’s own, so that nothing else a process sends is taken for one; the standby’s argument is an option', () => {
    const messages = [LISTENING_MESSAGE, STANDBY_READY_MESSAGE, SERVE_MESSAGE];
    for (const m of messages) expect(m).toMatch(/^social-lists:[a-z-]+$/);
    expect(new Set(messages).size).toBe(3);
    expect(STANDBY_ARGUMENT).toMatch(/^--[a-z]+$/);
  });
});

describe('restartDelay: how long a crash loop waits', () => {
  it('answers the first death at once, then waits 0.5 s, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(restartDelay)).toEqual([0, 0, 500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('supervise', { timeout: 30_000 }, () => {
  it('starts the server, then once it listens a standby, which says when it is loaded', async () => {
    const s = run({ serving: 'listen', standby: 'ready' });
    const started = await s.until('server started');
    expect(started).toMatchObject({ level: 'info', fields: { role: 'serving', pid: expect.any(Number) } });
    const standby = await s.until('standby started');
    expect(standby).toMatchObject({ level: 'info', fields: { role: 'standby', pid: expect.any(Number) } });
    expect(standby.fields.pid).not.toBe(started.fields.pid);
    expect(await s.until('standby ready')).toEqual({ level: 'info', fields: { pid: standby.fields.pid }, message: 'standby ready' });
    expect(s.find('server started')).toHaveLength(1);
    expect(s.find('standby started')).toHaveLength(1);
    expect(s.lines.filter((l) => l.level === 'error')).toEqual([]);
    // The serving process is started with no argument of its own, the standby with the standby's.
    expect(argsOf(started.fields.pid)).toEqual([]);
    expect(argsOf(standby.fields.pid)).toEqual([STANDBY_ARGUMENT]);
  });

  it('a server that only said something else before it ended never listened: it is not restarted', async () => {
    const s = run({ serving: { exitBeforeReady: 4, sayingFirst: 'social-lists:hello' }, standby: 'ready' });
    expect(await s.exited).toBe(4);
    expect(s.find('server ended before it was ready: not restarted')).toHaveLength(1);
    expect(s.find('standby started')).toHaveLength(0);
  });

  it('a standby that can no longer be told to serve is ended, and a new server serves in its place', async () => {
    const s = run({ serving: 'listen', standby: 'ready-then-deaf' });
    const serving = (await s.until('server started')).fields.pid as number;
    const deaf = (await s.until('standby ready')).fields.pid as number;
    process.kill(serving, 'SIGKILL');
    expect((await s.until('standby serving')).fields).toEqual({ pid: deaf });
    // Telling it fails: said with its pid and why, then it is ended and counted as a death.
    const error = await s.until('server process error');
    expect(error).toMatchObject({ level: 'error', fields: { pid: deaf, err: expect.stringMatching(/channel/i) } });
    expect((await s.until('server died: restarting', 2)).fields).toMatchObject({ pid: deaf, signal: 'SIGKILL', deathsInARow: 2 });
    const replacement = await s.until('server started', 2);
    expect(replacement.fields).toMatchObject({ role: 'serving' });
    expect(s.alive(deaf)).toBe(false);
    // It listens, and a standby is loaded behind it.
    await s.until('standby started', 2);
  });

  it('a server that dies while its standby is being replaced: a new server serves, and one standby is started behind it, not two', async () => {
    const s = run({ serving: 'listen', standby: 'die-first' });
    const serving = (await s.until('server started')).fields.pid as number;
    expect((await s.until('standby died: starting another')).fields).toMatchObject({ restartInMs: 500 });
    // No standby at all now: the death is answered by a new server.
    process.kill(serving, 'SIGKILL');
    expect((await s.until('server died: restarting')).fields).toMatchObject({ pid: serving, restartInMs: 0 });
    expect((await s.until('server started', 2)).fields).toMatchObject({ role: 'serving' });
    expect(s.find('standby serving')).toHaveLength(0);
    // Listening, it starts a standby; the standby's own restart, due meanwhile, starts none more.
    await s.until('standby ready');
    await new Promise((r) => setTimeout(r, 800));
    expect(s.find('standby started')).toHaveLength(2);
  });

  it('stop with no standby (its restart pending) waits for the server to drain, and ends with its code', async () => {
    const s = run({ serving: 'listen', standby: 'die', onSignal: 7 });
    await s.until('standby died: starting another');
    s.supervisor.stop('SIGTERM');
    expect(await s.exited).toBe(7);
    expect(s.find('server stopped')).toEqual([{ level: 'info', fields: expect.objectContaining({ code: 7 }), message: 'server stopped' }]);
    expect(s.find('standby started')).toHaveLength(1);
  });

  it('a killed server is replaced by the ready standby at once, logged with its cause; a new standby is loaded behind it', async () => {
    const s = run({ serving: 'listen', standby: 'ready' });
    const serving = (await s.until('server started')).fields.pid as number;
    const standby = (await s.until('standby ready')).fields.pid as number;
    process.kill(serving, 'SIGKILL');
    const died = await s.until('server died: restarting');
    expect(died).toMatchObject({ level: 'error', fields: { pid: serving, code: null, signal: 'SIGKILL', restartInMs: 0, deathsInARow: 1 } });
    expect(died.fields.ranMs).toEqual(expect.any(Number));
    expect(await s.until('standby serving')).toEqual({ level: 'info', fields: { pid: standby }, message: 'standby serving' });
    // The standby, told to serve, listens; a new standby starts behind it; no new server is started.
    const second = await s.until('standby started', 2);
    expect(second.fields.pid).not.toBe(standby);
    expect(s.find('server started')).toHaveLength(1);
    await s.until('standby ready', 2);

    // A second kill: the second standby serves (the first standby is the serving one now).
    process.kill(standby, 'SIGKILL');
    expect((await s.until('server died: restarting', 2)).fields).toMatchObject({ pid: standby, deathsInARow: 2, restartInMs: 500 });
    expect((await s.until('standby serving', 2)).fields).toEqual({ pid: second.fields.pid });
  });

  it('a crash loop backs off: each quick death waits longer, and a long run starts the count again', async () => {
    // The server dies as soon as it listens; the standby is never ready, so each death starts a new server.
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = run({ serving: 'listen-then-die', standby: 'never-ready' });
    const deaths = [];
    for (let n = 1; n <= 3; n++) deaths.push((await s.until('server died: restarting', n)).fields);
    expect(deaths.map((d) => [d.deathsInARow, d.restartInMs])).toEqual([
      [1, 0],
      [2, 500],
      [3, 1000],
    ]);
    expect(deaths.every((d) => d.code === 1 && d.signal === null)).toBe(true);
    expect(s.find('server started').length).toBeGreaterThanOrEqual(3);
    // The next server runs as long as a stable run (the clock is moved on): its death counts as the first again.
    await s.until('server started', 4);
    vi.setSystemTime(Date.now() + STABLE_RUN_MS);
    expect((await s.until('server died: restarting', 4)).fields).toMatchObject({ deathsInARow: 1, restartInMs: 0 });
    // A run a millisecond shorter is still a quick one.
    await s.until('server started', 5);
    vi.setSystemTime(Date.now() + STABLE_RUN_MS - 1);
    expect((await s.until('server died: restarting', 5)).fields).toMatchObject({ deathsInARow: 2, restartInMs: 500 });
  });

  it('a server that ends before it was ever ready is not restarted: the supervisor ends with its code', async () => {
    const s = run({ serving: { exitBeforeReady: 3 }, standby: 'ready' });
    expect(await s.exited).toBe(3);
    expect(s.find('server ended before it was ready: not restarted')).toEqual([
      { level: 'error', fields: expect.objectContaining({ code: 3, signal: null, pid: expect.any(Number), ranMs: expect.any(Number) }), message: 'server ended before it was ready: not restarted' },
    ]);
    expect(s.find('server started')).toHaveLength(1);
    expect(s.find('standby started')).toHaveLength(0);
    expect(s.exits).toEqual([3]);
  });

  it('a server killed before it was ever ready ends the supervisor with 1', async () => {
    const s = run({ serving: { exitBeforeReady: 'SIGKILL' }, standby: 'ready' });
    expect(await s.exited).toBe(1);
    expect(s.find('server ended before it was ready: not restarted')[0].fields).toMatchObject({ code: null, signal: 'SIGKILL' });
  });

  it('a standby that ran as long as a stable run counts as a first death again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = run({ serving: 'listen', standby: 'die' });
    await s.until('standby died: starting another', 2);
    // The third standby "runs" a stable run's time before it dies: waited for as a first death (0.5 s), not a third (1 s).
    await s.until('standby started', 3);
    vi.setSystemTime(Date.now() + STABLE_RUN_MS);
    expect((await s.until('standby died: starting another', 3)).fields).toMatchObject({ restartInMs: 500 });
  });

  it('a standby that dies is started again after half a second, counting its quick deaths', async () => {
    const s = run({ serving: 'listen', standby: 'die' });
    const first = await s.until('standby died: starting another');
    expect(first).toMatchObject({ level: 'error', fields: { code: 9, signal: null, restartInMs: 500 } });
    await s.until('standby started', 2);
    expect((await s.until('standby died: starting another', 2)).fields).toMatchObject({ restartInMs: 500 });
    expect((await s.until('standby died: starting another', 3)).fields).toMatchObject({ restartInMs: 1000 });
    // The serving process is untouched.
    expect(s.find('server started')).toHaveLength(1);
    expect(s.find('server died: restarting')).toHaveLength(0);
  });

  it('stop passes the signal to both processes, logs each end, and exits with the server’s code once both ended', async () => {
    // The standby ends last, with a code of its own: the supervisor's is still the server's.
    const s = run({ serving: 'listen', standby: 'ready', onSignal: 7, standbyOnSignal: { code: 5, afterMs: 150 } });
    const serving = (await s.until('server started')).fields.pid;
    const standby = (await s.until('standby ready')).fields.pid;
    s.supervisor.stop('SIGINT');
    expect(await s.exited).toBe(7);
    expect(s.find('stopping the server')).toEqual([{ level: 'info', fields: { signal: 'SIGINT' }, message: 'stopping the server' }]);
    expect(s.find('server stopped')).toEqual([{ level: 'info', fields: expect.objectContaining({ pid: serving, code: 7, signal: null }), message: 'server stopped' }]);
    expect(s.find('standby stopped')).toEqual([{ level: 'info', fields: expect.objectContaining({ pid: standby, code: 5 }), message: 'standby stopped' }]);
    expect(s.exits).toEqual([7]);
    expect(s.alive(serving) || s.alive(standby)).toBe(false);
    // Nothing is restarted after a stop, and a stop with nothing left ends at once, with the same code.
    expect(s.find('server died: restarting')).toHaveLength(0);
    s.supervisor.stop('SIGTERM');
    expect(s.exits).toEqual([7, 7]);
    expect(s.find('stopping the server')).toHaveLength(1);
  });

  it('a server killed by a signal while stopping ends the supervisor with 1', async () => {
    const s = run({ serving: 'listen', standby: 'never-ready' });
    const serving = (await s.until('server started')).fields.pid as number;
    await s.until('standby started');
    s.supervisor.stop('SIGTERM');
    s.supervisor.stop('SIGTERM');
    process.kill(serving, 'SIGKILL');
    expect(await s.exited).toBe(1);
    expect(s.find('stopping the server')).toHaveLength(1);
  });

  it('a stop during a crash loop’s wait starts nothing more', async () => {
    const s = run({ serving: 'listen-then-die', standby: 'never-ready' });
    await s.until('server died: restarting', 2);
    const started = s.find('server started').length;
    s.supervisor.stop('SIGTERM');
    await s.exited;
    await new Promise((r) => setTimeout(r, 700));
    expect(s.find('server started')).toHaveLength(started);
  });
});
