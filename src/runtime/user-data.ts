import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/types.js';
import type { UserDataPart } from './types.js';

// Pieces the features' user-data parts share: the count of a user's rows, and one whole part for
// the traces that are small per user.

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** A `table.column` naming a user. */
export type UserColumn = `${keyof Database & string}.${string}`;

/**
 * How many rows of the column's table name the user in that column, narrowed by `where` if given
 * (documents not yet purged, say): the `count` of most parts.
 */
export async function countOwned(
  db: Kysely<Database>,
  column: UserColumn,
  userId: string,
  where?: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>,
): Promise<number> {
  const [table, col] = column.split('.') as [string, string];
  let query = (db as unknown as AnyDb)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(col, '=', userId);
  if (where) query = query.where(where);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

// A user's traces that are small per user (sessions, follows, preferences...) and hold no blob:
// one part that counts and deletes every row naming the user in the given columns. Its first
// batch removes them all (one statement per column); the next finds none.
export function userRowsPart(key: string, columns: readonly UserColumn[], order?: number): UserDataPart {
  return {
    key,
    ...(order !== undefined ? { order } : {}),
    covers: columns,
    async count(ctx, userId) {
      let n = 0;
      for (const column of columns) n += await countOwned(ctx.db.kysely, column, userId);
      return n;
    },
    async removeBatch(_ctx, trx, userId) {
      const db = trx as unknown as AnyDb;
      let removed = 0;
      for (const column of columns) {
        const [table, col] = column.split('.') as [string, string];
        const result = await db.deleteFrom(table).where(col, '=', userId).executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      return { removed, blobKeys: [] };
    },
  };
}
