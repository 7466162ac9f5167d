import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { hook, requireAdminWrite, requireSessionForDeletion } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, Id, MessageBody, SESSION_AUTH } from '../../http/schemas.js';
import { assertAdministratorsRemain } from '../users/index.js';
import { DeleteAccountBody, PurgeBody, PurgeResult } from './schemas.js';
import { deleteOwnAccount, purgeUserContent } from './service.js';

// Content purge (an administrator write, gated like the other single-user admin writes) and the
// deletion of one's own account (Session only, confirmed by the current password; read-only
// accounts too, see requireSessionForDeletion).

export const purgeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/admin/users/:userId/purge',
    {
      preValidation: hook(requireAdminWrite),
      schema: {
        operationId: 'purgeUserContent',
        tags: ['admin'],
        security: EITHER_AUTH,
        summary: 'Remove the content a user authored (keeps the account and its status)',
        description:
          'Irreversible and batched; analytics are untouched; one audit row per purge. `dryRun` answers the same counts and writes nothing. The answer comes when the purge has finished (for an account too large to finish within 25 seconds: the counts found at the start, which the purge goes on to remove).',
        params: Type.Object({ userId: Id }),
        body: PurgeBody,
        response: { 200: described(PurgeResult, 'What was removed (or, in a dry run, would be)'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireAdminWrite(request);
      return purgeUserContent(request.ctx, admin.user.id, request.params.userId, request.body);
    },
  );

  app.delete(
    '/api/user',
    {
      preValidation: hook(requireSessionForDeletion),
      schema: {
        operationId: 'deleteCurrentUser',
        tags: ['users'],
        security: SESSION_AUTH,
        summary: 'Delete your own account and everything it holds',
        description:
          'Session only, confirmed by the current password (400 without it, 403 when wrong). Every session and sync token of the account ends at once; its content, follows, blocks, mutes, digs, notifications, identities, uploads and blobs are removed; the e-mail address and username are free again after 30 days. The last administrator cannot delete their account (400 `last_administrator`). A restricted or suspended (read-only) account may still delete itself; a banned one may not (403 `account_banned`).',
        body: DeleteAccountBody,
        response: { 200: described(MessageBody, 'The account was deleted'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireSessionForDeletion(request);
      await deleteOwnAccount(request.ctx, user, request.body.password, (trx) => assertAdministratorsRemain(trx, [user.id]));
      return { message: 'Account deleted' };
    },
  );
};
