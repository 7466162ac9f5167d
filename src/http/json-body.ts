import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

type JsonParser = (request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => void;

// JSON bodies: Fastify's own parser (prototype-poisoning checks included), except that an empty
// body (or one of white space only) sent as `application/json` is taken as no body at all, which
// is what many clients send with a POST action (follow, dig, logout). A route whose body is
// optional then runs as if none had been sent; one that needs a body answers its 400 saying so.
// A body Fastify refuses although it is well-formed JSON holds a `__proto__` key (or a
// `constructor.prototype`): the answer says so, since "malformed" would send the client looking
// for a syntax error that is not there.
export function registerJsonBody(app: FastifyInstance): void {
  // Fastify's default parser is the callback form (its type also admits a promise form).
  const parseJson = app.getDefaultJsonParser('error', 'error') as JsonParser;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    return parseJson(request, body as string, (err, parsed) => {
      if (err && isWellFormedJson(body as string)) return done(prototypeKeyRefused());
      return done(err, parsed);
    });
  });
}

const prototypeKeyRefused = () =>
  badRequest('The body has a "__proto__" key (or a "constructor" with a "prototype"), which this API refuses: rename or remove that key', 'invalid_json');

function isWellFormedJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
