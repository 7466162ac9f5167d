import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CLIENT_METADATA_PATH, networkBOAuthFor } from '../../adapters/networks/network-b/oauth.js';
import { described, PUBLIC } from '../../http/schemas.js';
import { NetworkBClientMetadata } from './schemas.js';

// The networkB OAuth client metadata document: with an https PUBLIC_URL its address is the
// service's client id, and the authorization server fetches it to learn the redirect URIs, scope
// and authentication method. (A plain-http PUBLIC_URL makes the service the protocol's loopback
// development client, whose id carries its metadata; the document is served all the same.)
export const networkBClientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    CLIENT_METADATA_PATH,
    {
      schema: {
        operationId: 'getNetworkBClientMetadata',
        // Read by networkB's authorization servers, not by API clients; the document lists /api/ only.
        hide: true,
        tags: ['oauth'],
        summary: 'networkB OAuth client metadata (the client id document)',
        security: PUBLIC,
        response: { 200: described(NetworkBClientMetadata, 'The client metadata') },
      },
    },
    async (request, reply) => {
      const metadata = networkBOAuthFor(request.ctx.config, request.ctx.outbound).metadata;
      return reply.header('cache-control', 'public, max-age=600').type('application/json').send(metadata);
    },
  );
};
