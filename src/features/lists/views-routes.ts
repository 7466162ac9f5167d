import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody } from '../../http/schemas.js';
import { presentView } from './presenter.js';
import { ViewBody, ViewEnvelope, ViewParams, ViewPatch, ViewsEnvelope } from './schemas.js';
import { createView, deleteView, listViews, updateView } from './views.js';

// Saved views of a list (GET /api/lists/{id}/data?view= applies one: rows-routes.ts).

const tags = ['lists'];

export const listViewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/lists/:id/views',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listListViews',
        tags,
        summary: 'The saved views of a list',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: ViewsEnvelope, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { views: (await listViews(request.ctx, user.id, request.params.id)).map(presentView) };
    },
  );

  app.post(
    '/api/lists/:id/views',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'createListView',
        tags,
        summary: 'Save a view of a list',
        security: EITHER_AUTH,
        params: IdParams,
        body: ViewBody,
        response: { 201: described(ViewEnvelope, 'The new view'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      const view = await createView(request.ctx, user.id, request.params.id, request.body);
      return reply.status(201).send({ view: presentView(view) });
    },
  );

  app.put(
    '/api/lists/:id/views/:viewId',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'updateListView',
        tags,
        summary: 'Change a saved view',
        security: EITHER_AUTH,
        params: ViewParams,
        body: ViewPatch,
        response: { 200: ViewEnvelope, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { view: presentView(await updateView(request.ctx, user.id, request.params.id, request.params.viewId, request.body)) };
    },
  );

  app.delete(
    '/api/lists/:id/views/:viewId',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'deleteListView',
        tags,
        summary: 'Delete a saved view',
        security: EITHER_AUTH,
        params: ViewParams,
        response: { 200: described(MessageBody, 'The view is deleted'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteView(request.ctx, user.id, request.params.id, request.params.viewId);
      return { message: 'View deleted' };
    },
  );
};
