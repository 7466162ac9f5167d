import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../http/auth.js';
import { unauthorized } from '../../http/errors.js';
import { described, errors } from '../../http/schemas.js';
import { CronResult } from '../messages/schemas.js';
import { publishDueMessages } from '../messages/scheduling.js';

// Internal jobs (spec, Utility and internal): Bearer CRON_SECRET; unset secret: always 401.

function requireCronSecret(request: FastifyRequest): void {
  const secret = request.server.ctx.config.cronSecret;
  const given = bearerToken(request);
  if (!secret || given === null) throw unauthorized('The cron secret is required');
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized('The cron secret is required');
}

export const cronRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/cron/publish-scheduled-messages',
    {
      schema: {
        operationId: 'publishScheduledMessages',
        tags: ['messages'],
        summary: 'Publish the scheduled messages whose time has come (internal job)',
        description: 'Authorization: `Bearer <CRON_SECRET>`. Safe to run from several instances at once: each due message is published once.',
        security: [{ bearer: [] }],
        response: { 200: described(CronResult, 'How many messages this run published'), ...errors(401) },
      },
    },
    async (request) => {
      requireCronSecret(request);
      const published = await publishDueMessages(app.ctx);
      return { message: `Published ${published} scheduled message${published === 1 ? '' : 's'}`, published };
    },
  );
};
