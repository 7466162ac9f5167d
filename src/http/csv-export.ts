import type { FastifyInstance, FastifyReply } from 'fastify';
import { csvStream } from '../lib/csv.js';
import type { AppContext } from '../runtime/context.js';
import { requireSession } from './auth.js';
import { hook } from './guards.js';
import { errors, SESSION_AUTH } from './schemas.js';

// CSV downloads: the caller's own data, streamed (csvStream reads the next records only as the
// client takes them), cells a spreadsheet would run as a formula neutralised. The exports of the
// spec (Exports: session cookie only) are declared by each feature and registered here; a
// feature's own download route (a list as CSV) answers with sendCsv.

export interface CsvExport {
  path: string;
  operationId: string;
  summary: string;
  /** The name the download is saved under. */
  file: string;
  columns: readonly string[];
  records: (ctx: AppContext, userId: string) => AsyncIterable<readonly unknown[]>;
}

/** The 200 response of a CSV download, for a route's schema. */
export const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' as const, description: 'CSV with a header line; formula-like cells start with an apostrophe' } } },
});

/**
 * The Content-Disposition of a download saved as `file`: the name as ASCII (other characters as
 * `_`), and the exact name as RFC 5987 `filename*` when that differs.
 */
export function attachment(file: string): string {
  const ascii = file.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  if (ascii === file) return `attachment; filename="${file}"`;
  const exact = encodeURIComponent(file).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** Answers records as a CSV download named `file`, with `header` as its first line. */
export function sendCsv(reply: FastifyReply, file: string, header: readonly string[], records: AsyncIterable<readonly unknown[]>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(file))
    .header('cache-control', 'no-store')
    .send(csvStream(header, records));
}

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
        return sendCsv(reply, e.file, e.columns, e.records(request.ctx, user.id));
      },
    );
  }
}
