import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerCsvExports } from '../../http/csv-export.js';
import { FOLLOW_COLUMNS, followRecords, MESSAGE_COLUMNS, messageRecords } from './service.js';

// Exports (spec, Exports): the caller's own data as CSV, session cookie only, streamed.

export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerCsvExports(app, [
    { path: '/api/exports/messages', operationId: 'exportMessages', summary: 'Your messages as CSV', file: 'messages.csv', columns: MESSAGE_COLUMNS, records: messageRecords },
    { path: '/api/exports/follows', operationId: 'exportFollows', summary: 'Your followers, followed users and follow requests as CSV', file: 'follows.csv', columns: FOLLOW_COLUMNS, records: followRecords },
  ]);
};
