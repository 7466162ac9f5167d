import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getCaller } from '../../http/auth.js';
import { PageQuery, pageWindow } from '../../http/pagination.js';
import { described, errors, OPTIONAL_AUTH } from '../../http/schemas.js';
import { presentMessage } from './presenter.js';
import { MessagePage } from './schemas.js';
import { orgFeed, viewerOf } from './service.js';

// An organization's feed: the messages posted to it. Here, with the
// other message reads, since it is one (the organization itself is features/orgs/).

export const orgFeedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/orgs/:slug/messages',
    {
      schema: {
        operationId: 'listOrganizationMessages',
        tags: ['organizations'],
        summary: "An organization's messages: its public ones, and its private ones for its members",
        security: OPTIONAL_AUTH,
        params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: PageQuery,
        response: { 200: described(MessagePage, 'A page of messages, newest first'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const { messages, pagination } = await orgFeed(request.ctx, viewerOf(caller?.user), request.params.slug, pageWindow(request.query));
      return { messages: messages.map(presentMessage), pagination };
    },
  );
};
