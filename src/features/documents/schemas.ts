import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Paged, pageQuery } from '../../http/pagination.js';
import { DateTime, Id, NotBlank, Nullable, PatternString, ref, StringEnum } from '../../http/schemas.js';

// Request and response schemas of the documents family (spec: Documents).

export const TITLE_MAX = 500;
export const CONTENT_MAX = 500_000;
export const NAME_MAX = 255;
export const SEARCH_Q_MAX = 200;
export const SYNC_OPERATIONS_MAX = 1000;
/** Request body limits of the routes that carry content. The service-wide 1 MiB would refuse a
 * document of 500,000 characters long before its content limit: written as JSON, a character
 * takes up to 3 bytes (CJK) and the control characters JSON escapes are refused anyway. */
export const DOCUMENT_BODY_LIMIT = 4 * 1024 * 1024;
/** A sync batch carries several documents; the CLI keeps its batches well under this. */
export const SYNC_BODY_LIMIT = 16 * 1024 * 1024;

// A folder name or a document's file name: one path segment (no slash or backslash).
const Segment = (description: string) =>
  PatternString('^[^/\\\\]*\\S[^/\\\\]*$', 'must not be blank, and may not contain / or \\', { minLength: 1, maxLength: NAME_MAX, description });
const Title = NotBlank({ minLength: 1, maxLength: TITLE_MAX });
const Content = Type.String({ maxLength: CONTENT_MAX, description: 'Markdown' });
const RelativePath = Segment('The document’s file name inside its folder, such as `notes.md` (derived from the title when omitted)');
const BaseRevision = Type.Integer({ minimum: 1, description: 'The revision the change was based on; a stale one is refused with 409 `revision_conflict`' });

// The fields every document shape shares (the full document, a search hit, a sync change).
const documentCore = {
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  folderId: Nullable(Type.String()),
  isPublic: Type.Boolean(),
  revision: Type.Integer({ minimum: 1, description: '1 on create, +1 on every change' }),
  updatedAt: DateTime(),
};

export const Document = Type.Object(
  {
    ...documentCore,
    createdAt: DateTime(),
    relativePath: Type.String({ description: 'The file name inside the folder' }),
  },
  { $id: 'Document', description: 'A markdown document' },
);

export const DocumentRef = Type.Object(
  { id: Type.String(), title: Type.String(), relativePath: Type.String() },
  { $id: 'DocumentRef', description: 'A document as listed inside a folder' },
);

export const DocumentFolder = Type.Object(
  { id: Type.String(), name: Type.String(), parentId: Nullable(Type.String()), documents: Type.Array(ref(DocumentRef)) },
  { $id: 'DocumentFolder', description: 'A document folder with the documents directly inside it' },
);

export const DocumentFolderDetail = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    parentId: Nullable(Type.String()),
    path: Type.String({ description: 'Folder names from the root, joined by `/`' }),
    documents: Type.Array(ref(DocumentRef)),
    children: Type.Array(ref(DocumentFolder)),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { $id: 'DocumentFolderDetail', description: 'A folder with its child folders and its documents' },
);

export const DocumentSearchHit = Type.Object({ ...documentCore, createdAt: DateTime() }, { $id: 'DocumentSearchHit', description: 'A document found by search' });

export const SyncFolder = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    parentId: Nullable(Type.String()),
    path: Type.String(),
    updatedAt: DateTime(),
    deletedAt: Nullable(DateTime()),
  },
  { $id: 'SyncFolder', description: 'A folder changed since the cursor; a tombstone when deletedAt is set' },
);

export const SyncDocument = Type.Object(
  { ...documentCore, relativePath: Type.String(), deletedAt: Nullable(DateTime()) },
  { $id: 'SyncDocument', description: 'A document changed since the cursor; a tombstone when deletedAt is set' },
);

export const SharedSyncDocument = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    content: Type.String({ description: 'Empty in a tombstone' }),
    revision: Type.Integer({ minimum: 1 }),
    role: StringEnum(['viewer', 'editor'] as const),
    owner: Type.Object({ username: Type.String() }),
    updatedAt: DateTime(),
    deletedAt: Nullable(DateTime({ description: 'Set in a tombstone: the caller may no longer read the document (access revoked, or the document deleted)' })),
  },
  { $id: 'SharedSyncDocument', description: "Another user's document shared with the caller, changed or shared since the cursor; a tombstone when deletedAt is set" },
);

export const RevisionEditor = Type.Object(
  { id: Nullable(Type.String()), username: Nullable(Type.String()) },
  { $id: 'RevisionEditor', description: 'Who made a revision (null once the account is gone)' },
);

export const DocumentRevisionSummary = Type.Object(
  { revision: Type.Integer({ minimum: 1 }), title: Type.String(), createdAt: DateTime(), editor: ref(RevisionEditor) },
  { $id: 'DocumentRevisionSummary', description: 'One entry of a document’s history' },
);

export const DocumentRevision = Type.Object(
  { revision: Type.Integer({ minimum: 1 }), title: Type.String(), content: Type.String(), createdAt: DateTime(), editor: ref(RevisionEditor) },
  { $id: 'DocumentRevision', description: 'A past version of a document' },
);

export const TrashedDocument = Type.Object(
  { ...Document.properties, deletedAt: DateTime() },
  { $id: 'TrashedDocument', description: 'A deleted document, restorable for 30 days' },
);

export const TrashedFolder = Type.Object(
  { id: Type.String(), name: Type.String(), parentId: Nullable(Type.String()), deletedAt: DateTime() },
  { $id: 'TrashedFolder', description: 'A deleted folder, restorable for 30 days' },
);

export const DOCUMENT_COMPONENTS: TSchema[] = [
  Document,
  DocumentRef,
  DocumentFolder,
  DocumentFolderDetail,
  DocumentSearchHit,
  SyncFolder,
  SyncDocument,
  SharedSyncDocument,
  RevisionEditor,
  DocumentRevisionSummary,
  DocumentRevision,
  TrashedDocument,
  TrashedFolder,
];

// Envelopes.
export const DocumentEnvelope = Type.Object({ document: ref(Document) }, { description: 'The document' });
export const DocumentsEnvelope = Type.Object({ documents: Type.Array(ref(Document)) }, { description: 'The documents' });
export const PagedDocuments = Paged({ documents: Type.Array(ref(Document)) }, 'A page of documents');
export const FolderEnvelope = Type.Object({ folder: ref(DocumentFolder) }, { description: 'The folder' });
export const FolderDetailEnvelope = Type.Object({ folder: ref(DocumentFolderDetail) }, { description: 'The folder with its children and documents' });
export const FoldersEnvelope = Type.Object({ folders: Type.Array(ref(DocumentFolder)) }, { description: 'Every folder with its documents' });
export const SearchResult = Paged({ documents: Type.Array(ref(DocumentSearchHit)) }, 'Matching documents, title matches first');
export const SyncPullResult = Type.Object(
  {
    folders: Type.Array(ref(SyncFolder)),
    documents: Type.Array(ref(SyncDocument)),
    shared: Type.Array(ref(SharedSyncDocument)),
    lastSyncAt: DateTime({ description: 'The cursor for the next pull' }),
  },
  { description: 'Everything changed since the cursor, with tombstones' },
);
export const SyncPushResult = Type.Object(
  { lastSyncAt: DateTime({ description: 'The sync stamp of the applied operations' }) },
  { description: 'The operations were applied, all of them' },
);
export const RevisionsEnvelope = Paged({ revisions: Type.Array(ref(DocumentRevisionSummary)) }, 'The history, newest first');
export const RevisionEnvelope = Type.Object({ revision: ref(DocumentRevision) }, { description: 'The revision' });
export const TrashEnvelope = Paged(
  { documents: Type.Array(ref(TrashedDocument)), folders: Type.Array(ref(TrashedFolder)) },
  'Deleted documents and folders, most recently deleted first (the page counts both)',
);

// Parameters.
export const RevisionParams = Type.Object({ id: Id, n: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const SearchQuery = pageQuery({
  q: Type.String({ minLength: 1, maxLength: SEARCH_Q_MAX, description: 'Words or any part of a word, in any script; matched in titles and contents' }),
});
export const SyncQuery = Type.Object({
  lastSyncAt: Type.Optional(DateTime({ description: 'The cursor from the previous pull; omitted: everything live' })),
});

// Bodies.
export const CreateDocumentBody = Type.Object(
  {
    title: Title,
    content: Type.Optional(Content),
    relativePath: Type.Optional(RelativePath),
    isPublic: Type.Optional(Type.Boolean()),
    folderId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false, examples: [{ title: 'Meeting notes', content: '# Meeting notes\n', relativePath: 'meeting-notes.md', isPublic: false }] },
);
export type CreateDocumentBody = Static<typeof CreateDocumentBody>;

export const UpdateDocumentBody = Type.Object(
  {
    title: Type.Optional(Title),
    content: Type.Optional(Content),
    relativePath: Type.Optional(RelativePath),
    isPublic: Type.Optional(Type.Boolean()),
    folderId: Type.Optional(Nullable(Id)),
    baseRevision: Type.Optional(BaseRevision),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ content: '# Meeting notes\n\nDecisions...', baseRevision: 3 }] },
);
export type UpdateDocumentBody = Static<typeof UpdateDocumentBody>;

export const CreateFolderBody = Type.Object(
  { name: Segment('The folder name'), parentId: Type.Optional(Nullable(Id)) },
  { additionalProperties: false, examples: [{ name: 'Work', parentId: null }] },
);
export const UpdateFolderBody = Type.Object(
  { name: Type.Optional(Segment('The new name')), parentId: Type.Optional(Nullable(Id)) },
  { additionalProperties: false, minProperties: 1, examples: [{ name: 'Archive', parentId: null }] },
);

export const FromTemplateBody = Type.Object(
  { templateDocumentId: Id, targetFolderId: Type.Optional(Nullable(Id)) },
  { additionalProperties: false, examples: [{ templateDocumentId: '01890a5d-ac96-774b-b9aa-9b5e1c1d2a3f', targetFolderId: null }] },
);

export const SyncOperationData = Type.Object(
  {
    id: Type.Optional(Id),
    folderId: Type.Optional(Nullable(Id)),
    title: Type.Optional(Title),
    content: Type.Optional(Content),
    relativePath: Type.Optional(RelativePath),
    isPublic: Type.Optional(Type.Boolean()),
    baseRevision: Type.Optional(BaseRevision),
    name: Type.Optional(Segment('Folders: the new name')),
    parentId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type SyncOperationData = Static<typeof SyncOperationData>;

export const SyncOperation = Type.Object(
  {
    op: StringEnum(['create', 'update', 'delete'] as const),
    type: StringEnum(['folder', 'document'] as const),
    path: Type.String({ minLength: 1, maxLength: 4096, description: 'Folder names and, for a document, its file name, joined by `/`' }),
    data: Type.Optional(SyncOperationData),
  },
  { additionalProperties: false },
);
export type SyncOperation = Static<typeof SyncOperation>;

export const SyncPushBody = Type.Object(
  { operations: Type.Array(SyncOperation, { maxItems: SYNC_OPERATIONS_MAX }) },
  {
    additionalProperties: false,
    examples: [
      {
        operations: [
          { op: 'create', type: 'folder', path: 'work' },
          { op: 'create', type: 'document', path: 'work/plan.md', data: { title: 'Plan', content: '# Plan\n' } },
          { op: 'update', type: 'document', path: 'notes.md', data: { content: '# Notes\n\nMore', baseRevision: 2 } },
          { op: 'delete', type: 'document', path: 'old.md' },
        ],
      },
    ],
  },
);
export type SyncPushBody = Static<typeof SyncPushBody>;
