import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { requireSession, requireUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { getImport, IMPORT_MODES, startImport, type ImportMode } from './import.js';
import { csvStream } from '../../lib/csv.js';
import { LIST_EXPORT_COLUMNS, listRecords, ROW_EXPORT_COLUMNS, rowRecords } from './exports.js';
import { assertNotProbation, requireWritable } from '../../http/guards.js';
import { page, pageWindow, ROW_PAGE } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, FilePart, Id, IdParams, MessageBody, PUBLIC, SESSION_AUTH, StringEnum, UsernameParams } from '../../http/schemas.js';
import { createFolder, deleteFolder, listFolders, updateFolder } from './folders.js';
import { presentFolder, presentList, presentPublicList, presentRow, presentTrashedRow, presentView } from './presenter.js';
import { publicList, publicLists, publicRows } from './public.js';
import { readOwnRows } from './row-pages.js';
import { addRow, deleteRow, editRow, listTrash, restoreRow } from './rows.js';
import { editProperties, rebuildSchema } from './schema-edits.js';
import { createList, deleteList, getList, listLists, updateList } from './service.js';
import {
  AddRowBody,
  CreateListBody,
  EditRowBody,
  FolderBody,
  FolderEnvelope,
  FolderPatch,
  FoldersEnvelope,
  ListEnvelope,
  ListsEnvelope,
  ListsQuery,
  ListPageQuery,
  PublicListEnvelope,
  PublicListParams,
  PublicListsEnvelope,
  PublicRowsQuery,
  RowEnvelope,
  RowParams,
  RowsEnvelope,
  RowsQuery,
  SchemaBody,
  TrashEnvelope,
  UpdateListBody,
  ViewBody,
  ViewEnvelope,
  ViewParams,
  ViewPatch,
  ViewsEnvelope,
  SCHEMA_BODY_EXAMPLES,
} from './schemas.js';
import { createView, deleteView, listViews, updateView } from './views.js';

const tags = ['lists'];
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
// Pages of rows are serialized with JSON.stringify: the presenter gives them their exact shape,
// and each row's `data` (any JSON per column) costs fast-json-stringify about three times as much
// (some 400 µs against 130 µs for 50 rows of ten columns).
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

export const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  // Multipart only for this plugin's routes (the CSV import).
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000 } });

  // ---- lists

  app.post(
    '/api/lists',
    {
      schema: {
        operationId: 'createList',
        tags,
        summary: 'Create a list with its schema',
        description:
          'The title defaults to the schema name. A schema error is 400 `bad_request` with a message starting `Invalid schema:`. Probation accounts get 403 `account_probation_feature`.',
        security: EITHER_AUTH,
        body: CreateListBody,
        response: { 201: described(ListEnvelope, 'The new list'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      assertNotProbation(request, user);
      const view = await createList(ctx, user.id, request.body);
      return reply.status(201).send({ message: 'List created', data: presentList(view) });
    },
  );

  app.get(
    '/api/lists',
    {
      schema: {
        operationId: 'listLists',
        tags,
        summary: 'The caller’s lists, newest first',
        security: EITHER_AUTH,
        querystring: ListsQuery,
        response: { 200: ListsEnvelope, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { limit, offset } = pageWindow(request.query, ROW_PAGE);
      const { lists, total } = await listLists(ctx, user.id, { limit, offset, folderId: request.query.folderId });
      return { message: 'Lists retrieved', data: lists.map(presentList), pagination: page(lists, total, limit, offset) };
    },
  );

  app.get(
    '/api/lists/:id',
    {
      schema: {
        operationId: 'getList',
        tags,
        summary: 'One of the caller’s lists with its schema',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: ListEnvelope, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { message: 'List retrieved', data: presentList(await getList(ctx, user.id, request.params.id)) };
    },
  );

  app.patch(
    '/api/lists/:id',
    {
      schema: {
        operationId: 'updateList',
        tags,
        summary: 'Change a list’s title, description, visibility or folder',
        security: EITHER_AUTH,
        params: IdParams,
        body: UpdateListBody,
        response: { 200: ListEnvelope, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { message: 'List updated', data: presentList(await updateList(ctx, user.id, request.params.id, request.body)) };
    },
  );

  app.delete(
    '/api/lists/:id',
    {
      schema: {
        operationId: 'deleteList',
        tags,
        summary: 'Delete a list with its rows and views',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'The list is deleted'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteList(ctx, user.id, request.params.id);
      return { message: 'List deleted' };
    },
  );

  app.put(
    '/api/lists/:id/schema',
    {
      schema: {
        operationId: 'updateListSchema',
        'x-body-examples': SCHEMA_BODY_EXAMPLES,
        tags,
        summary: 'Rebuild a list’s schema, or edit its columns keeping their data',
        description:
          'A schema object (`name`, `fields`) is a destructive rebuild: every column and row is replaced and the name becomes the title. A `properties` array is a non-destructive edit: items with a known `propertyId` keep that column and its data (label, rules, options, order and key may change); items without one add a column; columns left out are removed with their values. A type change is refused (400) unless every stored value fits the new type.',
        security: EITHER_AUTH,
        params: IdParams,
        body: SchemaBody,
        response: { 200: described(ListEnvelope, 'The list with its new schema'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      const { properties, ...schema } = request.body;
      const view =
        properties !== undefined ? await editProperties(ctx, user.id, request.params.id, properties) : await rebuildSchema(ctx, user.id, request.params.id, schema);
      return { message: 'Schema updated', data: presentList(view) };
    },
  );

  // ---- rows

  app.post(
    '/api/lists/:id/data',
    {
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
      const { row, columns } = await addRow(ctx, user.id, request.params.id, request.body.data);
      return reply.status(201).send({ message: 'Row added', data: presentRow(columns, row) });
    },
  );

  app.put(
    '/api/lists/:id/data',
    {
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
      const { row, columns } = await editRow(ctx, user.id, request.params.id, request.body.rowId, request.body.data);
      return { message: 'Row updated', data: presentRow(columns, row) };
    },
  );

  app.get(
    '/api/lists/:id/data',
    {
      ...plainJson,
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
      const { rows, total } = await readOwnRows(ctx, user.id, request.params.id, { ...request.query, limit, offset });
      return { message: 'Rows retrieved', data: rows, pagination: page(rows, total, limit, offset) };
    },
  );

  app.delete(
    '/api/lists/:id/data/:rowId',
    {
      schema: {
        operationId: 'deleteListRow',
        tags,
        summary: 'Move a row to the trash (kept 30 days)',
        security: EITHER_AUTH,
        params: RowParams,
        response: { 200: described(MessageBody, 'The row is in the trash'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteRow(ctx, user.id, request.params.id, request.params.rowId);
      return { message: 'Row deleted' };
    },
  );

  app.post(
    '/api/lists/:id/data/:rowId/restore',
    {
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
      const { row, columns } = await restoreRow(ctx, user.id, request.params.id, request.params.rowId);
      return { message: 'Row restored', data: presentRow(columns, row) };
    },
  );

  app.get(
    '/api/lists/:id/trash',
    {
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
      const { columns, rows, total } = await listTrash(ctx, user.id, request.params.id, { limit, offset });
      return { message: 'Trash retrieved', data: rows.map((r) => presentTrashedRow(columns, r)), pagination: page(rows, total, limit, offset) };
    },
  );

  // ---- saved views

  app.get(
    '/api/lists/:id/views',
    {
      schema: {
        operationId: 'listListViews',
        tags,
        summary: 'The saved views of a list',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: ViewsEnvelope, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { views: (await listViews(ctx, user.id, request.params.id)).map(presentView) };
    },
  );

  app.post(
    '/api/lists/:id/views',
    {
      schema: {
        operationId: 'createListView',
        tags,
        summary: 'Save a view of a list',
        security: EITHER_AUTH,
        params: IdParams,
        body: ViewBody,
        response: { 201: described(ViewEnvelope, 'The new view'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      const view = await createView(ctx, user.id, request.params.id, request.body);
      return reply.status(201).send({ view: presentView(view) });
    },
  );

  app.put(
    '/api/lists/:id/views/:viewId',
    {
      schema: {
        operationId: 'updateListView',
        tags,
        summary: 'Change a saved view',
        security: EITHER_AUTH,
        params: ViewParams,
        body: ViewPatch,
        response: { 200: ViewEnvelope, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { view: presentView(await updateView(ctx, user.id, request.params.id, request.params.viewId, request.body)) };
    },
  );

  app.delete(
    '/api/lists/:id/views/:viewId',
    {
      schema: {
        operationId: 'deleteListView',
        tags,
        summary: 'Delete a saved view',
        security: EITHER_AUTH,
        params: ViewParams,
        response: { 200: described(MessageBody, 'The view is deleted'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteView(ctx, user.id, request.params.id, request.params.viewId);
      return { message: 'View deleted' };
    },
  );

  // ---- folders

  app.get(
    '/api/folders',
    {
      schema: {
        operationId: 'listListFolders',
        tags,
        summary: 'All the caller’s list folders that are not deleted',
        security: EITHER_AUTH,
        response: { 200: FoldersEnvelope, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { folders: (await listFolders(ctx, user.id)).map(presentFolder) };
    },
  );

  app.post(
    '/api/folders',
    {
      schema: {
        operationId: 'createListFolder',
        tags,
        summary: 'Create a list folder',
        security: EITHER_AUTH,
        body: FolderBody,
        response: { 201: described(FolderEnvelope, 'The new folder'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      return reply.status(201).send({ folder: presentFolder(await createFolder(ctx, user.id, request.body)) });
    },
  );

  app.put(
    '/api/folders/:id',
    {
      schema: {
        operationId: 'updateListFolder',
        tags,
        summary: 'Rename or move a list folder',
        security: EITHER_AUTH,
        params: IdParams,
        body: FolderPatch,
        response: { 200: FolderEnvelope, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { folder: presentFolder(await updateFolder(ctx, user.id, request.params.id, request.body)) };
    },
  );

  app.delete(
    '/api/folders/:id',
    {
      schema: {
        operationId: 'deleteListFolder',
        tags,
        summary: 'Delete a list folder and its subfolders (soft); their lists move to the root',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(MessageBody, 'The folder is deleted'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteFolder(ctx, user.id, request.params.id);
      return { message: 'Folder deleted' };
    },
  );

  // ---- CSV import

  const ImportJob = Type.Object(
    {
      id: Type.String(),
      status: Type.String({ enum: ['queued', 'running', 'done', 'failed'] }),
      dryRun: Type.Boolean(),
      total: Type.Integer(),
      processed: Type.Integer(),
      inserted: Type.Integer(),
      updated: Type.Integer(),
      skipped: Type.Integer(),
      errors: Type.Array(Type.Object({ line: Type.Integer(), messages: Type.Array(Type.String()) })),
    },
    { description: 'An import job and its progress' },
  );

  // The parts of an import, for the document (the route reads and checks them itself).
  const ImportForm = Type.Object({
    file: FilePart('The CSV file; its header line names column keys or labels'),
    dryRun: Type.Optional(StringEnum(['true', 'false'] as const, { default: 'false', description: 'Check every line, write nothing' })),
    upsertKey: Type.Optional(Type.String({ description: 'A unique column’s key: lines whose value matches a row update it' })),
    mode: Type.Optional(StringEnum(IMPORT_MODES, { default: 'all-or-nothing' })),
  });

  app.post(
    '/api/lists/:id/import',
    {
      schema: {
        operationId: 'importListRows',
        tags,
        summary: 'Import rows from a CSV file (runs as a job)',
        description:
          'multipart/form-data: `file` (CSV; the header names column keys or labels), `dryRun` (`true`|`false`), `upsertKey` (a unique column’s key: lines whose value matches a row update it), `mode` (`all-or-nothing`, the default, or `valid-rows`). Answers 202 at once; follow the job at GET /api/lists/{id}/imports/{jobId}. Multiselect cells are `;`-separated; booleans true/false, 1/0 or yes/no.',
        security: EITHER_AUTH,
        params: IdParams,
        'x-multipart': ImportForm,
        response: {
          202: described(Type.Object({ job: Type.Object({ id: Type.String(), status: Type.String() }) }), 'The job was queued'),
          ...errors(400, 401, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      if (!request.isMultipart()) throw badRequest('Send the CSV as multipart/form-data with a file part named "file"');
      const fields: Record<string, string> = {};
      let content: string | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const buf = await part.toBuffer();
            if (part.fieldname !== 'file') continue;
            content = buf.toString('utf8');
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        const e = err as { code?: string; statusCode?: number };
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`, 'payload_too_large');
        if (err instanceof AppError) throw err;
        throw badRequest('Malformed multipart body');
      }
      if (content === null) throw badRequest('A file part named "file" is required');
      const dryRun = fields.dryRun ?? 'false';
      if (dryRun !== 'true' && dryRun !== 'false') throw badRequest('dryRun must be true or false');
      const mode = fields.mode ?? 'all-or-nothing';
      if (!(IMPORT_MODES as readonly string[]).includes(mode)) throw badRequest(`mode must be one of: ${IMPORT_MODES.join(', ')}`);
      const job = await startImport(ctx, user.id, request.params.id, content, {
        dryRun: dryRun === 'true',
        mode: mode as ImportMode,
        upsertKey: fields.upsertKey || null,
      });
      return reply.status(202).send({ job: { id: job.id, status: job.status } });
    },
  );

  app.get(
    '/api/lists/:id/imports/:jobId',
    {
      schema: {
        operationId: 'getListImport',
        tags,
        summary: 'The progress and result of a CSV import',
        security: EITHER_AUTH,
        params: Type.Object({ id: Id, jobId: Id }),
        response: { 200: described(Type.Object({ job: ImportJob }), 'The job'), ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { job: await getImport(ctx, user.id, request.params.id, request.params.jobId) };
    },
  );

  // ---- exports (Session only)

  const csvResponse = (description: string) => ({
    description,
    content: { 'text/csv': { schema: { type: 'string' as const, description: 'CSV with a header line; formula-like cells start with an apostrophe' } } },
  });
  for (const e of [
    { path: '/api/exports/lists', operationId: 'exportLists', summary: 'Your lists (with their schemas) as CSV', file: 'lists.csv', columns: LIST_EXPORT_COLUMNS, records: listRecords },
    { path: '/api/exports/list-data-rows', operationId: 'exportListRows', summary: 'The rows of all your lists as CSV', file: 'list-data-rows.csv', columns: ROW_EXPORT_COLUMNS, records: rowRecords },
  ]) {
    app.get(
      e.path,
      { schema: { operationId: e.operationId, tags: ['exports'], summary: e.summary, security: SESSION_AUTH, response: { 200: csvResponse(e.summary), ...errors(401) } } },
      async (request, reply) => {
        const { user } = await requireSession(request);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${e.file}"`)
          .header('cache-control', 'no-store')
          .send(csvStream(e.columns, e.records(ctx, user.id)));
      },
    );
  }

  // ---- public

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
      const { lists, total } = await publicLists(ctx, request.params.username, { limit, offset });
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
      return { message: 'List retrieved', data: presentPublicList(await publicList(ctx, request.params.username, request.params.id)) };
    },
  );

  app.get(
    '/api/users/:username/lists/:id/data',
    {
      ...plainJson,
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
      const { rows, total } = await publicRows(ctx, request.params.username, request.params.id, { ...request.query, limit, offset });
      return { message: 'Rows retrieved', data: rows, pagination: page(rows, total, limit, offset) };
    },
  );
};
