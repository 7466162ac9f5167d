import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';

// Response serializers compiled on a route's first answer with each status instead of all at start.
// Fastify's own compiler (fast-json-stringify) checks every component schema again for each of the
// few hundred route responses: that was most of the start-up time (seconds of CPU before the first
// request could be answered). The serializer each route gets is the same; only when it is made moves.

// Fastify's own serializer factory, resolved through fastify: the version fastify itself uses.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as typeof import('@fastify/fast-json-stringify-compiler');

type Serializer = (data: unknown) => string;

export function registerLazySerialization(app: FastifyInstance): void {
  // Made at the first compile: by then every component schema (app.addSchema) is registered.
  let compile: ReturnType<ReturnType<typeof SerializerSelector>> | null = null;
  app.setSerializerCompiler((route) => {
    let serializer: Serializer | null = null;
    return (data) => {
      if (!serializer) {
        compile ??= SerializerSelector()(app.getSchemas(), {});
        serializer = compile(route as Parameters<typeof compile>[0]);
      }
      return serializer(data);
    };
  });
}

/**
 * A large answer as the route's own 200 serialisation, encoded to UTF-8 once, to send as is.
 * Handed a string, Fastify first counts its bytes (Buffer.byteLength walks the serializer's
 * concatenated string: tens of milliseconds for a megabyte holding any non-Latin-1 text) and the
 * socket then encodes it again to write it: with the bytes, neither.
 */
export function serializedBytes(reply: FastifyReply, payload: unknown): Buffer {
  return Buffer.from(reply.serialize(payload) as string);
}

/** Sends JSON already encoded (serializedBytes). */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(bytes);
}
