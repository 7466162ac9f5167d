import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { HeartbeatBody, PresenceList } from './schemas.js';
import { heartbeat, presence } from './service.js';

// POST /api/documents/{id}/presence (a heartbeat) and GET (who is there, without one).

const tags = ['documents'];

export const presenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/documents/:id/presence',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'documentHeartbeat',
        tags,
        summary: 'Say you are on a document (a heartbeat), and see who else is',
        description: 'For anyone who can read the document. Send one at least every 60 seconds while the document is open; `editing` says whether you are editing it.',
        security: EITHER_AUTH,
        params: IdParams,
        body: HeartbeatBody,
        response: { 200: described(PresenceList, 'Everyone seen in the last 60 seconds, you included'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { present: await heartbeat(request.ctx, user.id, request.params.id, request.body?.editing === true) };
    },
  );

  app.get(
    '/api/documents/:id/presence',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'getDocumentPresence',
        tags,
        summary: 'Who is on a document now (seen in the last 60 seconds)',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(PresenceList, 'Everyone seen in the last 60 seconds'), ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { present: await presence(request.ctx, user.id, request.params.id) };
    },
  );
};
