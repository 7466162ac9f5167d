import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireSession } from '../../http/auth.js';
import { hook } from '../../http/guards.js';
import { errors, SESSION_AUTH } from '../../http/schemas.js';
import { csvStream } from '../../lib/csv.js';
import { FOLLOW_COLUMNS, followRecords, MESSAGE_COLUMNS, messageRecords } from './service.js';

// Exports (spec, Exports): the caller's own data as CSV, session cookie only, streamed.

const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' as const, description: 'CSV with a header line; formula-like cells start with an apostrophe' } } },
});

export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const exports = [
    { path: '/api/exports/messages', operationId: 'exportMessages', summary: 'Your messages as CSV', file: 'messages.csv', columns: MESSAGE_COLUMNS, records: messageRecords },
    { path: '/api/exports/follows', operationId: 'exportFollows', summary: 'Your followers, followed users and follow requests as CSV', file: 'follows.csv', columns: FOLLOW_COLUMNS, records: followRecords },
  ];
  for (const e of exports) {
    app.get(
      e.path,
      {
        preValidation: hook(requireSession),
        schema: {
          operationId: e.operationId,
          tags: ['exports'],
          summary: e.summary,
          security: SESSION_AUTH,
          response: { 200: csvResponse(e.summary), ...errors(401) },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${e.file}"`)
          .header('cache-control', 'no-store')
          .send(csvStream(e.columns, e.records(request.ctx, user.id)));
      },
    );
  }
};
