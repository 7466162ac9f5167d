import { watch as watchFolder } from 'node:fs';
import type { ApiClient } from './api.js';
import { RefusedError, run, type Reporter, type RunResult } from './apply.js';
import { followEvents, StreamUnauthorized, type StreamEvent } from './event-stream.js';
import { STATE_FILE } from './local.js';

// `social-lists-sync watch`: keeps a folder in sync while it runs. A sync run (the same run as
// `sync`, with its conflict and mass-delete rules) follows every change: the server's, told by its
// live event stream, and the folder's, told by a file watcher. Changes that come while a run is
// under way are taken by one more run after it; bursts are gathered for a short moment first.

/** The event types after which the server's side of the folder may have changed. */
const REMOTE_CHANGE = /^(document|folder|share)\.|^resync$/;

export interface WatchOptions {
  api: ApiClient;
  token: string;
  root: string;
  yes: boolean;
  report: Reporter;
  /** Ends the watch (Ctrl-C). */
  signal: AbortSignal;
  /** How long changes are gathered before a run starts (ms). */
  settleMs?: number;
  /** Told after each run (tests, and the line the user sees). */
  onRun?(result: RunResult | Error): void;
}

/** Watches until `signal` aborts; throws when the login is refused. */
export async function watchAndSync(options: WatchOptions): Promise<void> {
  const settleMs = options.settleMs ?? 300;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let fatal: Error | null = null;
  const stop = new AbortController();
  const ended = () => stop.abort();
  options.signal.addEventListener('abort', ended, { once: true });

  const runOnce = async () => {
    try {
      const result = await run(options.api, { root: options.root, mode: 'sync', yes: options.yes, report: options.report });
      for (const c of result.conflicts) options.report.warn(`conflict: ${c}`);
      if (result.changes > 0) options.report.line(`Synced: ${result.changes} change(s).`);
      options.onRun?.(result);
    } catch (err) {
      // A refused mass delete or an unreachable server waits for the next change; a refused login ends the watch.
      const error = err as Error & { status?: number };
      options.report.warn(err instanceof RefusedError ? error.message : `sync failed: ${error.message}`);
      options.onRun?.(error);
      if (error.status === 401) {
        fatal = new StreamUnauthorized('Your login is no longer valid: run "social-lists-sync login" again.');
        stop.abort();
      }
    }
  };

  const startRun = () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = runOnce().finally(() => {
      running = null;
      if (again && !stop.signal.aborted) {
        again = false;
        schedule();
      }
    });
  };
  const schedule = () => {
    if (stop.signal.aborted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(startRun, settleMs);
  };

  const files = watchFolder(options.root, { recursive: true, signal: stop.signal }, (_event, name) => {
    // The state file is the run's own bookkeeping, not a change of the user's.
    if (name === null || String(name).split(/[\\/]/).pop()?.startsWith(STATE_FILE)) return;
    schedule();
  });
  files.on('error', (err) => options.report.warn(`watching the folder failed: ${err.message}`));

  startRun();
  options.report.line(`Watching ${options.root} (Ctrl-C stops).`);
  try {
    await followEvents({
      server: options.api.server,
      token: options.token,
      signal: stop.signal,
      onEvent: (event: StreamEvent) => {
        if (REMOTE_CHANGE.test(event.type)) schedule();
      },
      onDrop: (reason) => options.report.warn(`${reason}; reconnecting`),
    });
  } catch (err) {
    fatal ??= err as Error;
  } finally {
    stop.abort();
    if (timer) clearTimeout(timer);
    files.close();
    options.signal.removeEventListener('abort', ended);
    await running;
  }
  if (fatal) throw fatal;
}
