import type { AppContext } from '../../runtime/context.js';
import { conflict, notFound } from '../../http/errors.js';
import type { DocumentRow, FolderRow, RevisionRow } from './presenter.js';
import { changeInOwnersTree, documentFor } from './service.js';
import {
  advanceStamps,
  chunks,
  documentsByIds,
  findOwnDocument,
  foldersByIds,
  liveDocumentAt,
  liveFolder,
  loadFolderTree,
  PURGED,
  purgeTrashBefore,
  revisionsPage,
  revisionText,
  revisionWithContent,
  trashPage,
  undeleteBatchIn,
  undeleteDocument,
  undeleteFolder,
  updateDocument,
  withWriter,
} from './queries/index.js';

// History (revisions) and trash.

/** Deleted documents and folders stay restorable this long, then purgeDocumentTrash removes them. */
export const TRASH_RETENTION_MS = 30 * 24 * 3600_000;


export async function listRevisions(ctx: AppContext, userId: string, id: string, limit: number, offset: number): Promise<{ rows: RevisionRow[]; total: number }> {
  await documentFor(ctx, userId, id, 'viewer');
  return revisionsPage(ctx.db.kysely, id, limit, offset);
}

export async function readRevision(ctx: AppContext, userId: string, id: string, n: number): Promise<RevisionRow & { content: string }> {
  await documentFor(ctx, userId, id, 'viewer');
  const row = await revisionWithContent(ctx.db.kysely, id, n);
  if (!row) throw notFound('Revision not found');
  return row;
}

/**
 * Makes revision n's title and content the document's newest revision (a new history entry): an
 * editor's or the owner's restore, in the owner's tree; the history names who restored.
 */
export async function restoreRevision(ctx: AppContext, userId: string, id: string, n: number): Promise<DocumentRow> {
  const ownerId = (await documentFor(ctx, userId, id, 'editor')).doc.user_id;
  return changeInOwnersTree(ctx, ownerId, id, userId, async (w, doc, tree) => {
    const rev = await revisionText(w.trx, id, n);
    if (!rev) throw notFound('Revision not found');
    return updateDocument(w, tree, doc, { title: rev.title, content: rev.content }, true);
  });
}

// ---------------------------------------------------------------------------------------------
// Trash

export async function listTrash(ctx: AppContext, userId: string, limit: number, offset: number) {
  const db = ctx.db.kysely;
  const { page, total } = await trashPage(db, userId, limit, offset);
  const documents = await documentsByIds(
    db,
    page.filter((e) => e.kind === 'document').map((e) => e.id),
  );
  const folders = await foldersByIds(
    db,
    page.filter((e) => e.kind === 'folder').map((e) => e.id),
  );
  const order = new Map(page.map((e, i) => [e.id, i]));
  const byPage = <T extends { id: string }>(a: T, b: T) => order.get(a.id)! - order.get(b.id)!;
  return { documents: documents.sort(byPage), folders: folders.sort(byPage), total };
}

/** Restores a deleted document; it comes back at the root when its folder is not live. */
export async function restoreDocument(ctx: AppContext, userId: string, id: string): Promise<DocumentRow> {
  return withWriter(ctx, userId, async (w) => {
    const doc = await findOwnDocument(w.trx, userId, id, true);
    if (!doc || doc.deleted_at === null || doc.delete_batch === PURGED) throw notFound('Deleted document not found');
    const tree = await loadFolderTree(w.trx, userId);
    const folderId = doc.folder_id !== null && tree.live(doc.folder_id) ? doc.folder_id : null;
    if (await liveDocumentAt(w.trx, userId, folderId, doc.relative_path)) {
      throw conflict(`A document named "${doc.relative_path}" already exists where it would be restored`, 'path_taken');
    }
    await undeleteDocument(w.trx, doc, folderId, w.now, w.stamp);
    // Purged meanwhile (PostgreSQL: the purge committed while this waited): gone for good.
    const restored = await findOwnDocument(w.trx, userId, id);
    if (!restored) throw notFound('Deleted document not found');
    return restored;
  });
}

/**
 * Restores a deleted folder with what was deleted together with it (its delete batch) below it.
 * It comes back at the root when its parent is not live.
 */
export async function restoreFolder(ctx: AppContext, userId: string, id: string): Promise<FolderRow> {
  return withWriter(ctx, userId, async (w) => {
    const tree = await loadFolderTree(w.trx, userId);
    const folder = tree.get(id);
    if (!folder || folder.deleted_at === null || folder.delete_batch === PURGED) throw notFound('Deleted folder not found');
    const parentId = folder.parent_id !== null && tree.live(folder.parent_id) ? folder.parent_id : null;
    if (tree.liveChild(parentId, folder.name)) throw conflict(`A folder named "${folder.name}" already exists where it would be restored`, 'name_taken');
    const batch = folder.delete_batch;
    const ids = tree.subtree(id, (f) => f.deleted_at !== null && f.delete_batch === batch);
    await undeleteFolder(w.trx, id, parentId, w.now, w.stamp);
    for (const chunk of chunks(ids, 500)) await undeleteBatchIn(w.trx, userId, chunk, batch ?? '', w.now, w.stamp);
    const restored = await liveFolder(w.trx, id);
    if (!restored) throw notFound('Deleted folder not found');
    return restored;
  });
}

/**
 * Removes for good what was deleted more than 30 days ago: a document's title, content and history
 * are erased, and it leaves the trash. What stays is a tombstone (id, folder, file name, times,
 * delete_batch = 'purged'), so that a sync client whose cursor is older than the purge still learns
 * of the deletion.
 * Background work: the scheduler and the cron endpoint call this one function. Safe to run on
 * several instances at once (a row is purged once; a second run finds nothing).
 */
export async function purgeDocumentTrash(
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<{ documents: number; folders: number; documentIds: string[] }> {
  const cutoff = new Date(ctx.clock.now().getTime() - TRASH_RETENTION_MS).toISOString();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // The ids, so the caller can remove what hangs off them elsewhere (embedded image blobs).
    const { documentIds, ownerIds, folders } = await purgeTrashBefore(trx, cutoff);
    // The tombstones' text is gone: answers kept under the owners' stamps are of the past.
    await advanceStamps(trx, ownerIds, ctx.clock.now().getTime());
    return { documents: documentIds.length, folders, documentIds };
  });
}
