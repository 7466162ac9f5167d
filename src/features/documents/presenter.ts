import type { Selectable } from 'kysely';
import { toBool } from '../../db/dialect.js';
import type { DocumentFoldersTable, DocumentsTable } from '../../db/types.js';

// The one place that decides the wire shape of documents, folders, revisions and sync entries.

export type DocumentRow = Selectable<DocumentsTable>;
export type FolderRow = Selectable<DocumentFoldersTable>;

export function presentDocument(d: DocumentRow) {
  return {
    id: d.id,
    title: d.title,
    content: d.content,
    folderId: d.folder_id,
    isPublic: toBool(d.is_public),
    createdAt: d.created_at,
    updatedAt: d.updated_at,
    relativePath: d.relative_path,
    revision: d.revision,
  };
}

/** A search hit: the document without its relativePath (the spec's search shape, plus revision). */
export function presentSearchHit(d: DocumentRow) {
  const { relativePath: _relativePath, ...hit } = presentDocument(d);
  return hit;
}

export function presentDocumentRef(d: Pick<DocumentRow, 'id' | 'title' | 'relative_path'>) {
  return { id: d.id, title: d.title, relativePath: d.relative_path };
}

export function presentFolder(f: Pick<FolderRow, 'id' | 'name' | 'parent_id'>, documents: Pick<DocumentRow, 'id' | 'title' | 'relative_path'>[]) {
  return { id: f.id, name: f.name, parentId: f.parent_id, documents: documents.map(presentDocumentRef) };
}

export function presentSyncFolder(f: FolderRow, path: string) {
  return { id: f.id, name: f.name, parentId: f.parent_id, path, updatedAt: f.updated_at, deletedAt: f.deleted_at };
}

export function presentSyncDocument(d: DocumentRow) {
  return {
    id: d.id,
    title: d.title,
    content: d.content,
    folderId: d.folder_id,
    relativePath: d.relative_path,
    isPublic: toBool(d.is_public),
    revision: d.revision,
    updatedAt: d.updated_at,
    deletedAt: d.deleted_at,
  };
}

/** A shared document in a pull (the caller's role and the owner), or the tombstone of one the caller may no longer read. */
export function presentSharedSyncDocument(d: DocumentRow & { role: string; owner_username: string }) {
  return { id: d.id, title: d.title, content: d.content, revision: d.revision, role: d.role as 'viewer' | 'editor', owner: { username: d.owner_username }, updatedAt: d.updated_at, deletedAt: null };
}

export function presentSharedTombstone(t: { id: string; title: string; revision: number; updated_at: string; role: string; ended_ms: number | string | null; owner_username: string }) {
  return { id: t.id, title: t.title, content: '', revision: t.revision, role: t.role as 'viewer' | 'editor', owner: { username: t.owner_username }, updatedAt: t.updated_at, deletedAt: new Date(Number(t.ended_ms)).toISOString() };
}

export function presentTrashedDocument(d: DocumentRow) {
  return { ...presentDocument(d), deletedAt: d.deleted_at as string };
}

export function presentTrashedFolder(f: FolderRow) {
  return { id: f.id, name: f.name, parentId: f.parent_id, deletedAt: f.deleted_at as string };
}

export interface RevisionRow {
  revision: number;
  title: string;
  content?: string;
  created_at: string;
  editor_id: string | null;
  editor_username: string | null;
}

export function presentRevisionSummary(r: RevisionRow) {
  return { revision: r.revision, title: r.title, createdAt: r.created_at, editor: { id: r.editor_id, username: r.editor_username } };
}

export function presentRevision(r: RevisionRow & { content: string }) {
  return { ...presentRevisionSummary(r), content: r.content };
}
