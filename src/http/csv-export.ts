import type { FastifyInstance } from 'fastify';
import { csvStream } from '../lib/csv.js';
import type { AppContext } from '../runtime/context.js';
import { requireSession } from './auth.js';
import { hook } from './guards.js';
import { errors, SESSION_AUTH } from './schemas.js';

// Exports (spec, Exports): the caller's own data as CSV downloads, session cookie only, streamed
// (csvStream reads the next records only as the client takes them). Each feature declares its own.

export interface CsvExport {
  path: string;
  operationId: string;
  summary: string;
  /** The name the download is saved under. */
  file: string;
  columns: readonly string[];
  records: (ctx: AppContext, userId: string) => AsyncIterable<readonly unknown[]>;
}

const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' as const, description: 'CSV with a header line; formula-like cells start with an apostrophe' } } },
});

/** Registers each export as a GET route of `app`. */
export function registerCsvExports(app: FastifyInstance, exports: readonly CsvExport[]): void {
  for (const e of exports) {
    app.get(
      e.path,
      {
        preValidation: hook(requireSession),
        schema: {
          operationId: e.operationId,
          tags: ['exports'],
          summary: e.summary,
          security: SESSION_AUTH,
          response: { 200: csvResponse(e.summary), ...errors(401) },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${e.file}"`)
          .header('cache-control', 'no-store')
          .send(csvStream(e.columns, e.records(request.ctx, user.id)));
      },
    );
  }
}
