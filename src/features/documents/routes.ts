import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/types.js';
import { requireUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { assertNotProbation, assertSubscriber, assertWritable, requireWritable } from '../../http/guards.js';
import { page, PageQuery, pageWindow } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody, PUBLIC, UsernameParams } from '../../http/schemas.js';
import { listRevisions, listTrash, readRevision, restoreDocument, restoreFolder, restoreRevision } from './history.js';
import {
  presentDocument,
  presentFolder,
  presentRevision,
  presentRevisionSummary,
  presentSearchHit,
  presentSyncDocument,
  presentSyncFolder,
  presentTrashedDocument,
  presentTrashedFolder,
} from './presenter.js';
import {
  CreateDocumentBody,
  CreateFolderBody,
  DocumentEnvelope,
  DocumentsEnvelope,
  FolderDetailEnvelope,
  FolderEnvelope,
  FoldersEnvelope,
  FromTemplateBody,
  PagedDocuments,
  RevisionEnvelope,
  RevisionParams,
  RevisionsEnvelope,
  SearchQuery,
  SearchResult,
  SyncPullResult,
  SyncPushBody,
  SyncPushResult,
  SyncQuery,
  TrashEnvelope,
  UpdateDocumentBody,
  UpdateFolderBody,
  DOCUMENT_BODY_LIMIT,
  SYNC_BODY_LIMIT,
} from './schemas.js';
import { searchDocuments } from './search.js';
import {
  createDocument,
  createFolderFor,
  deleteDocumentById,
  deleteFolderById,
  folderDocuments,
  listFolders,
  listPublicDocuments,
  listRootDocuments,
  readDocument,
  readFolder,
  updateDocumentById,
  updateFolderById,
} from './service.js';
import { createsDocuments, pullChanges, pushOperations } from './sync.js';
import { createFromTemplate, listTemplates, seedDefaultTemplates } from './templates.js';

const tags = ['documents'];

/** Whether the account may write (a read that would create something checks it). */
function mayWrite(request: FastifyRequest, user: UserRow): boolean {
  try {
    assertWritable(request, user);
    return true;
  } catch {
    return false;
  }
}

/** Creating documents: a writable, non-probation subscriber. */
async function requireDocumentCreator(request: FastifyRequest) {
  const caller = await requireWritable(request);
  assertNotProbation(request, caller.user);
  assertSubscriber(caller.user);
  return caller;
}

export const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {

  app.get(
    '/api/documents',
    {
      schema: {
        operationId: 'listRootDocuments',
        tags,
        summary: 'The caller’s documents at the root (not in a folder)',
        security: EITHER_AUTH,
        response: { 200: DocumentsEnvelope, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { documents: (await listRootDocuments(request.ctx, user.id)).map(presentDocument) };
    },
  );

  app.post(
    '/api/documents',
    {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        operationId: 'createDocument',
        tags,
        summary: 'Create a document (subscribers)',
        description: 'At the root, or in `folderId`. `relativePath` is the file name inside the folder; when omitted it is derived from the title. Probation accounts: 403 `account_probation_feature`; free accounts: 403 `subscription_required`.',
        security: EITHER_AUTH,
        body: CreateDocumentBody,
        response: { 201: described(DocumentEnvelope, 'The document was created'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireDocumentCreator(request);
      const doc = await createDocument(request.ctx, user.id, request.body);
      return reply.code(201).send({ document: presentDocument(doc) });
    },
  );

  app.get(
    '/api/documents/search',
    {
      schema: {
        operationId: 'searchDocuments',
        tags,
        summary: 'Search the caller’s documents by title and content',
        description: 'Matches any part of a word in any script (Chinese, Japanese and Korean included), case-insensitively. Title matches come first, then the most recently updated.',
        security: EITHER_AUTH,
        querystring: SearchQuery,
        response: { 200: SearchResult, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await searchDocuments(request.ctx, user.id, request.query.q, limit, offset);
      return { documents: rows.map(presentSearchHit), pagination: page(rows, total, limit, offset) };
    },
  );

  app.get(
    '/api/documents/sync',
    {
      schema: {
        operationId: 'pullDocumentChanges',
        tags,
        summary: 'Folders and documents changed since a cursor (delta sync)',
        description:
          'Everything created, changed or deleted since `lastSyncAt` (deleted items as tombstones with `deletedAt`); without `lastSyncAt`, everything live. Pass the returned `lastSyncAt` to the next pull: no change is ever skipped, though a change may come twice (its `revision` tells).',
        security: EITHER_AUTH,
        querystring: SyncQuery,
        response: { 200: SyncPullResult, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const result = await pullChanges(request.ctx, user.id, request.query.lastSyncAt);
      return {
        folders: result.folders.map((f) => presentSyncFolder(f.row, f.path)),
        documents: result.documents.map(presentSyncDocument),
        lastSyncAt: result.lastSyncAt,
      };
    },
  );

  app.post(
    '/api/documents/sync',
    {
      bodyLimit: SYNC_BODY_LIMIT,
      schema: {
        operationId: 'pushDocumentOperations',
        tags,
        summary: 'Apply sync operations, all or nothing',
        description:
          'Operations address folders and documents by path (`work/plan.md`) or by `data.id`, and apply in order in one transaction. An `update` addressed by `data.id` takes `path` as the new location (a rename or move by path; missing folders are created), unless `data.folderId`/`data.relativePath` (documents) or `data.name`/`data.parentId` (folders) are given. A failing operation fails the whole batch; the error message names it (`operations[2]: ...`). An `update` or `delete` whose `data.baseRevision` is stale is refused with 409 `revision_conflict` and the current document; an `update` of a deleted document is 409 `document_deleted`. The answer\'s `lastSyncAt` is the stamp of these changes; keep pulling from your previous cursor to see other clients\' changes.',
        security: EITHER_AUTH,
        body: SyncPushBody,
        response: { 200: SyncPushResult, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await requireWritable(request);
      if (createsDocuments(request.body.operations)) {
        assertNotProbation(request, caller.user);
        assertSubscriber(caller.user);
      }
      return pushOperations(request.ctx, caller.user, request.body.operations);
    },
  );

  app.get(
    '/api/documents/templates',
    {
      schema: {
        operationId: 'listDocumentTemplates',
        tags,
        summary: 'The template documents (in the `_templates` root folder, created if missing)',
        security: EITHER_AUTH,
        response: { 200: DocumentsEnvelope, ...errors(401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { documents: (await listTemplates(request.ctx, user.id, mayWrite(request, user))).map(presentDocument) };
    },
  );

  app.post(
    '/api/documents/templates/seed-defaults',
    {
      schema: {
        operationId: 'seedDocumentTemplates',
        tags,
        summary: 'Add the default templates that are missing (subscribers)',
        description: 'Idempotent: templates already present (by file name) are left as they are.',
        security: EITHER_AUTH,
        response: { 201: described(DocumentsEnvelope, 'Every template document'), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const { user } = await requireDocumentCreator(request);
      const docs = await seedDefaultTemplates(request.ctx, user.id);
      return reply.code(201).send({ documents: docs.map(presentDocument) });
    },
  );

  app.post(
    '/api/documents/from-template',
    {
      schema: {
        operationId: 'createDocumentFromTemplate',
        tags,
        summary: 'Create a document from a template (subscribers)',
        description: 'Copies the template\'s title and content into `targetFolderId` (or the root) as a new private document.',
        security: EITHER_AUTH,
        body: FromTemplateBody,
        response: { 201: described(DocumentEnvelope, 'The document was created'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireDocumentCreator(request);
      const doc = await createFromTemplate(request.ctx, user.id, request.body.templateDocumentId, request.body.targetFolderId ?? null);
      return reply.code(201).send({ document: presentDocument(doc) });
    },
  );

  app.get(
    '/api/documents/trash',
    {
      schema: {
        operationId: 'listDocumentTrash',
        tags,
        summary: 'Deleted documents and folders (kept 30 days)',
        security: EITHER_AUTH,
        querystring: PageQuery,
        response: { 200: TrashEnvelope, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query);
      const trash = await listTrash(request.ctx, user.id, limit, offset);
      return {
        documents: trash.documents.map(presentTrashedDocument),
        folders: trash.folders.map(presentTrashedFolder),
        pagination: page([...trash.documents, ...trash.folders], trash.total, limit, offset),
      };
    },
  );

  // Folders.

  app.get(
    '/api/documents/folders',
    {
      schema: {
        operationId: 'listDocumentFolders',
        tags,
        summary: 'Every folder of the caller with the documents inside it',
        security: EITHER_AUTH,
        response: { 200: FoldersEnvelope, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { folders: (await listFolders(request.ctx, user.id)).map((f) => presentFolder(f.folder, f.documents)) };
    },
  );

  app.post(
    '/api/documents/folders',
    {
      schema: {
        operationId: 'createDocumentFolder',
        tags,
        summary: 'Create a folder',
        description: 'Two live folders with the same parent may not share a name (409 `name_taken`).',
        security: EITHER_AUTH,
        body: CreateFolderBody,
        response: { 201: described(FolderEnvelope, 'The folder was created'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      const folder = await createFolderFor(request.ctx, user.id, request.body);
      return reply.code(201).send({ folder: presentFolder(folder, []) });
    },
  );

  app.get(
    '/api/documents/folders/:id',
    {
      schema: {
        operationId: 'getDocumentFolder',
        tags,
        summary: 'A folder with its child folders and documents',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: FolderDetailEnvelope, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const d = await readFolder(request.ctx, user.id, request.params.id);
      return {
        folder: {
          ...presentFolder(d.folder, d.documents),
          path: d.path,
          children: d.children.map((c) => presentFolder(c.folder, c.documents)),
          createdAt: d.folder.created_at,
          updatedAt: d.folder.updated_at,
        },
      };
    },
  );

  app.put(
    '/api/documents/folders/:id',
    {
      schema: {
        operationId: 'updateDocumentFolder',
        tags,
        summary: 'Rename or move a folder',
        description: '`parentId: null` moves it to the root. Moving a folder into itself or a descendant is 400; a name taken by a live sibling is 409.',
        security: EITHER_AUTH,
        params: IdParams,
        body: UpdateFolderBody,
        response: { 200: described(FolderEnvelope, 'The folder after the change'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      const folder = await updateFolderById(request.ctx, user.id, request.params.id, request.body);
      return { folder: presentFolder(folder, await folderDocuments(request.ctx, user.id, folder.id)) };
    },
  );

  app.delete(
    '/api/documents/folders/:id',
    {
      schema: {
        operationId: 'deleteDocumentFolder',
        tags,
        summary: 'Delete a folder with everything in it (to the trash)',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'The folder, its child folders and their documents were moved to the trash'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteFolderById(request.ctx, user.id, request.params.id);
      return { message: 'Folder deleted' };
    },
  );

  app.post(
    '/api/documents/folders/:id/restore',
    {
      schema: {
        operationId: 'restoreDocumentFolder',
        tags,
        summary: 'Restore a deleted folder with what was deleted with it',
        description: 'It comes back at the root when its parent is still deleted. A live sibling with the same name: 409.',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(FolderEnvelope, 'The restored folder'), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      const folder = await restoreFolder(request.ctx, user.id, request.params.id);
      return { folder: presentFolder(folder, await folderDocuments(request.ctx, user.id, folder.id)) };
    },
  );

  app.get(
    '/api/documents/folders/:id/documents',
    {
      schema: {
        operationId: 'listFolderDocuments',
        tags,
        summary: 'The documents in a folder',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: DocumentsEnvelope, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { documents: (await folderDocuments(request.ctx, user.id, request.params.id)).map(presentDocument) };
    },
  );

  app.post(
    '/api/documents/folders/:id/documents',
    {
      schema: {
        operationId: 'createFolderDocument',
        tags,
        summary: 'Create a document in a folder (subscribers)',
        security: EITHER_AUTH,
        params: IdParams,
        body: CreateDocumentBody,
        response: { 201: described(DocumentEnvelope, 'The document was created'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireDocumentCreator(request);
      if (request.body.folderId !== undefined && request.body.folderId !== request.params.id) {
        throw badRequest('folderId differs from the folder in the path');
      }
      const doc = await createDocument(request.ctx, user.id, request.body, request.params.id);
      return reply.code(201).send({ document: presentDocument(doc) });
    },
  );

  // One document.

  app.get(
    '/api/documents/:id',
    {
      schema: {
        operationId: 'getDocument',
        tags,
        summary: 'A document (the caller’s own, or a public one)',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: DocumentEnvelope, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { document: presentDocument(await readDocument(request.ctx, user.id, request.params.id)) };
    },
  );

  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/api/documents/:id',
      {
        bodyLimit: DOCUMENT_BODY_LIMIT,
        schema: {
          operationId: method === 'put' ? 'updateDocument' : 'patchDocument',
          tags,
          summary: method === 'put' ? 'Update a document' : 'Update a document (alias of PUT)',
          description:
            'Any of title, content, relativePath, isPublic, folderId (`null`: the root). With `baseRevision`, a document changed since that revision is left as it is and the answer is 409 `revision_conflict` with the current document.',
          security: EITHER_AUTH,
          params: IdParams,
          body: UpdateDocumentBody,
          response: { 200: described(DocumentEnvelope, 'The document after the change'), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { user } = await requireWritable(request);
        return { document: presentDocument(await updateDocumentById(request.ctx, user.id, request.params.id, request.body)) };
      },
    );
  }

  app.delete(
    '/api/documents/:id',
    {
      schema: {
        operationId: 'deleteDocument',
        tags,
        summary: 'Delete a document (to the trash)',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'The document was moved to the trash'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteDocumentById(request.ctx, user.id, request.params.id);
      return { message: 'Document deleted' };
    },
  );

  app.post(
    '/api/documents/:id/restore',
    {
      schema: {
        operationId: 'restoreDocument',
        tags,
        summary: 'Restore a deleted document',
        description: 'It comes back at the root when its folder is still deleted. A live document with the same file name there: 409.',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(DocumentEnvelope, 'The restored document'), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { document: presentDocument(await restoreDocument(request.ctx, user.id, request.params.id)) };
    },
  );

  app.get(
    '/api/documents/:id/revisions',
    {
      schema: {
        operationId: 'listDocumentRevisions',
        tags,
        summary: 'A document’s history, newest first',
        description: 'Consecutive edits by the same editor within ten minutes are one entry (numbered by its latest revision).',
        security: EITHER_AUTH,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: RevisionsEnvelope, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await listRevisions(request.ctx, user.id, request.params.id, limit, offset);
      return { revisions: rows.map(presentRevisionSummary), pagination: page(rows, total, limit, offset) };
    },
  );

  app.get(
    '/api/documents/:id/revisions/:n',
    {
      schema: {
        operationId: 'getDocumentRevision',
        tags,
        summary: 'One revision of a document, with its content',
        security: EITHER_AUTH,
        params: RevisionParams,
        response: { 200: RevisionEnvelope, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { revision: presentRevision(await readRevision(request.ctx, user.id, request.params.id, request.params.n)) };
    },
  );

  app.post(
    '/api/documents/:id/revisions/:n/restore',
    {
      schema: {
        operationId: 'restoreDocumentRevision',
        tags,
        summary: 'Make a past revision the current one',
        description: 'A new revision with that revision\'s title and content.',
        security: EITHER_AUTH,
        params: RevisionParams,
        response: { 200: described(DocumentEnvelope, 'The document after the restore'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { document: presentDocument(await restoreRevision(request.ctx, user.id, request.params.id, request.params.n)) };
    },
  );

  // Public.

  app.get(
    '/api/users/:username/documents',
    {
      schema: {
        operationId: 'listPublicDocuments',
        tags,
        summary: 'A user’s public documents, newest first',
        description: 'Private documents never appear. An unknown user is 404 `user_not_found`.',
        security: PUBLIC,
        params: UsernameParams,
        querystring: PageQuery,
        response: { 200: PagedDocuments, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await listPublicDocuments(request.ctx, request.params.username, limit, offset);
      return { documents: rows.map(presentDocument), pagination: page(rows, total, limit, offset) };
    },
  );
};
