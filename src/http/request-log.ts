import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

// Services log through `ctx.log`. During a request that must be the request's own logger, so the
// line carries the request id; outside a request (start-up, jobs) it is the application logger.

const current = new AsyncLocalStorage<FastifyBaseLogger>();

export function registerRequestLogContext(app: FastifyInstance): void {
  // Running the rest of the request lifecycle inside `run` scopes the logger to this request.
  app.addHook('onRequest', (request, _reply, done) => current.run(request.log, done));
}

/** The logger of the request being handled, or `fallback` outside one. */
export function contextLogger(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return current.getStore() ?? fallback;
}
