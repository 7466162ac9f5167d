import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireSubscriberWriter } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { presentMessage } from './presenter.js';
import { MessageList, ScheduledQuery, UpdatedMessage, UpdateMessageBody } from './schemas.js';
import { listScheduled, reschedule } from './scheduling.js';
import { readMessage, viewerOf } from './service.js';

// Scheduled messages (spec, Messages): the caller's upcoming ones, and rescheduling one. Posting
// one is POST /api/messages (routes.ts); publishing them is the cron's (publish-routes.ts).

const tags = ['messages'];

export const scheduledRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/messages/scheduled',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listScheduledMessages',
        tags,
        summary: 'The caller’s upcoming scheduled messages',
        description: '`range`: `today` (until the next UTC midnight), `week` (7 days) or `month` (30 days, the default).',
        security: EITHER_AUTH,
        querystring: ScheduledQuery,
        response: { 200: described(MessageList, 'Scheduled messages, soonest first'), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { messages: (await listScheduled(request.ctx, user, request.query.range ?? 'month')).map(presentMessage) };
    },
  );

  app.patch(
    '/api/messages/:id',
    {
      preValidation: hook(requireSubscriberWriter),
      schema: {
        operationId: 'updateScheduledMessage',
        tags,
        summary: 'Reschedule a future-scheduled message or change its cross-posts',
        description: 'Only own messages whose scheduled time is still ahead (409 otherwise). `scheduledAt` is rounded up to the next 5-minute boundary.',
        security: EITHER_AUTH,
        params: IdParams,
        body: UpdateMessageBody,
        response: { 200: described(UpdatedMessage, 'The rescheduled message'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireSubscriberWriter(request);
      const scheduledAt = await reschedule(request.ctx, user, request.params.id, request.body);
      return { message: 'Message updated', data: presentMessage(await readMessage(request.ctx, viewerOf(user), request.params.id)), scheduledAt };
    },
  );
};
