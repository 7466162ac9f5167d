import type { FastifyInstance, FastifyRequest } from 'fastify';

type JsonParser = (request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => void;

// JSON bodies: Fastify's own parser (prototype-poisoning checks included), except that an empty
// body (or one of white space only) sent as `application/json` is taken as no body at all, which
// is what many clients send with a POST action (follow, dig, logout). A route whose body is
// optional then runs as if none had been sent; one that needs a body answers its 400 saying so.
export function registerJsonBody(app: FastifyInstance): void {
  // Fastify's default parser is the callback form (its type also admits a promise form).
  const parseJson = app.getDefaultJsonParser('error', 'error') as JsonParser;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
