import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const userRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
