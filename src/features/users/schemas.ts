import { Type, type Static } from '@sinclair/typebox';
import { NotBlank, Nullable, PatternString, ref, StringEnum, User, USERNAME_MAX } from '../../http/schemas.js';
import { EMAIL_MAX } from '../../lib/email.js';
import { ACCOUNT_STATUSES, CUSTOMER_STATUSES, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from './service.js';

// Request and response schemas of the current-user endpoints.

export const VIEWING_PREFERENCES = ['all', 'following'] as const;

// Account fields, one definition for registration, profile edits and administrator edits.
// `format: 'email'` is lib/email.ts's check (http/validation.ts), the one list cells use too.
export const EmailField = Type.String({ minLength: 3, maxLength: EMAIL_MAX, format: 'email', description: 'E-mail address' });
export const UsernameField = PatternString(USERNAME_PATTERN, `may contain letters, digits and _ (3 to ${USERNAME_MAX})`, {
  maxLength: USERNAME_MAX,
  description: `3 to ${USERNAME_MAX} letters, digits or underscores`,
});
export const NewPasswordField = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
// At least one non-blank character: a name of only spaces would render as nothing.
export const DisplayNameField = NotBlank({ minLength: 1, maxLength: 100 });
export const BioField = Nullable(Type.String({ maxLength: 500 }));
// Absolute http(s) URLs only: a javascript: or data: avatar would be rendered by clients.
export const AvatarField = Nullable(PatternString('^https?://\\S+$', 'must be an http:// or https:// URL without spaces', { maxLength: 2048, format: 'uri' }));

export const CurrentUser = Type.Object(
  {
    ...User.properties,
    customerStatus: StringEnum(CUSTOMER_STATUSES),
    maxMessageLength: Type.Integer({ minimum: 1, maximum: 10000 }),
    viewingPreference: StringEnum(VIEWING_PREFERENCES),
    accountStatus: StringEnum(ACCOUNT_STATUSES),
    isPrivate: Type.Boolean(),
    defaultPubliclyVisible: Type.Boolean(),
  },
  { $id: 'CurrentUser', description: 'The signed-in account with its settings' },
);

export const CurrentUserEnvelope = Type.Object({ user: ref(CurrentUser) }, { description: 'The current user' });

export const ProfilePatch = Type.Object(
  {
    displayName: Type.Optional(DisplayNameField),
    bio: Type.Optional(BioField),
    avatar: Type.Optional(AvatarField),
    theme: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    isPrivate: Type.Optional(Type.Boolean()),
    maxMessageLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    defaultPubliclyVisible: Type.Optional(Type.Boolean()),
    viewingPreference: Type.Optional(StringEnum(VIEWING_PREFERENCES)),
  },
  // An empty body is a validation error too: there is nothing to update.
  { additionalProperties: false, minProperties: 1, examples: [{ displayName: 'Ada Lovelace', bio: 'Mathematician', viewingPreference: 'following' }] },
);
export type ProfilePatch = Static<typeof ProfilePatch>;

export const EmailChangeBody = Type.Object({ email: EmailField }, { additionalProperties: false, examples: [{ email: 'ada@example.org' }] });

export const USER_COMPONENTS = [CurrentUser];
