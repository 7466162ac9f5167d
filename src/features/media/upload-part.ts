import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.js';
import { setBodyDigest } from '../../http/idempotency.js';
import { payloadTooLarge } from './pipeline.js';

// One uploaded file out of a multipart body: shared by the media routes and the documents'
// image upload (which lives with documents, the feature that owns the document it checks).

/**
 * Lets the routes of one plugin scope take multipart bodies: registered by each upload plugin
 * only, so multipart is accepted by those routes and no others.
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 } });
}

export const MULTIPART_NOTE =
  'Send `multipart/form-data` with the file in the field `file`. The type is decided by the bytes (magic numbers), never by the declared content type or file name.';

const fileParts = new WeakMap<FastifyRequest, Promise<Buffer>>();

/**
 * An upload route's preValidation step, after its guard: reads the `file` part into memory, at
 * most `limit` bytes (413 beyond), before the Idempotency-Key is claimed, and gives the key's
 * fingerprint the bytes' digest (a multipart body is not request.body, which the fingerprint
 * covers otherwise). A failure waits for readFilePart, so the route's own checks before it (a
 * document that is not the caller's: 404) still answer first.
 */
export function filePart(limit: number, tooLarge: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const read = readPart(request, limit, tooLarge);
    fileParts.set(request, read);
    try {
      setBodyDigest(request, createHash('sha256').update(await read).digest('hex'));
    } catch (err) {
      setBodyDigest(request, `refused:${(err as AppError).code}`);
    }
  };
}

/** The `file` part read by the route's filePart step (or why it could not be read). */
export function readFilePart(request: FastifyRequest): Promise<Buffer> {
  const read = fileParts.get(request);
  if (!read) throw new Error('readFilePart: the route has no filePart(...) step in its preValidation');
  return read;
}

async function readPart(request: FastifyRequest, limit: number, tooLarge: string): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file"', 'multipart_required');
  try {
    const part = await request.file({ limits: { fileSize: limit, files: 1 }, throwFileSizeLimit: true });
    if (!part) throw badRequest('The multipart field "file" is required', 'file_required');
    if (part.fieldname !== 'file') {
      part.file.resume(); // drain it so the request completes
      throw badRequest('The multipart field "file" is required', 'file_required');
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw payloadTooLarge(tooLarge);
    return bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    // limits.fileSize truncates the stream; @fastify/multipart turns that into this error.
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(tooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Send one file, in the field "file"', 'bad_multipart');
    throw badRequest('The multipart body is malformed', 'bad_multipart');
  }
}
