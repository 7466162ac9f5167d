import { Type, type Static } from '@sinclair/typebox';
import { OAUTH_PROVIDERS } from '../../config.js';
import { CurrentUser, Nullable } from '../../http/schemas.js';
import { EMAIL_PATTERN } from './service.js';

// Request and response schemas of the current-user endpoints (CONTRACT.md, "Current user and profile").

export const VIEWING_PREFERENCES = ['all', 'following'] as const;

export const CurrentUserEnvelope = Type.Object({ user: CurrentUser });

export const ProfilePatch = Type.Object(
  {
    // At least one non-blank character: a name of only spaces would render as nothing.
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    bio: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    // Absolute http(s) URLs only: a javascript: or data: avatar would be rendered by clients.
    avatar: Type.Optional(Nullable(Type.String({ maxLength: 2048, format: 'uri', pattern: '^https?://\\S+$' }))),
    theme: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    isPrivate: Type.Optional(Type.Boolean()),
    maxMessageLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    defaultPubliclyVisible: Type.Optional(Type.Boolean()),
    viewingPreference: Type.Optional(Type.Union(VIEWING_PREFERENCES.map((v) => Type.Literal(v)))),
  },
  // An empty body is a validation error too: there is nothing to update.
  { additionalProperties: false, minProperties: 1 },
);
export type ProfilePatch = Static<typeof ProfilePatch>;

export const EmailChangeBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254, pattern: EMAIL_PATTERN }) },
  { additionalProperties: false },
);

export const Identity = Type.Object({
  id: Type.String(),
  provider: Type.String({ description: `one of ${OAUTH_PROVIDERS.join(', ')}` }),
  handle: Type.String(),
  instanceName: Nullable(Type.String()),
});

export const IdentitiesEnvelope = Type.Object({ identities: Type.Array(Identity) });
