import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { UserRow } from '../../db/types.js';
import { getCaller, requireUser } from '../../http/auth.js';
import { unauthorized } from '../../http/errors.js';
import { assertNotProbation, assertProbationQuota, assertSubscriber, hook, requireWritable } from '../../http/guards.js';
import { PageQuery, pageWindow, REPLY_PAGE } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody, OPTIONAL_AUTH, ref, UsernameParams } from '../../http/schemas.js';
import { requestsCrossPost } from '../cross-posts/index.js';
import { presentMessage } from './presenter.js';
import { CreatedMessage, CreateMessageBody, DigState, FeedQuery, Message, MessagePage, RepliesQuery, SearchQuery, UndigState } from './schemas.js';
import type { LoadedMessage } from './queries.js';
import { cachedRead, readKey } from './read-cache.js';
import { createMessage, deleteMessage, dig, feed, readMessage, recentPostTimes, replies, search, undig, userMessages, viewerOf } from './service.js';

// Messages (spec, Messages) and the public per-user feed (spec, Public): the feeds, posting, one
// message, its replies and digs. Scheduled messages and reports have route files of their own.
// Routes: guard, then service, then presenter.

const tags = ['messages'];

/**
 * Answers a page of messages from the read cache (read-cache.ts), loading and presenting it on a
 * miss; the JSON is the route's own 200 serialisation, kept and sent as is.
 */
async function sendCachedPage(
  reply: FastifyReply,
  key: string,
  load: () => Promise<{ messages: LoadedMessage[]; pagination: unknown }>,
): Promise<FastifyReply> {
  const body = await cachedRead(reply.request.ctx, key, async () => {
    const { messages, pagination } = await load();
    return reply.serialize({ messages: messages.map(presentMessage), pagination }) as string;
  });
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Gates of a post that depend on what it asks for (subscriber-only fields, probation features),
 * then the probation quota: after validation, since the body decides.
 */
async function assertMayPost(request: FastifyRequest, user: UserRow, body: CreateMessageBody): Promise<void> {
  const media = (body.imageUrls?.length ?? 0) > 0 || (body.videoUrls?.length ?? 0) > 0;
  if (media || body.scheduledAt !== undefined || requestsCrossPost(body)) {
    assertSubscriber(user);
    assertNotProbation(request, user);
  }
  if (user.account_status === 'probation' && request.ctx.config.accountStatusEnforcement) {
    assertProbationQuota(request, user, await recentPostTimes(request.ctx, user.id));
  }
}

export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/messages',
    {
      schema: {
        operationId: 'listMessages',
        tags,
        summary: 'The feed: public messages, and with credentials also own and followed users’ messages',
        description:
          'Anonymous callers get public messages; signed-in callers get public, own and followed users’ messages, or only own and followed ones when their viewingPreference is `following`. `onlyMine` needs credentials.',
        security: OPTIONAL_AUTH,
        querystring: FeedQuery,
        response: { 200: described(MessagePage, 'A page of messages, newest first'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      const { query } = request;
      if (query.onlyMine && !caller) throw unauthorized();
      const viewer = viewerOf(caller?.user);
      const key = readKey('feed', viewer, { limit: query.limit, offset: query.offset, tag: query.tag, onlyMine: query.onlyMine });
      return sendCachedPage(reply, key, () => feed(request.ctx, viewer, query));
    },
  );

  app.get(
    '/api/messages/search',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'searchMessages',
        tags,
        summary: 'Search top-level messages in the caller’s feed by a case-insensitive substring',
        description: '`q` is 1 to 200 characters, matched literally (`%` and `_` are ordinary characters); replies are not searched.',
        security: EITHER_AUTH,
        querystring: SearchQuery,
        response: { 200: described(MessagePage, 'A page of matching messages, newest first'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { query } = request;
      const viewer = viewerOf(user)!;
      const key = readKey('search', viewer, { q: query.q, limit: query.limit, offset: query.offset, onlyMine: query.onlyMine });
      return sendCachedPage(reply, key, () => search(request.ctx, viewer, query));
    },
  );

  app.post(
    '/api/messages',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'createMessage',
        tags,
        summary: 'Post a message, reply, push or scheduled message',
        description:
          '`content` is required unless pushing, at most the account’s maxMessageLength characters. `parentId` and `pushedMessageId` exclude each other; `scheduledAt` (rounded up to the next 5-minute boundary) excludes both. Media, scheduling and cross-posting are for subscribers outside probation.',
        security: EITHER_AUTH,
        body: CreateMessageBody,
        response: { 201: described(CreatedMessage, 'The created message'), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      await assertMayPost(request, user, request.body);
      const { loaded, scheduledAt, crossPosts, crossPostResults } = await createMessage(request.ctx, user, request.body);
      const data = presentMessage(loaded);
      return reply.status(201).send({
        message: scheduledAt ? 'Message scheduled' : 'Message created',
        data,
        ...(scheduledAt ? { scheduledAt } : {}),
        ...(crossPostResults.length > 0 ? { crossPostResults } : {}),
        crossPosts,
        ...(data.org ? { org: data.org } : {}),
      });
    },
  );

  app.get(
    '/api/messages/:id',
    {
      schema: {
        operationId: 'getMessage',
        tags,
        summary: 'One message (public ones without credentials)',
        security: OPTIONAL_AUTH,
        params: IdParams,
        response: { 200: described(Message, 'The message'), ...errors(404) },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      return presentMessage(await readMessage(request.ctx, viewerOf(caller?.user), request.params.id));
    },
  );

  app.delete(
    '/api/messages/:id',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'deleteMessage',
        tags,
        summary: 'Delete an own message and its replies',
        description: '409 while other posts push the message.',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'Deleted'), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteMessage(request.ctx, user, request.params.id);
      return { message: 'Message deleted' };
    },
  );

  app.get(
    '/api/messages/:id/replies',
    {
      schema: {
        operationId: 'listReplies',
        tags,
        summary: 'Replies to a message, oldest first',
        security: OPTIONAL_AUTH,
        params: IdParams,
        querystring: RepliesQuery,
        response: { 200: described(Type.Array(ref(Message)), 'The replies the caller may read'), ...errors(400, 404) },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const { limit, offset } = pageWindow(request.query, REPLY_PAGE);
      const rows = await replies(request.ctx, viewerOf(caller?.user), request.params.id, limit, offset);
      return rows.map(presentMessage);
    },
  );

  app.post(
    '/api/messages/:id/dig',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'digMessage',
        tags,
        summary: 'I Dig! a message (idempotent)',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(DigState, 'The dig state; isNewDig false when already dug'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return dig(request.ctx, user, request.params.id);
    },
  );

  app.delete(
    '/api/messages/:id/dig',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'undigMessage',
        tags,
        summary: 'Take back a dig (idempotent)',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(UndigState, 'The dig state'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return undig(request.ctx, user, request.params.id);
    },
  );

  app.get(
    '/api/user/:username/messages',
    {
      schema: {
        operationId: 'listUserMessages',
        tags,
        summary: 'A user’s public messages (their owner, and followers, also see private ones)',
        security: OPTIONAL_AUTH,
        params: UsernameParams,
        querystring: PageQuery,
        response: { 200: described(MessagePage, 'A page of the user’s messages, newest first'), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      const viewer = viewerOf(caller?.user);
      const { username } = request.params;
      const { limit, offset } = pageWindow(request.query);
      return sendCachedPage(reply, readKey('user', viewer, { username, limit, offset }), () => userMessages(request.ctx, viewer, username, limit, offset));
    },
  );
};
