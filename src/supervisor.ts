import { fork, type ChildProcess } from 'node:child_process';

// The server process under a supervisor (`npm start`): one defect that ends the server (a crash, an
// out-of-memory kill, a `kill -9`) means a second of downtime, not an outage. The server is a child
// process (src/main.ts) with the same Node options; its output is the supervisor's. Beside it waits
// a standby: a second server process, loaded and migrated but neither listening nor running jobs,
// so that a death is answered by a process that only has to listen (a cold start of the whole app
// takes seconds, more on a busy machine). The supervisor holds no socket and no database: it hands
// over to the standby (or starts a server) when the serving one dies, logs each death with its
// cause, backs off when the server keeps dying, and passes SIGTERM and SIGINT on.

/** A run shorter than this counts towards a crash loop; a longer one starts the count again. */
export const STABLE_RUN_MS = 10_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/** The messages between supervisor and server (main.ts) over the IPC channel. */
export const LISTENING_MESSAGE = 'social-lists:listening';
export const STANDBY_READY_MESSAGE = 'social-lists:standby-ready';
export const SERVE_MESSAGE = 'social-lists:serve';
/** The argument that makes main.ts a standby. */
export const STANDBY_ARGUMENT = '--standby';

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
  /** Ends the supervisor with this code (process.exit). */
  exit(code: number): void;
}

interface Server {
  process: ChildProcess;
  startedAt: number;
  /** A standby's: loaded, so it can be told to serve. */
  ready: boolean;
}

export function supervise(options: SupervisorOptions): { stop(signal: NodeJS.Signals): void } {
  const { log } = options;
  let serving: Server | null = null;
  let standby: Server | null = null;
  let everListened = false;
  let quickDeaths = 0;
  let standbyDeaths = 0;
  let stopping: NodeJS.Signals | null = null;
  let exitCode = 0;
  const timers = new Set<NodeJS.Timeout>();

  const later = (delayMs: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, delayMs);
    timers.add(timer);
  };

  const spawn = (role: 'serving' | 'standby'): Server => {
    const server: Server = { process: fork(options.serverFile, role === 'standby' ? [STANDBY_ARGUMENT] : [], { stdio: 'inherit' }), startedAt: Date.now(), ready: false };
    log.info({ pid: server.process.pid, role }, role === 'standby' ? 'standby started' : 'server started');
    server.process.on('message', (message) => {
      if (message === LISTENING_MESSAGE) onListening();
      if (message === STANDBY_READY_MESSAGE) {
        server.ready = true;
        log.info({ pid: server.process.pid }, 'standby ready');
      }
    });
    server.process.on('error', (err) => {
      log.error({ pid: server.process.pid, err: err.message }, 'server process error');
      // A standby told to serve over a channel that is gone would never listen: it is ended, and
      // its exit starts another server as any death of the serving process does.
      if ((err as NodeJS.ErrnoException).code === 'ERR_IPC_CHANNEL_CLOSED') server.process.kill('SIGKILL');
    });
    server.process.on('exit', (code, signal) => onExit(server, code, signal));
    return server;
  };

  const onListening = () => {
    everListened = true;
    if (!standby && !stopping) standby = spawn('standby');
  };

  /** The serving process is gone: the standby serves if it is ready, else a new server starts. (Run by a timer: a stop clears them.) */
  const replaceServing = () => {
    if (standby?.ready) {
      serving = { ...standby, startedAt: Date.now() };
      standby = null;
      log.info({ pid: serving.process.pid }, 'standby serving');
      serving.process.send(SERVE_MESSAGE);
      return;
    }
    serving = spawn('serving');
  };

  const onExit = (server: Server, code: number | null, signal: NodeJS.Signals | null) => {
    const pid = server.process.pid;
    const cause = { pid, code, signal, ranMs: Date.now() - server.startedAt };
    const wasServing = serving?.process === server.process;
    // Every process is the serving one or the standby until it exits.
    if (wasServing) serving = null;
    else standby = null;
    if (stopping) {
      log.info(cause, wasServing ? 'server stopped' : 'standby stopped');
      if (wasServing) exitCode = code ?? 1;
      if (!serving && !standby) options.exit(exitCode);
      return;
    }
    if (!everListened) {
      // Never served: its configuration, its database or its port is wrong, and a restart would
      // fail the same way. Its own message (on standard error) says why. (No standby exists yet:
      // one is started only once a server listened.)
      log.error(cause, 'server ended before it was ready: not restarted');
      return options.exit(code ?? 1);
    }
    if (!wasServing) {
      standbyDeaths = cause.ranMs < STABLE_RUN_MS ? standbyDeaths + 1 : 1;
      const delayMs = Math.max(restartDelay(standbyDeaths), FIRST_BACKOFF_MS);
      log.error({ ...cause, restartInMs: delayMs }, 'standby died: starting another');
      // (A server that listened meanwhile started a standby of its own.)
      return later(delayMs, () => {
        if (!standby) standby = spawn('standby');
      });
    }
    quickDeaths = cause.ranMs < STABLE_RUN_MS ? quickDeaths + 1 : 1;
    const delayMs = restartDelay(quickDeaths);
    log.error({ ...cause, restartInMs: delayMs, deathsInARow: quickDeaths }, 'server died: restarting');
    later(delayMs, replaceServing);
  };

  serving = spawn('serving');
  return {
    stop(signal) {
      if (!stopping) log.info({ signal }, 'stopping the server');
      stopping = signal;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (!serving && !standby) return options.exit(exitCode);
      // Passed on again on a second signal: the server ignores what it is already doing.
      serving?.process.kill(signal);
      standby?.process.kill(signal);
    },
  };
}
