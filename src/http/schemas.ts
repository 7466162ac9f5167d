import { Type, type TSchema } from '@sinclair/typebox';

// Schemas shared by many routes. OpenAPI 3.1 has no `nullable`: nullable is a union with Null.

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  { error: Type.String(), code: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

export const MessageBody = Type.Object({ message: Type.String() });

export const Pagination = Type.Object({
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  hasMore: Type.Boolean(),
  page: Type.Optional(Type.Integer()),
});

export const User = Type.Object({
  id: Type.String(),
  email: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
  avatar: Nullable(Type.String()),
  bio: Nullable(Type.String()),
  theme: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
  createdAt: Type.String(),
});

export const CurrentUser = Type.Object({
  ...User.properties,
  customerStatus: Type.String(),
  maxMessageLength: Type.Integer(),
  viewingPreference: Type.String(),
  accountStatus: Type.String(),
  isPrivate: Type.Boolean(),
  defaultPubliclyVisible: Type.Boolean(),
});

export const UserSummary = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
  avatar: Nullable(Type.String()),
});

/** OpenAPI security requirements (schemes declared in app.ts): the spec's Either and Session. */
export const EITHER_AUTH: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];
export const SESSION_AUTH: Record<string, string[]>[] = [{ session: [] }];

/** The standard error responses, for a route's `response` map. */
export function errors<S extends number>(...statuses: S[]): { [K in S]: typeof ErrorBody } {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody])) as { [K in S]: typeof ErrorBody };
}
