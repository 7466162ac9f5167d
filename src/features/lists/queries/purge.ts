import { toListRecord, type ListRecord } from './lists.js';
import { forgetRowOrders } from './rows.js';
import type { Tx } from './tx.js';

// A user's lists and list folders as user-data.ts reads them for the archive and removes them,
// a batch at a time.

/** The id of one list of the user (the first by id), if any is left. */
export async function firstListIdOf(db: Tx, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('lists').select('id').where('user_id', '=', userId).orderBy('id').limit(1).executeTakeFirst())?.id;
}

/** Deletes at most `limit` rows of the list (their unique claims cascade); answers how many went. */
export async function deleteRowsBatch(db: Tx, listId: string, limit: number): Promise<number> {
  await forgetRowOrders(db, listId);
  const rows = db.selectFrom('list_rows').select('id').where('list_id', '=', listId).limit(limit);
  const deleted = await db.deleteFrom('list_rows').where('id', 'in', rows).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Deletes at most `limit` list folders of the user; answers how many went. */
export async function deleteListFoldersBatch(db: Tx, userId: string, limit: number): Promise<number> {
  const ids = db.selectFrom('list_folders').select('id').where('user_id', '=', userId).limit(limit);
  const deleted = await db.deleteFrom('list_folders').where('id', 'in', ids).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** The user's list of this id, if it is still there (the archive reads each list as it comes to it). */
export async function ownListIfAny(db: Tx, userId: string, listId: string): Promise<ListRecord | undefined> {
  const row = await db.selectFrom('lists').selectAll().where('id', '=', listId).where('user_id', '=', userId).executeTakeFirst();
  return row && toListRecord(row);
}

/** The id of one list with rows last written by the user (a deleted account's attribution goes list by list). */
export async function listAttributedTo(db: Tx, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('list_rows').select('list_id').where('updated_by', '=', userId).limit(1).executeTakeFirst())?.list_id;
}

/** Clears the user as the editor of at most `limit` rows of the list; answers how many. */
export async function forgetRowEditor(db: Tx, listId: string, userId: string, limit: number): Promise<number> {
  const rows = db.selectFrom('list_rows').select('id').where('list_id', '=', listId).where('updated_by', '=', userId).limit(limit);
  const result = await db.updateTable('list_rows').set({ updated_by: null }).where('id', 'in', rows).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
