import type { FastifyInstance } from 'fastify';

export function registerIdempotency(_app: FastifyInstance): void {}
