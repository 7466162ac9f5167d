import type { AppContext } from '../../runtime/context.js';
import { cellText, headerNames } from './list-csv.js';
import { presentRowData, presentSchema } from './presenter.js';
import { listsAfter, listTitles, liveRowsAfter, loadColumns, listAs, loadColumnsOf, type StoredColumn } from './queries/index.js';

// The caller's lists and list rows as CSV records (spec: Exports), and one list as the CSV its
// import reads (list-csv.ts), read in keyset batches so memory stays bounded however many rows
// there are.

const BATCH = 1000;

export const LIST_EXPORT_COLUMNS = ['id', 'title', 'description', 'isPublic', 'folderId', 'schema', 'rowCount', 'createdAt', 'updatedAt'] as const;
export const ROW_EXPORT_COLUMNS = ['listId', 'listTitle', 'rowId', 'data', 'createdAt', 'updatedAt'] as const;

export async function* listRecords(ctx: AppContext, userId: string): AsyncGenerator<unknown[]> {
  const db = ctx.db.kysely;
  let after = '';
  for (;;) {
    const batch = await listsAfter(db, userId, after, BATCH);
    const columns = await loadColumnsOf(db, batch.map(({ list }) => list.id));
    for (const { list, rowCount } of batch) {
      yield [list.id, list.title, list.description, list.is_public, list.folder_id, JSON.stringify(presentSchema(list, columns.get(list.id)!)), rowCount, list.created_at, list.updated_at];
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1].list.id;
  }
}

/** Every live row of every list of the caller, list by list; `data` as JSON keyed by column key. */
export async function* rowRecords(ctx: AppContext, userId: string): AsyncGenerator<unknown[]> {
  const db = ctx.db.kysely;
  for (const list of await listTitles(db, userId)) {
    const columns = (await loadColumnsOf(db, [list.id])).get(list.id)!;
    let after = '';
    for (;;) {
      const rows = await liveRowsAfter(db, list.id, after, BATCH);
      for (const r of rows) yield [list.id, list.title, r.id, JSON.stringify(presentRowData(columns, r.data)), r.created_at, r.updated_at];
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
  }
}

/** One list of the caller as CSV: its title, a header cell per column and its live rows, oldest first. 404 when the list is not the caller's. */
export async function listCsv(ctx: AppContext, userId: string, listId: string) {
  const db = ctx.db.kysely;
  const list = await listAs(db, userId, listId, 'viewer');
  const columns = await loadColumns(db, list.id);
  return { title: list.title, header: headerNames(columns), records: listCsvRecords(ctx, list.id, columns) };
}

async function* listCsvRecords(ctx: AppContext, listId: string, columns: readonly StoredColumn[]): AsyncGenerator<string[]> {
  let after = '';
  for (;;) {
    const rows = await liveRowsAfter(ctx.db.kysely, listId, after, BATCH);
    for (const r of rows) yield columns.map((c) => cellText(c, r.data[c.propertyId]));
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}
