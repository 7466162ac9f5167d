import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { UserDataPart } from './types.js';

// A user's traces that are small per user (sessions, follows, preferences...) and hold no blob:
// one part that counts and deletes every row naming the user in the given columns. Its first
// batch removes them all (one statement per column); the next finds none.

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

export function userRowsPart(key: string, columns: readonly `${keyof Database & string}.${string}`[], order?: number): UserDataPart {
  const pairs = columns.map((c) => c.split('.') as [string, string]);
  return {
    key,
    ...(order !== undefined ? { order } : {}),
    covers: columns,
    async count(ctx, userId) {
      const db = ctx.db.kysely as unknown as AnyDb;
      let n = 0;
      for (const [table, column] of pairs) {
        const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', userId).executeTakeFirstOrThrow();
        n += Number(row.n);
      }
      return n;
    },
    async removeBatch(_ctx, trx, userId) {
      const db = trx as unknown as AnyDb;
      let removed = 0;
      for (const [table, column] of pairs) {
        const result = await db.deleteFrom(table).where(column, '=', userId).executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      return { removed, blobKeys: [] };
    },
  };
}
