import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Engine } from '../../../db/connection.js';
import { containsInsensitive, escapeLike } from '../../../db/dialect.js';
import type { Database } from '../../../db/types.js';
import { preparedQuery } from '../../../db/prepared.js';
import { accessRankSql, callerRef, callerTable, roleOfRank, type Role } from '../../sharing/index.js';
import type { DocumentRow } from '../presenter.js';

// The reads of search.ts, sync.ts and templates.ts.

type Db = Kysely<Database>;

/**
 * The ids of the user's live documents matching `term` (title or content, case-insensitive), title
 * matches first, then the most recently updated. On SQLite, for terms of 3 characters or more,
 * the FTS5 trigram table answers (a phrase match is a substring match); else a LIKE.
 */
export async function matchingDocumentIds(db: Db, engine: Engine, userId: string, term: string): Promise<string[]> {
  if (engine === 'sqlite' && [...term].length >= 3) {
    const phrase = `"${term.replace(/"/g, '""')}"`;
    const rows = await sql<{ id: string }>`select d.id from documents_fts f cross join documents d on d.fts_rowid = f.rowid
      where documents_fts match ${phrase} and +d.user_id = ${userId} and d.deleted_at is null
      order by f.rowid in (select rowid from documents_fts where documents_fts match ${`title : ${phrase}`}) desc, d.updated_at desc, d.id desc`.execute(db);
    return rows.rows.map((r) => r.id);
  }
  const titlePattern = `%${escapeLike(term.toLowerCase())}%`;
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([containsInsensitive(eb.ref('title'), term), containsInsensitive(eb.ref('content'), term)]))
    .orderBy(sql`case when ${sql<SqlBool>`lower(title) like ${titlePattern} escape '\\'`} then 0 else 1 end`)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The documents of `ids` (whoever owns them: the caller checks), each with the user's committed
 * sync stamp. By primary key only: with `user_id = ?` in the query, SQLite without fresh
 * statistics walks all of the user's documents instead.
 */
export function documentsWithStamp(db: Db, userId: string, ids: readonly string[]) {
  return db
    .selectFrom('documents')
    .selectAll('documents')
    .select((eb) => eb.selectFrom('document_sync_state').select('last_change_ms').where('user_id', '=', userId).as('sync_stamp'))
    .where('id', 'in', ids)
    .execute();
}

/** Sync: the user's documents changed after `since` (tombstones too), or every live one when `since` is null; oldest change first. */
export function documentsChangedSince(db: Db, userId: string, since: number | null): Promise<DocumentRow[]> {
  let docs = db.selectFrom('documents').selectAll().where('user_id', '=', userId);
  docs = since === null ? docs.where('deleted_at', 'is', null) : docs.where('change_ms', '>', since);
  return docs.orderBy('change_ms').orderBy('id').execute();
}

/** The user's live documents in a folder, by title. */
export function liveDocumentsIn(db: Db, userId: string, folderId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).where('folder_id', '=', folderId).where('deleted_at', 'is', null).orderBy('title').orderBy('id').execute();
}

/** The user's live document of this id in this folder. */
export function liveDocumentIn(db: Db, userId: string, folderId: string, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('user_id', '=', userId).where('folder_id', '=', folderId).where('deleted_at', 'is', null).executeTakeFirst();
}

// ---- service.ts ----

/** The user's live documents at the root, by file name. */
export function liveRootDocuments(db: Db, userId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).where('folder_id', 'is', null).orderBy('relative_path').orderBy('id').execute();
}

/** A live document of this id with the caller's role on it (the access module); undefined when there is none. */
export async function liveDocumentAs(db: Db, userId: string, id: string): Promise<(DocumentRow & { role: Role | null }) | undefined> {
  const [row] = await findLiveDocumentAs(db, userId, id);
  if (!row) return undefined;
  const { access_rank, ...doc } = row;
  return { ...doc, role: roleOfRank(access_rank) };
}

const findLiveDocumentAs = preparedQuery(
  (db: Db, userId: string, id: string) =>
    db
      .selectFrom([callerTable(userId), 'documents'])
      .selectAll('documents')
      .select(accessRankSql('document', sql.ref('documents.id'), sql.ref('documents.user_id'), callerRef).as('access_rank'))
      .where('documents.id', '=', id)
      .where('documents.deleted_at', 'is', null),
  ['$user', '$id'] as const,
);

/** A live document of this id, whoever owns it (the caller checks who may read it). */
export function liveDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export type DocRef = Pick<DocumentRow, 'id' | 'title' | 'relative_path' | 'folder_id'>;

/** The user's live documents in these folders (in any folder when `folderIds` is not given), by file name. */
export function liveDocRefsIn(db: Db, userId: string, folderIds?: readonly string[]): Promise<DocRef[]> {
  let q = db.selectFrom('documents').select(['id', 'title', 'relative_path', 'folder_id']).where('user_id', '=', userId).where('deleted_at', 'is', null);
  q = folderIds ? q.where('folder_id', 'in', folderIds.length ? folderIds : ['']) : q.where('folder_id', 'is not', null);
  return q.orderBy('relative_path').orderBy('id').execute();
}

/** The user's live folders, by name. */
export function liveFolders(db: Db, userId: string) {
  return db.selectFrom('document_folders').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('name').orderBy('id').execute();
}

/** Whether the user has a live folder of this id. */
export async function hasLiveFolder(db: Db, userId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('document_folders').select('id').where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst()) !== undefined;
}

/** The user's live documents directly in a folder, by file name. */
export function liveDocumentsByPathIn(db: Db, userId: string, folderId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).where('folder_id', '=', folderId).where('deleted_at', 'is', null).orderBy('relative_path').orderBy('id').execute();
}

/** A page of the user's public live documents, newest first, with their number. */
export async function publicDocumentsPage(db: Db, userId: string, limit: number, offset: number): Promise<{ rows: DocumentRow[]; total: number }> {
  const base = db.selectFrom('documents').where('user_id', '=', userId).where('is_public', '=', true).where('deleted_at', 'is', null);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).execute();
  const rows = await base.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(n) };
}
