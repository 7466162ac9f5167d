import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, freshDatabase } from '../helpers/app.js';

// The real process: `src/main.ts` as `npm start` runs it, on a file database (or PostgreSQL).

interface Started {
  child: ChildProcess;
  base: string;
  exit: Promise<number | null>;
  output: () => string;
}

const dirs: string[] = [];
const cleanups: Array<() => Promise<void>> = [];

async function databaseUrl(): Promise<string> {
  if (ENGINE === 'postgres') {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${fresh.name}`;
    return url.toString();
  }
  const dir = mkdtempSync(join(tmpdir(), 'sls-start-'));
  dirs.push(dir);
  return `sqlite:${join(dir, 'service.db')}`;
}

/** Starts `src/main.ts` directly, or through `npm start` as an operator would. */
function start(env: Record<string, string>, viaNpm = false): Promise<Started> {
  const [command, args] = viaNpm ? ['npm', ['start', '--silent']] : [process.execPath, ['--import', 'tsx', 'src/main.ts']];
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in time: ${out}`)), 20_000);
    const onData = () => {
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1], exit, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening: ${out}`));
    });
  });
}

afterAll(async () => {
  for (const c of cleanups) await c();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the service process', () => {
  let s: Started;
  let dbUrl: string;
  beforeAll(async () => {
    dbUrl = await databaseUrl();
    // Request logs on, so the shutdown test can see when requests have been received.
    s = await start({ DATABASE_URL: dbUrl, LOG_LEVEL: 'info' });
  });

  it('migrates at start and serves the health check on the printed port', async () => {
    expect(s.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${s.base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    if (ENGINE === 'sqlite') {
      const file = dbUrl.slice('sqlite:'.length);
      const raw = new BetterSqlite3(file, { readonly: true });
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(raw.prepare("select count(*) n from sqlite_master where name = 'users'").get()).toEqual({ n: 1 });
      raw.close();
    }
  });

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    // Eight registrations at once, each hashing with Argon2id on a four-thread pool; the signal is
    // sent as soon as the server has logged all eight as received, so several are still running.
    const pending = Array.from({ length: 8 }, (_, i) =>
      fetch(`${s.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `inflight${i}@example.com`, username: `inflight${i}`, password: 'correct horse battery', displayName: 'In Flight' }),
      }),
    );
    const received = () => s.output().split('\n').filter((l) => l.includes('"url":"/api/auth/register"')).length;
    while (received() < 8) await new Promise((r) => setTimeout(r, 2));
    s.child.kill('SIGTERM');
    const statuses = (await Promise.all(pending)).map((r) => r.status);
    expect(statuses).toEqual(Array(8).fill(201));
    expect(await s.exit).toBe(0);
    expect(s.output()).toContain('shutting down');
    await expect(fetch(`${s.base}/api/health`)).rejects.toThrow();
  });
});

describe('npm start', () => {
  it('passes SIGTERM to the server, which drains and exits', async () => {
    const s = await start({ DATABASE_URL: await databaseUrl() }, true);
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    await expect(fetch(`${s.base}/api/health`)).rejects.toThrow();
  });
});

describe('start-up configuration', () => {
  it('stops with one clear line naming an invalid variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: 'abc' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain('PORT');
  });

  it('creates the bootstrap administrator from the environment, idempotently across restarts', async () => {
    const url = await databaseUrl();
    const env = { DATABASE_URL: url, ADMIN_EMAIL: 'boot@example.com', ADMIN_USERNAME: 'bootadmin', ADMIN_PASSWORD: 'boot-password-1' };
    for (let i = 0; i < 2; i++) {
      const s = await start(env);
      const login = await fetch(`${s.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boot@example.com', password: 'boot-password-1' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0];
      const users = await fetch(`${s.base}/api/admin/users?search=bootadmin`, { headers: { cookie } });
      expect(users.status).toBe(200);
      const body = await users.json();
      expect(body.users).toHaveLength(1);
      expect(body.users[0]).toMatchObject({ username: 'bootadmin', emailVerified: true, accountStatus: 'active', cleared: true, isAdministrator: true });
      s.child.kill('SIGTERM');
      expect(await s.exit).toBe(0);
    }
  });
});
