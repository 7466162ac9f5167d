import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedTransaction } from '../../src/db/batched-transaction.js';
import type { Db } from '../../src/db/connection.js';
import { freshDatabase } from '../helpers/app.js';

// Group commit (src/db/batched-transaction.ts): on both engines units arriving together share a
// transaction, each in a savepoint; a failing unit takes back only its own writes and answers its
// own error. On PostgreSQL units arriving while batches are open wait and leave in the next one.

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(async () => drop());

const secrets = async (prefix: string) =>
  (await db.kysely.selectFrom('app_secrets').select('name').where('name', 'like', `${prefix}%`).orderBy('name').execute()).map((r) => r.name);

/** How many transactions were begun while `run` ran. */
async function transactionsOf(run: () => Promise<unknown>): Promise<number> {
  const kysely = db.kysely as { transaction: typeof db.kysely.transaction };
  const original = kysely.transaction;
  let n = 0;
  kysely.transaction = function (this: unknown) {
    n++;
    return original.call(db.kysely);
  };
  try {
    await run();
  } finally {
    kysely.transaction = original;
  }
  return n;
}

describe('batchedTransaction', () => {
  it('units arriving together all commit, a failing one takes back only its own writes and gets its own error', async () => {
    const units = Array.from({ length: 8 }, (_, i) =>
      batchedTransaction(db, async ({ trx }) => {
        await trx.insertInto('app_secrets').values({ name: `a${i}`, value: 'x' }).execute();
        if (i === 3) throw new Error('unit 3 refused');
        // A duplicate key: the database refuses the unit's second write.
        if (i === 5) await trx.insertInto('app_secrets').values({ name: 'a0', value: 'again' }).execute();
        return i;
      }),
    );
    const settled = await Promise.allSettled(units);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((settled[3] as PromiseRejectedResult).reason.message).toBe('unit 3 refused');
    expect(settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value)).toEqual([0, 1, 2, 4, 6, 7]);
    expect(await secrets('a')).toEqual(['a0', 'a1', 'a2', 'a4', 'a6', 'a7']);
    expect((await db.kysely.selectFrom('app_secrets').select('value').where('name', '=', 'a0').executeTakeFirstOrThrow()).value).toBe('x');
  });

  it('the units of one turn share one transaction, on both engines', async () => {
    const n = await transactionsOf(() => Promise.all(Array.from({ length: 5 }, (_, i) => batchedTransaction(db, ({ trx }) => trx.insertInto('app_secrets').values({ name: `b${i}`, value: 'x' }).execute()))));
    expect(n).toBe(1);
    expect(await secrets('b')).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
  });

  it('beforeCommit runs once per key after every unit; once computes a value once per batch', async () => {
    let reads = 0;
    const units = Array.from({ length: 4 }, (_, i) =>
      batchedTransaction(db, async (scope) => {
        const base = await scope.once('base', async () => {
          reads++;
          return 'c';
        });
        await scope.trx.insertInto('app_secrets').values({ name: `${base}${i}`, value: 'x' }).execute();
        scope.beforeCommit('count', async () => {
          const { rows } = await sql<{ n: number }>`select count(*) as n from app_secrets where name like 'c%'`.execute(scope.trx);
          await scope.trx.insertInto('app_secrets').values({ name: `total${Number(rows[0].n)}`, value: 'x' }).execute();
        });
      }),
    );
    await Promise.all(units);
    // One batch: one read, and the count taken once after all four inserts.
    expect(reads).toBe(1);
    expect(await secrets('total')).toEqual(['total4']);
  });

  it('units arriving while the batches are open wait for the next batch, which takes all of them', async () => {
    // Hold the open batches (one on SQLite, two on PostgreSQL) until the next units have arrived.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = db.engine === 'sqlite' ? 1 : 2;
    const holders: Promise<void>[] = [];
    for (let i = 0; i < open; i++) {
      holders.push(
        batchedTransaction(db, async ({ trx }) => {
          await trx.insertInto('app_secrets').values({ name: `e-held${i}`, value: 'x' }).execute();
          await held;
        }),
      );
      // A turn apart: one batch each.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const n = await transactionsOf(async () => {
      const later = Array.from({ length: 6 }, (_, i) => batchedTransaction(db, ({ trx }) => trx.insertInto('app_secrets').values({ name: `e${i}`, value: 'x' }).execute()));
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await Promise.all([...holders, ...later]);
    });
    expect(n).toBe(1);
    expect(await secrets('e')).toEqual(['e-held0', ...(open > 1 ? ['e-held1'] : []), 'e0', 'e1', 'e2', 'e3', 'e4', 'e5'].sort());
  });

  it('a unit refused before it wrote anything does not disturb its batch: one transaction, the others commit', async () => {
    const n = await transactionsOf(async () => {
      const settled = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) =>
          batchedTransaction(db, async ({ trx }) => {
            // A read first (as a row add reads its list), then the refusal: nothing written.
            await trx.selectFrom('app_secrets').select('name').where('name', '=', 'nothing').execute();
            if (i === 2) throw new Error('invalid input');
            await trx.insertInto('app_secrets').values({ name: `f${i}`, value: 'x' }).execute();
          }),
        ),
      );
      expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    });
    expect(n).toBe(1);
    expect(await secrets('f')).toEqual(['f0', 'f1', 'f3', 'f4']);
  });

  it('a unit that fails after writing takes back its writes; on PostgreSQL its batch runs again unit by unit', async () => {
    const n = await transactionsOf(async () => {
      const settled = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) =>
          batchedTransaction(db, async ({ trx }) => {
            await trx.insertInto('app_secrets').values({ name: `g${i}`, value: 'x' }).execute();
            if (i === 1) throw new Error('after writing');
          }),
        ),
      );
      expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    });
    // SQLite: one transaction (savepoints). PostgreSQL: the spoiled batch, then one per unit.
    expect(n).toBe(db.engine === 'sqlite' ? 1 : 5);
    expect(await secrets('g')).toEqual(['g0', 'g2', 'g3']);
  });

  it('a unit that turns a database error into its own error still takes back only its own writes, even as the last of its batch', async () => {
    await db.kysely.insertInto('app_secrets').values({ name: 'h-taken', value: 'x' }).execute();
    const settled = await Promise.allSettled(
      ['h0', 'h1', 'h-taken'].map((name) =>
        batchedTransaction(db, async ({ trx }) => {
          try {
            await trx.insertInto('app_secrets').values({ name, value: 'new' }).execute();
          } catch {
            // As a service does with a unique value taken: its own error, the database's dropped.
            throw new Error(`${name} is taken`);
          }
        }),
      ),
    );
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((settled[2] as PromiseRejectedResult).reason.message).toBe('h-taken is taken');
    expect(await secrets('h')).toEqual(['h-taken', 'h0', 'h1']);
  });

  it('a unit arriving alone runs in a plain transaction and its error rolls it back', async () => {
    await expect(
      batchedTransaction(db, async ({ trx }) => {
        await trx.insertInto('app_secrets').values({ name: 'd1', value: 'x' }).execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await secrets('d')).toEqual([]);
  });

  it('collect: the items of a batch are written by one call, after every unit and before the later commit steps', async () => {
    const writes: string[][] = [];
    const n = await transactionsOf(() =>
      Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          batchedTransaction(db, async (scope) => {
            scope.collect('secrets', `k${i}`, async (names: string[]) => {
              writes.push([...names]);
              await scope.trx.insertInto('app_secrets').values(names.map((name) => ({ name, value: 'x' }))).execute();
            });
            scope.beforeCommit('after', async () => {
              const { rows } = await sql<{ n: number }>`select count(*) as n from app_secrets where name like 'k%'`.execute(scope.trx);
              await scope.trx.insertInto('app_secrets').values({ name: `kcount${Number(rows[0].n)}`, value: 'x' }).execute();
            });
            return i;
          }),
        ),
      ),
    );
    expect(n).toBe(1);
    expect(writes).toEqual([['k0', 'k1', 'k2', 'k3', 'k4']]);
    // The count step ran after the collected write: it saw all five.
    expect(await secrets('k')).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'kcount5']);
  });

  it('collect: a write that fails for several items spoils the batch; each unit runs again alone and only the failing one answers its error', async () => {
    await db.kysely.insertInto('app_secrets').values({ name: 'm2', value: 'taken' }).execute();
    const calls: number[] = [];
    const settled = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        batchedTransaction(db, async (scope) => {
          scope.collect('secrets', `m${i}`, async (names: string[]) => {
            calls.push(names.length);
            try {
              await scope.trx.insertInto('app_secrets').values(names.map((name) => ({ name, value: 'new' }))).execute();
            } catch (err) {
              // Alone, the refusal is this unit's own error.
              throw names.length === 1 ? new Error(`${names[0]} is taken`) : err;
            }
          });
          return i;
        }),
      ),
    );
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason.message).toBe('m2 is taken');
    // One write of the four, then each alone.
    expect(calls).toEqual([4, 1, 1, 1, 1]);
    expect(await secrets('m')).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect((await db.kysely.selectFrom('app_secrets').select('value').where('name', '=', 'm2').executeTakeFirstOrThrow()).value).toBe('taken');
  });
});
