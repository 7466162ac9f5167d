import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { DocumentRow, FolderRow, RevisionRow } from '../presenter.js';

// The queries of history.ts: revisions, the trash, restoring, and the purge of expired trash.

type Db = Kysely<Database>;

/** delete_batch of a purged tombstone: out of the trash, never restorable. */
export const PURGED = 'purged';

function revisionsOf(db: Db, documentId: string) {
  return db
    .selectFrom('document_revisions')
    .leftJoin('users', 'users.id', 'document_revisions.editor_id')
    .where('document_revisions.document_id', '=', documentId);
}

const REVISION_FIELDS = ['document_revisions.revision', 'document_revisions.title', 'document_revisions.created_at', 'document_revisions.editor_id', 'users.username as editor_username'] as const;

/** A page of a document's revisions, newest first, with the number of them. */
export async function revisionsPage(db: Db, documentId: string, limit: number, offset: number): Promise<{ rows: RevisionRow[]; total: number }> {
  const [{ n }] = await revisionsOf(db, documentId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .execute();
  const rows = await revisionsOf(db, documentId).select(REVISION_FIELDS).orderBy('document_revisions.revision', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(n) };
}

/** Revision n of a document with its content. */
export function revisionWithContent(db: Db, documentId: string, n: number): Promise<(RevisionRow & { content: string }) | undefined> {
  return revisionsOf(db, documentId)
    .select([...REVISION_FIELDS, 'document_revisions.content'])
    .where('document_revisions.revision', '=', n)
    .executeTakeFirst();
}

/** The title and content of revision n of a document. */
export function revisionText(db: Db, documentId: string, n: number) {
  return db.selectFrom('document_revisions').select(['title', 'content']).where('document_id', '=', documentId).where('revision', '=', n).executeTakeFirst();
}

/** A page of the user's trash (deleted documents and folders, newest deletion first), with its size. */
export async function trashPage(db: Db, userId: string, limit: number, offset: number) {
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
  const page = await db.selectFrom(entries.as('t')).selectAll().orderBy('deleted_at', 'desc').orderBy('kind').orderBy('id').limit(limit).offset(offset).execute();
  return { page, total: Number(n) };
}

export async function documentsByIds(db: Db, ids: readonly string[]): Promise<DocumentRow[]> {
  return ids.length ? db.selectFrom('documents').selectAll().where('id', 'in', ids).execute() : [];
}

export async function foldersByIds(db: Db, ids: readonly string[]): Promise<FolderRow[]> {
  return ids.length ? db.selectFrom('document_folders').selectAll().where('id', 'in', ids).execute() : [];
}

/** Brings a deleted (not purged) document back into `folderId`, as its next revision. */
export async function undeleteDocument(db: Db, doc: Pick<DocumentRow, 'id' | 'revision'>, folderId: string | null, now: string, stamp: number): Promise<void> {
  await db
    .updateTable('documents')
    .set({ deleted_at: null, delete_batch: null, folder_id: folderId, revision: doc.revision + 1, updated_at: now, change_ms: stamp })
    .where('id', '=', doc.id)
    .where('deleted_at', 'is not', null)
    .where('delete_batch', '<>', PURGED)
    .execute();
}

/** Brings a deleted (not purged) folder back under `parentId`. */
export async function undeleteFolder(db: Db, id: string, parentId: string | null, now: string, stamp: number): Promise<void> {
  await db.updateTable('document_folders').set({ parent_id: parentId, deleted_at: null, delete_batch: null, updated_at: now, change_ms: stamp }).where('id', '=', id).where('delete_batch', '<>', PURGED).execute();
}

/** Brings back the folders of `ids` and the documents in them that were deleted in `batch`. */
export async function undeleteBatchIn(db: Db, userId: string, ids: readonly string[], batch: string, now: string, stamp: number): Promise<void> {
  await db
    .updateTable('document_folders')
    .set({ deleted_at: null, delete_batch: null, updated_at: now, change_ms: stamp })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('delete_batch', '=', batch)
    .execute();
  await db
    .updateTable('documents')
    .set((eb) => ({ deleted_at: null, delete_batch: null, updated_at: now, change_ms: stamp, revision: eb('revision', '+', 1) }))
    .where('user_id', '=', userId)
    .where('folder_id', 'in', ids)
    .where('delete_batch', '=', batch)
    .execute();
}

export function liveFolder(db: Db, id: string): Promise<FolderRow | undefined> {
  return db.selectFrom('document_folders').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/**
 * Turns what was deleted before `cutoff` into tombstones: documents lose their title, content and
 * revisions; both leave the trash. Answers the documents' ids, their owners and the number of folders.
 */
export async function purgeTrashBefore(db: Db, cutoff: string): Promise<{ documentIds: string[]; ownerIds: string[]; folders: number }> {
  const doomed = db.selectFrom('documents').select('id').where('deleted_at', 'is not', null).where('deleted_at', '<', cutoff).where('delete_batch', '<>', PURGED);
  await db.deleteFrom('document_revisions').where('document_id', 'in', doomed).execute();
  // A purged document is shared with nobody any more (its tombstone stays for sync).
  await db.deleteFrom('collaborators').where('document_id', 'in', doomed).execute();
  const docs = await db
    .updateTable('documents')
    .set({ title: '', content: '', delete_batch: PURGED })
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .where('delete_batch', '<>', PURGED)
    .returning(['id', 'user_id'])
    .execute();
  const folders = await db
    .updateTable('document_folders')
    .set({ delete_batch: PURGED })
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .where('delete_batch', '<>', PURGED)
    .executeTakeFirst();
  return { documentIds: docs.map((d) => d.id), ownerIds: docs.map((d) => d.user_id), folders: Number(folders.numUpdatedRows) };
}
