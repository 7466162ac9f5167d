import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { CrossPostLedger } from './schemas.js';
import { ledger, retryFailed } from './service.js';

// The delivery ledger of a message's cross-posts: its author reads it and retries
// its failed deliveries. Anyone else's message, or one that does not exist: 404.

const tags = ['messages'];

export const crossPostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/messages/:id/cross-posts',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listCrossPosts',
        tags,
        summary: 'The delivery ledger of an own message: one entry per cross-post target',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(CrossPostLedger, 'The deliveries, oldest first'), ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { crossPosts: await ledger(request.ctx, user.id, request.params.id) };
    },
  );

  app.post(
    '/api/messages/:id/cross-posts/retry',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'retryCrossPosts',
        tags,
        summary: 'Try the failed deliveries of an own message again',
        description: 'Only `failed` deliveries go back to `pending` (their attempts start again); the others are left as they are.',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 202: described(CrossPostLedger, 'The deliveries, the failed ones pending again'), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      return reply.status(202).send({ crossPosts: await retryFailed(request.ctx, user.id, request.params.id) });
    },
  );
};
