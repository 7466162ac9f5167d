import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import { PURGED } from './history.js';

// The queries of user-data.ts: a user's documents and folders for the archive, and their removal
// as content-free tombstones, a batch at a time.

type Db = Kysely<Database>;

/** Not yet a purged tombstone (the purge's counts and batches skip those). */
export const notPurged = (eb: ExpressionBuilder<Database, 'documents' | 'document_folders'>) => eb.or([eb('delete_batch', 'is', null), eb('delete_batch', '<>', PURGED)]);

/** The user's live documents after `after` in id order, `limit` of them (the archive's pages). */
export function liveDocumentsAfter(db: Db, userId: string, after: string, limit: number) {
  return db
    .selectFrom('documents')
    .select(['id', 'folder_id', 'relative_path', 'content'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** At most `limit` ids of the user's documents (or folders) that are not purged tombstones. */
export async function unpurgedIdsOf(db: Db, table: 'documents' | 'document_folders', userId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom(table).select('id').where('user_id', '=', userId).where(notPurged).limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Revisions the user wrote in other people's documents keep their text, not their editor. */
export async function forgetRevisionEditor(db: Db, userId: string): Promise<void> {
  await db.updateTable('document_revisions').set({ editor_id: null }).where('editor_id', '=', userId).execute();
}

/** Makes these documents content-free purged tombstones under the sync stamp, without their revisions. */
export async function tombstoneDocuments(db: Db, ids: readonly string[], now: string, stamp: number): Promise<void> {
  await db.deleteFrom('document_revisions').where('document_id', 'in', ids).execute();
  await db.deleteFrom('collaborators').where('document_id', 'in', ids).execute();
  await db
    .updateTable('documents')
    .set((eb) => ({
      title: '',
      content: '',
      deleted_at: sql<string>`coalesce(deleted_at, ${now})`,
      delete_batch: PURGED,
      updated_at: now,
      change_ms: stamp,
      revision: eb('revision', '+', 1),
    }))
    .where('id', 'in', ids)
    .execute();
}

/** Makes these folders purged tombstones under the sync stamp. */
export async function tombstoneFolders(db: Db, ids: readonly string[], now: string, stamp: number): Promise<void> {
  await db
    .updateTable('document_folders')
    .set({ deleted_at: sql<string>`coalesce(deleted_at, ${now})`, delete_batch: PURGED, updated_at: now, change_ms: stamp })
    .where('id', 'in', ids)
    .execute();
}
