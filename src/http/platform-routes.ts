import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { described, errors, PUBLIC, StringEnum } from './schemas.js';

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

  // The machine-readable interface description, generated from the route schemas.
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

};
