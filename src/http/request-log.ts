import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

// Services log through `ctx.log`. During a request that must be the request's own logger, so the
// line carries the request id; outside a request (start-up, jobs) it is the application logger.

const current = new AsyncLocalStorage<FastifyBaseLogger>();

export function registerRequestLogContext(app: FastifyInstance): void {
  // Running the rest of the request lifecycle inside `run` scopes the logger to this request.
  app.addHook('onRequest', (request, _reply, done) => current.run(request.log, done));
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

/** The logger of the request being handled, or `fallback` outside one. */
export function contextLogger(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return current.getStore() ?? fallback;
}
