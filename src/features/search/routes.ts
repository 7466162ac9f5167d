import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook } from '../../http/guards.js';
import { pageWindow, SEARCH_PAGE } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors } from '../../http/schemas.js';
import { viewerOf } from '../visibility/service.js';
import { SearchEverythingQuery, SearchPage } from './schemas.js';
import { searchEverything } from './service.js';

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/search',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'searchEverything',
        tags: ['search'],
        summary: 'Search the caller’s messages, documents and list rows together, ranked',
        description:
          'Only what the caller may read: their own items, public messages and followed accounts’ messages as the feed shows them (never a blocked or muted author’s), documents and lists shared with them directly or through an organization (not through a link). Words match whole and by prefix, case and accents ignored; Chinese and Japanese text, and emoji, match by substring. Ranked: all the words before some, title before body, then newest.',
        security: EITHER_AUTH,
        querystring: SearchEverythingQuery,
        response: { 200: described(SearchPage, 'A page of matches, best first'), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { query } = request;
      return searchEverything(request.ctx, viewerOf(user)!, { q: query.q, types: query.types, ...pageWindow(query, SEARCH_PAGE) });
    },
  );
};
