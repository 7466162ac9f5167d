import { sql } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { ArchiveFile, UserDataPart } from '../../runtime/module.js';
import { safeSegment } from '../../lib/archive-path.js';
import { csvStream } from '../../lib/csv.js';
import { presentRowData, presentSchema } from './presenter.js';
import { listTitles, liveRowsAfter, loadColumnsOf, toListRecord } from './queries/index.js';

// The user's lists and list folders (the purge's `lists` category). A large list goes a batch of
// rows at a time (their unique claims cascade), each batch bumping rows_version so that no
// instance serves a cached page of rows that are gone; once empty, the list itself goes with its
// columns, views and imports (foreign keys). Lists hold no blobs. In the archive each list is a
// folder with its schema (JSON) and its live rows (CSV, a column per field key).

const ROW_BATCH = 1000;

async function* listFiles(ctx: AppContext, userId: string): AsyncGenerator<ArchiveFile> {
  const db = ctx.db.kysely;
  for (const { id, title } of await listTitles(db, userId)) {
    const row = await db.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) continue;
    const list = toListRecord(row);
    const columns = (await loadColumnsOf(db, [id])).get(id) ?? [];
    const folder = `lists/${safeSegment(title)}-${id}`;
    const meta = { id, title, description: list.description, isPublic: list.is_public, createdAt: list.created_at, schema: presentSchema(list, columns) };
    yield { path: `${folder}/schema.json`, content: `${JSON.stringify(meta, null, 2)}\n` };
    const keys = columns.map((c) => c.key);
    async function* records() {
      let after = '';
      for (;;) {
        const rows = await liveRowsAfter(db, id, after, ROW_BATCH);
        for (const r of rows) {
          const data = presentRowData(columns, r.data);
          yield [r.id, ...keys.map((k) => (typeof data[k] === 'object' && data[k] !== null ? JSON.stringify(data[k]) : data[k])), r.created_at, r.updated_at];
        }
        if (rows.length < ROW_BATCH) return;
        after = rows[rows.length - 1].id;
      }
    }
    yield { path: `${folder}/rows.csv`, content: csvStream(['rowId', ...keys, 'createdAt', 'updatedAt'], records()) };
  }
}

export const listsPart: UserDataPart = {
  key: 'lists',
  category: 'lists',
  order: 200,
  covers: ['lists.user_id', 'list_imports.user_id'],
  async count(ctx, userId) {
    const row = await ctx.db.kysely.selectFrom('lists').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async removeBatch(_ctx, trx, userId, limit) {
    const list = await trx.selectFrom('lists').select('id').where('user_id', '=', userId).orderBy('id').limit(1).executeTakeFirst();
    if (!list) return { removed: 0, blobKeys: [] };
    const rows = trx.selectFrom('list_rows').select('id').where('list_id', '=', list.id).limit(limit);
    const deleted = await trx.deleteFrom('list_rows').where('id', 'in', rows).executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) {
      await trx.updateTable('lists').set({ rows_version: sql<number>`rows_version + 1` }).where('id', '=', list.id).execute();
      return { removed: 0, blobKeys: [], partial: true };
    }
    await trx.deleteFrom('lists').where('id', '=', list.id).execute();
    return { removed: 1, blobKeys: [] };
  },
  exportFiles: listFiles,
};

export const listFoldersPart: UserDataPart = {
  key: 'listFolders',
  category: 'lists',
  order: 190,
  covers: ['list_folders.user_id'],
  async count(ctx, userId) {
    const row = await ctx.db.kysely.selectFrom('list_folders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async removeBatch(_ctx, trx, userId, limit) {
    const ids = trx.selectFrom('list_folders').select('id').where('user_id', '=', userId).limit(limit);
    const deleted = await trx.deleteFrom('list_folders').where('id', 'in', ids).executeTakeFirst();
    return { removed: Number(deleted.numDeletedRows), blobKeys: [] };
  },
};
