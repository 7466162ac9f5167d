import { timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from './auth.js';
import { unauthorized } from './errors.js';
import { described, errors } from './schemas.js';
import { CronResult } from '../features/messages/schemas.js';
import { publishDueMessages } from '../features/messages/scheduling.js';
import { runDueJobs } from '../runtime/jobs/execute.js';
import { runMaintenance } from '../features/cron/maintenance.js';

// Internal jobs (spec, Utility and internal): Bearer CRON_SECRET; unset secret: always 401.

const MaintenanceResult = Type.Object({
  message: Type.String(),
  documents: Type.Integer({ minimum: 0, description: 'documents removed from the trash for good' }),
  folders: Type.Integer({ minimum: 0, description: 'folders removed from the trash for good' }),
  documentImages: Type.Integer({ minimum: 0, description: 'image blobs of those documents deleted' }),
  listRows: Type.Integer({ minimum: 0, description: 'list rows removed from the trash for good' }),
  unattachedUploads: Type.Integer({ minimum: 0, description: 'uploads never attached within 24 hours, deleted' }),
  jobs: Type.Integer({ minimum: 0, description: 'finished background jobs removed (done after a day, failed after 30 days)' }),
});

const JobsResult = Type.Object({
  message: Type.String(),
  claimed: Type.Integer({ minimum: 0, description: 'due jobs this run took' }),
  done: Type.Integer({ minimum: 0, description: 'jobs that finished' }),
  retried: Type.Integer({ minimum: 0, description: 'jobs rescheduled for a later attempt (backoff)' }),
  failed: Type.Integer({ minimum: 0, description: 'jobs given up (attempts used up, or a permanent failure)' }),
});

/** Jobs one call of the endpoint runs at most (a cron call should answer within seconds). */
const JOBS_PER_CALL = 500;

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

  app.get(
    '/api/cron/purge-expired',
    {
      schema: {
        operationId: 'purgeExpired',
        tags: ['platform'],
        summary: 'Remove what has expired: the documents and list-row trash after 30 days, uploads never attached after 24 hours, finished jobs (internal job)',
        description: 'Authorization: `Bearer <CRON_SECRET>`. The in-process scheduler runs it hourly when SCHEDULER=on. Safe to run from several instances at once.',
        security: [{ bearer: [] }],
        response: { 200: described(MaintenanceResult, 'What this run removed'), ...errors(401) },
      },
    },
    async (request) => {
      requireCronSecret(request);
      const result = await runMaintenance(app.ctx);
      return { message: 'Expired items removed', ...result };
    },
  );

  app.get(
    '/api/cron/run-jobs',
    {
      schema: {
        operationId: 'runDueJobs',
        tags: ['platform'],
        summary: 'Run the background jobs that are due: push deliveries and their retries, notification follow-ups, list imports (internal job)',
        description:
          'Authorization: `Bearer <CRON_SECRET>`. With SCHEDULER=off, call it every minute or so; with SCHEDULER=on the in-process scheduler does it every few seconds. Runs at most 500 jobs per call. Safe to run from several instances at once: each job is claimed by one run.',
        security: [{ bearer: [] }],
        response: { 200: described(JobsResult, 'What became of the jobs this run took'), ...errors(401) },
      },
    },
    async (request) => {
      requireCronSecret(request);
      const counts = await runDueJobs(app.ctx, { limit: JOBS_PER_CALL });
      return { message: `Ran ${counts.claimed} job${counts.claimed === 1 ? '' : 's'}`, ...counts };
    },
  );
};
