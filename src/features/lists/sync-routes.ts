import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hook, requireCronSecret, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody, OPERATOR, OPERATOR_TAGS } from '../../http/schemas.js';
import { requestSync, syncCodehostListsTask } from './codehost-sync.js';

// The sync of codehost-backed lists: on demand by the list's
// owner, and the hourly run for an outside cron (SCHEDULER=off; with SCHEDULER=on the process
// runs it itself).

const SyncCounts = Type.Object(
  {
    lists: Type.Integer({ minimum: 0, description: 'codehost-backed lists synced' }),
    updated: Type.Integer({ minimum: 0, description: 'lists whose rows were replaced by a changed listing (an unchanged one answers 304 and keeps its rows)' }),
    failed: Type.Integer({ minimum: 0, description: 'lists whose sync failed (the provider down or out of rate limit, the token refused, the account unlinked): their last good rows are kept' }),
  },
  { description: 'What this run synced' },
);

export const listSyncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/lists/:id/sync',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'syncList',
        tags: ['lists'],
        summary: 'Sync a codehost-backed list now',
        description:
          'Queues a sync of the caller’s codehost-backed list and answers at once (202); the list’s `lastSyncedAt` moves when it has run. Another user’s list: 404. A list of the caller’s own rows: 409 `not_codehost_list`.',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 202: described(MessageBody, 'The sync is queued'), ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      await requestSync(request.ctx, user.id, request.params.id);
      return reply.status(202).send({ message: 'List sync queued' });
    },
  );

  app.get(
    '/api/cron/sync-codehost-lists',
    {
      preValidation: hook(requireCronSecret),
      schema: {
        operationId: 'syncCodehostLists',
        tags: OPERATOR_TAGS,
        summary: 'Sync every codehost-backed list (internal job)',
        description: `${OPERATOR} The in-process scheduler runs it hourly when SCHEDULER=on. Each list is asked with its stored ETag, so an unchanged source costs no rate limit.`,
        security: [{ bearer: [] }],
        response: { 200: described(SyncCounts, 'What this run synced'), ...errors(401) },
      },
    },
    async (request) => {
      const { lists, updated, failed } = await request.ctx.runtime.periodic.run(syncCodehostListsTask, request.ctx);
      return { lists, updated, failed };
    },
  );
};
