import { CompiledQuery, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';
import type { Db } from './connection.js';
import type { Database } from './types.js';

// Group commit. Units of write work (a post, a list row) that arrive together share one
// transaction, and a unit that throws (validation, a unique value taken, a missing parent) takes
// back only its own writes and its caller gets its own error; the others commit. Every caller is
// answered after the commit, so nothing is reported that could still roll back. A unit alone in
// its batch runs in a plain transaction.
//
// Why, on each engine:
// - SQLite: every statement waits for the one connection, and a commit costs more than the small
//   write it commits. The units of one turn of the event loop form a batch: one wait for the
//   connection and one commit for all of them.
// - PostgreSQL: a write transaction holds the row locks its counters take (a list's version, a
//   shard of the message counts) until its commit, so writers of one list queued behind each
//   other's commits. Here a batch runs while the next one forms: units arriving while
//   MAX_IN_FLIGHT batches are open wait and leave together in the next, so under load a batch
//   grows to whatever arrived during one commit. The counters are bumped once per batch, and one
//   commit (one WAL flush, `synchronous_commit` untouched) acknowledges them all.
//
// How a failing unit takes back only its own writes:
// - SQLite: each unit runs in a savepoint, rolled back when it throws.
// - PostgreSQL: no savepoints. A savepoint costs two round trips per unit, and a transaction with
//   more than 64 written subtransactions overflows every backend's subtransaction cache, which
//   slows every snapshot in the database. A unit that throws before it wrote anything (a row that
//   fails validation) leaves the transaction as it was: the batch goes on. A unit that throws
//   after writing, or on a database error (which aborts the transaction), spoils the batch: it is
//   rolled back and each of its units runs again alone, so each gets its own answer.

/** What a unit of work gets: the transaction, and two ways to do a thing once per batch. */
export interface BatchScope {
  trx: Kysely<Database>;
  /** `fn` once per key in the batch, after every unit and before the commit (a version bump). */
  beforeCommit(key: string, fn: () => Promise<unknown>): void;
  /** The value `fn` gives, computed once per key in the batch (a read every unit needs). */
  once<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Adds `item` to the batch's items of `key`, written by one call of `write` with all of them
   * after every unit (in the order the keys were first used, before later beforeCommit steps):
   * one statement for a batch's rows instead of one per unit. When `write` fails for several
   * items (a unique value two of them claim), the batch is spoiled and each unit runs again
   * alone, so a failure of `write` with one item is that unit's own.
   */
  collect<I>(key: string, item: I, write: (items: I[]) => Promise<unknown>): void;
}

type Work<T> = (scope: BatchScope) => Promise<T>;

/** PostgreSQL: batches open at once per database (by measurement: more only split the batches). */
const MAX_IN_FLIGHT = 2;
/** The most units in one batch (one transaction's locks and its savepoints stay bounded). */
const MAX_BATCH = 256;

const SAVEPOINT = CompiledQuery.raw('savepoint batch_unit');
const RELEASE = CompiledQuery.raw('release batch_unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to batch_unit');

function scopeOf(trx: Kysely<Database>): { scope: BatchScope; finish: () => Promise<void> } {
  const finishing = new Map<string, () => Promise<unknown>>();
  const memo = new Map<string, Promise<unknown>>();
  const collected = new Map<string, unknown[]>();
  const scope: BatchScope = {
    trx,
    beforeCommit: (key, fn) => void (finishing.has(key) || finishing.set(key, fn)),
    collect: <I>(key: string, item: I, write: (items: I[]) => Promise<unknown>) => {
      let items = collected.get(key) as I[] | undefined;
      if (!items) {
        const all: I[] = [];
        items = all;
        collected.set(key, all);
        finishing.set(`collect ${key}`, () => write(all));
      }
      items.push(item);
    },
    once: <T>(key: string, fn: () => Promise<T>) => {
      let p = memo.get(key) as Promise<T> | undefined;
      if (!p) {
        p = fn();
        memo.set(key, p);
      }
      return p;
    },
  };
  return {
    scope,
    finish: async () => {
      for (const fn of finishing.values()) await fn();
    },
  };
}

interface Pending {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

/** PostgreSQL's "deadlock detected": two batches took the same rows in opposite orders. */
const isDeadlock = (err: unknown) => (err as { code?: string } | null)?.code === '40P01';

/** An error the database raised (it aborts a PostgreSQL transaction): pg's errors carry a severity. */
const isDatabaseError = (err: unknown) => typeof (err as { severity?: unknown } | null)?.severity === 'string';

/** Counts the statements of one unit that wrote (reported affected rows). */
class WriteCounter implements KyselyPlugin {
  writes = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (args.result.numAffectedRows !== undefined) this.writes++;
    return args.result;
  }
}

const PROBE = CompiledQuery.raw('select 1');

/**
 * Whether the transaction still takes statements: a unit may have turned a database error into
 * one of its own (a unique value taken becomes a 409), and PostgreSQL refuses every statement of
 * a transaction after a failed one. Asked only when a unit threw.
 */
async function stillUsable(trx: Kysely<Database>): Promise<boolean> {
  try {
    await trx.executeQuery(PROBE);
    return true;
  } catch {
    return false;
  }
}

/** Thrown inside a batch's transaction to roll it back when a unit spoiled it. */
class SpoiledBatch extends Error {}

/**
 * PostgreSQL: runs a batch in one transaction without savepoints; null when a unit spoiled it
 * (wrote, then threw; or hit a database error) and it was rolled back.
 */
async function runBatchWithoutSavepoints(kysely: Kysely<Database>, batch: readonly Pending[]): Promise<Outcome[] | null> {
  const outcomes: Outcome[] = [];
  try {
    await kysely.transaction().execute(async (trx) => {
      const { scope, finish } = scopeOf(trx);
      for (const { work } of batch) {
        const counter = new WriteCounter();
        try {
          outcomes.push({ ok: true, value: await work({ ...scope, trx: trx.withPlugin(counter) }) });
        } catch (err) {
          if (counter.writes > 0 || isDatabaseError(err) || !(await stillUsable(trx))) throw new SpoiledBatch();
          outcomes.push({ ok: false, err });
        }
      }
      try {
        await finish();
      } catch {
        throw new SpoiledBatch();
      }
    });
  } catch (err) {
    if (err instanceof SpoiledBatch) return null;
    return batch.map(() => ({ ok: false, err }));
  }
  return outcomes;
}

/**
 * Runs one batch in one transaction (each unit in a savepoint when there are several); null when
 * the steps after the units failed for several (the batch is spoiled: each unit runs again alone).
 */
async function runBatch(kysely: Kysely<Database>, batch: readonly Pending[]): Promise<Outcome[] | null> {
  const outcomes: Outcome[] = [];
  try {
    await kysely.transaction().execute(async (trx) => {
      const { scope, finish } = scopeOf(trx);
      if (batch.length === 1) {
        outcomes.push({ ok: true, value: await batch[0].work(scope) });
      } else {
        for (const { work } of batch) {
          await trx.executeQuery(SAVEPOINT);
          try {
            outcomes.push({ ok: true, value: await work(scope) });
          } catch (err) {
            await trx.executeQuery(ROLLBACK_TO);
            outcomes.push({ ok: false, err });
          }
          await trx.executeQuery(RELEASE);
        }
      }
      try {
        await finish();
      } catch (err) {
        throw batch.length > 1 ? new SpoiledBatch() : err;
      }
    });
  } catch (err) {
    if (err instanceof SpoiledBatch) return null;
    // The transaction itself failed (or the lone unit did): every unit of the batch answers it.
    return batch.map(() => ({ ok: false, err }));
  }
  return outcomes;
}

class TransactionBatcher {
  private pending: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly kysely: Kysely<Database>,
    /** Batches open at once: 1 on SQLite (one writer), MAX_IN_FLIGHT on PostgreSQL. */
    private readonly maxInFlight: number,
    /** PostgreSQL: batches without savepoints (see above). */
    private readonly withoutSavepoints: boolean,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (v: unknown) => void, reject });
      // On the next turn: the units arriving in this one join the batch.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  /** Starts batches while there is room; the rest wait for a batch to end. */
  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    const outcomes = this.withoutSavepoints && batch.length > 1 ? await runBatchWithoutSavepoints(this.kysely, batch) : await runBatch(this.kysely, batch);
    if (outcomes === null) {
      // Spoiled: each unit again, alone, in arrival order.
      for (const unit of batch) await this.runAlone(unit);
      return;
    }
    const retry: Pending[] = [];
    batch.forEach((unit, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) unit.resolve(outcome.value);
      // A deadlock is not the unit's fault: it runs again on its own.
      else if (isDeadlock(outcome.err) && batch.length > 1) retry.push(unit);
      else unit.reject(outcome.err);
    });
    for (const unit of retry) await this.runAlone(unit);
  }

  /** A unit in a transaction of its own (a batch of one is never spoiled: its failure is its own). */
  private async runAlone(unit: Pending): Promise<void> {
    const [outcome] = (await runBatch(this.kysely, [unit]))!;
    if (outcome.ok) unit.resolve(outcome.value);
    else unit.reject(outcome.err);
  }
}

/**
 * One batcher per database: shared by every app on it (a second instance in the same process
 * shares the one SQLite connection, so it must share its batches too).
 */
const batchers = new WeakMap<Kysely<Database>, TransactionBatcher>();

/** Runs `work` in a transaction shared with the units that arrive with it (see above). */
export function batchedTransaction<T>(db: Db, work: Work<T>): Promise<T> {
  let batcher = batchers.get(db.kysely);
  if (!batcher) {
    batcher = db.engine === 'sqlite' ? new TransactionBatcher(db.kysely, 1, false) : new TransactionBatcher(db.kysely, MAX_IN_FLIGHT, true);
    batchers.set(db.kysely, batcher);
  }
  return batcher.run(work);
}
