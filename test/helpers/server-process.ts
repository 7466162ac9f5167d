import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blankDatabase, ENGINE } from './app.js';

// The service as an operator runs it: `src/main.ts` in a process of its own (what `npm start`
// runs), on a database of the engine under test, reached at the address it prints.

export interface ServerProcess {
  child: ChildProcess;
  /** The address from the line the server printed ("listening on http://..."). */
  base: string;
  output(): string;
  /** SIGTERM to this process (by its pid), then waits for it to exit; its database and data folder go too. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the server is told it, as an operator sets PORT). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the server with `env` (PORT, HOST... as an operator sets them) and waits for its listening line. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sls-server-'));
  let drop = async () => {};
  let databaseUrl = `sqlite:${join(dataDir, 'service.db')}`;
  if (ENGINE === 'postgres') {
    // An empty database: the server migrates it at start, as in production.
    const blank = await blankDatabase();
    drop = blank.drop;
    databaseUrl = blank.url!;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', SCHEDULER: 'off', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGTERM');
    await exit;
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = await new Promise<string>((resolve, reject) => {
    // A cold start compiles the TypeScript first (tsx): give a busy machine time.
    const timer = setTimeout(() => reject(new Error(`no listening line in time: ${out}`)), 60_000);
    child.stdout!.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`exited before listening: ${out}`));
    });
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { child, base, output: () => out, stop };
}
