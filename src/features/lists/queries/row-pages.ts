import { sql } from 'kysely';
import type { Engine } from '../../../db/connection.js';
import type { RowSelection } from './row-filters.js';
import { parsedRow, selectLiveRows, type RawRow, type StoredRow } from './rows.js';
import type { Tx } from './tx.js';

// The reads behind a page of live rows (row-pages.ts decides which, and caches what they give):
// the list's own order walked on its index, or the ids of every matching row in order and then a
// page of them by primary key.

/** A page in the list's own order (selection.listOrder): an index walk of `limit` rows. */
export async function rowsInListOrder(db: Tx, selection: RowSelection, limit: number, offset: number): Promise<StoredRow[]> {
  const { rows } = await sql<RawRow>`select r.id, r.data, r.created_at, r.updated_at, r.updated_by, editor.username as updated_by_username
    from list_rows r left join users editor on editor.id = r.updated_by
    where ${selection.where} order by r.created_at ${selection.dir}, r.id ${selection.dir} limit ${limit} offset ${offset}`.execute(db);
  return rows.map(parsedRow);
}

/** The ids of every matching row, in the selection's order. */
export async function matchingRowIds(db: Tx, selection: RowSelection): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select r.id from list_rows r where ${selection.where} order by ${selection.order}`.execute(db);
  return rows.map((r) => r.id);
}

/** The live rows of `ids`, in that order (rows gone since are left out). */
export async function liveRowsByIds(db: Tx, listId: string, ids: readonly string[]): Promise<StoredRow[]> {
  const found = await selectLiveRows(db, listId).where('list_rows.id', 'in', ids).execute();
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [parsedRow(r)] : [];
  });
}

/**
 * The number of live rows of a list: a count of its entries in list_rows_list_created_idx (list,
 * deleted_at, ...). SQLite is told to use that index: where one list holds most rows, its
 * statistics make it scan the table instead, reading every row's JSON (about 160 against 17-40 ms
 * at 100,000 rows).
 */
export async function countLiveRows(db: Tx, listId: string, engine: Engine): Promise<number> {
  const from = engine === 'sqlite' ? sql`list_rows indexed by list_rows_list_created_idx` : sql`list_rows`;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${from} where list_id = ${listId} and deleted_at is null`.execute(db);
  return Number(rows[0].n);
}
