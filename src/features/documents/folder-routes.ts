import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { hook, requireDocumentCreator, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody } from '../../http/schemas.js';
import { presentDocument, presentFolder } from './presenter.js';
import {
  CreateDocumentBody,
  CreateFolderBody,
  DocumentEnvelope,
  DocumentsEnvelope,
  FolderDetailEnvelope,
  FolderEnvelope,
  FoldersEnvelope,
  UpdateFolderBody,
} from './schemas.js';
import { createDocument, createFolderFor, deleteFolderById, folderDocuments, listFolders, readFolder, updateFolderById } from './service.js';

// Document folders (spec, Documents): the tree, one folder, and the documents inside one.
// Restoring a deleted folder is with the trash (history-routes.ts).

const tags = ['documents'];

export const folderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/documents/folders',
    {
      preValidation: hook(requireUser),
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
      preValidation: hook(requireWritable),
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
      preValidation: hook(requireUser),
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
      preValidation: hook(requireWritable),
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
      preValidation: hook(requireWritable),
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

  app.get(
    '/api/documents/folders/:id/documents',
    {
      preValidation: hook(requireUser),
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
      preValidation: hook(requireDocumentCreator),
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
};
