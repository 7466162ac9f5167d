import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getCaller } from '../../http/auth.js';
import { described, errors, Nullable, PUBLIC } from '../../http/schemas.js';
import { recordAnalyticsEvents } from './service.js';

const IngestBody = Type.Object(
  {
    type: Type.String({ minLength: 1, maxLength: 64 }),
    path: Type.String({ maxLength: 2048 }),
    referrer: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  },
  { additionalProperties: false, examples: [{ type: 'page_view', path: '/lists', referrer: 'https://example.org/' }] },
);

export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A first-party beacon: one insert, attributed to the caller when credentials come with it.
  app.post(
    '/api/analytics/ingest',
    {
      schema: {
        operationId: 'ingestAnalyticsEvent',
        tags: ['platform'],
        summary: 'Record a first-party analytics beacon',
        description: 'Attributed to the caller when credentials come with it.',
        security: PUBLIC,
        body: IngestBody,
        response: { 201: described(Type.Object({ ok: Type.Boolean() }), 'The event was recorded'), ...errors(400) },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      const { type, path, referrer } = request.body;
      await recordAnalyticsEvents(request.ctx, [{ type, path, referrer, userId: caller?.user.id ?? null }]);
      return reply.status(201).send({ ok: true as const });
    },
  );
};
