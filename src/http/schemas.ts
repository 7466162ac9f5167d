import { Type, type TSchema } from '@sinclair/typebox';
import { described, errorDescription, FilePart, NotBlank, PatternString, ref, StringEnum } from './openapi.js';
import { Paged, Pagination } from './pagination.js';

// Schemas shared by many routes. The ones with an `$id` are component schemas of the OpenAPI
// document (registered in app.ts, referenced with `ref`). OpenAPI 3.1 has no `nullable`: nullable
// is a union with Null.

export { described, FilePart, NotBlank, PatternString, ref, StringEnum };

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An ISO 8601 UTC timestamp. */
export const DateTime = (options: { description?: string } = {}) => Type.String({ format: 'date-time', ...options });

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'What went wrong, in words' }),
    code: Type.Optional(Type.String({ description: 'Machine-readable, stable error code' })),
    errors: Type.Optional(
      Type.Array(Type.String(), { description: 'Every problem, in words (`bad_request`: a request that breaks its schema; `validation_failed`: a list row that breaks its list rules; `unique_violation`); `error` is the first' }),
    ),
  },
  { $id: 'Error', additionalProperties: true, description: 'The error body of every failed request' },
);

/** An id the service made (UUIDv7 text, 36 characters; room to spare). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });

/** The longest username (users/service.ts builds USERNAME_PATTERN on it). */
export const USERNAME_MAX = 30;

/**
 * A username naming a user (matched case-insensitively). Only its length is checked here: a name
 * no one holds is 404 user_not_found, whatever its characters.
 */
export const Username = Type.String({ minLength: 1, maxLength: USERNAME_MAX, description: 'A username (case-insensitive)' });

/** The path parameters of an operation on one item, and on one user. */
export const IdParams = Type.Object({ id: Id });
export const UsernameParams = Type.Object({ username: Username });

export const MessageBody = Type.Object({ message: Type.String() }, { $id: 'MessageResult', description: 'A confirmation in words' });

const UserFields = {
  id: Type.String(),
  email: Type.String({ format: 'email' }),
  username: Type.String(),
  displayName: Type.String(),
  avatar: Nullable(Type.String()),
  bio: Nullable(Type.String()),
};

export const User = Type.Object(
  { ...UserFields, theme: Nullable(Type.String()), emailVerified: Type.Boolean(), createdAt: DateTime() },
  { $id: 'User', description: 'An account, as returned by login and register' },
);

export const UserSummary = Type.Object(
  { id: Type.String(), username: Type.String(), displayName: Type.String(), avatar: Nullable(Type.String()) },
  { $id: 'UserSummary', description: 'A user as shown next to their content' },
);

/** A page of users (followers, blocked users...), most recent first: the one shape of every user list. */
export const UserPage = Paged({ users: Type.Array(ref(UserSummary)) }, 'A page of users, most recent first');

/** The component schemas of this module, for app.ts. */
export const SHARED_COMPONENTS: TSchema[] = [ErrorBody, MessageBody, Pagination, User, UserSummary];

/** OpenAPI security requirements (schemes declared in openapi.ts): the spec's Either and Session. */
export const EITHER_AUTH: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];
export const SESSION_AUTH: Record<string, string[]>[] = [{ session: [] }];
/** Signed in or not (the answer depends on who asks): the spec's Optional. */
export const OPTIONAL_AUTH: Record<string, string[]>[] = [{}, ...EITHER_AUTH];
export { PUBLIC } from './openapi.js';

/** Opens the description of an operator's cron endpoint, in the explorer: not for API clients. */
export const OPERATOR = 'Operator endpoint (cron), not for API clients. Authorization: `Bearer <CRON_SECRET>`.';
/** The tags of an operator's cron endpoint: grouped apart from the API in the explorer. */
export const OPERATOR_TAGS = ['operator'];

/** The standard error responses, for a route's `response` map. */
export function errors<S extends number>(...statuses: S[]): { [K in S]: ReturnType<typeof ref<typeof ErrorBody>> } {
  return Object.fromEntries(statuses.map((s) => [s, ref(ErrorBody, { description: errorDescription(s) })])) as {
    [K in S]: ReturnType<typeof ref<typeof ErrorBody>>;
  };
}
