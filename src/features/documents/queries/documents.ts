import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AppContext } from '../../../runtime/context.js';
import { batchedTransaction } from '../../../db/batched-transaction.js';
import { isUniqueViolation } from '../../../db/dialect.js';
import type { Database } from '../../../db/types.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import { checkSegment, FolderTree } from '../folder-tree.js';
import { presentDocument, type DocumentRow, type FolderRow } from '../presenter.js';
import { logDocumentChanges, type DocumentChange } from '../log-events.js';
import { announceEvents, streamsOf } from '../../events/index.js';

// The documents' queries, which the services call: one transaction per write holding the user's
// sync stamp, loading the folder tree (folder-tree.ts), and the rules every change of a document
// or folder obeys.

export type Tx = Kysely<Database>;

/** Consecutive edits by the same editor within this window collapse into one history entry (never into revision 1). */
export const REVISION_COLLAPSE_MS = 10 * 60_000;

export interface Writer {
  trx: Tx;
  userId: string;
  /** Who makes the change (recorded in the history). */
  editorId: string;
  now: string;
  nowMs: number;
  /** The sync stamp of this transaction: every row it changes carries it in change_ms. */
  stamp: number;
  /** Documents this transaction made public: reported (`documentPublished`) once it commits. */
  published: Set<string>;
  /** What this transaction changed, logged as events before it commits (log-events.ts). */
  changes: DocumentChange[];
}

/** Notes a change of the writer's own document or folder for the event log. */
function noteChange(w: Writer, type: DocumentChange['type'], data: Record<string, unknown>, documentId?: string): void {
  w.changes.push({ type, ownerId: w.userId, editorId: w.editorId, ...(documentId !== undefined ? { documentId } : {}), data });
}

/**
 * Takes the user's sync stamp: strictly greater than every earlier one of the user, and not
 * behind the clock. The UPDATE row-locks the user's state row on PostgreSQL until the transaction
 * ends (SQLite has a single writer), so one user's writes commit in stamp order.
 */
export async function nextStamp(trx: Tx, userId: string, nowMs: number): Promise<number> {
  // One statement: a user's first write creates the row at the clock.
  const row = await trx
    .insertInto('document_sync_state')
    .values({ user_id: userId, last_change_ms: nowMs })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_change_ms: stampAfter(nowMs) }))
    .returning('last_change_ms')
    .executeTakeFirstOrThrow();
  return Number(row.last_change_ms);
}

/** The next stamp of a user's state row: past the last, and not behind the clock. */
const stampAfter = (nowMs: number) =>
  sql<number>`case when document_sync_state.last_change_ms + 1 > cast(${nowMs} as bigint) then document_sync_state.last_change_ms + 1 else cast(${nowMs} as bigint) end`;

/**
 * Moves these users' sync stamps on without a row of theirs taking it: a change that is no news
 * to a sync client (the trash purge erasing a tombstone's text) but makes every answer kept under
 * the old stamp (sync-cache.ts, search-cache.ts) one of the past. In user id order.
 */
export async function advanceStamps(trx: Tx, userIds: readonly string[], nowMs: number): Promise<void> {
  for (const ids of chunks([...new Set(userIds)].sort(), 500)) {
    await trx.updateTable('document_sync_state').set({ last_change_ms: stampAfter(nowMs) }).where('user_id', 'in', ids).execute();
  }
}

/** The user's last committed sync stamp (0 before any write). */
export async function committedStamp(db: Tx, userId: string): Promise<number> {
  const row = await db.selectFrom('document_sync_state').select('last_change_ms').where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.last_change_ms) : 0;
}

/** A write refused by a unique index on names: some folder or document already has that name there. */
export const anyNameTaken = () => conflict('A folder or document with that name already exists there', 'name_taken');

/**
 * Runs `fn` in the caller's transaction, taking the user's sync stamp first (withWriter's work, for
 * a write shared with another feature). `published` collects the documents that became public,
 * `changes` what is to be logged (logDocumentChanges, before the caller's transaction commits).
 */
export async function writerIn<T>(
  ctx: AppContext,
  trx: Tx,
  userId: string,
  fn: (w: Writer) => Promise<T>,
  published = new Set<string>(),
  editorId = userId,
  changes: DocumentChange[] = [],
): Promise<T> {
  const at = ctx.clock.now();
  const stamp = await nextStamp(trx, userId, at.getTime());
  return fn({ trx, userId, editorId, now: at.toISOString(), nowMs: at.getTime(), stamp, published, changes });
}

/**
 * After the commit of a transaction that made documents public: each is news for the author's blog
 * subscribers. A caller running writerIn in its own transaction calls this once that commits.
 */
export function announcePublished(ctx: AppContext, userId: string, published: Iterable<string>): void {
  for (const documentId of published) ctx.events.emit('documentPublished', { documentId, authorId: userId });
}

/**
 * Runs `fn` in one transaction holding the user's sync stamp (`userId` owns what changes; a
 * collaborator editing it is `editorId`, named in the history). Unique violations become 409.
 */
export async function withWriter<T>(ctx: AppContext, userId: string, fn: (w: Writer) => Promise<T>, editorId = userId): Promise<T> {
  const published = new Set<string>();
  try {
    // Group commit (db/batched-transaction.ts): writes arriving together share one transaction
    // and one commit, each taking back only its own changes when it fails. Alone, a document
    // create held the one SQLite writer for a dozen statements and a commit (with its full-text
    // index flush), so 64 at once queued for seconds.
    const { result, written } = await batchedTransaction(ctx.db, async ({ trx }) => {
      const changes: DocumentChange[] = [];
      const result = await writerIn(ctx, trx, userId, fn, published, editorId, changes);
      return { result, written: await logDocumentChanges(trx, changes, ctx.clock.now()) };
    });
    announcePublished(ctx, userId, published);
    announceEvents(ctx, streamsOf(written));
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw anyNameTaken();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Folders

/** The user's folders, live and deleted, as a tree. */
export async function loadFolderTree(db: Tx, userId: string): Promise<FolderTree> {
  return new FolderTree(await db.selectFrom('document_folders').selectAll().where('user_id', '=', userId).execute());
}

function nameTaken(name: string): AppError {
  return conflict(`A folder named "${name}" already exists there`, 'name_taken');
}

export async function createFolder(w: Writer, tree: FolderTree, name: string, parentId: string | null): Promise<FolderRow> {
  checkSegment(name, 'The folder name');
  if (parentId !== null && !tree.live(parentId)) throw notFound('Parent folder not found');
  if (tree.liveChild(parentId, name)) throw nameTaken(name);
  const row: FolderRow = {
    id: newId(),
    user_id: w.userId,
    parent_id: parentId,
    name,
    created_at: w.now,
    updated_at: w.now,
    deleted_at: null,
    delete_batch: null,
    change_ms: w.stamp,
  };
  await w.trx.insertInto('document_folders').values(row).execute();
  tree.set(row);
  noteChange(w, 'folder.created', { folderId: row.id, name, parentId });
  return row;
}

/** The folder at these names, creating the missing ones (mkdir -p). */
export async function ensureFolderPath(w: Writer, tree: FolderTree, segments: string[]): Promise<string | null> {
  let parent: string | null = null;
  for (const name of segments) {
    const existing = tree.liveChild(parent, name);
    parent = existing ? existing.id : (await createFolder(w, tree, name, parent)).id;
  }
  return parent;
}

export async function updateFolder(w: Writer, tree: FolderTree, folder: FolderRow, patch: { name?: string; parentId?: string | null }): Promise<FolderRow> {
  const name = patch.name !== undefined ? checkSegment(patch.name, 'The folder name') : folder.name;
  const parentId = patch.parentId !== undefined ? patch.parentId : folder.parent_id;
  if (parentId !== null) {
    if (!tree.live(parentId)) throw notFound('Parent folder not found');
    if (tree.isSelfOrDescendant(parentId, folder.id)) throw badRequest('A folder cannot be moved into itself or one of its descendants', 'invalid_move');
  }
  if (name === folder.name && parentId === folder.parent_id) return folder;
  const clash = tree.liveChild(parentId, name);
  if (clash && clash.id !== folder.id) throw nameTaken(name);
  const row = await w.trx
    .updateTable('document_folders')
    .set({ name, parent_id: parentId, updated_at: w.now, change_ms: w.stamp })
    .where('id', '=', folder.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  tree.set(row);
  noteChange(w, 'folder.updated', { folderId: row.id, name, parentId });
  return row;
}

/** Soft-deletes a folder with every live folder and document below it, as one trash batch. */
export async function deleteFolder(w: Writer, tree: FolderTree, folder: FolderRow): Promise<void> {
  const ids = tree.subtree(folder.id, (f) => f.deleted_at === null);
  const batch = newId();
  for (const chunk of chunks(ids, 500)) {
    await w.trx
      .updateTable('document_folders')
      .set({ deleted_at: w.now, delete_batch: batch, updated_at: w.now, change_ms: w.stamp })
      .where('user_id', '=', w.userId)
      .where('id', 'in', chunk)
      .where('deleted_at', 'is', null)
      .execute();
    const documents = await w.trx
      .updateTable('documents')
      .set((eb) => ({ deleted_at: w.now, delete_batch: batch, updated_at: w.now, change_ms: w.stamp, revision: eb('revision', '+', 1) }))
      .where('user_id', '=', w.userId)
      .where('folder_id', 'in', chunk)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    for (const d of documents) noteChange(w, 'document.deleted', { documentId: d.id, deletedAt: w.now, reason: 'deleted' }, d.id);
  }
  for (const id of ids) noteChange(w, 'folder.deleted', { folderId: id, deletedAt: w.now, reason: 'deleted' });
  for (const id of ids) {
    const f = tree.get(id)!;
    if (f.deleted_at === null) tree.set({ ...f, deleted_at: w.now, delete_batch: batch });
  }
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Documents

/** The caller's document by id (live only unless asked), else undefined. */
export async function findOwnDocument(db: Tx, userId: string, id: string, includeDeleted = false): Promise<DocumentRow | undefined> {
  let q = db.selectFrom('documents').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (!includeDeleted) q = q.where('deleted_at', 'is', null);
  return q.executeTakeFirst();
}

export async function liveDocumentAt(db: Tx, userId: string, folderId: string | null, relativePath: string): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    // The very expressions of the unique index documents_live_path_uq, so that it answers.
    .where(sql<SqlBool>`coalesce(folder_id, '') = ${folderId ?? ''}`)
    .where(sql<SqlBool>`lower(relative_path) = lower(${relativePath})`)
    .executeTakeFirst();
}

/** A file name for a title: characters file systems refuse replaced, `.md` appended. */
export function fileNameFor(title: string): string {
  let base = title
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '-')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 200)
    .trim();
  if (base === '') base = 'untitled';
  return base.toLowerCase().endsWith('.md') ? base : `${base}.md`;
}

/** `name.md`, else `name (2).md`, `name (3).md`... whichever is free in the folder. */
async function freeFileName(w: Writer, folderId: string | null, wanted: string): Promise<string> {
  if (!(await liveDocumentAt(w.trx, w.userId, folderId, wanted))) return wanted;
  const dot = wanted.toLowerCase().endsWith('.md') ? wanted.length - 3 : wanted.length;
  for (let i = 2; i < 1000; i++) {
    const candidate = `${wanted.slice(0, dot)} (${i})${wanted.slice(dot)}`;
    if (!(await liveDocumentAt(w.trx, w.userId, folderId, candidate))) return candidate;
  }
  return `${wanted.slice(0, dot)} (${newId()})${wanted.slice(dot)}`;
}

function pathTaken(relativePath: string): AppError {
  return conflict(`A document named "${relativePath}" already exists in that folder`, 'path_taken');
}

export interface NewDocument {
  folderId: string | null;
  title: string;
  content: string;
  /** Explicit: must be free (409). Omitted: derived from the title and made free. */
  relativePath?: string;
  isPublic: boolean;
}

/** `tree`: the user's folders, needed only when the document goes into one. */
export async function insertDocument(w: Writer, tree: FolderTree | null, input: NewDocument): Promise<DocumentRow> {
  if (input.folderId !== null && !tree?.live(input.folderId)) throw notFound('Folder not found');
  let relativePath: string;
  if (input.relativePath !== undefined) {
    relativePath = checkSegment(input.relativePath, 'relativePath');
    if (await liveDocumentAt(w.trx, w.userId, input.folderId, relativePath)) throw pathTaken(relativePath);
  } else {
    relativePath = await freeFileName(w, input.folderId, fileNameFor(input.title));
  }
  const row: DocumentRow = {
    id: newId(),
    user_id: w.userId,
    folder_id: input.folderId,
    title: input.title,
    content: input.content,
    relative_path: relativePath,
    is_public: input.isPublic,
    revision: 1,
    created_at: w.now,
    updated_at: w.now,
    deleted_at: null,
    delete_batch: null,
    change_ms: w.stamp,
  };
  await w.trx.insertInto('documents').values(row).execute();
  if (input.isPublic) w.published.add(row.id);
  noteChange(w, 'document.created', { documentId: row.id, title: row.title, folderId: row.folder_id, revision: 1 }, row.id);
  // The answer is what was written: no read-back.
  await recordRevision(w, row, true);
  return row;
}

export function revisionConflict(doc: DocumentRow, message?: string): AppError {
  return new AppError(409, message ?? `The document has changed: it is at revision ${doc.revision}`, 'revision_conflict', {
    document: presentDocument(doc),
  });
}

export function checkBaseRevision(doc: DocumentRow, baseRevision: number | undefined): void {
  if (baseRevision !== undefined && baseRevision !== doc.revision) throw revisionConflict(doc);
}

export interface DocumentPatch {
  title?: string;
  content?: string;
  relativePath?: string;
  isPublic?: boolean;
  folderId?: string | null;
}

/**
 * Applies a change to a live document: +1 revision when anything changed; a history entry when
 * the title or content changed (collapsed with the previous one by the same editor within ten
 * minutes unless `newHistoryEntry`).
 */
export async function updateDocument(w: Writer, tree: FolderTree, doc: DocumentRow, patch: DocumentPatch, newHistoryEntry = false): Promise<DocumentRow> {
  const folderId = patch.folderId !== undefined ? patch.folderId : doc.folder_id;
  if (folderId !== doc.folder_id && folderId !== null && !tree.live(folderId)) throw notFound('Folder not found');
  const relativePath = patch.relativePath !== undefined ? checkSegment(patch.relativePath, 'relativePath') : doc.relative_path;
  const title = patch.title ?? doc.title;
  const content = patch.content ?? doc.content;
  const isPublic = patch.isPublic ?? (doc.is_public === true || doc.is_public === 1);
  const wasPublic = doc.is_public === true || doc.is_public === 1;
  const moved = folderId !== doc.folder_id || relativePath !== doc.relative_path;
  const textChanged = title !== doc.title || content !== doc.content;
  if (!moved && !textChanged && isPublic === wasPublic && !newHistoryEntry) return doc;
  if (moved) {
    const clash = await liveDocumentAt(w.trx, w.userId, folderId, relativePath);
    if (clash && clash.id !== doc.id) throw pathTaken(relativePath);
  }
  await w.trx
    .updateTable('documents')
    .set({
      title,
      content,
      relative_path: relativePath,
      folder_id: folderId,
      is_public: isPublic,
      revision: doc.revision + 1,
      updated_at: w.now,
      change_ms: w.stamp,
    })
    .where('id', '=', doc.id)
    .execute();
  if (isPublic && !wasPublic) w.published.add(doc.id);
  noteChange(w, 'document.updated', { documentId: doc.id, title, folderId, revision: doc.revision + 1 }, doc.id);
  const updated = (await findOwnDocument(w.trx, w.userId, doc.id))!;
  if (textChanged || newHistoryEntry) await recordRevision(w, updated, newHistoryEntry);
  return updated;
}

export async function deleteDocument(w: Writer, doc: DocumentRow): Promise<void> {
  await w.trx
    .updateTable('documents')
    .set({ deleted_at: w.now, delete_batch: newId(), updated_at: w.now, change_ms: w.stamp, revision: doc.revision + 1 })
    .where('id', '=', doc.id)
    .execute();
  noteChange(w, 'document.deleted', { documentId: doc.id, deletedAt: w.now, reason: 'deleted' }, doc.id);
}

/** Records the document's current title and content in its history. */
async function recordRevision(w: Writer, doc: DocumentRow, forceNew: boolean): Promise<void> {
  if (!forceNew) {
    const last = await w.trx
      .selectFrom('document_revisions')
      .selectAll()
      .where('document_id', '=', doc.id)
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst();
    // Revision 1 is the text the document began with (a template's, an upload's): an edit never
    // collapses into it, so it stays in the history whatever the window.
    if (last && last.revision > 1 && last.editor_id === w.editorId && Date.parse(last.created_at) > w.nowMs - REVISION_COLLAPSE_MS) {
      await w.trx
        .updateTable('document_revisions')
        .set({ revision: doc.revision, title: doc.title, content: doc.content, updated_at: w.now })
        .where('id', '=', last.id)
        .execute();
      return;
    }
  }
  await w.trx
    .insertInto('document_revisions')
    .values({
      id: newId(),
      document_id: doc.id,
      revision: doc.revision,
      title: doc.title,
      content: doc.content,
      editor_id: w.editorId,
      created_at: w.now,
      updated_at: w.now,
    })
    .execute();
}

// ---------------------------------------------------------------------------------------------
// A user's public documents (their blog: the Atom feed and the e-mails to its subscribers)

/** The user's live public documents, most recently updated first. */
export function newestPublicDocuments(db: Tx, userId: string, limit: number): Promise<DocumentRow[]> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_public', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Those of `ids` that are still live public documents of the user, oldest first. */
export function publicDocumentsAmong(db: Tx, userId: string, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('is_public', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
