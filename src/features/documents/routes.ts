import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireDocumentCreator, requireWritable } from '../../http/guards.js';
import { page, PageQuery, pageWindow } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody, PUBLIC, UsernameParams } from '../../http/schemas.js';
import { presentDocument, presentSearchHit } from './presenter.js';
import {
  CreateDocumentBody,
  DocumentEnvelope,
  DocumentsEnvelope,
  PagedDocuments,
  SearchQuery,
  SearchResult,
  UpdateDocumentBody,
  DOCUMENT_BODY_LIMIT,
} from './schemas.js';
import { searchDocuments } from './search.js';
import { createDocument, deleteDocumentById, listPublicDocuments, listRootDocuments, readDocument, updateDocumentById } from './service.js';

// Documents (spec, Documents): the caller's documents at the root, one document, search, and a
// user's public documents. Folders, sync, templates and history have route files of their own.

const tags = ['documents'];

export const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/documents',
    {
      preValidation: hook(requireUser),
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
      preValidation: hook(requireDocumentCreator),
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
      preValidation: hook(requireUser),
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
    '/api/documents/:id',
    {
      preValidation: hook(requireUser),
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
        preValidation: hook(requireWritable),
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
      preValidation: hook(requireWritable),
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
