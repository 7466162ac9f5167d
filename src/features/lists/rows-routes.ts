import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { page, pageWindow, ROW_PAGE } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, IdParams, MessageBody } from '../../http/schemas.js';
import { presentRow, presentTrashedRow } from './presenter.js';
import { readOwnRows } from './row-pages.js';
import { addRow, deleteRow, editRow, listTrash, restoreRow } from './rows.js';
import { AddRowBody, EditRowBody, ListPageQuery, RowEnvelope, RowParams, ROWS_SERIALIZER, RowsEnvelope, RowsQuery, TrashEnvelope } from './schemas.js';

// A list's rows: add, edit, a page of them (sorted, filtered, searched, through a saved view),
// and the trash.

const tags = ['lists'];

export const listRowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/lists/:id/data',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'addListRow',
        tags,
        summary: 'Add a row',
        description:
          'Row data is keyed by column key. A validation failure is 400 `validation_failed` with `errors` (every message); a taken unique value is 409 `unique_violation`.',
        security: EITHER_AUTH,
        params: IdParams,
        body: AddRowBody,
        response: { 201: described(RowEnvelope, 'The new row'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      const { row, columns } = await addRow(request.ctx, user, request.params.id, request.body.data);
      return reply.status(201).send({ message: 'Row added', data: presentRow(columns, row) });
    },
  );

  app.put(
    '/api/lists/:id/data',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'editListRow',
        tags,
        summary: 'Edit a row',
        description: 'The keys sent replace those cells (null clears one); the other cells keep their values. The whole row is validated.',
        security: EITHER_AUTH,
        params: IdParams,
        body: EditRowBody,
        response: { 200: described(RowEnvelope, 'The edited row'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      const { row, columns } = await editRow(request.ctx, user, request.params.id, request.body.rowId, request.body.data);
      return { message: 'Row updated', data: presentRow(columns, row) };
    },
  );

  app.get(
    '/api/lists/:id/data',
    {
      preValidation: hook(requireUser),
      ...ROWS_SERIALIZER,
      schema: {
        operationId: 'listListRows',
        tags,
        summary: 'A page of a list’s rows, sorted, filtered and searched',
        description: 'With `view`, the saved view’s sort (unless `sort` is given) and filter apply and its hidden columns are left out of `data`.',
        security: EITHER_AUTH,
        params: IdParams,
        querystring: RowsQuery,
        response: { 200: RowsEnvelope, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query, ROW_PAGE);
      const { rows, total } = await readOwnRows(request.ctx, user.id, request.params.id, { ...request.query, limit, offset });
      return { message: 'Rows retrieved', data: rows, pagination: page(rows, total, limit, offset) };
    },
  );

  app.delete(
    '/api/lists/:id/data/:rowId',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'deleteListRow',
        tags,
        summary: 'Move a row to the trash (kept 30 days)',
        security: EITHER_AUTH,
        params: RowParams,
        response: { 200: described(MessageBody, 'The row is in the trash'), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteRow(request.ctx, user, request.params.id, request.params.rowId);
      return { message: 'Row deleted' };
    },
  );

  app.post(
    '/api/lists/:id/data/:rowId/restore',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'restoreListRow',
        tags,
        summary: 'Bring a row back from the trash',
        description: '409 `unique_violation` when one of its unique values was taken meanwhile.',
        security: EITHER_AUTH,
        params: RowParams,
        response: { 200: described(RowEnvelope, 'The restored row'), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      const { row, columns } = await restoreRow(request.ctx, user, request.params.id, request.params.rowId);
      return { message: 'Row restored', data: presentRow(columns, row) };
    },
  );

  app.get(
    '/api/lists/:id/trash',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listListTrash',
        tags,
        summary: 'Rows deleted in the last 30 days, most recent first',
        security: EITHER_AUTH,
        params: IdParams,
        querystring: ListPageQuery,
        response: { 200: TrashEnvelope, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query, ROW_PAGE);
      const { columns, rows, total } = await listTrash(request.ctx, user.id, request.params.id, { limit, offset });
      return { message: 'Trash retrieved', data: rows.map((r) => presentTrashedRow(columns, r)), pagination: page(rows, total, limit, offset) };
    },
  );
};
