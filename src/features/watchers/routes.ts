import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { WatchState } from './schemas.js';
import { unwatchList, watchList } from './service.js';

// POST and DELETE /api/lists/{id}/watch: start and stop being told of changes to a list's rows.

export const watchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const method of ['post', 'delete'] as const) {
    const watching = method === 'post';
    app[method](
      '/api/lists/:id/watch',
      {
        preValidation: hook(requireWritable),
        schema: {
          operationId: watching ? 'watchList' : 'unwatchList',
          tags: ['lists'],
          summary: watching ? 'Watch a list: be told when someone else adds, edits or deletes its rows (idempotent)' : 'Stop watching a list (idempotent)',
          description: watching
            ? 'For the list’s owner and collaborators. Each change by someone else gives you an in-app notification of type `list_changed` (`target.listId`, `routePath` `/lists/<id>`); while it is unread, further changes add to its `metadata.changes` instead of adding another. A CSV import counts every row it wrote.'
            : 'For the list’s owner and collaborators; watching or not, the answer is the same.',
          security: EITHER_AUTH,
          params: IdParams,
          response: { 200: described(WatchState, 'Watching now or not'), ...errors(401, 403, 404) },
        },
      },
      async (request) => {
        const { user } = await requireWritable(request);
        await (watching ? watchList : unwatchList)(request.ctx, user.id, request.params.id);
        return { watching };
      },
    );
  }
};
