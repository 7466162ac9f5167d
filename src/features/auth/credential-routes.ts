import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireSession } from '../../http/auth.js';
import { hook, requireWritableSession } from '../../http/guards.js';
import { described, errors, IdParams, SESSION_AUTH } from '../../http/schemas.js';
import { changePassword, endSession, endSyncToken, listSessions, listSyncTokens } from './credentials.js';
import { MessageBody, PasswordChangeBody, SessionsResult, SyncTokensResult } from './schemas.js';

// The account's own sign-ins (account management, so a browser session only): the sessions in
// force and the sync tokens, listed and ended one by one, and changing the password. The three
// are writes, so a read-only account is refused them as every write (spec: all writes blocked);
// signing out stays open to it.

const TAGS = ['auth'];

export const credentialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/auth/sessions',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'listSessions',
        tags: TAGS,
        summary: 'The browser sessions of the current user that are in force, most recently used first',
        security: SESSION_AUTH,
        response: { 200: described(SessionsResult, 'The sessions'), ...errors(401) },
      },
    },
    async (request) => {
      const caller = await requireSession(request);
      return { sessions: await listSessions(request.ctx, caller.user.id, caller.credentialId) };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'endSession',
        tags: TAGS,
        summary: 'End one of the current user’s other sessions (the one in use ends by signing out: 400 `current_session`)',
        security: SESSION_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'The session ended'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireWritableSession(request);
      await endSession(request.ctx, caller.user.id, request.params.id, caller.credentialId);
      return { message: 'Session ended' };
    },
  );

  app.get(
    '/api/auth/sync-tokens',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'listSyncTokens',
        tags: TAGS,
        summary: 'The current user’s sync tokens, newest first (when each was issued and last used; never the token itself)',
        security: SESSION_AUTH,
        response: { 200: described(SyncTokensResult, 'The sync tokens'), ...errors(401) },
      },
    },
    async (request) => {
      const caller = await requireSession(request);
      return { syncTokens: await listSyncTokens(request.ctx, caller.user.id) };
    },
  );

  app.delete(
    '/api/auth/sync-tokens/:id',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'revokeSyncToken',
        tags: TAGS,
        summary: 'Revoke one of the current user’s sync tokens: it stops working at once',
        security: SESSION_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'The sync token was revoked'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireWritableSession(request);
      await endSyncToken(request.ctx, caller.user.id, request.params.id);
      return { message: 'Sync token revoked' };
    },
  );

  app.post(
    '/api/user/password',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'changePassword',
        tags: TAGS,
        summary: 'Change the password, confirmed by the current one',
        description:
          'Session only. A wrong current password: 403 `invalid_password`. Every other session and every sync token of the account ends at once; the session making the change stays signed in.',
        security: SESSION_AUTH,
        body: PasswordChangeBody,
        response: { 200: described(MessageBody, 'The password was changed'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireWritableSession(request);
      await changePassword(request.ctx, caller.user, caller.credentialId, request.body.currentPassword, request.body.newPassword);
      return { message: 'Password changed. Every other session and sync token was signed out.' };
    },
  );
};
