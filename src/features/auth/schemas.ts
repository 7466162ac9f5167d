import { Type } from '@sinclair/typebox';
import { DateTime, Id, MessageBody, Nullable, ref, User, UserSummary } from '../../http/schemas.js';
import { PASSWORD_MAX } from '../users/service.js';
import { DisplayNameField, EmailField, NewPasswordField, UsernameField } from '../users/index.js';

// Request and response schemas of /api/auth/*. Every body is closed (additionalProperties: false)
// and every string bounded.

const strict = { additionalProperties: false } as const;

// Sign-in takes any bounded string: a malformed address simply does not match an account.
const AnyEmail = Type.String({ minLength: 1, maxLength: 254 });
const AnyPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX });
const EmailToken = Type.String({ minLength: 1, maxLength: 256, description: 'The token from the e-mail link' });

export const RegisterBody = Type.Object(
  {
    email: EmailField,
    username: UsernameField,
    password: NewPasswordField,
    displayName: DisplayNameField,
  },
  { ...strict, examples: [{ email: 'ada@example.org', username: 'ada', password: 'correct horse battery', displayName: 'Ada Lovelace' }] },
);

export const CredentialsBody = Type.Object(
  { email: AnyEmail, password: AnyPassword },
  { ...strict, examples: [{ email: 'ada@example.org', password: 'correct horse battery' }] },
);

export const LogoutBody = Type.Union([Type.Object({ all: Type.Optional(Type.Boolean()) }, strict), Type.Null()], {
  description: 'Optional: send no body, or { "all": true } to end every session of the current user',
  examples: [{ all: true }],
});
export const LogoutQuery = Type.Object({
  all: Type.Optional(Type.Boolean({ description: 'true ends every session of the current user, on all devices' })),
});

export const ForgotPasswordBody = Type.Object({ email: AnyEmail }, { ...strict, examples: [{ email: 'ada@example.org' }] });
const EXAMPLE_TOKEN = '3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a';
export const ResetPasswordBody = Type.Object(
  { token: EmailToken, password: NewPasswordField },
  { ...strict, examples: [{ token: EXAMPLE_TOKEN, password: 'a new long passphrase' }] },
);
export const TokenBody = Type.Object({ token: EmailToken }, { ...strict, examples: [{ token: EXAMPLE_TOKEN }] });
export const UserIdBody = Type.Object({ userId: Id }, { ...strict, examples: [{ userId: '01J9ZK3M4N5P6Q7R8S9T0V1W2X' }] });

export const AuthResult = Type.Object({ message: Type.String(), user: ref(User) });
export const SyncTokenResult = Type.Object({
  token: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Send as "Authorization: Bearer <token>"' }),
  message: Type.String(),
});
export const AccountsResult = Type.Object({
  accounts: Type.Array(ref(UserSummary)),
  currentUserId: Type.String(),
});
export { MessageBody };


export const SessionInfo = Type.Object(
  {
    id: Type.String(),
    createdAt: DateTime(),
    lastUsedAt: DateTime(),
    expiresAt: DateTime(),
    userAgent: Nullable(Type.String({ description: 'The browser that signed in, as it named itself' })),
    current: Type.Boolean({ description: 'The session of this request' }),
  },
  { $id: 'SessionInfo' },
);
export const SessionsResult = Type.Object({ sessions: Type.Array(ref(SessionInfo)) });
export const SyncTokenInfo = Type.Object(
  { id: Type.String(), createdAt: DateTime(), lastUsedAt: Nullable(DateTime()) },
  { $id: 'SyncTokenInfo', description: 'A sync token (its secret was shown once, when it was issued)' },
);
export const SyncTokensResult = Type.Object({ syncTokens: Type.Array(ref(SyncTokenInfo)) });
export const PasswordChangeBody = Type.Object(
  { currentPassword: AnyPassword, newPassword: NewPasswordField },
  { ...strict, examples: [{ currentPassword: 'correct horse battery', newPassword: 'a new long passphrase' }] },
);
export const AUTH_COMPONENTS = [SessionInfo, SyncTokenInfo];
