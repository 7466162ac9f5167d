import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable, requireWritableSession } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, MessageBody, SESSION_AUTH } from '../../http/schemas.js';
import { presentCurrentUser } from './presenter.js';
import { requestEmailChange, updateProfile } from './profile.js';
import { CurrentUserEnvelope, EmailChangeBody, ProfilePatch } from './schemas.js';


export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'getCurrentUser',
        tags: ['users'],
        summary: 'The current user with their settings',
        security: EITHER_AUTH,
        response: { 200: CurrentUserEnvelope, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { user: presentCurrentUser(user) };
    },
  );

  app.patch(
    '/api/user',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'updateCurrentUser',
        tags: ['users'],
        summary: 'Update the current user’s profile and settings',
        description: 'Send any of the fields; at least one. `maxMessageLength` is 1 to 10000; `viewingPreference` is `all` (public, own and followed users\' messages) or `following` (own and followed only).',
        security: EITHER_AUTH,
        body: ProfilePatch,
        response: { 200: CurrentUserEnvelope, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { user: presentCurrentUser(await updateProfile(request.ctx, user.id, request.body)) };
    },
  );

  app.post(
    '/api/user/email',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'requestEmailChange',
        tags: ['users'],
        summary: 'Start an e-mail address change',
        description: 'A confirmation link goes to the new address; the address changes only once that link is used (`POST /api/auth/verify-email-change`).',
        security: SESSION_AUTH,
        body: EmailChangeBody,
        response: { 200: described(MessageBody, 'The confirmation link was sent'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      await requestEmailChange(request.ctx, user, request.body.email);
      return { message: 'A confirmation link has been sent to the new address' };
    },
  );
};
