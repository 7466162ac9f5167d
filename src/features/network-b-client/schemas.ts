import { Type } from '@sinclair/typebox';

/** The networkB OAuth client metadata document (the protocol's client id document). */
export const NetworkBClientMetadata = Type.Object(
  {
    client_id: Type.String({ description: 'This document\'s own address: the client id' }),
    client_name: Type.String(),
    client_uri: Type.Optional(Type.String()),
    redirect_uris: Type.Array(Type.String()),
    scope: Type.String(),
    grant_types: Type.Array(Type.String()),
    response_types: Type.Array(Type.String()),
    application_type: Type.String(),
    token_endpoint_auth_method: Type.String(),
    dpop_bound_access_tokens: Type.Boolean(),
  },
  { additionalProperties: false },
);
