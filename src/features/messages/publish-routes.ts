import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hook, requireCronSecret } from '../../http/guards.js';
import { described, errors, OPERATOR, OPERATOR_TAGS } from '../../http/schemas.js';
import { publishScheduledTask } from './scheduling.js';
import { CronResult } from './schemas.js';

// The cron endpoint of scheduled publishing (spec, Utility and internal): what the in-process
// scheduler does every few seconds with SCHEDULER=on, for an outside cron with SCHEDULER=off.

export const publishRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/cron/publish-scheduled-messages',
    {
      preValidation: hook(requireCronSecret),
      schema: {
        operationId: 'publishScheduledMessages',
        tags: OPERATOR_TAGS,
        summary: 'Publish the scheduled messages whose time has come (internal job)',
        description: `${OPERATOR} Safe to run from several instances at once: each due message is published once.`,
        security: [{ bearer: [] }],
        response: { 200: described(CronResult, 'How many messages this run published'), ...errors(401) },
      },
    },
    async (request) => {
      const { published } = await request.ctx.runtime.periodic.run(publishScheduledTask, request.ctx);
      return { message: `Published ${published} scheduled message${published === 1 ? '' : 's'}`, published };
    },
  );
};
