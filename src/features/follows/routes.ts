import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getCaller, requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { PageQuery, pageWindow } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody, OPTIONAL_AUTH, UsernameParams } from '../../http/schemas.js';
import { presentUserSummary } from '../users/index.js';
import { presentFollowRequest, presentPublicProfile } from './presenter.js';
import { FollowRequestList, FollowState, PublicProfileEnvelope, UserPage } from './schemas.js';
import { answerFollowRequest, follow, listFollowRequests, listFollows, publicProfile, unfollow } from './service.js';

// Following and the viewer-aware public profile (spec, Public).

const tags = ['follows'];

export const followRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/users/:username/follow',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'followUser',
        tags,
        summary: 'Follow a user (a private account gets a follow request)',
        security: EITHER_AUTH,
        params: UsernameParams,
        response: { 200: described(FollowState, 'The caller’s relation to the user now'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return follow(request.ctx, user, request.params.username);
    },
  );

  app.delete(
    '/api/users/:username/follow',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'unfollowUser',
        tags,
        summary: 'Stop following a user, or withdraw a pending request (idempotent)',
        security: EITHER_AUTH,
        params: UsernameParams,
        response: { 200: described(FollowState, 'Neither following nor requested'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return unfollow(request.ctx, user, request.params.username);
    },
  );

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/api/user/${side}`,
      {
        preValidation: hook(requireUser),
        schema: {
          operationId: side === 'followers' ? 'listFollowers' : 'listFollowing',
          tags,
          summary: side === 'followers' ? 'Users who follow the current user' : 'Users the current user follows',
          security: EITHER_AUTH,
          querystring: PageQuery,
          response: { 200: described(UserPage, 'A page of users, most recent first'), ...errors(401) },
        },
      },
      async (request) => {
        const { user } = await requireUser(request);
        const { limit, offset } = pageWindow(request.query);
        const { users, pagination } = await listFollows(request.ctx, user.id, side, limit, offset);
        return { users: users.map(presentUserSummary), pagination };
      },
    );
  }

  app.get(
    '/api/user/follow-requests',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listFollowRequests',
        tags,
        summary: 'Pending requests to follow the current user',
        security: EITHER_AUTH,
        response: { 200: described(FollowRequestList, 'Pending requests, oldest first'), ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { requests: (await listFollowRequests(request.ctx, user.id)).map(presentFollowRequest) };
    },
  );

  for (const action of ['accept', 'reject'] as const) {
    app.post(
      `/api/user/follow-requests/:id/${action}`,
      {
        preValidation: hook(requireWritable),
        schema: {
          operationId: action === 'accept' ? 'acceptFollowRequest' : 'rejectFollowRequest',
          tags,
          summary: action === 'accept' ? 'Accept a follow request: the requester now follows you' : 'Reject a follow request',
          security: EITHER_AUTH,
          params: IdParams,
          response: { 200: described(MessageBody, action === 'accept' ? 'Accepted' : 'Rejected'), ...errors(401, 403, 404) },
        },
      },
      async (request) => {
        const { user } = await requireWritable(request);
        await answerFollowRequest(request.ctx, user.id, request.params.id, action === 'accept');
        return { message: action === 'accept' ? 'Follow request accepted' : 'Follow request rejected' };
      },
    );
  }

  app.get(
    '/api/users/:username',
    {
      schema: {
        operationId: 'getPublicProfile',
        tags,
        summary: 'A user’s public profile (viewer-aware: a private account’s bio only for followers)',
        security: OPTIONAL_AUTH,
        params: UsernameParams,
        response: { 200: described(PublicProfileEnvelope, 'The profile as the caller may see it'), ...errors(404) },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      return { user: presentPublicProfile(await publicProfile(request.ctx, caller?.user.id ?? null, request.params.username)) };
    },
  );
};
