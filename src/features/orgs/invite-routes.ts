import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireSession } from '../../http/auth.js';
import { hook, requireWritableSession } from '../../http/guards.js';
import { described, errors, MessageBody, ref, SESSION_AUTH } from '../../http/schemas.js';
import { acceptInvite, createInvite, listInvites, revokeInvite } from './invites.js';
import { presentInvite, presentOrg } from './presenter.js';
import { AcceptInviteBody, InviteBody, InviteList, InviteParams, InviteResult, OrgResult, SlugParams } from './schemas.js';

// Invites to an organization, by e-mail or by username. Session only.

const tags = ['organizations'];

export const orgInviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/orgs/:slug/invites',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'createOrganizationInvite',
        tags,
        summary: 'Invite someone by e-mail or username (owner or admin); sends an e-mail and, to an account, a notification',
        security: SESSION_AUTH,
        params: SlugParams,
        body: InviteBody,
        response: { 201: described(InviteResult, 'Invited'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritableSession(request);
      return reply.status(201).send({ invite: presentInvite(await createInvite(request.ctx, user, request.params.slug, request.body)) });
    },
  );

  app.get(
    '/api/orgs/:slug/invites',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'listOrganizationInvites',
        tags,
        summary: 'The pending invites (owner or admin)',
        security: SESSION_AUTH,
        params: SlugParams,
        response: { 200: described(InviteList, 'Pending invites, newest first'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { invites: (await listInvites(request.ctx, user, request.params.slug)).map(presentInvite) };
    },
  );

  app.delete(
    '/api/orgs/:slug/invites/:id',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'revokeOrganizationInvite',
        tags,
        summary: 'Revoke an invite (owner or admin); its link stops working',
        security: SESSION_AUTH,
        params: InviteParams,
        response: { 200: described(ref(MessageBody), 'Revoked'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      await revokeInvite(request.ctx, user, request.params.slug, request.params.id);
      return { message: 'Invite revoked' };
    },
  );

  app.post(
    '/api/orgs/invites/accept',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'acceptOrganizationInvite',
        tags,
        summary: "Accept an invite: join with its role (the invite's addressee only)",
        security: SESSION_AUTH,
        body: AcceptInviteBody,
        response: { 200: described(OrgResult, 'Joined'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      return { org: presentOrg(await acceptInvite(request.ctx, user, request.body.token)) };
    },
  );
};
