import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

// The removals' queries (removal.ts): the user_removals row that records a removal and its counts.

type Db = Kysely<Database>;

export async function insertRemoval(trx: Db, row: Insertable<Database['user_removals']>): Promise<void> {
  await trx.insertInto('user_removals').values(row).execute();
}

export async function findRemoval(db: Db, id: string) {
  return db.selectFrom('user_removals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function removalCounts(trx: Db, id: string): Promise<string> {
  const row = await trx.selectFrom('user_removals').select('counts').where('id', '=', id).executeTakeFirstOrThrow();
  return row.counts;
}

export async function setRemovalCounts(trx: Db, id: string, counts: string): Promise<void> {
  await trx.updateTable('user_removals').set({ counts }).where('id', '=', id).execute();
}

/** What is left of an account goes with its row (foreign keys): document tombstones, the sync state. */
export async function deleteUserRow(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}

export async function markRemovalDone(trx: Db, id: string, at: string): Promise<void> {
  await trx.updateTable('user_removals').set({ status: 'done', finished_at: at }).where('id', '=', id).execute();
}
