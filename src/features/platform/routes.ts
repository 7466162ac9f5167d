import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../http/schemas.js';
import { analyticsRoutes } from '../analytics/routes.js';

export const platformRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: { 200: Type.Object({ status: Type.Literal('ok') }), ...errors(503) },
      },
    },
    async (_request, reply) => {
      if (!(await app.ctx.db.ping())) return reply.status(503).send({ error: 'Database unavailable', code: 'unavailable' });
      return { status: 'ok' as const };
    },
  );

  // The machine-readable interface description, generated from the route schemas.
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(analyticsRoutes);
};
