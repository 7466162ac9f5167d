import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { accessRankSql } from '../sharing/index.js';

// The watchers' queries (service.ts, user-data.ts).

type Db = Kysely<Database>;

/** Adds the watch unless it is there already. */
export async function insertWatch(db: Db, listId: string, userId: string, now: string): Promise<void> {
  await db
    .insertInto('list_watchers')
    .values({ list_id: listId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['list_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteWatch(db: Db, listId: string, userId: string): Promise<void> {
  await db.deleteFrom('list_watchers').where('list_id', '=', listId).where('user_id', '=', userId).execute();
}

/**
 * Who watches the list and may still read it (its owner or a collaborator, as the access module
 * answers now), but `exceptUserId` (the one who changed it), with the list's title: one statement
 * however many watch it.
 */
export function readingWatchersOf(db: Db, listId: string, exceptUserId: string) {
  return db
    .selectFrom('list_watchers')
    .innerJoin('lists', 'lists.id', 'list_watchers.list_id')
    .select(['list_watchers.user_id', 'lists.title'])
    .where('list_watchers.list_id', '=', listId)
    .where('list_watchers.user_id', '!=', exceptUserId)
    .where(accessRankSql('list', sql.ref('lists.id'), sql.ref('lists.user_id'), sql.ref('list_watchers.user_id')), 'is not', null)
    .orderBy('list_watchers.user_id')
    .execute();
}

/** The user's watches, and the watches of the user's lists (what purge and deletion remove). */
const touching = (userId: string) => (eb: ExpressionBuilder<Database, 'list_watchers'>) =>
  eb.or([eb('list_watchers.user_id', '=', userId), eb('list_watchers.list_id', 'in', eb.selectFrom('lists').select('lists.id').where('lists.user_id', '=', userId))]);

export async function countWatchesTouching(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('list_watchers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(touching(userId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the user's watches and the watches of the user's lists; answers how many. */
export async function deleteWatchesTouching(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('list_watchers').where(touching(userId)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The lists the user watches, with their titles, oldest watch first (the data archive). */
export function watchedLists(db: Db, userId: string) {
  return db
    .selectFrom('list_watchers')
    .innerJoin('lists', 'lists.id', 'list_watchers.list_id')
    .select(['lists.id', 'lists.title', 'list_watchers.created_at'])
    .where('list_watchers.user_id', '=', userId)
    .orderBy('list_watchers.created_at')
    .orderBy('lists.id')
    .execute();
}
