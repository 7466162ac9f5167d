import { Type, type Static } from '@sinclair/typebox';
import { OAUTH_PROVIDERS } from '../../config.js';
import { CurrentUser, Nullable } from '../../http/schemas.js';
import { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from './service.js';

// Request and response schemas of the current-user endpoints (CONTRACT.md, "Current user and profile").

export const VIEWING_PREFERENCES = ['all', 'following'] as const;

// Account fields, one definition for registration, profile edits and administrator edits.
export const EmailField = Type.String({ minLength: 3, maxLength: 254, pattern: EMAIL_PATTERN, description: 'E-mail address' });
export const UsernameField = Type.String({ pattern: USERNAME_PATTERN, maxLength: 30, description: '3 to 30 letters, digits or underscores' });
export const NewPasswordField = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
// At least one non-blank character: a name of only spaces would render as nothing.
export const DisplayNameField = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
export const BioField = Nullable(Type.String({ maxLength: 500 }));
// Absolute http(s) URLs only: a javascript: or data: avatar would be rendered by clients.
export const AvatarField = Nullable(Type.String({ maxLength: 2048, format: 'uri', pattern: '^https?://\\S+$' }));

export const CurrentUserEnvelope = Type.Object({ user: CurrentUser });

export const ProfilePatch = Type.Object(
  {
    displayName: Type.Optional(DisplayNameField),
    bio: Type.Optional(BioField),
    avatar: Type.Optional(AvatarField),
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
  { email: EmailField },
  { additionalProperties: false },
);

export const Identity = Type.Object({
  id: Type.String(),
  provider: Type.String({ description: `one of ${OAUTH_PROVIDERS.join(', ')}` }),
  handle: Type.String(),
  instanceName: Nullable(Type.String()),
});

export const IdentitiesEnvelope = Type.Object({ identities: Type.Array(Identity) });
