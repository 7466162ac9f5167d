import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/types.js';
import { requireUser } from '../../http/auth.js';
import { assertWritable, hook, requireDocumentCreator } from '../../http/guards.js';
import { described, EITHER_AUTH, errors } from '../../http/schemas.js';
import { presentDocument } from './presenter.js';
import { DocumentEnvelope, DocumentsEnvelope, FromTemplateBody } from './schemas.js';
import { createFromTemplate, listTemplates, seedDefaultTemplates } from './templates.js';

// Document templates: the documents of the `_templates` root folder, the defaults, and new
// documents made from one.

const tags = ['documents'];

/** Whether the account may write (a read that would create something checks it). */
function mayWrite(request: FastifyRequest, user: UserRow): boolean {
  try {
    assertWritable(request, user);
    return true;
  } catch {
    return false;
  }
}

export const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/documents/templates',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listDocumentTemplates',
        tags,
        summary: 'The template documents (in the `_templates` root folder, created if missing)',
        security: EITHER_AUTH,
        response: { 200: DocumentsEnvelope, ...errors(401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { documents: (await listTemplates(request.ctx, user.id, mayWrite(request, user))).map(presentDocument) };
    },
  );

  app.post(
    '/api/documents/templates/seed-defaults',
    {
      preValidation: hook(requireDocumentCreator),
      schema: {
        operationId: 'seedDocumentTemplates',
        tags,
        summary: 'Add the default templates that are missing (subscribers)',
        description: 'Idempotent: templates already present (by file name) are left as they are.',
        security: EITHER_AUTH,
        response: { 201: described(DocumentsEnvelope, 'Every template document'), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const { user } = await requireDocumentCreator(request);
      const docs = await seedDefaultTemplates(request.ctx, user.id);
      return reply.code(201).send({ documents: docs.map(presentDocument) });
    },
  );

  app.post(
    '/api/documents/from-template',
    {
      preValidation: hook(requireDocumentCreator),
      schema: {
        operationId: 'createDocumentFromTemplate',
        tags,
        summary: 'Create a document from a template (subscribers)',
        description: 'Copies the template\'s title and content into `targetFolderId` (or the root) as a new private document.',
        security: EITHER_AUTH,
        body: FromTemplateBody,
        response: { 201: described(DocumentEnvelope, 'The document was created'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireDocumentCreator(request);
      const doc = await createFromTemplate(request.ctx, user.id, request.body.templateDocumentId, request.body.targetFolderId ?? null);
      return reply.code(201).send({ document: presentDocument(doc) });
    },
  );
};
