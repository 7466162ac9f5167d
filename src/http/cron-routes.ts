import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { runDueJobs } from '../runtime/jobs/execute.js';
import { hook, requireCronSecret } from './guards.js';
import { described, errors, OPERATOR, OPERATOR_TAGS } from './schemas.js';

// The operator's cron endpoints of the platform (spec, Utility and internal): Bearer CRON_SECRET;
// unset secret: always 401. Housekeeping runs the `housekeeping` periodic tasks that the modules
// declare; the features' own cron endpoints (scheduled publishing) sit with their features.

const JobsResult = Type.Object({
  message: Type.String(),
  claimed: Type.Integer({ minimum: 0, description: 'due jobs this run took' }),
  done: Type.Integer({ minimum: 0, description: 'jobs that finished' }),
  retried: Type.Integer({ minimum: 0, description: 'jobs rescheduled for a later attempt (backoff)' }),
  failed: Type.Integer({ minimum: 0, description: 'jobs given up (attempts used up, or a permanent failure)' }),
});

/** Jobs one call of the endpoint runs at most (a cron call should answer within seconds). */
const JOBS_PER_CALL = 500;

export const cronRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const housekeeping = app.ctx.runtime.periodic.group('housekeeping');
  const counts = Object.fromEntries(housekeeping.flatMap((task) => Object.entries(task.counts)).map(([name, description]) => [name, Type.Integer({ minimum: 0, description })]));

  app.get(
    '/api/cron/purge-expired',
    {
      preValidation: hook(requireCronSecret),
      schema: {
        operationId: 'purgeExpired',
        tags: OPERATOR_TAGS,
        summary: `Remove what has expired (internal job): ${housekeeping.map((t) => t.name).join(', ')}`,
        description: `${OPERATOR} The in-process scheduler runs it hourly when SCHEDULER=on. Safe to run from several instances at once.`,
        security: [{ bearer: [] }],
        response: { 200: described(Type.Object({ message: Type.String(), ...counts }), 'What this run removed'), ...errors(401) },
      },
    },
    async (request) => {
      const removed: Record<string, number> = {};
      for (const task of housekeeping) Object.assign(removed, await request.ctx.runtime.periodic.run(task, request.ctx));
      return { message: 'Expired items removed', ...removed };
    },
  );

  app.get(
    '/api/cron/run-jobs',
    {
      preValidation: hook(requireCronSecret),
      schema: {
        operationId: 'runDueJobs',
        tags: OPERATOR_TAGS,
        summary: 'Run the background jobs that are due: push deliveries and their retries, notification follow-ups, list imports (internal job)',
        description: `${OPERATOR} Every instance's job runner already looks for due jobs every few seconds, whatever SCHEDULER says; this runs them at once (at most ${JOBS_PER_CALL} per call). Safe to run from several instances at once: each job is claimed by one run.`,
        security: [{ bearer: [] }],
        response: { 200: described(JobsResult, 'What became of the jobs this run took'), ...errors(401) },
      },
    },
    async (request) => {
      const counts = await runDueJobs(request.ctx, { limit: JOBS_PER_CALL });
      return { message: `Ran ${counts.claimed} job${counts.claimed === 1 ? '' : 's'}`, ...counts };
    },
  );
};
