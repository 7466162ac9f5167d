import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { page, pageWindow, ROW_PAGE } from '../../http/pagination.js';
import { errors, PUBLIC, UsernameParams } from '../../http/schemas.js';
import { presentPublicList } from './presenter.js';
import { publicList, publicLists, publicRows } from './public.js';
import { ListPageQuery, PublicListEnvelope, PublicListParams, PublicListsEnvelope, PublicRowsQuery, ROWS_SERIALIZER, RowsEnvelope } from './schemas.js';

// The public reads of lists (spec, Public): no credentials, public lists only.

const tags = ['lists'];

export const publicListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/users/:username/lists',
    {
      schema: {
        operationId: 'listPublicLists',
        tags,
        summary: 'A user’s public lists',
        security: PUBLIC,
        params: UsernameParams,
        querystring: ListPageQuery,
        response: { 200: PublicListsEnvelope, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query, ROW_PAGE);
      const { lists, total } = await publicLists(request.ctx, request.params.username, { limit, offset });
      return { message: 'Lists retrieved', data: lists.map(presentPublicList), pagination: page(lists, total, limit, offset) };
    },
  );

  app.get(
    '/api/users/:username/lists/:id',
    {
      schema: {
        operationId: 'getPublicList',
        tags,
        summary: 'A public list with its schema (as a string)',
        description: 'A private list is 404, as an unknown one.',
        security: PUBLIC,
        params: PublicListParams,
        response: { 200: PublicListEnvelope, ...errors(404) },
      },
    },
    async (request) => {
      return { message: 'List retrieved', data: presentPublicList(await publicList(request.ctx, request.params.username, request.params.id)) };
    },
  );

  app.get(
    '/api/users/:username/lists/:id/data',
    {
      ...ROWS_SERIALIZER,
      schema: {
        operationId: 'listPublicListRows',
        tags,
        summary: 'A page of a public list’s rows',
        description: 'Takes the row query parameters of the authenticated read (limit, offset, sort, filter, q).',
        security: PUBLIC,
        params: PublicListParams,
        querystring: PublicRowsQuery,
        response: { 200: RowsEnvelope, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query, ROW_PAGE);
      const { rows, total } = await publicRows(request.ctx, request.params.username, request.params.id, { ...request.query, limit, offset });
      return { message: 'Rows retrieved', data: rows, pagination: page(rows, total, limit, offset) };
    },
  );
};
