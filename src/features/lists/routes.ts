import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser, type Caller } from '../../http/auth.js';
import { assertNotProbation, hook, requireWritable } from '../../http/guards.js';
import { page, pageWindow, ROW_PAGE } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody } from '../../http/schemas.js';
import { presentList } from './presenter.js';
import { CreateListBody, ListEnvelope, ListsEnvelope, ListsQuery, UpdateListBody } from './schemas.js';
import { createList, deleteList, getList, listLists, updateList } from './service.js';

// Lists themselves (spec, Lists). The feature's other routes, one file per sub-resource:
// schema-routes.ts, rows-routes.ts, views-routes.ts, folders-routes.ts, import-routes.ts,
// exports-routes.ts and public-routes.ts (module.ts lists them all).

const tags = ['lists'];

/** Creating a list: an account that may write and is out of probation (spec, probation features). */
async function requireListCreator(request: FastifyRequest): Promise<Caller> {
  const caller = await requireWritable(request);
  assertNotProbation(request, caller.user);
  return caller;
}

export const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/lists',
    {
      preValidation: hook(requireListCreator),
      schema: {
        operationId: 'createList',
        tags,
        summary: 'Create a list with its schema',
        description:
          'The title defaults to the schema name. A schema error is 400 `bad_request` with a message starting `Invalid schema:`. Probation accounts get 403 `account_probation_feature`. With `source` instead of `schema`, a codehost-backed list: the source’s fixed schema (repositories and starred: name, description, url, language, stars, updatedAt; issues: number, title, state, labels, url, author, updatedAt), rows written by its sync (the first one queued at once, then hourly and `POST /api/lists/{id}/sync`) and read-only through the API (writes: 409 `read_only_list`). No linked codehost identity: 400 `network_not_linked`; `repository` (`owner/name`) missing for issues or sent for the others: 400 `bad_request`.',
        security: EITHER_AUTH,
        body: CreateListBody,
        response: { 201: described(ListEnvelope, 'The new list'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireListCreator(request);
      const created = await createList(request.ctx, user.id, request.body);
      return reply.status(201).send({ message: 'List created', data: presentList(created) });
    },
  );

  app.get(
    '/api/lists',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listLists',
        tags,
        summary: 'The caller’s lists, newest first',
        security: EITHER_AUTH,
        querystring: ListsQuery,
        response: { 200: ListsEnvelope, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query, ROW_PAGE);
      const { lists, total } = await listLists(request.ctx, user.id, { limit, offset, folderId: request.query.folderId });
      return { message: 'Lists retrieved', data: lists.map(presentList), pagination: page(lists, total, limit, offset) };
    },
  );

  app.get(
    '/api/lists/:id',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'getList',
        tags,
        summary: 'One of the caller’s lists with its schema',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: ListEnvelope, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { message: 'List retrieved', data: presentList(await getList(request.ctx, user.id, request.params.id)) };
    },
  );

  app.patch(
    '/api/lists/:id',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'updateList',
        tags,
        summary: 'Change a list’s title, description, visibility or folder',
        security: EITHER_AUTH,
        params: IdParams,
        body: UpdateListBody,
        response: { 200: ListEnvelope, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { message: 'List updated', data: presentList(await updateList(request.ctx, user.id, request.params.id, request.body)) };
    },
  );

  app.delete(
    '/api/lists/:id',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'deleteList',
        tags,
        summary: 'Delete a list with its rows and views',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'The list is deleted'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteList(request.ctx, user.id, request.params.id);
      return { message: 'List deleted' };
    },
  );
};
