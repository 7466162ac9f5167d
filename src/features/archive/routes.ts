import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireSession } from '../../http/auth.js';
import { hook, requireWritableSession } from '../../http/guards.js';
import { described, errors, SESSION_AUTH } from '../../http/schemas.js';
import { presentArchive } from './presenter.js';
import { ArchiveEnvelope, ArchiveParams } from './schemas.js';
import { currentArchive, openArchive, requestArchive } from './service.js';

// The data archive: ask for one, follow its state, download it (all with the session cookie).

const tags = ['users'];

export const archiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/user/archive',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'requestDataArchive',
        tags,
        security: SESSION_AUTH,
        summary: 'Start building a ZIP archive of everything the account owns (one a day)',
        description:
          'Profile, messages (CSV and JSON), direct messages, documents as markdown in their folders, each list’s schema and rows, follows and uploaded media. Built in the background; follow it with GET /api/user/archive. A second request within 24 hours of the last: 429 `archive_rate_limited` with Retry-After.',
        response: { 202: described(ArchiveEnvelope, 'The archive is being built'), ...errors(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritableSession(request);
      return reply.code(202).send({ archive: presentArchive(request.ctx, await requestArchive(request.ctx, user.id)) });
    },
  );

  app.get(
    '/api/user/archive',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'getDataArchive',
        tags,
        security: SESSION_AUTH,
        summary: 'The state of the latest data archive, with its download link once ready',
        response: { 200: described(ArchiveEnvelope, 'The latest archive'), ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { archive: presentArchive(request.ctx, await currentArchive(request.ctx, user.id)) };
    },
  );

  app.get(
    '/api/user/archive/:id/download',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'downloadDataArchive',
        tags,
        security: SESSION_AUTH,
        summary: 'The ZIP file of a ready archive, for 24 hours after it was built',
        params: ArchiveParams,
        response: {
          200: { description: 'The ZIP file', content: { 'application/zip': { schema: { type: 'string' as const, format: 'binary' } } } },
          ...errors(401, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const { row, blob } = await openArchive(request.ctx, user.id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(blob.size))
        .header('content-disposition', `attachment; filename="archive-${row.created_at.slice(0, 10)}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(blob.stream);
    },
  );
};
