import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireVerifiedWriter, requireWritable } from '../../http/guards.js';
import { PageQuery, pageWindow } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, Id, MessageBody, Username } from '../../http/schemas.js';
import { presentUserSummary } from '../users/index.js';
import { presentDirectMessage } from './presenter.js';
import { ConversationPage, DirectMessageEnvelope, DirectMessagePage, SendDirectMessage } from './schemas.js';
import { deleteDirectMessage, listConversations, readConversation, sendDirectMessage } from './service.js';

// Direct messages.

const tags = ['direct-messages'];

export const directMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/direct-messages',
    {
      preValidation: hook(requireVerifiedWriter),
      schema: {
        operationId: 'sendDirectMessage',
        tags,
        summary: 'Send a direct message (not to yourself, not between users who block each other, not from probation accounts)',
        security: EITHER_AUTH,
        body: SendDirectMessage,
        response: { 201: described(DirectMessageEnvelope, 'Sent'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireVerifiedWriter(request);
      const sent = await sendDirectMessage(request.ctx, user, request.body);
      return reply.status(201).send({ directMessage: presentDirectMessage(sent) });
    },
  );

  app.get(
    '/api/direct-messages',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listConversations',
        tags,
        summary: 'The caller’s conversations, the most recent first, with unread counts',
        security: EITHER_AUTH,
        querystring: PageQuery,
        response: { 200: described(ConversationPage, 'Conversations'), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query);
      const { conversations, pagination } = await listConversations(request.ctx, user.id, limit, offset);
      return {
        conversations: conversations.map((c) => ({ user: presentUserSummary(c.user), lastMessage: presentDirectMessage(c.lastMessage), unreadCount: c.unreadCount })),
        pagination,
      };
    },
  );

  app.get(
    '/api/direct-messages/:target',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'readConversation',
        tags,
        summary: 'The messages with one user, newest first; marks the caller’s received ones read',
        security: EITHER_AUTH,
        // One path with DELETE below, so one parameter name: here it is the other user's username.
        params: Type.Object({ target: { ...Username, description: 'The other user’s username' } }),
        querystring: PageQuery,
        response: { 200: described(DirectMessagePage, 'A page of the conversation'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query);
      const { messages, pagination } = await readConversation(request.ctx, user, request.params.target, limit, offset);
      return { messages: messages.map(presentDirectMessage), pagination };
    },
  );

  app.delete(
    '/api/direct-messages/:target',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'deleteDirectMessage',
        tags,
        summary: 'Delete a direct message you sent',
        security: EITHER_AUTH,
        params: Type.Object({ target: { ...Id, description: 'The direct message’s id' } }),
        response: { 200: described(MessageBody, 'Deleted'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteDirectMessage(request.ctx, user.id, request.params.target);
      return { message: 'Direct message deleted' };
    },
  );
};
