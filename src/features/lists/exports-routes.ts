import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerCsvExports } from '../../http/csv-export.js';
import { LIST_EXPORT_COLUMNS, listRecords, ROW_EXPORT_COLUMNS, rowRecords } from './exports.js';

// The caller's lists and their rows as CSV (spec, Exports: session cookie only).

export const listExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerCsvExports(app, [
    { path: '/api/exports/lists', operationId: 'exportLists', summary: 'Your lists (with their schemas) as CSV', file: 'lists.csv', columns: LIST_EXPORT_COLUMNS, records: listRecords },
    { path: '/api/exports/list-data-rows', operationId: 'exportListRows', summary: 'The rows of all your lists as CSV', file: 'list-data-rows.csv', columns: ROW_EXPORT_COLUMNS, records: rowRecords },
  ]);
};
