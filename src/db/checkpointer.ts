import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

// SQLite in WAL mode copies the log back into the database file (a checkpoint, with its fsyncs)
// inside whichever commit takes the log past 1,000 pages. That commit runs on the event loop, so
// its request, and every request queued behind it, waits: measured, 70% of a CSV import's commit
// time, and the first suspect of the write tails (docs/performance.md, "Checkpoints"). A server
// process turns the automatic checkpoint off and checkpoints from a worker thread instead, on a
// connection of its own: a passive checkpoint every EVERY_MS, which never waits for a lock and
// never holds up a writer or a reader. Should the worker fail to start or die, the connection
// checkpoints by itself again, as SQLite does by default.

/** How often the worker checkpoints: the log stays a few hundred milliseconds of writes long. */
export const CHECKPOINT_EVERY_MS = 250;
/** SQLite's own automatic checkpoint threshold (pages), restored when the worker is gone. */
export const AUTOCHECKPOINT_PAGES = 1000;

// The worker's whole program: eval'd, so that it needs no file of its own beside the bundle.
// It loads better-sqlite3 from the path the parent resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    if (err && err.code !== 'SQLITE_BUSY' && err.code !== 'SQLITE_LOCKED') throw err;
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

export interface Checkpointer {
  /** Ends the worker after a last checkpoint; the connection checkpoints by itself again. */
  stop(): Promise<void>;
}

/**
 * Moves the WAL checkpoints of `raw` (a file database's connection) to a worker thread. `onProblem`
 * hears a worker that failed, after which `raw` checkpoints by itself again.
 */
export function checkpointInBackground(raw: BetterSqlite3.Database, filename: string, onProblem: (err: Error) => void = () => undefined, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, filename, everyMs } });
  worker.unref();
  let stopping = false;
  let failed = false;
  const selfCheckpoint = () => {
    if (raw.open) raw.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  // Off only once the worker has its connection: until then (or if it never has) commits checkpoint.
  worker.once('message', () => {
    if (!stopping && raw.open) raw.pragma('wal_autocheckpoint = 0');
  });
  worker.on('error', (err) => {
    failed = true;
    selfCheckpoint();
    onProblem(err);
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      selfCheckpoint();
      if (!stopping && !failed) onProblem(new Error(`the checkpoint worker stopped (exit code ${code})`));
      resolve();
    }),
  );
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      selfCheckpoint();
      // Referenced while it finishes: with nothing else left, an unreferenced worker would let the
      // process end (exit code 0) before the caller's next step, such as its process.exit(1).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
