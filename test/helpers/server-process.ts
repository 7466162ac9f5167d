import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGINE } from './app.js';
import { createScratchDatabase } from './postgres.js';
import { openPostgres, openSqlite, type Db } from '../../src/db/connection.js';

// The service as operators run it: `src/main.ts` (or `npm start`, or the admin CLI) as a child
// process, on a database of the engine under test that the test can open too.

export const ROOT = join(import.meta.dirname, '..', '..');

export interface ProcessDatabase {
  /** DATABASE_URL for the child process. */
  url: string;
  /** A connection of the test's own (close it). */
  open(): Db;
  drop(): Promise<void>;
}

/** An empty database another process can open: a SQLite file, or a scratch PostgreSQL database. */
export async function processDatabase(prefix = 'p'): Promise<ProcessDatabase> {
  if (ENGINE === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const scratch = await createScratchDatabase(base, prefix);
    return { url: scratch.url, open: () => openPostgres(scratch.url), drop: scratch.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sls-process-'));
  const file = join(dir, 'service.db');
  return { url: `sqlite:${file}`, open: () => openSqlite(file).db, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A minimal environment: nothing of the test runner's own leaks into the child. */
/** A port that was free a moment ago (the server is told it, as an operator sets PORT). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
}

/** A child process with its output collected as it comes. */
export interface Spawned {
  child: ChildProcess;
  /** Its exit code (null when a signal ended it: see `child.signalCode`). */
  exit: Promise<number | null>;
  /** Standard output and error so far, interleaved. */
  output: () => string;
  /** Standard output so far. */
  stdout: () => string;
}

/** Runs `args` (a script under tsx, by default) in the repository with a minimal environment. */
export function spawnChild(args: string[], env: Record<string, string>, command: string = process.execPath): Spawned {
  const child = spawn(command, command === process.execPath ? ['--import', 'tsx', ...args] : args, { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let stdout = '';
  child.stdout!.on('data', (d) => {
    out += d;
    stdout += d;
  });
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exit, output: () => out, stdout: () => stdout };
}

/** Resolves with the match once the child's standard output matches `pattern`; rejects if it exits first or the time is up. */
export function waitForStdout(spawned: Spawned, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in time: ${spawned.output()}`)), timeoutMs);
    const check = () => {
      const m = pattern.exec(spawned.stdout());
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    spawned.child.stdout!.on('data', check);
    check();
    void spawned.exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code ?? spawned.child.signalCode} before ${pattern}: ${spawned.output()}`));
    });
  });
}

export interface Started extends Spawned {
  base: string;
}

/** Starts `src/main.ts` directly, or through `npm start` as an operator would; resolves once it prints its address. */
export async function startServer(env: Record<string, string>, viaNpm = false): Promise<Started> {
  const spawned = viaNpm ? spawnChild(['start', '--silent'], { PORT: '0', LOG_LEVEL: 'warn', ...env }, 'npm') : spawnChild(['src/main.ts'], { PORT: '0', LOG_LEVEL: 'warn', ...env });
  // Generous: on a loaded machine tsx's start of the whole app takes tens of seconds.
  const m = await waitForStdout(spawned, /listening on (http:\/\/[^\s]+)/, 60_000);
  return { ...spawned, base: m[1] };
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (`input`, if given, is its standard input). */
export function runToExit(command: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Finished> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(input ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Runs a compiled entry (dist/..., see build.ts) with node itself: no tsx, as `npm start` and `npm run admin` do. */
export function spawnCompiled(args: string[], env: Record<string, string>): Spawned {
  return spawnChild(args, env, 'node');
}

/** The bootstrap administrator the process tests write as (ADMIN_* in the child's environment). */
export const WRITER = { ADMIN_EMAIL: 'writer@example.com', ADMIN_USERNAME: 'writer', ADMIN_PASSWORD: 'writer-password-1' };

/** A session cookie of the bootstrap administrator of the service at `base`. */
export async function writerCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: WRITER.ADMIN_EMAIL, password: WRITER.ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers.get('set-cookie')!.split(';')[0];
}

/**
 * Posts messages one after another until stop() is called, keeping those answered 2xx (their id
 * and content): what the service acknowledged. A request that fails (the server died under it)
 * is not acknowledged and is not retried.
 */
export function writeLoad(base: string, cookie: string, prefix: string): { acknowledged: Array<{ id: string; content: string }>; attempts: () => number; stop(): Promise<void> } {
  const acknowledged: Array<{ id: string; content: string }> = [];
  let attempts = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const content = `${prefix} ${attempts++}`;
      try {
        const res = await fetch(`${base}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ content }) });
        const body = (await res.json()) as { id?: string; data?: { id: string } };
        if (res.status >= 200 && res.status < 300) acknowledged.push({ id: (body.data?.id ?? body.id)!, content });
      } catch {
        await new Promise((r) => setTimeout(r, 20)); // no server (it is being restarted): try again shortly
      }
    }
  })();
  return {
    acknowledged,
    attempts: () => attempts,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
