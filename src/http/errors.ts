import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyFullyRead, discardUnreadBody } from './unread-body.js';
import { validationMessages } from './validation-messages.js';

// Typed errors thrown by guards and services. One handler (registerErrorHandling) turns them,
// Fastify's own errors and unknown routes into `{ error, code? }`; nothing else writes an error body.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Extra body fields the spec names (errors, scope...). */
    readonly extra?: Record<string, unknown>,
    /** Extra response headers (Retry-After...). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request', extra?: Record<string, unknown>) =>
  new AppError(400, message, code, extra);
export const unauthorized = (message = 'Authentication required', code = 'unauthorized') => new AppError(401, message, code);
export const forbidden = (message: string, code = 'forbidden') => new AppError(403, message, code);
export const notFound = (message = 'Not found', code = 'not_found') => new AppError(404, message, code);
/** An unknown (or hidden) user: the spec fixes `error` as the literal code, so clients may match either field. */
export const userNotFound = () => new AppError(404, 'user_not_found', 'user_not_found');
export const conflict = (message: string, code = 'conflict') => new AppError(409, message, code);
export const unprocessable = (message: string, code: string) => new AppError(422, message, code);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests', code = 'rate_limited', extra?: Record<string, unknown>) =>
  new AppError(429, message, code, extra, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * The one shape of an answer to invalid input, for request shapes (Ajv) and list rows alike: 400
 * with every problem in `errors`, the first also as `error`. The code is the spec's: `bad_request`
 * for a request that breaks its schema (Errors, "schema invalid"), `validation_failed` for a row
 * that breaks its list's rules.
 */
export const validationFailed = (messages: readonly string[], code: 'bad_request' | 'validation_failed' = 'validation_failed') =>
  badRequest(messages[0] ?? 'The request is invalid', code, { errors: [...messages] });

const SEND_JSON = 'The body came as text/plain: send JSON with the header content-type: application/json';

/** A body Fastify kept as text because of its content type (JSON sent as text/plain, as fetch does with a string body and no header). */
function sentAsPlainText(request: FastifyRequest): boolean {
  return typeof request.body === 'string' && /^text\/plain\b/i.test(request.headers['content-type'] ?? '');
}

/** A body of a type no route here takes (a form post, as `curl -d` sends without a header). */
function unacceptedType(request: FastifyRequest): string {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim();
  return `A body of type ${type || '(none)'} is not accepted: send JSON with the header content-type: application/json (uploads: multipart/form-data)`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    // Answering before the body has all arrived (a body over the limit, an upload refused early):
    // read the rest first, so that a client still sending can read the answer (unread-body.ts).
    if (!bodyFullyRead(request.raw)) {
      await discardUnreadBody(request.raw);
      reply.header('connection', 'close');
    }
    // A schema violation (Ajv's, with every problem: validation.ts) is answered like a row's.
    const validation = (err as FastifyError).validation as ErrorObject[] | undefined;
    if (validation) {
      const context = (err as FastifyError).validationContext ?? 'body';
      const messages = validationMessages(validation, context);
      err = context === 'body' && sentAsPlainText(request) ? validationFailed([SEND_JSON, ...messages], 'bad_request') : validationFailed(messages, 'bad_request');
    }
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({ error: err.message, ...(err.code ? { code: err.code } : {}), ...err.extra });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      const code =
        fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type'
        : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'payload_too_large'
        : fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'invalid_json'
        : status === 413 ? 'payload_too_large'
        : status === 429 ? 'rate_limited'
        : 'bad_request';
      // A wrong content type is a bad request for this API (the contract says 400).
      const finalStatus = fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 400 : status;
      const message =
        code === 'invalid_json' ? 'Malformed JSON body'
        : code === 'unsupported_media_type' ? unacceptedType(request)
        : fe.message;
      return reply.status(finalStatus).send({ error: message, code });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error', code: 'internal_error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' });
  });
}

/** The longest path parameter the router takes (its maxParamLength); a longer one is 414. */
export const MAX_PARAM_LENGTH = 100;

/** A path parameter over MAX_PARAM_LENGTH: the router's refusal, in the error model. */
export const uriTooLong = () => new AppError(414, 'A path parameter is too long', 'uri_too_long');
