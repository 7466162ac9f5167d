import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { described, errors, OPTIONAL_AUTH } from '../../http/schemas.js';
import { TagSearchQuery, TagSearchResult, TrendingQuery, TrendingTags } from './schemas.js';
import { searchTags, trending } from './tags.js';

// Tag discovery: trending tags and tag search. The answers are the same for every caller (public
// messages only), so credentials are accepted and not looked at.

const tags = ['tags'];
export const TAGS_DEFAULT_LIMIT = 10;

export const tagRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/tags/trending',
    {
      schema: {
        operationId: 'listTrendingTags',
        tags,
        summary: 'Tags of public top-level messages of the last 24 hours, ranked by distinct authors, then messages',
        description:
          'An author counts once per tag. Tags are as written (case-sensitive). Private messages, replies and scheduled messages not yet published never count. The counts may be up to 5 seconds behind the writes: a new, deleted or just published message counts, or stops counting, within that.',
        security: OPTIONAL_AUTH,
        querystring: TrendingQuery,
        response: { 200: described(TrendingTags, 'The trending tags, first the most used'), ...errors(400) },
      },
    },
    async (request, reply) => {
      const body = await trending(request.ctx, request.query.limit ?? TAGS_DEFAULT_LIMIT, (b) => reply.serialize(b) as string);
      // The cached JSON is this route's own 200 serialisation, sent as is.
      const raw: FastifyReply = reply;
      return raw.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/tags/search',
    {
      schema: {
        operationId: 'searchTags',
        tags,
        summary: 'Tags in use that start with q (case-insensitive), most used first',
        description: 'Counts public top-level messages of all time; tags are returned as written. `q` is matched literally.',
        security: OPTIONAL_AUTH,
        querystring: TagSearchQuery,
        response: { 200: described(TagSearchResult, 'Matching tags, most used first'), ...errors(400) },
      },
    },
    async (request) => {
      return { tags: await searchTags(request.ctx, request.query.q, request.query.limit ?? TAGS_DEFAULT_LIMIT) };
    },
  );
};
