import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { page, PageQuery, pageWindow } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { listRevisions, listTrash, readRevision, restoreDocument, restoreFolder, restoreRevision } from './history.js';
import { presentDocument, presentFolder, presentRevision, presentRevisionSummary, presentTrashedDocument, presentTrashedFolder } from './presenter.js';
import { DocumentEnvelope, FolderEnvelope, RevisionEnvelope, RevisionParams, RevisionsEnvelope, TrashEnvelope } from './schemas.js';
import { folderDocuments } from './service.js';

// What documents and folders were: the trash and restoring from it, and a document's revisions.

const tags = ['documents'];

export const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/documents/trash',
    {
      preValidation: hook(requireUser),
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

  app.post(
    '/api/documents/folders/:id/restore',
    {
      preValidation: hook(requireWritable),
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

  app.post(
    '/api/documents/:id/restore',
    {
      preValidation: hook(requireWritable),
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
      preValidation: hook(requireUser),
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
      preValidation: hook(requireUser),
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
      preValidation: hook(requireWritable),
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
};
