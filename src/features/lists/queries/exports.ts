import { toListRecord, type ListRecord } from './lists.js';
import { parsedRow, selectLiveRows, type StoredRow } from './rows.js';
import type { Tx } from './tx.js';

// The keyset batches of the CSV exports: ids ascending, after the last one read.

/** The user's lists after `after`, with their live row counts. */
export async function listsAfter(db: Tx, userId: string, after: string, limit: number): Promise<{ list: ListRecord; rowCount: number }[]> {
  const rows = await db
    .selectFrom('lists')
    .selectAll('lists')
    .select((eb) =>
      eb
        .selectFrom('list_rows')
        .select(eb.fn.countAll().as('n'))
        .whereRef('list_rows.list_id', '=', 'lists.id')
        .where('list_rows.deleted_at', 'is', null)
        .as('row_count'),
    )
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(({ row_count, ...list }) => ({ list: toListRecord(list), rowCount: Number(row_count ?? 0) }));
}

/** The ids and titles of all the user's lists, by id. */
export async function listTitles(db: Tx, userId: string): Promise<{ id: string; title: string }[]> {
  return db.selectFrom('lists').select(['id', 'title']).where('user_id', '=', userId).orderBy('id').execute();
}

/** A list's live rows after `after`. */
export async function liveRowsAfter(db: Tx, listId: string, after: string, limit: number): Promise<StoredRow[]> {
  const rows = await selectLiveRows(db, listId).where('list_rows.id', '>', after).orderBy('list_rows.id').limit(limit).execute();
  return rows.map(parsedRow);
}
