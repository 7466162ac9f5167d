import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

// Requests that Node's HTTP parser refuses before Fastify sees them (raw non-ASCII bytes in the
// URL, headers over the size limit, a request that never finishes arriving) are answered in the
// service's own error model, `{ error, code }` with an x-request-id, instead of Fastify's default
// body. There is no request to route, so the answer is written on the socket, which then closes.

interface ClientError extends Error {
  code?: string;
}

function answerFor(err: ClientError): { status: number; error: string; code: string } {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, error: 'The request did not arrive in time', code: 'request_timeout' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, error: 'The request headers are too large', code: 'headers_too_large' };
    case 'HPE_INVALID_URL':
      return { status: 400, error: 'Malformed URL: characters outside ASCII must be percent-encoded (UTF-8)', code: 'bad_url' };
    default:
      return { status: 400, error: 'Malformed HTTP request', code: 'bad_request' };
  }
}

/** Fastify's `clientErrorHandler` (a socket-level error, `this` the server instance). */
export function clientErrorHandler(err: ClientError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, error, code } = answerFor(err);
  const body = JSON.stringify({ error, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
