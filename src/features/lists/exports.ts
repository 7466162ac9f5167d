import type { AppContext } from '../../runtime/context.js';
import { toBool } from '../../db/dialect.js';
import { presentSchema } from './presenter.js';
import { loadColumnsOf, parseStored, toListRecord, wireData } from './store.js';

// The caller's lists and list rows as CSV records (spec: Exports), read in keyset batches so
// memory stays bounded however many rows there are.

const BATCH = 1000;

export const LIST_EXPORT_COLUMNS = ['id', 'title', 'description', 'isPublic', 'folderId', 'schema', 'rowCount', 'createdAt', 'updatedAt'] as const;
export const ROW_EXPORT_COLUMNS = ['listId', 'listTitle', 'rowId', 'data', 'createdAt', 'updatedAt'] as const;

export async function* listRecords(ctx: AppContext, userId: string): AsyncGenerator<unknown[]> {
  const db = ctx.db.kysely;
  let after = '';
  for (;;) {
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
      .limit(BATCH)
      .execute();
    const columns = await loadColumnsOf(db, rows.map((r) => r.id));
    for (const r of rows) {
      const list = toListRecord(r);
      yield [list.id, list.title, list.description, toBool(r.is_public), list.folder_id, JSON.stringify(presentSchema(list, columns.get(r.id)!)), Number(r.row_count ?? 0), list.created_at, list.updated_at];
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

/** Every live row of every list of the caller, list by list; `data` as JSON keyed by column key. */
export async function* rowRecords(ctx: AppContext, userId: string): AsyncGenerator<unknown[]> {
  const db = ctx.db.kysely;
  const lists = await db.selectFrom('lists').select(['id', 'title']).where('user_id', '=', userId).orderBy('id').execute();
  for (const list of lists) {
    const columns = (await loadColumnsOf(db, [list.id])).get(list.id)!;
    let after = '';
    for (;;) {
      const rows = await db
        .selectFrom('list_rows')
        .select(['id', 'data', 'created_at', 'updated_at'])
        .where('list_id', '=', list.id)
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const r of rows) yield [list.id, list.title, r.id, JSON.stringify(wireData(columns, parseStored(r.data))), r.created_at, r.updated_at];
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
  }
}
