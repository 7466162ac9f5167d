import { isUniqueViolation } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { toBool } from '../../db/dialect.js';
import { newId } from '../../lib/ids.js';
import type { AppContext } from '../../runtime/types.js';
import { announceEvents, changeAccess, itemsSharedWithOrg } from '../events/index.js';
import { usernameKey } from '../users/service.js';
import { logMembership, logOrgDeleted } from './log-events.js';
import {
  countOwnedOrgs,
  deleteOrg,
  insertOrg,
  memberByUsernameKey,
  membersWithRoles,
  memberPage,
  orgById,
  orgBySlug,
  orgsOfMember,
  lockOrg,
  removeMemberKeepingAnOwner,
  roleOf,
  setRoleKeepingAnOwner,
  slugExists,
  updateOrg,
  type MemberRow,
  type OrgRow,
} from './queries.js';
import type { OrgRole } from './schemas.js';

/** The organization membership events, for the system organization's (admin/system-org.ts). */
export { logMembership };

// Organizations and their members: who may do what is decided here,
// from the caller's role, read with the organization in one query.

export const ORG_LIMIT = 20;
const SLUG = /^[a-z0-9][a-z0-9-]{1,39}$/;
export const RESERVED_SLUGS = new Set(['public', 'admin', 'api', 'new', 'settings']);

export const orgNotFound = () => notFound('Organization not found', 'org_not_found');

/** The organization by slug as the viewer sees it (any signed-in user may read it). */
export async function readOrg(ctx: AppContext, slug: string, viewerId: string): Promise<OrgRow> {
  const org = await orgBySlug(ctx.db.kysely, slug, viewerId);
  if (!org) throw orgNotFound();
  return org;
}

/** The organizations the user belongs to, oldest membership first. */
export function myOrgs(ctx: AppContext, userId: string): Promise<OrgRow[]> {
  return orgsOfMember(ctx.db.kysely, userId);
}

/** A page of the organization's members, oldest first; for members only (anyone else: 404). */
export async function membersOf(ctx: AppContext, slug: string, viewerId: string, window: { limit: number; offset: number }) {
  const org = await readAsMember(ctx, slug, viewerId);
  return memberPage(ctx.db.kysely, org.id, window.limit, window.offset);
}

/** The organization for a member-only read: anyone else gets 404. */
export async function readAsMember(ctx: AppContext, slug: string, viewerId: string): Promise<OrgRow> {
  const org = await readOrg(ctx, slug, viewerId);
  if (org.role === null) throw orgNotFound();
  return org;
}

/**
 * The organization for a write by the caller: a non-member gets 404, the system organization 403
 * `system_org` (administration endpoints manage it), a member without one of `roles` 403.
 */
export async function writableOrg(ctx: AppContext, slug: string, callerId: string, roles: readonly OrgRole[]): Promise<OrgRow> {
  const org = await readAsMember(ctx, slug, callerId);
  if (toBool(org.is_system)) throw forbidden('The system organization is managed through the administration endpoints', 'system_org');
  if (!roles.includes(org.role as OrgRole)) throw forbidden(`Only ${roles.join(' or ')} of this organization may do this`);
  return org;
}

export async function createOrg(ctx: AppContext, user: UserRow, body: { name: string; slug: string; description?: string | null }): Promise<OrgRow> {
  const { slug } = body;
  if (!SLUG.test(slug)) throw badRequest('slug must be 2 to 40 characters of a-z, 0-9 and -, starting with a letter or digit', 'invalid_slug');
  if (RESERVED_SLUGS.has(slug)) throw badRequest(`The slug "${slug}" is reserved`, 'slug_reserved');
  const db = ctx.db.kysely;
  const slugTaken = () => conflict('This slug is taken', 'slug_taken');
  if (await slugExists(db, slug)) throw slugTaken();
  if ((await countOwnedOrgs(db, user.id)) >= ORG_LIMIT) throw conflict(`You can own at most ${ORG_LIMIT} organizations`, 'org_limit');
  const id = newId();
  try {
    const streams = await db.transaction().execute(async (trx) => {
      const now = ctx.clock.now();
      await insertOrg(trx, { id, name: body.name, slug, description: body.description ?? null, is_system: false, created_at: now.toISOString() }, user.id);
      return logMembership(trx, now, { type: 'org.member.added', orgId: id, userId: user.id, role: 'owner', actorId: user.id });
    });
    announceEvents(ctx, streams);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  return (await orgById(db, id, user.id))!;
}

export async function editOrg(ctx: AppContext, user: UserRow, slug: string, body: { name?: string; description?: string | null; avatar?: string | null }): Promise<OrgRow> {
  const org = await writableOrg(ctx, slug, user.id, ['owner', 'admin']);
  const set = { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.description !== undefined ? { description: body.description } : {}), ...(body.avatar !== undefined ? { avatar: body.avatar } : {}) };
  if (Object.keys(set).length > 0) await updateOrg(ctx.db.kysely, org.id, set);
  return (await orgById(ctx.db.kysely, org.id, user.id))!;
}

export async function removeOrg(ctx: AppContext, user: UserRow, slug: string): Promise<void> {
  const org = await writableOrg(ctx, slug, user.id, ['owner']);
  // Its members lose what was shared with it (share.revoked where no other grant keeps it) and
  // are told they are no longer members (org.member.removed to their own streams: the
  // organization's goes with it), in the deletion's transaction.
  const items = await itemsSharedWithOrg(ctx.db.kysely, org.id);
  await changeAccess(ctx, user.id, items, async (trx, now) => {
    const members = await membersWithRoles(trx, org.id);
    await deleteOrg(trx, org.id);
    return { result: undefined, streams: await logOrgDeleted(trx, now, org.id, members, user.id) };
  });
}

async function memberOf(ctx: AppContext, org: OrgRow, username: string): Promise<MemberRow> {
  const member = await memberByUsernameKey(ctx.db.kysely, org.id, usernameKey(username));
  if (!member) throw notFound('No such member of this organization', 'member_not_found');
  return member;
}

const lastOwner = () => new AppError(409, 'An organization needs an owner: make someone else owner first', 'last_owner');

/** A demotion or removal that changed nothing: the member left meanwhile (404), else the last owner. */
async function refusedChange(ctx: AppContext, org: OrgRow, username: string): Promise<never> {
  await memberOf(ctx, org, username);
  throw lastOwner();
}

/** The owner changes a member's role; demoting the last owner is refused, also when two owners demote each other at once. */
export async function changeRole(ctx: AppContext, user: UserRow, slug: string, username: string, role: OrgRole): Promise<MemberRow> {
  const org = await writableOrg(ctx, slug, user.id, ['owner']);
  const member = await memberOf(ctx, org, username);
  // One transaction: the owner count's lock, the change and its org.member.updated (none when the role stays).
  const streams = await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    await lockOrg(trx, ctx.db.engine, org.id);
    const was = await roleOf(trx, org.id, member.id);
    if (!(await setRoleKeepingAnOwner(trx, org.id, member.id, role))) return null;
    return was === role ? [] : logMembership(trx, now, { type: 'org.member.updated', orgId: org.id, userId: member.id, role, actorId: user.id });
  });
  if (streams === null) return refusedChange(ctx, org, username);
  announceEvents(ctx, streams);
  return { ...member, role };
}

/**
 * Any member leaves; an owner or admin removes a member or an admin (an admin never an owner).
 * The last owner can neither leave nor be removed.
 */
export async function removeFromOrg(ctx: AppContext, user: UserRow, slug: string, username: string): Promise<void> {
  const self = usernameKey(username) === user.username_key;
  const org = await writableOrg(ctx, slug, user.id, self ? ['owner', 'admin', 'member'] : ['owner', 'admin']);
  const member = await memberOf(ctx, org, username);
  if (!self && org.role === 'admin' && member.role === 'owner') throw forbidden('An admin cannot remove an owner');
  // One transaction: the owner count's lock, the removal, its events, and the end of the member's
  // access to what is shared with the organization (share.revoked where no other grant keeps it).
  const items = await itemsSharedWithOrg(ctx.db.kysely, org.id);
  const removed = await changeAccess(ctx, user.id, items, async (trx, now) => {
    await lockOrg(trx, ctx.db.engine, org.id);
    if (!(await removeMemberKeepingAnOwner(trx, org.id, member.id))) return { result: false };
    return { result: true, streams: await logMembership(trx, now, { type: 'org.member.removed', orgId: org.id, userId: member.id, role: member.role, actorId: user.id }) };
  });
  if (!removed) await refusedChange(ctx, org, username);
}
