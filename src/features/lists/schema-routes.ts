import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { presentList } from './presenter.js';
import { editProperties, rebuildSchema } from './schema-edits.js';
import { ListEnvelope, SCHEMA_BODY_EXAMPLES, SchemaBody } from './schemas.js';

// A list's schema: rebuilt from a schema object, or its columns edited keeping their data.

const tags = ['lists'];

export const listSchemaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/lists/:id/schema',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'updateListSchema',
        'x-body-examples': SCHEMA_BODY_EXAMPLES,
        tags,
        summary: 'Rebuild a list’s schema, or edit its columns keeping their data',
        description:
          'A schema object (`name`, `fields`) is a destructive rebuild: every column and row is replaced and the name becomes the title. A `properties` array is a non-destructive edit: items with a known `propertyId` keep that column and its data (label, rules, options, order and key may change); items without one add a column; columns left out are removed with their values. A type change is refused (400) unless every stored value fits the new type.',
        security: EITHER_AUTH,
        params: IdParams,
        body: SchemaBody,
        response: { 200: described(ListEnvelope, 'The list with its new schema'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      const { properties, ...schema } = request.body;
      const view =
        properties !== undefined ? await editProperties(request.ctx, user.id, request.params.id, properties) : await rebuildSchema(request.ctx, user.id, request.params.id, schema);
      return { message: 'Schema updated', data: presentList(view) };
    },
  );
};
