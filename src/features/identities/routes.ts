import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireSession } from '../../http/auth.js';
import { hook, requireWritableSession } from '../../http/guards.js';
import { described, errors, MessageBody, SESSION_AUTH } from '../../http/schemas.js';
import { presentIdentity, presentNetworkCTarget } from './presenter.js';
import { IdentitiesEnvelope, IdentityParams, NetworkCTargetsEnvelope } from './schemas.js';
import { listIdentities, networkCTargets, unlinkIdentity } from './service.js';

export const identityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user/identities',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'listIdentities',
        tags: ['users'],
        summary: 'Provider identities linked to the current user',
        security: SESSION_AUTH,
        response: { 200: IdentitiesEnvelope, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { identities: (await listIdentities(request.ctx, user.id)).map(presentIdentity) };
    },
  );

  app.delete(
    '/api/user/identities/:id',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'unlinkIdentity',
        tags: ['users'],
        summary: 'Unlink a provider identity (its token is revoked at the provider where it can be)',
        description: 'Another user’s identity: 404. The only way the account can sign in (no password, no other identity): 409 `last_sign_in_method`.',
        security: SESSION_AUTH,
        params: IdentityParams,
        response: { 200: described(MessageBody, 'Unlinked'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      await unlinkIdentity(request.ctx, user.id, request.params.id);
      return { message: 'Identity unlinked' };
    },
  );

  app.get(
    '/api/user/networkC/targets',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'listNetworkCTargets',
        tags: ['users'],
        summary: 'The networkC authors the current user can post as: their person and the organization pages they administer',
        security: SESSION_AUTH,
        response: { 200: NetworkCTargetsEnvelope, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { targets: (await networkCTargets(request.ctx, user.id)).map(presentNetworkCTarget) };
    },
  );
};
