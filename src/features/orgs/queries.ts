import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import type { Engine } from '../../db/connection.js';
import type { Database, OrganizationsTable, OrgInvitesTable } from '../../db/types.js';
import { removeOrgStream } from '../events/index.js';

// Every statement of the organizations feature (README, Design: queries).

type Db = Kysely<Database>;

/** An organization as the presenter needs it: its member count and the viewer's role, in one query. */
function orgSelect(db: Db, viewerId: string) {
  return db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name', 'o.slug', 'o.description', 'o.avatar', 'o.is_system', 'o.created_at'])
    .select((eb) => [
      eb.selectFrom('organization_members as c').select(eb.fn.countAll().as('n')).whereRef('c.organization_id', '=', 'o.id').as('member_count'),
      eb.selectFrom('organization_members as r').select('r.role').whereRef('r.organization_id', '=', 'o.id').where('r.user_id', '=', viewerId).as('role'),
    ]);
}

export type OrgRow = Awaited<ReturnType<ReturnType<typeof orgSelect>['execute']>>[number];

export function orgBySlug(db: Db, slug: string, viewerId: string): Promise<OrgRow | undefined> {
  return orgSelect(db, viewerId).where('o.slug', '=', slug).executeTakeFirst();
}

export function orgById(db: Db, id: string, viewerId: string): Promise<OrgRow | undefined> {
  return orgSelect(db, viewerId).where('o.id', '=', id).executeTakeFirst();
}

/** The organizations the user belongs to, oldest membership first. */
export function orgsOfMember(db: Db, userId: string): Promise<OrgRow[]> {
  return orgSelect(db, userId)
    .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('o.id')
    .execute();
}

export async function countOwnedOrgs(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('organization_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function slugExists(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

/** A new organization and its owner's membership (inside the caller's transaction). */
export async function insertOrg(trx: Db, values: Insertable<OrganizationsTable>, ownerId: string): Promise<void> {
  await trx.insertInto('organizations').values(values).execute();
  await trx.insertInto('organization_members').values({ organization_id: values.id, user_id: ownerId, role: 'owner', created_at: values.created_at }).execute();
}

export async function updateOrg(db: Db, id: string, values: Updateable<OrganizationsTable>): Promise<void> {
  await db.updateTable('organizations').set(values).where('id', '=', id).execute();
}

/**
 * Memberships, invites and webhooks go by cascade; messages posted to it keep their authors
 * (org_id set null); its event stream goes too (docs/events.md: nobody can read it any more).
 */
export async function deleteOrg(db: Db, id: string): Promise<void> {
  await db.deleteFrom('organizations').where('id', '=', id).execute();
  await removeOrgStream(db, id);
}

// ---- members ----

export async function roleOf(db: Db, orgId: string, userId: string): Promise<string | null> {
  const row = await db.selectFrom('organization_members').select('role').where('organization_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** Every member of the organization with their role (its deletion tells each). */
export function membersWithRoles(db: Db, orgId: string) {
  return db.selectFrom('organization_members').select(['user_id', 'role']).where('organization_id', '=', orgId).execute();
}

export async function memberPage(db: Db, orgId: string, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.username', 'u.display_name', 'u.avatar', 'm.role', 'm.created_at'])
      .where('m.organization_id', '=', orgId)
      .orderBy('m.created_at')
      .orderBy('u.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('organization_members').select((eb) => eb.fn.countAll().as('n')).where('organization_id', '=', orgId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export type MemberRow = Awaited<ReturnType<typeof memberPage>>['rows'][number];

/** A member by the key of their username (lower-cased), with their role. */
export function memberByUsernameKey(db: Db, orgId: string, usernameKey: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.username', 'u.display_name', 'u.avatar', 'm.role', 'm.created_at'])
    .where('m.organization_id', '=', orgId)
    .where('u.username_key', '=', usernameKey)
    .executeTakeFirst();
}

export async function setMemberRole(db: Db, orgId: string, userId: string, role: string): Promise<void> {
  await db.updateTable('organization_members').set({ role }).where('organization_id', '=', orgId).where('user_id', '=', userId).execute();
}

// The last-owner rule as one statement each: the owners are counted in the statement that
// demotes or removes, so no write lands between the count and the change. On SQLite one writer
// runs at a time, which makes the statement atomic; on PostgreSQL each statement reads its own
// snapshot, so two at once could each count the other as still owner: the caller first takes the
// organization's row lock (lockOrg) in the transaction, which the other waits for, and then counts anew.

/** PostgreSQL: the organization's row lock, inside the caller's transaction (the last-owner rule above). */
export async function lockOrg(trx: Db, engine: Engine, orgId: string): Promise<void> {
  if (engine === 'postgres') await trx.selectFrom('organizations').select('id').where('id', '=', orgId).forUpdate().execute();
}

/** The member is not an owner, or another owner remains. */
const leavesAnOwner = (orgId: string) => (eb: ExpressionBuilder<Database, 'organization_members'>) =>
  eb.or([
    eb('role', '!=', 'owner'),
    eb(eb.selectFrom('organization_members as o').select(eb.fn.countAll().as('n')).where('o.organization_id', '=', orgId).where('o.role', '=', 'owner'), '>', 1),
  ]);

/** Sets a member's role unless that leaves no owner; whether a row changed. */
export async function setRoleKeepingAnOwner(db: Db, orgId: string, userId: string, role: string): Promise<boolean> {
  let update = db.updateTable('organization_members').set({ role }).where('organization_id', '=', orgId).where('user_id', '=', userId);
  if (role !== 'owner') update = update.where(leavesAnOwner(orgId));
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Removes a member unless they are the last owner; whether a row went. */
export async function removeMemberKeepingAnOwner(db: Db, orgId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('organization_members').where('organization_id', '=', orgId).where('user_id', '=', userId).where(leavesAnOwner(orgId)).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---- invites ----

/** Adds an invite, replacing any earlier one of the organization to the same address or account. */
export async function insertInvite(db: Db, values: Insertable<OrgInvitesTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('org_invites')
      .where('organization_id', '=', values.organization_id)
      .where((eb) => (values.email_key ? eb('email_key', '=', values.email_key) : eb.and([eb('email_key', 'is', null), eb('user_id', '=', values.user_id ?? '')])))
      .execute();
    await trx.insertInto('org_invites').values(values).execute();
  });
}

/** An invite with the invitee's username (when the invite names an account). */
function inviteSelect(db: Db) {
  return db
    .selectFrom('org_invites as i')
    .leftJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.organization_id', 'i.email', 'i.email_key', 'i.user_id', 'i.role', 'i.expires_at', 'i.created_at', 'u.username']);
}

export type InviteRow = Awaited<ReturnType<ReturnType<typeof inviteSelect>['execute']>>[number];

export function inviteById(db: Db, id: string): Promise<InviteRow | undefined> {
  return inviteSelect(db).where('i.id', '=', id).executeTakeFirst();
}

/** The organization's invites still pending (not expired), newest first. */
export function pendingInvites(db: Db, orgId: string, now: string): Promise<InviteRow[]> {
  return inviteSelect(db).where('i.organization_id', '=', orgId).where('i.expires_at', '>', now).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').execute();
}

/** A pending invite by its token's hash; undefined when unknown, used, revoked or expired. */
export function inviteByTokenHash(db: Db, tokenHash: string, now: string): Promise<InviteRow | undefined> {
  return inviteSelect(db).where('i.token_hash', '=', tokenHash).where('i.expires_at', '>', now).executeTakeFirst();
}

/** Deletes an invite of the organization; answers whether there was one (revoking, or using it once). */
export async function deleteInvite(db: Db, orgId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('org_invites').where('organization_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Adds the membership unless the user already has one (their role then stays); whether it was added. */
export async function addMemberUnlessPresent(db: Db, orgId: string, userId: string, role: string, now: string): Promise<boolean> {
  const res = await db
    .insertInto('organization_members')
    .values({ organization_id: orgId, user_id: userId, role, created_at: now })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

// ---- account deletion (user-data.ts) ----

/** The non-system organizations the user is the only owner of. */
export async function soleOwnedOrgIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('o.id')
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'owner')
    .where('o.is_system', '=', false)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('organization_members as x').select('x.user_id').whereRef('x.organization_id', '=', 'o.id').where('x.role', '=', 'owner').where('x.user_id', '!=', userId),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** The organizations the user is a member of, in id order (their row locks are taken in it). */
export async function memberOrgIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('organization_members').select('organization_id').where('user_id', '=', userId).orderBy('organization_id').execute();
  return rows.map((r) => r.organization_id);
}

/** Removes every membership of the user; answers each with the role it had (the events name it). */
export function removeMembershipsOf(db: Db, userId: string): Promise<{ organization_id: string; role: string }[]> {
  return db.deleteFrom('organization_members').where('user_id', '=', userId).returning(['organization_id', 'role']).execute();
}

/** Who takes over from a departing last owner: the longest-standing admin, else member; none: undefined. */
export async function successorOf(db: Db, orgId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', orgId)
    .where('user_id', '!=', userId)
    .orderBy((eb) => eb.case().when('role', '=', 'admin').then(0).else(1).end())
    .orderBy('created_at')
    .orderBy('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Invites the user sent or received, with their organization's slug (the archive's part). */
export function invitesInvolving(db: Db, userId: string) {
  return inviteSelect(db)
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .select(['o.slug as org_slug', 'i.invited_by'])
    .where((eb) => eb.or([eb('i.user_id', '=', userId), eb('i.invited_by', '=', userId)]))
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
}

/** Invites the user sent or received. */
export async function countInvitesOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('org_invites')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('invited_by', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteInvitesOf(db: Db, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('org_invites')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('invited_by', '=', userId)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
