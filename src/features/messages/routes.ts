import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { UserRow } from '../../db/types.js';
import { getCaller, requireUser } from '../../http/auth.js';
import { unauthorized } from '../../http/errors.js';
import { assertNotProbation, assertProbationQuota, assertSubscriber, requireWritable } from '../../http/guards.js';
import { PageQuery, pageWindow, REPLY_PAGE } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody, OPTIONAL_AUTH, ref, UsernameParams } from '../../http/schemas.js';
import { hook, requireAdmin, requireAdminWrite } from '../../http/guards.js';
import { requestsCrossPost } from './cross-posts.js';
import { presentMessage, presentReport } from './presenter.js';
import { listReports, reportMessage, resolveReport } from './reports.js';
import { listScheduled, reschedule } from './scheduling.js';
import {
  AdminReportEnvelope,
  AdminReportPage,
  AdminReportQuery,
  CreatedMessage,
  CreateMessageBody,
  DigState,
  FeedQuery,
  Message,
  MessageList,
  MessagePage,
  RepliesQuery,
  ReportBody,
  ReportReceipt,
  ResolveReportBody,
  ScheduledQuery,
  SearchQuery,
  UndigState,
  UpdatedMessage,
  UpdateMessageBody,
} from './schemas.js';
import type { LoadedMessage } from './queries.js';
import { cachedRead, readKey } from './read-cache.js';
import { createMessage, deleteMessage, dig, feed, readMessage, recentPostTimes, replies, search, undig, userMessages, viewerOf } from './service.js';

// Messages (spec, Messages), the public per-user feed (spec, Public) and
// the administrators' view of reports. Routes: guard, then service, then presenter.

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
  const body = await cachedRead(reply.server.ctx, key, async () => {
    const { messages, pagination } = await load();
    return reply.serialize({ messages: messages.map(presentMessage), pagination }) as string;
  });
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Gates of a create or reschedule: subscriber-only fields, probation features, the probation quota. */
async function assertMayPost(request: FastifyRequest, user: UserRow, body: CreateMessageBody): Promise<void> {
  const media = (body.imageUrls?.length ?? 0) > 0 || (body.videoUrls?.length ?? 0) > 0;
  if (media || body.scheduledAt !== undefined || requestsCrossPost(body)) {
    assertSubscriber(user);
    assertNotProbation(request, user);
  }
  if (user.account_status === 'probation' && request.server.ctx.config.accountStatusEnforcement) {
    assertProbationQuota(request, user, await recentPostTimes(request.server.ctx, user.id));
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
      const { loaded, scheduledAt, crossPosts } = await createMessage(request.ctx, user, request.body);
      return reply.status(201).send({
        message: scheduledAt ? 'Message scheduled' : 'Message created',
        data: presentMessage(loaded),
        ...(scheduledAt ? { scheduledAt } : {}),
        crossPosts,
      });
    },
  );

  app.get(
    '/api/messages/scheduled',
    {
      schema: {
        operationId: 'listScheduledMessages',
        tags,
        summary: 'The caller’s upcoming scheduled messages',
        description: '`range`: `today` (until the next UTC midnight), `week` (7 days) or `month` (30 days, the default).',
        security: EITHER_AUTH,
        querystring: ScheduledQuery,
        response: { 200: described(MessageList, 'Scheduled messages, soonest first'), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { messages: (await listScheduled(request.ctx, user, request.query.range ?? 'month')).map(presentMessage) };
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

  app.patch(
    '/api/messages/:id',
    {
      schema: {
        operationId: 'updateScheduledMessage',
        tags,
        summary: 'Reschedule a future-scheduled message or change its cross-posts',
        description: 'Only own messages whose scheduled time is still ahead (409 otherwise). `scheduledAt` is rounded up to the next 5-minute boundary.',
        security: EITHER_AUTH,
        params: IdParams,
        body: UpdateMessageBody,
        response: { 200: described(UpdatedMessage, 'The rescheduled message'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      assertSubscriber(user);
      assertNotProbation(request, user);
      const scheduledAt = await reschedule(request.ctx, user, request.params.id, request.body);
      return { message: 'Message updated', data: presentMessage(await readMessage(request.ctx, viewerOf(user), request.params.id)), scheduledAt };
    },
  );

  app.delete(
    '/api/messages/:id',
    {
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

  app.post(
    '/api/messages/:id/report',
    {
      schema: {
        operationId: 'reportMessage',
        tags,
        summary: 'Report a message to the administrators',
        description: 'A second report of the same message by the same user updates the first (200).',
        security: EITHER_AUTH,
        params: IdParams,
        body: ReportBody,
        response: {
          201: described(ReportReceipt, 'The report was filed'),
          200: described(ReportReceipt, 'The earlier report was updated'),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      const { created, ...report } = await reportMessage(request.ctx, user, request.params.id, request.body.reason, request.body.detail);
      return reply.status(created ? 201 : 200).send({ report });
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

  app.get(
    '/api/admin/reports',
    {
      preValidation: hook(requireAdmin),
      schema: {
        operationId: 'listMessageReports',
        tags: ['admin'],
        summary: 'Reports of messages, newest first',
        security: EITHER_AUTH,
        querystring: AdminReportQuery,
        response: { 200: described(AdminReportPage, 'A page of reports'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const { rows, pagination } = await listReports(request.ctx, request.query.status, limit, offset);
      return { reports: rows.map(presentReport), pagination };
    },
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      preValidation: hook(requireAdminWrite),
      schema: {
        operationId: 'resolveMessageReport',
        tags: ['admin'],
        summary: 'Resolve a report',
        security: EITHER_AUTH,
        params: IdParams,
        body: ResolveReportBody,
        response: { 200: described(AdminReportEnvelope, 'The resolved report'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireAdminWrite(request);
      return { report: presentReport(await resolveReport(request.ctx, user, request.params.id, request.body.note)) };
    },
  );
};
