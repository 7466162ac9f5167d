import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody } from '../../http/schemas.js';
import { createFolder, deleteFolder, listFolders, updateFolder } from './folders.js';
import { presentFolder } from './presenter.js';
import { FolderBody, FolderEnvelope, FolderPatch, FoldersEnvelope } from './schemas.js';

// List folders.

const tags = ['lists'];

export const listFolderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/folders',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listListFolders',
        tags,
        summary: 'All the caller’s list folders that are not deleted',
        security: EITHER_AUTH,
        response: { 200: FoldersEnvelope, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { folders: (await listFolders(request.ctx, user.id)).map(presentFolder) };
    },
  );

  app.post(
    '/api/folders',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'createListFolder',
        tags,
        summary: 'Create a list folder',
        security: EITHER_AUTH,
        body: FolderBody,
        response: { 201: described(FolderEnvelope, 'The new folder'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      return reply.status(201).send({ folder: presentFolder(await createFolder(request.ctx, user.id, request.body)) });
    },
  );

  app.put(
    '/api/folders/:id',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'updateListFolder',
        tags,
        summary: 'Rename or move a list folder',
        security: EITHER_AUTH,
        params: IdParams,
        body: FolderPatch,
        response: { 200: FolderEnvelope, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { folder: presentFolder(await updateFolder(request.ctx, user.id, request.params.id, request.body)) };
    },
  );

  app.delete(
    '/api/folders/:id',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'deleteListFolder',
        tags,
        summary: 'Delete a list folder and its subfolders (soft); their lists move to the root',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'The folder is deleted'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteFolder(request.ctx, user.id, request.params.id);
      return { message: 'Folder deleted' };
    },
  );
};
