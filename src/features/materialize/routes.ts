import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertNotProbation, hook, requireWritableSubscriber } from '../../http/guards.js';
import { described, EITHER_AUTH, errors } from '../../http/schemas.js';
import { MaterializeBody, MaterializeCreated, MessageDraft } from './schemas.js';
import { materialize } from './service.js';

const tags = ['materialize'];

export const materializeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/materialize',
    {
      preValidation: hook(requireWritableSubscriber),
      schema: {
        operationId: 'materialize',
        tags,
        summary: 'Turn messages, lists, rows or a document into a new list, a new document, both, or a message draft',
        description:
          'Subscribers only. The request carries ids only: every one is read again under the caller (missing or not the caller’s: 404, and nothing is created), and content is derived on the server. `list`, `doc` and `both` (one transaction: both or neither) answer 201 and, like creating a list or a document, are not open to accounts in probation; `message` answers 200 with a draft and writes nothing. A value the new list refuses is left empty (`emptiedValues`); a row still missing a required value is left out (`skippedRows`).',
        security: EITHER_AUTH,
        body: MaterializeBody,
        response: {
          200: described(MessageDraft, 'The message draft (nothing written)'),
          201: described(MaterializeCreated, 'What was created'),
          ...errors(400, 401, 403, 404, 409, 500),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritableSubscriber(request);
      if (request.body.target !== 'message') assertNotProbation(request, user);
      const result = await materialize(request.ctx, user, request.body);
      return reply.code(result.status).send(result.body);
    },
  );
};
