import { sql } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { conflict, notFound } from '../../http/errors.js';
import type { DocumentRow, FolderRow, RevisionRow } from './presenter.js';
import { chunks, findOwnDocument, liveDocumentAt, loadFolderTree, updateDocument, withWriter } from './queries.js';

// History (revisions) and trash.

/** Deleted documents and folders stay restorable this long, then purgeDocumentTrash removes them. */
export const TRASH_RETENTION_MS = 30 * 24 * 3600_000;

/** delete_batch of a purged tombstone: out of the trash, never restorable. */
export const PURGED = 'purged';

const documentNotFound = () => notFound('Document not found');

async function ownLiveDocument(ctx: AppContext, userId: string, id: string): Promise<DocumentRow> {
  const doc = await findOwnDocument(ctx.db.kysely, userId, id);
  if (!doc) throw documentNotFound();
  return doc;
}

function revisionsOf(ctx: AppContext, documentId: string) {
  return ctx.db.kysely
    .selectFrom('document_revisions')
    .leftJoin('users', 'users.id', 'document_revisions.editor_id')
    .where('document_revisions.document_id', '=', documentId);
}

export async function listRevisions(ctx: AppContext, userId: string, id: string, limit: number, offset: number): Promise<{ rows: RevisionRow[]; total: number }> {
  await ownLiveDocument(ctx, userId, id);
  const [{ n }] = await revisionsOf(ctx, id)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .execute();
  const rows = await revisionsOf(ctx, id)
    .select([
      'document_revisions.revision',
      'document_revisions.title',
      'document_revisions.created_at',
      'document_revisions.editor_id',
      'users.username as editor_username',
    ])
    .orderBy('document_revisions.revision', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(n) };
}

export async function readRevision(ctx: AppContext, userId: string, id: string, n: number): Promise<RevisionRow & { content: string }> {
  await ownLiveDocument(ctx, userId, id);
  const row = await revisionsOf(ctx, id)
    .select([
      'document_revisions.revision',
      'document_revisions.title',
      'document_revisions.content',
      'document_revisions.created_at',
      'document_revisions.editor_id',
      'users.username as editor_username',
    ])
    .where('document_revisions.revision', '=', n)
    .executeTakeFirst();
  if (!row) throw notFound('Revision not found');
  return row;
}

/** Makes revision n's title and content the document's newest revision (a new history entry). */
export async function restoreRevision(ctx: AppContext, userId: string, id: string, n: number): Promise<DocumentRow> {
  return withWriter(ctx, userId, async (w) => {
    const doc = await findOwnDocument(w.trx, userId, id);
    if (!doc) throw documentNotFound();
    const rev = await w.trx
      .selectFrom('document_revisions')
      .select(['title', 'content'])
      .where('document_id', '=', id)
      .where('revision', '=', n)
      .executeTakeFirst();
    if (!rev) throw notFound('Revision not found');
    return updateDocument(w, await loadFolderTree(w.trx, userId), doc, { title: rev.title, content: rev.content }, true);
  });
}

// ---------------------------------------------------------------------------------------------
// Trash

export async function listTrash(ctx: AppContext, userId: string, limit: number, offset: number) {
  const db = ctx.db.kysely;
  const entries = db
    .selectFrom('documents')
    .select(['id', sql<string>`'document'`.as('kind'), 'deleted_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is not', null)
    .where('delete_batch', '<>', PURGED)
    .unionAll(
      db
        .selectFrom('document_folders')
        .select(['id', sql<string>`'folder'`.as('kind'), 'deleted_at'])
        .where('user_id', '=', userId)
        .where('deleted_at', 'is not', null)
        .where('delete_batch', '<>', PURGED),
    );
  const [{ n }] = await db
    .selectFrom(entries.as('t'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .execute();
  const page = await db
    .selectFrom(entries.as('t'))
    .selectAll()
    .orderBy('deleted_at', 'desc')
    .orderBy('kind')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const docIds = page.filter((e) => e.kind === 'document').map((e) => e.id);
  const folderIds = page.filter((e) => e.kind === 'folder').map((e) => e.id);
  const documents: DocumentRow[] = docIds.length ? await db.selectFrom('documents').selectAll().where('id', 'in', docIds).execute() : [];
  const folders: FolderRow[] = folderIds.length ? await db.selectFrom('document_folders').selectAll().where('id', 'in', folderIds).execute() : [];
  const order = new Map(page.map((e, i) => [e.id, i]));
  const byPage = <T extends { id: string }>(a: T, b: T) => order.get(a.id)! - order.get(b.id)!;
  return { documents: documents.sort(byPage), folders: folders.sort(byPage), total: Number(n) };
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
    await w.trx
      .updateTable('documents')
      .set({ deleted_at: null, delete_batch: null, folder_id: folderId, revision: doc.revision + 1, updated_at: w.now, change_ms: w.stamp })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .where('delete_batch', '<>', PURGED)
      .execute();
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
    await w.trx
      .updateTable('document_folders')
      .set({ parent_id: parentId, deleted_at: null, delete_batch: null, updated_at: w.now, change_ms: w.stamp })
      .where('id', '=', id)
      .where('delete_batch', '<>', PURGED)
      .execute();
    for (const chunk of chunks(ids, 500)) {
      await w.trx
        .updateTable('document_folders')
        .set({ deleted_at: null, delete_batch: null, updated_at: w.now, change_ms: w.stamp })
        .where('user_id', '=', userId)
        .where('id', 'in', chunk)
        .where('delete_batch', '=', batch ?? '')
        .execute();
      await w.trx
        .updateTable('documents')
        .set((eb) => ({ deleted_at: null, delete_batch: null, updated_at: w.now, change_ms: w.stamp, revision: eb('revision', '+', 1) }))
        .where('user_id', '=', userId)
        .where('folder_id', 'in', chunk)
        .where('delete_batch', '=', batch ?? '')
        .execute();
    }
    const restored = await w.trx.selectFrom('document_folders').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
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
    const doomed = trx
      .selectFrom('documents')
      .select('id')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .where('delete_batch', '<>', PURGED);
    await trx.deleteFrom('document_revisions').where('document_id', 'in', doomed).execute();
    // The ids, so the caller can remove what hangs off them elsewhere (embedded image blobs).
    const docs = await trx
      .updateTable('documents')
      .set({ title: '', content: '', delete_batch: PURGED })
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .where('delete_batch', '<>', PURGED)
      .returning('id')
      .execute();
    const folders = await trx
      .updateTable('document_folders')
      .set({ delete_batch: PURGED })
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .where('delete_batch', '<>', PURGED)
      .executeTakeFirst();
    return { documents: docs.length, folders: Number(folders.numUpdatedRows), documentIds: docs.map((d) => d.id) };
  });
}
