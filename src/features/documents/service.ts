import type { FolderTree } from './folder-tree.js';
import type { AppContext } from '../../runtime/context.js';
import { forbidden, notFound, userNotFound } from '../../http/errors.js';
import { assertRole, type Role } from '../sharing/index.js';
import { findUserByUsername } from '../users/service.js';
import type { DocumentRow, FolderRow } from './presenter.js';
import type { CreateDocumentBody, UpdateDocumentBody } from './schemas.js';
import { checkSegment } from './folder-tree.js';
import { logDocumentChanges, type DocumentChange } from './log-events.js';
import { isUniqueViolation } from '../../db/dialect.js';
import {
  anyNameTaken,
  checkBaseRevision,
  createFolder,
  deleteDocument,
  deleteFolder,
  findOwnDocument,
  hasLiveFolder,
  insertDocument,
  liveDocRefsIn,
  liveDocumentAs,
  liveDocumentsByPathIn,
  liveFolders,
  liveRootDocuments,
  loadFolderTree,
  newestPublicDocuments,
  publicDocumentsAmong,
  publicDocumentsPage,
  updateDocument,
  updateFolder,
  withWriter,
  type DocRef,
  writerIn,
  type Tx,
  type Writer,
} from './queries/index.js';

// Documents and folders: the HTTP operations of the spec's Documents table.

export { CONTENT_MAX, DOCUMENT_BODY_LIMIT, NAME_MAX, TITLE_MAX } from './schemas.js';
export { announcePublished } from './queries/index.js';
export type { DocumentRow } from './presenter.js';

const documentNotFound = () => notFound('Document not found');
const folderNotFound = () => notFound('Folder not found');

export async function listRootDocuments(ctx: AppContext, userId: string): Promise<DocumentRow[]> {
  return liveRootDocuments(ctx.db.kysely, userId);
}

export async function createDocument(ctx: AppContext, userId: string, body: CreateDocumentBody, folderId?: string): Promise<DocumentRow> {
  return withWriter(ctx, userId, (w) => insertNew(w, body, folderId));
}

/**
 * createDocument inside the caller's transaction (a document written together with something
 * else: all or nothing). A name taken is the same 409 as createDocument's. A public document's id
 * lands in `published`: the caller passes it to announcePublished once its transaction commits.
 */
export async function createDocumentIn(ctx: AppContext, trx: Tx, userId: string, body: CreateDocumentBody, published: Set<string>): Promise<DocumentRow> {
  try {
    // Logged in the caller's transaction; the streams' poll carries it once that commits.
    const changes: DocumentChange[] = [];
    const doc = await writerIn(ctx, trx, userId, (w) => insertNew(w, body), published, userId, changes);
    await logDocumentChanges(trx, changes, ctx.clock.now());
    return doc;
  } catch (err) {
    throw isUniqueViolation(err) ? anyNameTaken() : err;
  }
}

async function insertNew(w: Writer, body: CreateDocumentBody, folderId?: string): Promise<DocumentRow> {
  const target = folderId ?? body.folderId ?? null;
  // The folder tree only for a document that goes into a folder.
  const tree = target === null ? null : await loadFolderTree(w.trx, w.userId);
  if (folderId !== undefined && !tree?.live(folderId)) throw folderNotFound();
  return insertDocument(w, tree, {
    folderId: target,
    title: body.title,
    content: body.content ?? '',
    relativePath: body.relativePath,
    isPublic: body.isPublic ?? false,
  });
}

/**
 * A live document for an operation that needs `needed` (the access module): 404 with no access
 * (deleted included), 403 `forbidden` for a collaborator without the role.
 */
export async function documentFor(ctx: AppContext, userId: string, id: string, needed: Role): Promise<{ doc: DocumentRow; role: Role }> {
  const found = await liveDocumentAs(ctx.db.kysely, userId, id);
  const role = assertRole('document', found?.role ?? null, needed);
  const { role: _role, ...doc } = found!;
  return { doc, role };
}

/** A document its owner and collaborators may read, or anyone's public one; anything else (deleted included) is 404. */
export async function readDocument(ctx: AppContext, viewerId: string, id: string): Promise<DocumentRow> {
  const found = await liveDocumentAs(ctx.db.kysely, viewerId, id);
  if (!found || (found.role === null && !(found.is_public === true || found.is_public === 1))) throw documentNotFound();
  const { role: _role, ...doc } = found;
  return doc;
}

/** What only a document's owner changes: where it is and who sees it (an editor changes its title and content). */
const OWNER_FIELDS = ['relativePath', 'isPublic', 'folderId'] as const;

/** The user's own live document, or 404 (not found, deleted and not yours are the same). */
export async function ownDocument(ctx: AppContext, userId: string, id: string): Promise<DocumentRow> {
  const doc = await findOwnDocument(ctx.db.kysely, userId, id);
  if (!doc) throw documentNotFound();
  return doc;
}

/** Changes a document, as its owner or an editor, in the owner's tree (the owner's sync stamp; the history names the editor). */
export async function updateDocumentById(ctx: AppContext, userId: string, id: string, body: UpdateDocumentBody): Promise<DocumentRow> {
  const { doc: found, role } = await documentFor(ctx, userId, id, 'editor');
  if (role !== 'owner' && OWNER_FIELDS.some((f) => body[f] !== undefined)) throw forbidden("Only the document's owner may move it, rename its file or change its visibility");
  return updateOwnersDocument(ctx, found.user_id, id, body, userId);
}

/**
 * Changes a document in its owner's tree, under the owner's rules (baseRevision). `editorId` is who
 * makes the change, named in its history: the owner, a collaborator, or an edit share link's holder;
 * the caller has checked their right to.
 */
export function updateOwnersDocument(ctx: AppContext, ownerId: string, id: string, body: UpdateDocumentBody, editorId = ownerId): Promise<DocumentRow> {
  return changeInOwnersTree(ctx, ownerId, id, editorId, (w, doc, tree) => {
    checkBaseRevision(doc, body.baseRevision);
    const { baseRevision: _base, ...patch } = body;
    return updateDocument(w, tree, doc, patch);
  });
}

/**
 * One change of a live document in its owner's tree: the owner's sync stamp, the document re-read
 * in the transaction (404 once it is gone), the history naming `editorId`.
 */
export function changeInOwnersTree(
  ctx: AppContext,
  ownerId: string,
  id: string,
  editorId: string,
  change: (w: Writer, doc: DocumentRow, tree: FolderTree) => Promise<DocumentRow>,
): Promise<DocumentRow> {
  return withWriter(
    ctx,
    ownerId,
    async (w) => {
      const doc = await findOwnDocument(w.trx, ownerId, id);
      if (!doc) throw documentNotFound();
      return change(w, doc, await loadFolderTree(w.trx, ownerId));
    },
    editorId,
  );
}

export async function deleteDocumentById(ctx: AppContext, userId: string, id: string): Promise<void> {
  await documentFor(ctx, userId, id, 'owner');
  await withWriter(ctx, userId, async (w) => {
    const doc = await findOwnDocument(w.trx, userId, id);
    if (!doc) throw documentNotFound();
    await deleteDocument(w, doc);
  });
}

async function liveDocRefs(ctx: AppContext, userId: string, folderIds?: string[]): Promise<DocRef[]> {
  return liveDocRefsIn(ctx.db.kysely, userId, folderIds);
}

function groupByFolder(docs: DocRef[]): Map<string, DocRef[]> {
  const by = new Map<string, DocRef[]>();
  for (const d of docs) {
    const list = by.get(d.folder_id!) ?? [];
    list.push(d);
    by.set(d.folder_id!, list);
  }
  return by;
}

/** Every live folder of the user with the documents directly inside it. */
export async function listFolders(ctx: AppContext, userId: string): Promise<{ folder: FolderRow; documents: DocRef[] }[]> {
  const folders = await liveFolders(ctx.db.kysely, userId);
  const docs = groupByFolder(await liveDocRefs(ctx, userId));
  return folders.map((folder) => ({ folder, documents: docs.get(folder.id) ?? [] }));
}

export async function createFolderFor(ctx: AppContext, userId: string, body: { name: string; parentId?: string | null }): Promise<FolderRow> {
  return withWriter(ctx, userId, async (w) => createFolder(w, await loadFolderTree(w.trx, userId), body.name, body.parentId ?? null));
}

/**
 * A new root folder holding new documents, in one transaction: the folder takes `name`, or
 * `name (2)`, `name (3)`... whichever no live root folder has; the documents keep the given order
 * (file names from their titles, made free).
 */
export async function createFolderWithDocuments(
  ctx: AppContext,
  userId: string,
  name: string,
  documents: readonly { title: string; content: string; isPublic: boolean }[],
): Promise<{ folder: FolderRow; documents: DocumentRow[] }> {
  return withWriter(ctx, userId, async (w) => {
    const tree = await loadFolderTree(w.trx, userId);
    const base = checkSegment(name.trim(), 'The folder name');
    let free = base;
    for (let i = 2; tree.liveChild(null, free); i++) free = `${base} (${i})`;
    const folder = await createFolder(w, tree, free, null);
    const written: DocumentRow[] = [];
    for (const d of documents) written.push(await insertDocument(w, tree, { folderId: folder.id, title: d.title, content: d.content, isPublic: d.isPublic }));
    return { folder, documents: written };
  });
}

export interface FolderDetail {
  folder: FolderRow;
  path: string;
  documents: DocRef[];
  children: { folder: FolderRow; documents: DocRef[] }[];
}

export async function readFolder(ctx: AppContext, userId: string, id: string): Promise<FolderDetail> {
  const tree = await loadFolderTree(ctx.db.kysely, userId);
  const folder = tree.live(id);
  if (!folder) throw folderNotFound();
  const children = tree.liveChildren(id);
  const docs = groupByFolder(await liveDocRefs(ctx, userId, [id, ...children.map((c) => c.id)]));
  return {
    folder,
    path: tree.path(id),
    documents: docs.get(id) ?? [],
    children: children.map((c) => ({ folder: c, documents: docs.get(c.id) ?? [] })),
  };
}

export async function updateFolderById(ctx: AppContext, userId: string, id: string, patch: { name?: string; parentId?: string | null }): Promise<FolderRow> {
  return withWriter(ctx, userId, async (w) => {
    const tree = await loadFolderTree(w.trx, userId);
    const folder = tree.live(id);
    if (!folder) throw folderNotFound();
    return updateFolder(w, tree, folder, patch);
  });
}

export async function deleteFolderById(ctx: AppContext, userId: string, id: string): Promise<void> {
  await withWriter(ctx, userId, async (w) => {
    const tree = await loadFolderTree(w.trx, userId);
    const folder = tree.live(id);
    if (!folder) throw folderNotFound();
    await deleteFolder(w, tree, folder);
  });
}

export async function folderDocuments(ctx: AppContext, userId: string, id: string): Promise<DocumentRow[]> {
  if (!(await hasLiveFolder(ctx.db.kysely, userId, id))) throw folderNotFound();
  return liveDocumentsByPathIn(ctx.db.kysely, userId, id);
}

/** The user's newest public documents (most recently updated first): their blog's feed. */
export function newestPublicDocumentsOf(ctx: AppContext, userId: string, limit: number): Promise<DocumentRow[]> {
  return newestPublicDocuments(ctx.db.kysely, userId, limit);
}

/** Those of `ids` that are still live public documents of the user (the blog e-mails re-check). */
export function publicDocumentsOf(ctx: AppContext, userId: string, ids: readonly string[]): Promise<DocumentRow[]> {
  return publicDocumentsAmong(ctx.db.kysely, userId, ids);
}

/** A user's public documents, newest first (GET /api/users/{username}/documents). */
export async function listPublicDocuments(ctx: AppContext, username: string, limit: number, offset: number) {
  const owner = await findUserByUsername(ctx.db.kysely, username);
  if (!owner) throw userNotFound();
  return publicDocumentsPage(ctx.db.kysely, owner.id, limit, offset);
}
