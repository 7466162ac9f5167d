import type { AppContext } from '../../runtime/context.js';
import type { ArchiveFile, UserDataPart } from '../../runtime/module.js';
import { safeSegment } from '../../lib/archive-path.js';
import { takeAttachedUploads } from '../media/service.js';
import { countOwned } from '../../runtime/user-data.js';
import { streamsOf } from '../events/index.js';
import { logDocumentChanges, type DocumentChange } from './log-events.js';
import { forgetRevisionEditor, liveDocumentsAfter, loadFolderTree, nextStamp, notPurged, tombstoneDocuments, tombstoneFolders, unpurgedIdsOf } from './queries/index.js';

// The user's documents and folders (the purge's `documents` category). Each goes as the trash
// purge does it: a content-free tombstone under a new sync stamp, so a sync client whose cursor
// predates the purge learns of the removal at its next pull; revisions and image blobs go, the
// stamp bump makes every instance's search cache miss. Account deletion then removes the
// tombstones with the user's row (foreign keys).

const EXPORT_BATCH = 200;

/** A purge's tombstone of a document or folder (no actor: the administrator stays unnamed). */
function purged(type: 'document.deleted' | 'folder.deleted', ownerId: string, id: { documentId: string } | { folderId: string }, now: Date): DocumentChange {
  return { type, ownerId, editorId: null, ...('documentId' in id ? { documentId: id.documentId } : {}), data: { ...id, deletedAt: now.toISOString(), reason: 'purged' } };
}

/** The live documents as markdown files in their folders, a batch of documents at a time. */
async function* documentFiles(ctx: AppContext, userId: string): AsyncGenerator<ArchiveFile> {
  const db = ctx.db.kysely;
  const tree = await loadFolderTree(db, userId);
  let after = '';
  for (;;) {
    const docs = await liveDocumentsAfter(db, userId, after, EXPORT_BATCH);
    for (const d of docs) {
      const folder = d.folder_id === null ? '' : tree.path(d.folder_id).split('/').map((s) => safeSegment(s)).join('/');
      yield { path: ['documents', folder, safeSegment(d.relative_path)].filter((p) => p !== '').join('/'), content: d.content };
    }
    if (docs.length < EXPORT_BATCH) return;
    after = docs[docs.length - 1].id;
  }
}

export const documentsPart: UserDataPart = {
  key: 'documents',
  category: 'documents',
  order: 200,
  covers: ['documents.user_id', 'document_revisions.editor_id', 'document_sync_state.user_id', 'document_share_syncs.user_id'],
  count: (ctx, userId) => countOwned(ctx.db.kysely, 'documents.user_id', userId, notPurged),
  async removeBatch(ctx, trx, userId, limit) {
    const ids = await unpurgedIdsOf(trx, 'documents', userId, limit);
    if (ids.length === 0) {
      // Last: the revisions the user wrote in other people's documents.
      await forgetRevisionEditor(trx, userId);
      return { removed: 0, blobKeys: [] };
    }
    const now = ctx.clock.now();
    // The tombstones (reason "purged") to everyone who could read each document, read before it goes.
    const written = await logDocumentChanges(trx, ids.map((id) => purged('document.deleted', userId, { documentId: id }, now)), now);
    await tombstoneDocuments(trx, ids, now.toISOString(), await nextStamp(trx, userId, now.getTime()));
    const blobKeys = await takeAttachedUploads(
      trx,
      ids.map((id) => `document:${id}`),
    );
    return { removed: ids.length, blobKeys, streams: streamsOf(written) };
  },
  exportFiles: documentFiles,
};

export const foldersPart: UserDataPart = {
  key: 'folders',
  category: 'documents',
  order: 190,
  covers: ['document_folders.user_id'],
  count: (ctx, userId) => countOwned(ctx.db.kysely, 'document_folders.user_id', userId, notPurged),
  async removeBatch(ctx, trx, userId, limit) {
    const ids = await unpurgedIdsOf(trx, 'document_folders', userId, limit);
    if (ids.length === 0) return { removed: 0, blobKeys: [] };
    const now = ctx.clock.now();
    const written = await logDocumentChanges(trx, ids.map((id) => purged('folder.deleted', userId, { folderId: id }, now)), now);
    await tombstoneFolders(trx, ids, now.toISOString(), await nextStamp(trx, userId, now.getTime()));
    return { removed: ids.length, blobKeys: [], streams: streamsOf(written) };
  },
};
