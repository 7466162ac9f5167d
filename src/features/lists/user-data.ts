import { streamsOf } from '../events/index.js';
import { logListEvents } from './log-events.js';
import type { AppContext } from '../../runtime/context.js';
import type { ArchiveFile, UserDataPart } from '../../runtime/module.js';
import { safeSegment } from '../../lib/archive-path.js';
import { csvStream } from '../../lib/csv.js';
import { presentRowData, presentSchema } from './presenter.js';
import { countOwned } from '../../runtime/user-data.js';
import {
  bumpRows,
  deleteListFoldersBatch,
  deleteListRecord,
  deleteRowsBatch,
  firstListIdOf,
  forgetRowEditor,
  listAttributedTo,
  listTitles,
  liveRowsAfter,
  loadColumnsOf,
  ownListIfAny,
} from './queries/index.js';

// The user's lists and list folders (the purge's `lists` category). A large list goes a batch of
// rows at a time (their unique claims cascade), each batch bumping rows_version so that no
// instance serves a cached page of rows that are gone; once empty, the list itself goes with its
// columns, views and imports (foreign keys). Lists hold no blobs. In the archive each list is a
// folder with its schema (JSON) and its live rows (CSV, a column per field key).

const ROW_BATCH = 1000;

async function* listFiles(ctx: AppContext, userId: string): AsyncGenerator<ArchiveFile> {
  const db = ctx.db.kysely;
  for (const { id, title } of await listTitles(db, userId)) {
    const list = await ownListIfAny(db, userId, id);
    if (!list) continue;
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
  count: (ctx, userId) => countOwned(ctx.db.kysely, 'lists.user_id', userId),
  async removeBatch(ctx, trx, userId, limit) {
    const listId = await firstListIdOf(trx, userId);
    if (!listId) return { removed: 0, blobKeys: [] };
    if ((await deleteRowsBatch(trx, listId, limit)) > 0) {
      await bumpRows(trx, listId);
      return { removed: 0, blobKeys: [], partial: true };
    }
    // The tombstone (reason "purged") to everyone who could read the list, read before it goes.
    const now = ctx.clock.now();
    const audience = await logListEvents(trx, now, listId, null, [{ type: 'list.deleted', data: { deletedAt: now.toISOString(), reason: 'purged' } }]);
    await deleteListRecord(trx, listId);
    return { removed: 1, blobKeys: [], streams: streamsOf(audience) };
  },
  exportFiles: listFiles,
};

export const listFoldersPart: UserDataPart = {
  key: 'listFolders',
  category: 'lists',
  order: 190,
  covers: ['list_folders.user_id'],
  count: (ctx, userId) => countOwned(ctx.db.kysely, 'list_folders.user_id', userId),
  removeBatch: async (_ctx, trx, userId, limit) => ({ removed: await deleteListFoldersBatch(trx, userId, limit), blobKeys: [] }),
};

/**
 * A deleted account's attribution: rows it last wrote (in anyone's lists) keep their data and say
 * `updatedBy: null`, a batch of one list's rows at a time, each batch bumping that list's
 * rows_version so that no instance serves a cached page still naming the account. Account
 * deletion only: a purge leaves the account, and its name on the rows it wrote.
 */
export const rowAttributionPart: UserDataPart = {
  key: 'listRowAttribution',
  covers: ['list_rows.updated_by'],
  count: (ctx, userId) => countOwned(ctx.db.kysely, 'list_rows.updated_by', userId),
  async removeBatch(_ctx, trx, userId, limit) {
    const listId = await listAttributedTo(trx, userId);
    if (!listId) return { removed: 0, blobKeys: [] };
    const removed = await forgetRowEditor(trx, listId, userId, limit);
    await bumpRows(trx, listId);
    return { removed, blobKeys: [] };
  },
};
