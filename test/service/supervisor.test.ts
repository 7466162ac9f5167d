import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { freePort, processDatabase, spawnCompiled, waitForStdout, writeLoad, writerCookie, WRITER, type ProcessDatabase, type Spawned } from '../helpers/server-process.js';

// `npm start` as operators run it: the compiled server under its supervisor (dist/start.js), on a
// database of the engine under test. The server process is killed as a defect or the OOM killer
// would (SIGKILL, no chance to clean up) while requests run.

const SLOW = { timeout: 120_000 };

let database: ProcessDatabase;
let dataDir: string;
beforeAll(async () => {
  await ensureBuilt();
  database = await processDatabase('sup');
  dataDir = mkdtempSync(join(tmpdir(), 'sls-supervisor-'));
}, SLOW.timeout);
afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The supervisor's JSON log lines so far. */
const logLines = (s: Spawned) =>
  s
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const serverPids = (s: Spawned) => logLines(s).filter((l) => l.msg === 'server started').map((l) => l.pid as number);


async function untilTrue(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not in ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const answers = async (base: string) => {
  try {
    return (await fetch(`${base}/api/health`)).status === 200;
  } catch {
    return false;
  }
};

describe('npm start: the server under its supervisor', SLOW, () => {
  it('kill -9 of the server while writes run: answering again within 2 s, every acknowledged write still there, SIGTERM then stops both', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const s = spawnCompiled(['dist/start.js'], { DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ...WRITER });
    await waitForStdout(s, /listening on http:\/\/127\.0\.0\.1:\d+/, 60_000);
    const cookie = await writerCookie(base);
    // The standby: loaded beside the serving process, waiting to take over.
    await untilTrue(() => logLines(s).some((l) => l.msg === 'standby started'), 60_000, 'a standby');
    const [serverPid] = serverPids(s);
    const standbyPid = logLines(s).find((l) => l.msg === 'standby started')!.pid as number;
    expect(standbyPid).not.toBe(serverPid);
    await untilTrue(() => logLines(s).some((l) => l.msg === 'standby ready' && l.pid === standbyPid), 90_000, 'the standby loaded');

    const load = writeLoad(base, cookie, 'before the kill');
    await untilTrue(() => load.acknowledged.length >= 20, 60_000, '20 acknowledged writes');
    process.kill(serverPid, 'SIGKILL');
    const killedAt = Date.now();
    // The service answers again within 2 s of the kill.
    await untilTrue(() => answers(base), 2_000, 'answering again after the kill');
    const downMs = Date.now() - killedAt;
    await untilTrue(() => load.acknowledged.length >= 40, 60_000, 'writes acknowledged after the restart');
    await load.stop();

    // Every write answered 2xx, before or after the kill, is there with its content.
    for (const { id, content } of load.acknowledged) {
      const res = await fetch(`${base}/api/messages/${id}`, { headers: { cookie } });
      expect(res.status, `${id} (${content})`).toBe(200);
      expect(JSON.stringify(await res.json())).toContain(JSON.stringify(content));
    }
    expect(load.attempts()).toBeGreaterThanOrEqual(load.acknowledged.length);

    // The death is logged with its cause; the new server is another process.
    const died = logLines(s).find((l) => l.msg === 'server died: restarting');
    expect(died).toMatchObject({ role: 'supervisor', pid: serverPid, code: null, signal: 'SIGKILL', restartInMs: 0, deathsInARow: 1, level: 50 });
    expect(downMs).toBeLessThan(2_000);
    expect(logLines(s).find((l) => l.msg === 'standby serving')).toMatchObject({ pid: standbyPid });
    // ...and a new standby waits behind the new serving process.
    expect(logLines(s).filter((l) => l.msg === 'standby started').map((l) => l.pid)).toHaveLength(2);

    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    expect(await answers(base)).toBe(false);
    expect(() => process.kill(serverPid, 0)).toThrow();
  });

  it('a server that never became ready (a port in use) is not restarted: the supervisor ends with its exit code and message', async () => {
    const blocker = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const s = spawnCompiled(['dist/start.js'], { DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' });
      expect(await s.exit).toBe(1);
      expect(s.output()).toContain(`Port ${port} is already in use`);
      const lines = logLines(s);
      expect(lines.filter((l) => l.msg === 'server started')).toHaveLength(1);
      expect(lines.find((l) => l.msg === 'server ended before it was ready: not restarted')).toMatchObject({ code: 1, signal: null });
    } finally {
      blocker.close();
    }
  });

  it('SIGINT (Ctrl-C) is passed on too: the server drains and the supervisor exits 0, logging both', async () => {
    const s = spawnCompiled(['dist/start.js'], { DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' });
    const [, base] = await waitForStdout(s, /listening on (http:\/\/[^\s]+)/, 60_000);
    expect(await answers(base)).toBe(true);
    const [pid] = serverPids(s);
    s.child.kill('SIGINT');
    expect(await s.exit).toBe(0);
    const lines = logLines(s);
    expect(lines.find((l) => l.msg === 'stopping the server')).toMatchObject({ signal: 'SIGINT', role: 'supervisor' });
    expect(lines.find((l) => l.msg === 'server stopped')).toMatchObject({ pid, code: 0, signal: null });
    expect(lines.some((l) => l.msg === 'shutting down: finishing in-flight requests' && l.signal === 'SIGINT')).toBe(true);
  });
});
