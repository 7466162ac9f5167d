import { sql } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { ArchiveFile, UserDataPart } from '../../runtime/module.js';
import { safeSegment } from '../../lib/archive-path.js';
import { takeAttachedUploads } from '../media/service.js';
import { PURGED } from './history.js';
import { loadFolderTree, nextStamp } from './queries.js';

// The user's documents and folders (the purge's `documents` category). Each goes as the trash
// purge does it: a content-free tombstone under a new sync stamp, so a sync client whose cursor
// predates the purge learns of the removal at its next pull; revisions and image blobs go, the
// stamp bump makes every instance's search cache miss. Account deletion then removes the
// tombstones with the user's row (foreign keys).

const EXPORT_BATCH = 200;

/** The live documents as markdown files in their folders, a batch of documents at a time. */
async function* documentFiles(ctx: AppContext, userId: string): AsyncGenerator<ArchiveFile> {
  const db = ctx.db.kysely;
  const tree = await loadFolderTree(db, userId);
  let after = '';
  for (;;) {
    const docs = await db
      .selectFrom('documents')
      .select(['id', 'folder_id', 'relative_path', 'content'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(EXPORT_BATCH)
      .execute();
    for (const d of docs) {
      const folder = d.folder_id === null ? '' : tree.path(d.folder_id).split('/').map((s) => safeSegment(s)).join('/');
      yield { path: ['documents', folder, safeSegment(d.relative_path)].filter((p) => p !== '').join('/'), content: d.content };
    }
    if (docs.length < EXPORT_BATCH) return;
    after = docs[docs.length - 1].id;
  }
}

const notPurged = (eb: any) => eb.or([eb('delete_batch', 'is', null), eb('delete_batch', '<>', PURGED)]);

export const documentsPart: UserDataPart = {
  key: 'documents',
  category: 'documents',
  order: 200,
  covers: ['documents.user_id', 'document_revisions.editor_id', 'document_sync_state.user_id'],
  async count(ctx, userId) {
    const row = await ctx.db.kysely.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where(notPurged).executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async removeBatch(ctx, trx, userId, limit) {
    const rows = await trx.selectFrom('documents').select('id').where('user_id', '=', userId).where(notPurged).limit(limit).execute();
    if (rows.length === 0) {
      // Last: revisions the user wrote in other people's documents keep their text, not their editor.
      await trx.updateTable('document_revisions').set({ editor_id: null }).where('editor_id', '=', userId).execute();
      return { removed: 0, blobKeys: [] };
    }
    const ids = rows.map((r) => r.id);
    const now = ctx.clock.now();
    const stamp = await nextStamp(trx, userId, now.getTime());
    await trx.deleteFrom('document_revisions').where('document_id', 'in', ids).execute();
    await trx
      .updateTable('documents')
      .set((eb) => ({
        title: '',
        content: '',
        deleted_at: sql<string>`coalesce(deleted_at, ${now.toISOString()})`,
        delete_batch: PURGED,
        updated_at: now.toISOString(),
        change_ms: stamp,
        revision: eb('revision', '+', 1),
      }))
      .where('id', 'in', ids)
      .execute();
    const blobKeys = await takeAttachedUploads(
      trx,
      ids.map((id) => `document:${id}`),
    );
    return { removed: ids.length, blobKeys };
  },
  exportFiles: documentFiles,
};

export const foldersPart: UserDataPart = {
  key: 'folders',
  category: 'documents',
  order: 190,
  covers: ['document_folders.user_id'],
  async count(ctx, userId) {
    const row = await ctx.db.kysely.selectFrom('document_folders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where(notPurged).executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async removeBatch(ctx, trx, userId, limit) {
    const rows = await trx.selectFrom('document_folders').select('id').where('user_id', '=', userId).where(notPurged).limit(limit).execute();
    if (rows.length === 0) return { removed: 0, blobKeys: [] };
    const now = ctx.clock.now();
    const stamp = await nextStamp(trx, userId, now.getTime());
    await trx
      .updateTable('document_folders')
      .set({ deleted_at: sql<string>`coalesce(deleted_at, ${now.toISOString()})`, delete_batch: PURGED, updated_at: now.toISOString(), change_ms: stamp })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return { removed: rows.length, blobKeys: [] };
  },
};
