import type { ExpressionBuilder, Insertable, Kysely, SelectQueryBuilder, TableMetadata } from 'kysely';
import { containsInsensitive } from '../../db/dialect.js';
import type { Database, OrganizationsTable, UserUpdate } from '../../db/types.js';

// The administration's queries, which the user administration, bulk operations, the system
// organization, the e-mail log and the table view call (README, Design: queries).

type Db = Kysely<Database>;

// ---- users (service.ts, bulk.ts, account-status.ts) ----

export async function isAdministrator(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('administrators').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

function matches(search: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.or([
      containsInsensitive(eb.ref('users.email'), search),
      containsInsensitive(eb.ref('users.username'), search),
      containsInsensitive(eb.ref('users.display_name'), search),
    ]);
}

/**
 * One page of users (newest first) whose e-mail, username or display name contains `search`
 * (every user when it is empty), each with its administrator record's user id or null, and their
 * number: two queries.
 */
export async function userPage(db: Db, search: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('administrators', 'administrators.user_id', 'users.id')
      .selectAll('users')
      .select('administrators.user_id as admin_user_id')
      .$if(search !== '', (qb) => qb.where(matches(search)))
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .$if(search !== '', (qb) => qb.where(matches(search)))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What the bulk operations need of the users among `userIds` that exist. */
export function usersByIds(db: Db, userIds: readonly string[]) {
  return db.selectFrom('users').select(['id', 'email', 'display_name', 'cleared', 'account_status']).where('id', 'in', userIds).execute();
}

/** The id, e-mail and username of each user among `userIds` (what an account deletion starts from). */
export function usersNamed(db: Db, userIds: readonly string[]) {
  return db.selectFrom('users').select(['id', 'email', 'username']).where('id', 'in', userIds).execute();
}

/** Applies `set` to every user among `userIds`; answers how many rows changed. */
export async function updateUsers(db: Db, userIds: readonly string[], set: UserUpdate): Promise<number> {
  const result = await db.updateTable('users').set(set).where('id', 'in', userIds).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The administrators whose account status is one of `statuses`. */
// ---- the system organization (system-org.ts) ----

export function organizationBySlug(db: Db, slug: string) {
  return db.selectFrom('organizations').select(['id', 'is_system']).where('slug', '=', slug).executeTakeFirst();
}

/** Creates the organization unless its slug is taken. */
export async function insertOrganizationUnlessSlugTaken(db: Db, values: Insertable<OrganizationsTable>): Promise<void> {
  await db
    .insertInto('organizations')
    .values(values)
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
}

/** The memberships of these users in the organization. */
export function membershipsOf(db: Db, organizationId: string, userIds: readonly string[]) {
  return db.selectFrom('organization_members').select(['user_id', 'role']).where('organization_id', '=', organizationId).where('user_id', 'in', [...userIds]).execute();
}

/** Gives each user `role` in the organization, adding the membership when missing. */
export async function upsertMemberships(db: Db, organizationId: string, userIds: readonly string[], role: string, now: string): Promise<void> {
  await db
    .insertInto('organization_members')
    .values(userIds.map((userId) => ({ organization_id: organizationId, user_id: userId, role, created_at: now })))
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

/** Adds an Administrator record for each user that lacks one. */
export async function insertAdministrators(db: Db, userIds: readonly string[], now: string): Promise<void> {
  await db
    .insertInto('administrators')
    .values(userIds.map((userId) => ({ user_id: userId, created_at: now })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function deleteAdministrators(db: Db, userIds: readonly string[]): Promise<void> {
  await db.deleteFrom('administrators').where('user_id', 'in', userIds).execute();
}

// ---- the e-mail log (email-logs.ts) ----

export interface EmailLogFilters {
  emailType?: string;
  /** Case-insensitive contains on the recipient; empty: no filter. */
  search: string;
  /** The earliest created_at, or null for all. */
  from: string | null;
  status?: string;
}

type LogQuery<O> = SelectQueryBuilder<Database, 'email_logs', O>;

function filtered<O>(qb: LogQuery<O>, f: EmailLogFilters): LogQuery<O> {
  return qb
    .$if(f.emailType !== undefined, (q) => q.where('email_type', '=', f.emailType!))
    .$if(f.search !== '', (q) => q.where((eb) => containsInsensitive(eb.ref('recipient'), f.search)))
    .$if(f.from !== null, (q) => q.where('created_at', '>=', f.from!));
}

/**
 * One page of the e-mail log by created_at (`direction`), its total, and the count per status
 * over the same filters except the status.
 */
export async function emailLogPage(db: Db, f: EmailLogFilters, direction: 'asc' | 'desc', limit: number, offset: number) {
  const withStatus = <O>(qb: LogQuery<O>) => filtered(qb, f).$if(f.status !== undefined, (q) => q.where('status', '=', f.status!));
  const [rows, count, byStatus] = await Promise.all([
    withStatus(db.selectFrom('email_logs').selectAll())
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(limit)
      .offset(offset)
      .execute(),
    withStatus(db.selectFrom('email_logs').select((eb) => eb.fn.countAll().as('n'))).executeTakeFirstOrThrow(),
    filtered(db.selectFrom('email_logs').select((eb) => ['status', eb.fn.countAll().as('n')]), f)
      .groupBy('status')
      .execute(),
  ]);
  return { rows, total: Number(count.n), byStatus };
}

// ---- the table view (aggregates.ts) ----

/** Every table and view the database reports, without Kysely's migration tables. */
export function databaseTables(db: Db): Promise<TableMetadata[]> {
  return db.introspection.getTables({ withInternalKyselyTables: false });
}

/**
 * One page of any table, in the order of `orderBy`, and its row count. `table` must be a name
 * the introspection reported (Kysely quotes it as an identifier).
 */
export async function tablePage(db: Db, table: string, orderBy: readonly string[], limit: number, offset: number) {
  // The table is dynamic, so Kysely's typed table names do not apply here.
  const dynamic = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const [rows, count] = await Promise.all([
    orderBy
      .reduce((q, column) => q.orderBy(column), dynamic.selectFrom(table).selectAll())
      .limit(limit)
      .offset(offset)
      .execute(),
    dynamic
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
