import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withLog } from '../runtime/context.js';

// Services log through `ctx.log`. During a request that is the request's own logger, so the line
// carries the request id: routes hand services `request.ctx` (context.ts, withLog), made once per
// request when first asked for. Outside a request (start-up, jobs) it is the application logger.

const REQUEST_CTX = Symbol('requestCtx');

export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest & { [REQUEST_CTX]?: ReturnType<typeof withLog> }) {
      return (this[REQUEST_CTX] ??= withLog(this.server.ctx, this.log));
    },
  });
}

// Query parameters whose values are credentials (OAuth codes and state, e-mailed tokens).
const SECRET_QUERY_KEYS = new Set(['code', 'state', 'token', 'access_token', 'refresh_token', 'password']);

/** The request as a log line shows it: no headers, and secret query values redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactQuery(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function redactQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=')[0];
      return SECRET_QUERY_KEYS.has(decodeURIComponentSafe(key).toLowerCase()) ? `${key}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
