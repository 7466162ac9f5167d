import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from './connection.js';
import type { Database } from './types.js';

// Group commit for SQLite. There every statement waits for the one connection, and a commit
// costs more than the small write it commits (a post, a list row). Units of write work that
// arrive in one turn of the event loop therefore share one transaction: one wait for the
// connection and one commit for all of them. Each unit runs in a savepoint of its own, so a unit
// that throws (validation, a unique value taken, a missing parent) takes back only its own writes
// and its caller gets its own error; the others commit. Every caller is answered after the
// commit, so nothing is reported that could still roll back. A unit arriving alone runs in a
// plain transaction. PostgreSQL runs each unit in its own transaction (its commits do not queue
// behind one connection, and its writers do not block its readers).

/** What a unit of work gets: the transaction, and two ways to do a thing once per batch. */
export interface BatchScope {
  trx: Kysely<Database>;
  /** `fn` once per key in the batch, after every unit and before the commit (a version bump). */
  beforeCommit(key: string, fn: () => Promise<unknown>): void;
  /** The value `fn` gives, computed once per key in the batch (a read every unit needs). */
  once<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

type Work<T> = (scope: BatchScope) => Promise<T>;

const SAVEPOINT = CompiledQuery.raw('savepoint batch_unit');
const RELEASE = CompiledQuery.raw('release batch_unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to batch_unit');

function scopeOf(trx: Kysely<Database>): { scope: BatchScope; finish: () => Promise<void> } {
  const finishing = new Map<string, () => Promise<unknown>>();
  const memo = new Map<string, Promise<unknown>>();
  const scope: BatchScope = {
    trx,
    beforeCommit: (key, fn) => void (finishing.has(key) || finishing.set(key, fn)),
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

class TransactionBatcher {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly kysely: Kysely<Database>) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
    try {
      await this.kysely.transaction().execute(async (trx) => {
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
        await finish();
      });
    } catch (err) {
      // The transaction itself failed (or the lone unit did): every unit of the batch answers it.
      outcomes.length = 0;
      for (let i = 0; i < batch.length; i++) outcomes.push({ ok: false, err });
    }
    batch.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.err);
    });
  }
}

const batchers = new WeakMap<Kysely<Database>, TransactionBatcher>();

/** Runs `work` in a transaction: on SQLite, one shared with the units arriving in the same turn. */
export function batchedTransaction<T>(db: Db, work: Work<T>): Promise<T> {
  if (db.engine !== 'sqlite') {
    return db.kysely.transaction().execute(async (trx) => {
      const { scope, finish } = scopeOf(trx);
      const value = await work(scope);
      await finish();
      return value;
    });
  }
  let batcher = batchers.get(db.kysely);
  if (!batcher) {
    batcher = new TransactionBatcher(db.kysely);
    batchers.set(db.kysely, batcher);
  }
  return batcher.run(work);
}
