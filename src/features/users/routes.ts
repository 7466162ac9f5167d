import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireSession, requireUser } from '../../http/auth.js';
import { requireWritable, requireWritableSession } from '../../http/guards.js';
import { EITHER_AUTH, errors, MessageBody, SESSION_AUTH } from '../../http/schemas.js';
import { listIdentities } from './identities.js';
import { presentCurrentUser, presentIdentity } from './presenter.js';
import { requestEmailChange, updateProfile } from './profile.js';
import { CurrentUserEnvelope, EmailChangeBody, IdentitiesEnvelope, ProfilePatch } from './schemas.js';


export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user',
    {
      schema: {
        tags: ['user'],
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
      schema: {
        tags: ['user'],
        summary: 'Update the current user’s profile and settings',
        security: EITHER_AUTH,
        body: ProfilePatch,
        response: { 200: CurrentUserEnvelope, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { user: presentCurrentUser(await updateProfile(app.ctx, user.id, request.body)) };
    },
  );

  app.post(
    '/api/user/email',
    {
      schema: {
        tags: ['user'],
        summary: 'Start an e-mail address change (a confirmation link goes to the new address)',
        security: SESSION_AUTH,
        body: EmailChangeBody,
        response: { 200: MessageBody, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      await requestEmailChange(app.ctx, user, request.body.email);
      return { message: 'A confirmation link has been sent to the new address' };
    },
  );

  app.get(
    '/api/user/identities',
    {
      schema: {
        tags: ['user'],
        summary: 'Provider identities linked to the current user',
        security: SESSION_AUTH,
        response: { 200: IdentitiesEnvelope, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { identities: (await listIdentities(app.ctx, user.id)).map(presentIdentity) };
    },
  );
};
