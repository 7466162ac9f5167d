import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkReadiness } from '../runtime/readiness.js';
import { hook, requireMetricsToken } from './guards.js';
import { described, errors, OPERATOR_TAGS, PUBLIC, StringEnum } from './schemas.js';

const Check = StringEnum(['ok', 'failing'] as const);
const ReadyBody = Type.Object(
  { status: StringEnum(['ok', 'failing'] as const), checks: Type.Object({ database: Check, migrations: Check, blobStore: Check }) },
  { description: 'Each check `ok`, or `failing`' },
);

export const platformRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['platform'],
        summary: 'Liveness and database check',
        security: PUBLIC,
        response: { 200: described(Type.Object({ status: StringEnum(['ok'] as const) }), 'The service and its database answer'), ...errors(503) },
      },
    },
    async (_request, reply) => {
      if (!(await app.ctx.db.ping())) return reply.status(503).send({ error: 'Database unavailable', code: 'unavailable' });
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['platform'],
        summary: 'Readiness: the database answers, its migrations are applied, the blob store writes and reads',
        description: 'A load balancer takes the instance out while it answers 503 (the failing check says `failing`).',
        security: PUBLIC,
        response: { 200: described(ReadyBody, 'Ready'), 503: described(ReadyBody, 'Not ready: a check is failing') },
      },
    },
    async (request, reply) => {
      const checks = await checkReadiness(request.ctx);
      const ok = Object.values(checks).every((c) => c === 'ok');
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'failing', checks });
    },
  );

  app.get(
    '/metrics',
    {
      preValidation: hook(requireMetricsToken),
      // Outside /api/ and not for API clients: documented in the README, not in the API's document.
      schema: {
        hide: true,
        operationId: 'getMetrics',
        tags: OPERATOR_TAGS,
        summary: 'Prometheus metrics of this instance',
        description:
          'Operator endpoint, not for API clients. `Authorization: Bearer <METRICS_TOKEN>`; 404 while METRICS_TOKEN is unset. Requests by route template, method and status with latency; background jobs by kind and state; e-mails by type and status; the process (CPU, memory, event loop, GC); and what each feature adds.',
        security: [{ bearer: [] }],
        response: {
          200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' as const } } } },
          ...errors(401, 404),
        },
      },
    },
    async (request, reply) => {
      const metrics = request.ctx.metrics;
      return reply.header('content-type', metrics.contentType).send(await metrics.scrape());
    },
  );

  // The machine-readable interface description, generated from the route schemas.
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

};
