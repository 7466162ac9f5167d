import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppState } from '../runtime/state.js';
import { sendJsonBytes } from './serialization.js';

// Large JSON answers sent gzipped to a client that accepts it (the sync client's fetch does, as
// browsers do). A sync pull of a thousand documents is a megabyte: at 64 clients the bytes, not the
// server, set its tail (the same megabyte from a bare route was as slow). Compressed in libuv's
// thread pool, never on the event loop, and once per answer kept by a cache: the gzipped copy is
// remembered beside the very Buffer the cache holds, and goes when that Buffer does.

const gzipped = promisify(gzip);

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const GZIP_FROM_BYTES = 16 * 1024;

export const gzippedAnswers = new AppState('http.gzipped-answers', () => new WeakMap<Buffer, Promise<Buffer>>());

/** Whether the request's Accept-Encoding takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Sends JSON bytes, gzipped when the client takes it and the answer is large enough. */
export async function sendLargeJson(request: FastifyRequest, reply: FastifyReply, bytes: Buffer): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  if (bytes.length < GZIP_FROM_BYTES || !acceptsGzip(request)) return sendJsonBytes(reply, bytes);
  const cache = request.ctx.state(gzippedAnswers);
  let compressed = cache.get(bytes);
  if (!compressed) {
    compressed = gzipped(bytes);
    cache.set(bytes, compressed);
    // A failed compression is not kept: the next request tries again.
    compressed.catch(() => cache.delete(bytes));
  }
  return sendJsonBytes(reply.header('content-encoding', 'gzip'), await compressed);
}
