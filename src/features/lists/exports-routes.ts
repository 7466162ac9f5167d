import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { csvResponse, registerCsvExports, sendCsv } from '../../http/csv-export.js';
import { hook } from '../../http/guards.js';
import { EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { LIST_EXPORT_COLUMNS, listCsv, listRecords, ROW_EXPORT_COLUMNS, rowRecords } from './exports.js';
import { MULTISELECT_SEPARATOR } from './list-csv.js';

// The caller's lists and their rows as CSV (spec, Exports: session cookie only), and one list as
// the CSV its import reads (Session or Bearer, like the list's other reads).

export const listExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerCsvExports(app, [
    { path: '/api/exports/lists', operationId: 'exportLists', summary: 'Your lists (with their schemas) as CSV', file: 'lists.csv', columns: LIST_EXPORT_COLUMNS, records: listRecords },
    { path: '/api/exports/list-data-rows', operationId: 'exportListRows', summary: 'The rows of all your lists as CSV', file: 'list-data-rows.csv', columns: ROW_EXPORT_COLUMNS, records: rowRecords },
  ]);

  app.get(
    '/api/lists/:id/export',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'exportList',
        tags: ['lists'],
        summary: 'One of your lists as CSV, in the form its import reads',
        description: `A column per column of the list, headed by its label (by its key where the label would be ambiguous), a line per row, oldest first. Multiselect values are separated by \`${MULTISELECT_SEPARATOR}\`, booleans are \`true\`/\`false\`, dates \`YYYY-MM-DD\`, datetimes ISO 8601; an empty cell is no value. A cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe (so a spreadsheet does not run it), which the import takes off: the file imports back into a list of the same schema (POST /api/lists/{id}/import) as it was.`,
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: csvResponse('The list as CSV (saved as `<title>.csv`)'), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { title, header, records } = await listCsv(request.ctx, user.id, request.params.id);
      return sendCsv(reply, `${title}.csv`, header, records);
    },
  );
};
