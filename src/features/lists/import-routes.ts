import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { hook, requireWritable } from '../../http/guards.js';
import { setBodyDigest } from '../../http/idempotency.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { getImport, IMPORT_MODES, startImport, type ImportMode, type ImportOptions } from './import.js';
import { csvFileText } from './list-csv.js';
import { ImportEnvelope, ImportForm, ImportParams, ImportQueued } from './schemas.js';

// CSV imports into a list: the upload answers 202 at once and runs as a job (import.ts).

const tags = ['lists'];
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

interface ImportUpload {
  file: Buffer;
  fields: Record<string, string>;
}

/** The parts of an import (ImportForm) as sent: the file's bytes and the text fields. */
async function readImportParts(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw badRequest('Send the CSV as multipart/form-data with a file part named "file"');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        file = buf;
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
  if (file === null) throw badRequest('A file part named "file" is required');
  return { file, fields };
}

/** The digest of an upload for the Idempotency-Key fingerprint: the file's bytes and every field. */
function uploadDigest({ file, fields }: ImportUpload): string {
  const hash = createHash('sha256').update(file);
  for (const name of Object.keys(fields).sort()) hash.update(`\0${name}=${fields[name]}`);
  return hash.digest('hex');
}

const uploads = new WeakMap<FastifyRequest, Promise<ImportUpload>>();

/**
 * The route's preValidation step, after its guard: reads the multipart body before the
 * Idempotency-Key is claimed and gives the key's fingerprint its digest (a multipart body is not
 * request.body), so the same key with another file or other options is 422 idempotency_mismatch,
 * not a replay of the first import. A refused body is answered by the handler.
 */
async function readUpload(request: FastifyRequest): Promise<void> {
  const read = readImportParts(request);
  uploads.set(request, read);
  try {
    setBodyDigest(request, uploadDigest(await read));
  } catch (err) {
    setBodyDigest(request, `refused:${(err as AppError).code}`);
  }
}

/** The import's CSV text and options, checked (415 for a file that is not CSV text). */
async function importForm(request: FastifyRequest): Promise<{ content: string; options: ImportOptions }> {
  const { file, fields } = await uploads.get(request)!;
  const dryRun = fields.dryRun ?? 'false';
  if (dryRun !== 'true' && dryRun !== 'false') throw badRequest('dryRun must be true or false');
  const mode = fields.mode ?? 'all-or-nothing';
  if (!(IMPORT_MODES as readonly string[]).includes(mode)) throw badRequest(`mode must be one of: ${IMPORT_MODES.join(', ')}`);
  return { content: await csvFileText(file), options: { dryRun: dryRun === 'true', mode: mode as ImportMode, upsertKey: fields.upsertKey || null } };
}

export const listImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Multipart only for this plugin's routes (the CSV import).
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000 } });

  app.post(
    '/api/lists/:id/import',
    {
      preValidation: [hook(requireWritable), readUpload],
      schema: {
        operationId: 'importListRows',
        tags,
        summary: 'Import rows from a CSV file (runs as a job)',
        description:
          'multipart/form-data: `file` (CSV; the header names column keys or labels), `dryRun` (`true`|`false`), `upsertKey` (a unique column’s key: lines whose value matches a row update it), `mode` (`all-or-nothing`, the default, or `valid-rows`). Answers 202 at once; follow the job at GET /api/lists/{id}/imports/{jobId}. A multiselect cell separates its values with `;` (`red;green`); booleans are true/false, 1/0 or yes/no; dates YYYY-MM-DD, datetimes ISO 8601; a leading apostrophe before =, +, -, @, tab or carriage return is taken off. GET /api/lists/{id}/export writes this form. A file that is not CSV text (a spreadsheet, an image, a PDF: by its bytes): 415 `unsupported_media_type`, and no job.',
        security: EITHER_AUTH,
        params: IdParams,
        'x-multipart': ImportForm,
        response: {
          202: described(ImportQueued, 'The job was queued'),
          ...errors(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      const { content, options } = await importForm(request);
      const job = await startImport(request.ctx, user.id, request.params.id, content, options);
      return reply.status(202).send({ job: { id: job.id, status: job.status } });
    },
  );

  app.get(
    '/api/lists/:id/imports/:jobId',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'getListImport',
        tags,
        summary: 'The progress and result of a CSV import',
        security: EITHER_AUTH,
        params: ImportParams,
        response: { 200: described(ImportEnvelope, 'The job'), ...errors(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { job: await getImport(request.ctx, user.id, request.params.id, request.params.jobId) };
    },
  );
};
