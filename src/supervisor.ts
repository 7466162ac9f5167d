import { fork, type ChildProcess } from 'node:child_process';

// The server process under a supervisor (`npm start`): one defect that ends the server (a crash, an
// out-of-memory kill, a `kill -9`) means a second of downtime, not an outage. The server is a child
// process (src/main.ts) with the same Node options; its output is the supervisor's. The supervisor
// holds no socket and no database: it starts the server again, logs each death with its cause, backs
// off when the server keeps dying, and passes SIGTERM and SIGINT on for a graceful stop.

/** A run shorter than this counts towards a crash loop; a longer one starts the count again. */
export const STABLE_RUN_MS = 10_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/** How long to wait before the next start, after `quickDeaths` deaths in a row of short runs (1 = the first). */
export function restartDelay(quickDeaths: number): number {
  if (quickDeaths <= 1) return 0;
  return Math.min(FIRST_BACKOFF_MS * 2 ** (quickDeaths - 2), MAX_BACKOFF_MS);
}

/** What the supervisor writes (pino's shape: fields, then the message). */
export interface SupervisorLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface SupervisorOptions {
  /** The server's entry file. */
  serverFile: string;
  log: SupervisorLog;
  /** Ends the supervisor with this code (process.exit; a test passes its own). */
  exit(code: number): void;
  /** Milliseconds since some fixed point (Date.now; a test passes its own). */
  now?: () => number;
}

/** The server says it is serving (main.ts sends this over the IPC channel once it listens). */
export const LISTENING_MESSAGE = 'social-lists:listening';

export function supervise(options: SupervisorOptions): { stop(signal: NodeJS.Signals): void } {
  const now = options.now ?? Date.now;
  let child: ChildProcess | null = null;
  let startedAt = 0;
  let everListened = false;
  let quickDeaths = 0;
  let stopping: NodeJS.Signals | null = null;
  let pendingStart: NodeJS.Timeout | null = null;

  const start = () => {
    pendingStart = null;
    startedAt = now();
    const server = fork(options.serverFile, [], { stdio: 'inherit' });
    child = server;
    options.log.info({ pid: server.pid }, 'server started');
    server.on('message', (message) => {
      if (message === LISTENING_MESSAGE) everListened = true;
    });
    server.on('error', (err) => options.log.error({ err: err.message }, 'server process error'));
    server.on('exit', (code, signal) => onExit(server, code, signal));
  };

  const onExit = (server: ChildProcess, code: number | null, signal: NodeJS.Signals | null) => {
    child = null;
    const cause = { pid: server.pid, code, signal, ranMs: now() - startedAt };
    if (stopping) {
      options.log.info(cause, 'server stopped');
      return options.exit(code ?? 1);
    }
    if (!everListened) {
      // Never served: its configuration, its database or its port is wrong, and a restart would
      // fail the same way. Its own message (on standard error) says why.
      options.log.error(cause, 'server ended before it was ready: not restarted');
      return options.exit(code ?? 1);
    }
    quickDeaths = cause.ranMs < STABLE_RUN_MS ? quickDeaths + 1 : 1;
    const delayMs = restartDelay(quickDeaths);
    options.log.error({ ...cause, restartInMs: delayMs, deathsInARow: quickDeaths }, 'server died: restarting');
    pendingStart = setTimeout(start, delayMs);
  };

  start();
  return {
    stop(signal) {
      if (!stopping) options.log.info({ signal }, 'stopping the server');
      stopping = signal;
      if (pendingStart) {
        clearTimeout(pendingStart);
        pendingStart = null;
        options.exit(0);
        return;
      }
      // Passed on again on a second signal: the server ignores what it is already doing.
      child?.kill(signal);
    },
  };
}
