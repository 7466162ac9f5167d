import type { AppContext } from '../../runtime/context.js';
import { isDeadlock, isUniqueViolation } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import { splitPath, type FolderTree } from './folder-tree.js';
import type { DocumentRow, FolderRow } from './presenter.js';
import type { SyncOperation } from './schemas.js';
import { applySharedOperation, reconcileShares, sharedChangesSince, type TombstoneRow } from './shared-sync.js';
import { syncAnswersOf } from './sync-cache.js';
import {
  checkBaseRevision,
  committedStamp,
  deleteDocument,
  deleteFolder,
  documentsChangedSince,
  ensureFolderPath,
  findOwnDocument,
  insertDocument,
  liveDocumentAt,
  loadFolderTree,
  updateDocument,
  updateFolder,
  withWriter,
  type SharedDocumentRow,
  type Writer,
} from './queries/index.js';

// Delta sync.
//
// Operations address a folder or document by `path` (folder names and the file name, joined by
// '/'), or by `data.id`. An `update` addressed by `data.id` takes `path` as where the item is to
// be afterwards, so a rename or move by path keeps the id (folders on the way are created);
// `data.folderId`/`data.relativePath` (documents) and `data.name`/`data.parentId` (folders) say
// it explicitly instead.
//
// The cursor. Every write of a user's documents or folders takes the user's sync stamp inside its
// transaction (queries/documents.ts nextStamp): an UPDATE of the user's one `document_sync_state` row, which
// PostgreSQL row-locks until commit and SQLite serialises as its single writer. A stamp is
// strictly greater than every earlier stamp of the user, so the user's writes commit in stamp
// order, and every row a write changes carries its stamp in `change_ms`. A pull first reads the
// committed stamp C, then the rows with change_ms > lastSyncAt, and answers C as the next
// lastSyncAt (an ISO time with millisecond precision, which is exactly the stamp). Every write
// stamped at or below C had committed before C was visible, so it is in this answer or an earlier
// one; a write still running when C was read gets a stamp above C and comes in the next pull. A
// write that commits between the two reads may be sent twice, which the contract allows (the
// revision tells the client it has it). Stamps follow the clock, and run ahead of it by 1 ms per
// write only when several writes fall in the same millisecond.
//
// Documents other users share with the caller, and sync operations on them: shared-sync.ts.

export function msToIso(ms: number): string {
  return new Date(ms).toISOString();
}

export interface PullResult {
  folders: { row: FolderRow; path: string }[];
  documents: DocumentRow[];
  shared: SharedDocumentRow[];
  sharedTombstones: TombstoneRow[];
  lastSyncAt: string;
}

/**
 * A pull's answer as `answer` makes it (the bytes sent). Without shared documents the answer
 * depends on the cursor and the committed stamp only, so it is kept per (user, stamp, cursor)
 * (sync-cache.ts): a pull that finds the stamp unchanged sends the same bytes without reading a
 * row. With shares, every pull takes a stamp of its own, and so is made anew.
 */
export async function pullAnswer(ctx: AppContext, userId: string, lastSyncAt: string | undefined, answer: (result: PullResult) => Buffer): Promise<Buffer> {
  const since = parseCursor(lastSyncAt);
  // First the stamp, then the rows: see the comment at the top. With shared documents the stamp
  // is a new one of the caller's, which the owners' stamps are raised to (shared-sync.ts).
  const shares = await reconcileShares(ctx, userId);
  if (shares) return answer(await changesUpTo(ctx, userId, since, shares.stamp, shares));
  const cursor = await committedStamp(ctx.db.kysely, userId);
  return syncAnswersOf(ctx).getOrCompute(userId, String(cursor), String(since), async () => answer(await changesUpTo(ctx, userId, since, cursor, null)));
}

function parseCursor(lastSyncAt: string | undefined): number | null {
  const since = lastSyncAt === undefined ? null : Date.parse(lastSyncAt);
  if (since !== null && Number.isNaN(since)) throw badRequest('lastSyncAt must be an ISO 8601 time', 'invalid_cursor');
  return since;
}

/** What changed after `since`, answered with `cursor` (read before the rows) as the next lastSyncAt. */
async function changesUpTo(ctx: AppContext, userId: string, since: number | null, cursor: number, shares: { stamp: number; owners: Set<string> } | null): Promise<PullResult> {
  const db = ctx.db.kysely;
  const shared = shares ? await sharedChangesSince(ctx, userId, shares.stamp, shares.owners, since) : { docs: [], tombstones: [] };

  const documents = await documentsChangedSince(db, userId, since);

  const tree = await loadFolderTree(db, userId);
  const folders = tree
    .all()
    .filter((f) => (since === null ? f.deleted_at === null : Number(f.change_ms) > since))
    .sort((a, b) => Number(a.change_ms) - Number(b.change_ms) || a.id.localeCompare(b.id))
    .map((row) => ({ row, path: tree.path(row.id) }));
  return { folders, documents, shared: shared.docs, sharedTombstones: shared.tombstones, lastSyncAt: msToIso(cursor) };
}

/** Creating documents is subscriber-only; the route checks it when a batch creates one. */
export function createsDocuments(operations: SyncOperation[]): boolean {
  return operations.some((o) => o.op === 'create' && o.type === 'document');
}

/** Applies the operations in order in one transaction: all of them, or none. */
export async function pushOperations(ctx: AppContext, user: Pick<UserRow, 'id'>, operations: SyncOperation[]): Promise<{ lastSyncAt: string }> {
  // A batch editing a shared document holds the caller's stamp, then the owner's: two users
  // editing each other's documents at once can deadlock on PostgreSQL, which aborts one batch
  // (nothing of it applied); it is run again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await applyBatch(ctx, user, operations);
    } catch (err) {
      if (attempt >= 3 || !isDeadlock(err)) throw err;
    }
  }
}

function applyBatch(ctx: AppContext, user: Pick<UserRow, 'id'>, operations: SyncOperation[]): Promise<{ lastSyncAt: string }> {
  return withWriter(ctx, user.id, async (w) => {
    const tree = await loadFolderTree(w.trx, user.id);
    const owners = new Map<string, Writer>();
    for (const [index, operation] of operations.entries()) {
      try {
        // Another user's document, named by data.id: as its collaborator (shared-sync.ts).
        if (!(await applySharedOperation(ctx, w, owners, operation))) await applyOperation(w, tree, operation);
      } catch (err) {
        throw atIndex(err, index);
      }
    }
    return { lastSyncAt: msToIso(w.stamp) };
  });
}

/** The same error, its message naming the failing operation. */
function atIndex(err: unknown, index: number): unknown {
  const prefix = `operations[${index}]: `;
  if (err instanceof AppError) return new AppError(err.statusCode, prefix + err.message, err.code, err.extra, err.headers);
  if (isUniqueViolation(err)) return new AppError(409, `${prefix}a folder or document with that name already exists there`, 'name_taken');
  return err;
}

function folderAt(tree: FolderTree, op: SyncOperation): FolderRow {
  if (op.data?.id !== undefined) {
    const f = tree.live(op.data.id);
    if (!f) throw badRequest(`No folder with id ${op.data.id}`, 'unknown_target');
    return f;
  }
  const id = tree.resolve(splitPath(op.path));
  if (!id) throw badRequest(`No folder at ${op.path}`, 'unknown_target');
  return tree.live(id)!;
}

/** A document's folder and file name from its path ('a/b/x.md' → folder a/b, 'x.md'). */
function documentLocation(path: string): { folders: string[]; name: string } {
  const parts = splitPath(path);
  return { folders: parts.slice(0, -1), name: parts[parts.length - 1] };
}

async function documentFor(w: Writer, tree: FolderTree, op: SyncOperation): Promise<DocumentRow | 'deleted'> {
  if (op.data?.id !== undefined) {
    const doc = await findOwnDocument(w.trx, w.userId, op.data.id, true);
    if (!doc) throw badRequest(`No document with id ${op.data.id}`, 'unknown_target');
    return doc.deleted_at === null ? doc : 'deleted';
  }
  const { folders, name } = documentLocation(op.path);
  const folderId = tree.resolve(folders);
  const doc = folderId === undefined ? undefined : await liveDocumentAt(w.trx, w.userId, folderId, name);
  if (!doc) throw badRequest(`No document at ${op.path}`, 'unknown_target');
  return doc;
}

async function applyOperation(w: Writer, tree: FolderTree, op: SyncOperation): Promise<void> {
  const data = op.data ?? {};
  if (op.type === 'folder') {
    for (const field of ['folderId', 'title', 'content', 'relativePath', 'isPublic', 'baseRevision'] as const) {
      if (data[field] !== undefined) throw badRequest(`data.${field} does not apply to a folder`, 'invalid_operation');
    }
    if (op.op === 'create') {
      if (data.id !== undefined) throw badRequest('A created folder gets its id from the server', 'invalid_operation');
      const parts = splitPath(op.path);
      if (data.parentId !== undefined || data.name !== undefined) throw badRequest('A folder is created from its path alone', 'invalid_operation');
      await ensureFolderPath(w, tree, parts);
      return;
    }
    // Deleting a folder that is already deleted is done (as for documents).
    if (op.op === 'delete' && data.id !== undefined && tree.get(data.id)?.deleted_at) return;
    const folder = folderAt(tree, op);
    if (op.op === 'update') {
      if (data.name !== undefined || data.parentId !== undefined) {
        await updateFolder(w, tree, folder, { name: data.name, parentId: data.parentId });
        return;
      }
      // Addressed by id, the path says where the folder is to be: a rename or move by path.
      if (data.id === undefined) throw badRequest('A folder update needs data.name, data.parentId, or data.id with the new path', 'invalid_operation');
      const parts = splitPath(op.path);
      const parentId = await ensureFolderPath(w, tree, parts.slice(0, -1));
      await updateFolder(w, tree, folder, { name: parts[parts.length - 1], parentId });
      return;
    }
    await deleteFolder(w, tree, folder);
    return;
  }

  if (data.name !== undefined || data.parentId !== undefined) throw badRequest('data.name and data.parentId apply to folders', 'invalid_operation');
  if (op.op === 'create') {
    if (data.id !== undefined) throw badRequest('A created document gets its id from the server', 'invalid_operation');
    if (data.baseRevision !== undefined) throw badRequest('A created document has no base revision', 'invalid_operation');
    const { folders, name } = documentLocation(op.path);
    const folderId = data.folderId !== undefined ? data.folderId : await ensureFolderPath(w, tree, folders);
    await insertDocument(w, tree, {
      folderId,
      title: data.title ?? (name.replace(/\.md$/i, '') || name),
      content: data.content ?? '',
      relativePath: data.relativePath ?? name,
      isPublic: data.isPublic ?? false,
    });
    return;
  }

  const target = await documentFor(w, tree, op);
  if (op.op === 'update') {
    if (target === 'deleted') throw conflict('The document was deleted; its edit was not applied', 'document_deleted');
    checkBaseRevision(target, data.baseRevision);
    const { baseRevision: _b, id: _id, ...patch } = data;
    // Addressed by id, the path says where the document is to be (a rename or move by path),
    // unless data.folderId or data.relativePath say it.
    if (data.id !== undefined && patch.folderId === undefined && patch.relativePath === undefined) {
      const { folders, name } = documentLocation(op.path);
      const folderId = tree.resolve(folders);
      patch.folderId = folderId === undefined ? await ensureFolderPath(w, tree, folders) : folderId;
      patch.relativePath = name;
    }
    await updateDocument(w, tree, target, patch);
    return;
  }
  // delete: deleting what is already deleted is done; a stale base revision means an edit the
  // client has not seen, which is never deleted unseen.
  if (target === 'deleted') return;
  checkBaseRevision(target, data.baseRevision);
  await deleteDocument(w, target);
}
