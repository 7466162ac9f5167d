import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE } from '../helpers/app.js';
import { ensureBuilt } from '../helpers/build.js';
import { childEnv, processDatabase, runToExit, startServer as start, type Started } from '../helpers/server-process.js';

// The real process: `src/main.ts` as `npm start` runs it, on a file database (or PostgreSQL).
// Each start loads the whole app through tsx: on a loaded machine that takes tens of seconds, so
// these tests allow minutes.
const SLOW = { timeout: 120_000 };

const cleanups: Array<() => Promise<void>> = [];

async function databaseUrl(): Promise<string> {
  const db = await processDatabase();
  cleanups.push(db.drop);
  return db.url;
}

afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('the service process', SLOW, () => {
  let s: Started;
  let dbUrl: string;
  beforeAll(async () => {
    dbUrl = await databaseUrl();
    // Request logs on, so the shutdown test can see when requests have been received.
    s = await start({ DATABASE_URL: dbUrl, LOG_LEVEL: 'info' });
  }, SLOW.timeout);

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

describe('npm start', SLOW, () => {
  // npm start runs the compiled server (dist/), as npm install builds it.
  beforeAll(ensureBuilt, 120_000);

  it('passes SIGTERM to the server, which drains and exits', async () => {
    const s = await start({ DATABASE_URL: await databaseUrl() }, true);
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    await expect(fetch(`${s.base}/api/health`)).rejects.toThrow();
  });
});

describe('start-up configuration', SLOW, () => {
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

describe('a port already in use', SLOW, () => {
  it('ends the start with one line naming the port and PORT, no stack trace, exit code 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const env = childEnv({ DATABASE_URL: await databaseUrl(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
      const run = await runToExit(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `Port ${port} is already in use (127.0.0.1:${port}): stop what is using it, or choose another port with PORT (e.g. PORT=${port + 1}).\n`,
      );
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/^\s+at /m);
      expect(run.stdout).not.toContain('listening on');
      expect(run.stdout).not.toContain('EADDRINUSE'); // no logged error with its stack either
    } finally {
      blocker.close();
    }
  });
});

describe('LOG_FORMAT=pretty', SLOW, () => {
  it('makes the server log readable lines (JSON is the default when the output is not a terminal)', async () => {
    const url = await databaseUrl();
    const lines = async (env: Record<string, string>) => {
      const s = await start({ DATABASE_URL: url, LOG_LEVEL: 'info', ...env });
      expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
      s.child.kill('SIGTERM');
      expect(await s.exit).toBe(0);
      return s.stdout().split('\n').filter((l) => l !== '' && !l.startsWith('Social Lists Service listening on'));
    };
    const pretty = await lines({ LOG_FORMAT: 'pretty' });
    expect(pretty.find((l) => l.includes('request completed'))).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed /);
    expect(pretty.some((l) => l.startsWith('{'))).toBe(false);
    const json = await lines({});
    expect(json.length).toBeGreaterThan(0);
    expect(json.every((l) => typeof JSON.parse(l) === 'object')).toBe(true);
  });
});
