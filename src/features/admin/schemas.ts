import { Type, type Static } from '@sinclair/typebox';
import { ADMIN_PAGE, Paged, pageQuery } from '../../http/pagination.js';
import { DateTime, Id, Nullable, ref, StringEnum, User } from '../../http/schemas.js';
import { AvatarField, BioField, DisplayNameField, EmailField, NewPasswordField, UsernameField } from '../users/index.js';
import { ACCOUNT_STATUSES, CUSTOMER_STATUSES } from '../users/service.js';

// Request and response schemas of the administration endpoints. Request bodies are closed
// (additionalProperties: false); every string has a maxLength.

export const MAX_BULK = 500;

// ---- users ----

/** The spec's "User as seen by administrators": the User fields but theme, plus the admin fields. */
export const AdminUser = Type.Object(
  {
    ...Type.Omit(User, ['theme']).properties,
    cleared: Type.Boolean(),
    accountStatus: StringEnum(ACCOUNT_STATUSES),
    customerStatus: StringEnum(CUSTOMER_STATUSES),
    isAdministrator: Type.Boolean(),
  },
  { $id: 'AdminUser', description: 'A user as seen by administrators' },
);

export const AdminUserEnvelope = Type.Object({ user: ref(AdminUser) });

export const UserListQuery = pageQuery(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'The 1-based page number; when given, offset is ignored' })),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'matches email, username or displayName' })),
  },
  ADMIN_PAGE,
);
export type UserListQuery = Static<typeof UserListQuery>;

export const UserListResponse = Paged({ users: Type.Array(ref(AdminUser)) }, 'A page of users, newest first');

const accountStatus = StringEnum(ACCOUNT_STATUSES);
const customerStatus = StringEnum(CUSTOMER_STATUSES);

export const CreateUserBody = Type.Object(
  {
    email: EmailField,
    username: UsernameField,
    password: NewPasswordField,
    displayName: Type.Optional(DisplayNameField),
    avatar: Type.Optional(AvatarField),
    bio: Type.Optional(BioField),
    emailVerified: Type.Optional(Type.Boolean()),
    isAdministrator: Type.Optional(Type.Boolean()),
    customerStatus: Type.Optional(customerStatus),
  },
  {
    additionalProperties: false,
    examples: [{ email: 'grace@example.org', username: 'grace', password: 'a long passphrase', displayName: 'Grace Hopper', emailVerified: true }],
  },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UpdateUserBody = Type.Object(
  {
    email: Type.Optional(EmailField),
    username: Type.Optional(UsernameField),
    displayName: Type.Optional(DisplayNameField),
    avatar: Type.Optional(AvatarField),
    bio: Type.Optional(BioField),
    emailVerified: Type.Optional(Type.Boolean()),
    cleared: Type.Optional(Type.Boolean()),
    accountStatus: Type.Optional(accountStatus),
    customerStatus: Type.Optional(customerStatus),
    isAdministrator: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ accountStatus: 'suspended' }, { displayName: 'Grace B. Hopper', cleared: true }] },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const UserIdParams = Type.Object({ userId: Id });

export const PasswordBody = Type.Object({ password: NewPasswordField }, { additionalProperties: false, examples: [{ password: 'a new long passphrase' }] });

// ---- bulk ----

const userIds = Type.Array(Id, { minItems: 1, maxItems: MAX_BULK, uniqueItems: true });

const EXAMPLE_IDS = ['01J9ZK3M4N5P6Q7R8S9T0V1W2X', '01J9ZK3M4N5P6Q7R8S9T0V1W2Y'];
export const BulkIdsBody = Type.Object({ userIds }, { additionalProperties: false, examples: [{ userIds: EXAMPLE_IDS }] });
export const BulkAccountStatusBody = Type.Object(
  { userIds, accountStatus },
  { additionalProperties: false, examples: [{ userIds: EXAMPLE_IDS, accountStatus: 'active' }] },
);
export const BulkEmailVerifiedBody = Type.Object(
  { userIds, emailVerified: Type.Boolean() },
  { additionalProperties: false, examples: [{ userIds: EXAMPLE_IDS, emailVerified: true }] },
);
export const UpdatedCount = Type.Object({ updated: Type.Integer({ minimum: 0 }) });
export const DeletedCount = Type.Object({ deleted: Type.Integer({ minimum: 0 }) });

// ---- e-mail log ----

export const EMAIL_STATUSES = ['sent', 'failed', 'logged'] as const;
export const DATE_RANGES = ['today', '7d', '30d', 'all'] as const;

export const EmailLogQuery = pageQuery(
  {
    status: Type.Optional(StringEnum(EMAIL_STATUSES)),
    emailType: Type.Optional(Type.String({ maxLength: 64 })),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'case-insensitive contains on recipient' })),
    dateRange: Type.Optional(StringEnum(DATE_RANGES, { default: 'all' })),
    sort: Type.Optional(StringEnum(['asc', 'desc'] as const, { default: 'desc', description: 'on createdAt' })),
  },
  ADMIN_PAGE,
);
export type EmailLogQuery = Static<typeof EmailLogQuery>;

export const EmailLogEntry = Type.Object(
  {
    id: Type.String(),
    recipient: Type.String({ format: 'email' }),
    emailType: Type.String(),
    subject: Type.String(),
    status: StringEnum(EMAIL_STATUSES),
    error: Nullable(Type.String()),
    userId: Nullable(Type.String()),
    createdAt: DateTime(),
  },
  { $id: 'EmailLogEntry', description: 'One sent, failed or logged e-mail' },
);

export const EmailLogResponse = Paged(
  {
    logs: Type.Array(ref(EmailLogEntry)),
    total: Type.Integer(),
    summary: Type.Object({ sent: Type.Integer(), failed: Type.Integer(), logged: Type.Integer() }),
  },
  'A page of the e-mail log, with the counts by status',
);

// ---- architecture aggregates ----

export const SchemaResponse = Type.Object({
  tables: Type.Array(
    Type.Object({
      name: Type.String(),
      columns: Type.Array(Type.Object({ name: Type.String(), type: Type.String(), nullable: Type.Boolean() })),
    }),
  ),
});

export const TableParams = Type.Object({ table: Type.String({ minLength: 1, maxLength: 100 }) });

export const TableQuery = pageQuery({}, ADMIN_PAGE);

export const TableRowsResponse = Paged(
  {
    table: Type.String(),
    rows: Type.Array(Type.Object({}, { additionalProperties: true, description: 'column name to value; secrets redacted' })),
  },
  'A page of rows',
);

/** The component schemas of the administration area, for app.ts. */
export const ADMIN_COMPONENTS = [AdminUser, EmailLogEntry];
