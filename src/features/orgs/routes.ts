import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireSession } from '../../http/auth.js';
import { assertNotProbation, hook, requireWritableSession } from '../../http/guards.js';
import { PageQuery, page, pageWindow } from '../../http/pagination.js';
import { described, errors, MessageBody, ref, SESSION_AUTH } from '../../http/schemas.js';
import { presentMember, presentOrg } from './presenter.js';
import { CreateOrgBody, MemberPage, MemberParams, MemberResult, MemberRoleBody, OrgList, OrgResult, SlugParams, UpdateOrgBody } from './schemas.js';
import { changeRole, createOrg, editOrg, membersOf, myOrgs, readOrg, removeFromOrg, removeOrg } from './service.js';

// Organizations and their members. Session only: a Bearer token gets 401.

const tags = ['organizations'];

/** Creating an organization: a session writer outside probation. */
async function requireOrgCreator(request: FastifyRequest) {
  const caller = await requireWritableSession(request);
  assertNotProbation(request, caller.user);
  return caller;
}

export const orgRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/orgs',
    {
      preValidation: hook(requireOrgCreator),
      schema: {
        operationId: 'createOrganization',
        tags,
        summary: 'Create an organization; the caller becomes its owner',
        security: SESSION_AUTH,
        body: CreateOrgBody,
        response: { 201: described(OrgResult, 'Created'), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireOrgCreator(request);
      return reply.status(201).send({ org: presentOrg(await createOrg(request.ctx, user, request.body)) });
    },
  );

  app.get(
    '/api/orgs',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'listMyOrganizations',
        tags,
        summary: "The caller's organizations",
        security: SESSION_AUTH,
        response: { 200: described(OrgList, 'The organizations the caller belongs to'), ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { orgs: (await myOrgs(request.ctx, user.id)).map(presentOrg) };
    },
  );

  app.get(
    '/api/orgs/:slug',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'getOrganization',
        tags,
        summary: 'An organization (anyone signed in)',
        security: SESSION_AUTH,
        params: SlugParams,
        response: { 200: described(OrgResult, 'The organization'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { org: presentOrg(await readOrg(request.ctx, request.params.slug, user.id)) };
    },
  );

  app.patch(
    '/api/orgs/:slug',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'updateOrganization',
        tags,
        summary: 'Change the name, description or avatar (owner or admin)',
        security: SESSION_AUTH,
        params: SlugParams,
        body: UpdateOrgBody,
        response: { 200: described(OrgResult, 'The organization now'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      return { org: presentOrg(await editOrg(request.ctx, user, request.params.slug, request.body)) };
    },
  );

  app.delete(
    '/api/orgs/:slug',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'deleteOrganization',
        tags,
        summary: 'Delete the organization (owner); messages posted to it stay with their authors',
        security: SESSION_AUTH,
        params: SlugParams,
        response: { 200: described(ref(MessageBody), 'Deleted'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      await removeOrg(request.ctx, user, request.params.slug);
      return { message: 'Organization deleted' };
    },
  );

  app.get(
    '/api/orgs/:slug/members',
    {
      preValidation: hook(requireSession),
      schema: {
        operationId: 'listOrganizationMembers',
        tags,
        summary: 'The members and their roles (members only)',
        security: SESSION_AUTH,
        params: SlugParams,
        querystring: PageQuery,
        response: { 200: described(MemberPage, 'A page of members'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await membersOf(request.ctx, request.params.slug, user.id, { limit, offset });
      return { members: rows.map(presentMember), pagination: page(rows, total, limit, offset) };
    },
  );

  app.patch(
    '/api/orgs/:slug/members/:username',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'changeOrganizationMemberRole',
        tags,
        summary: "Change a member's role (owner)",
        security: SESSION_AUTH,
        params: MemberParams,
        body: MemberRoleBody,
        response: { 200: described(MemberResult, 'The member now'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      return { member: presentMember(await changeRole(request.ctx, user, request.params.slug, request.params.username, request.body.role)) };
    },
  );

  app.delete(
    '/api/orgs/:slug/members/:username',
    {
      preValidation: hook(requireWritableSession),
      schema: {
        operationId: 'removeOrganizationMember',
        tags,
        summary: 'Remove a member (owner or admin; an admin never an owner), or leave',
        security: SESSION_AUTH,
        params: MemberParams,
        response: { 200: described(ref(MessageBody), 'Removed'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritableSession(request);
      await removeFromOrg(request.ctx, user, request.params.slug, request.params.username);
      return { message: 'Member removed' };
    },
  );
};
