import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { toBool } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { SYSTEM_ORG } from '../../http/guards.js';
import { changeAccessIn, itemsSharedWithOrg } from '../events/index.js';
import { logMembership } from '../orgs/service.js';
import { deleteAdministrators, insertAdministrators, insertOrganizationUnlessSlugTaken, membershipsOf, organizationBySlug, upsertMemberships } from './queries.js';

// The system public organization. Being an administrator means two rows: an `administrators`
// record and the `owner` role in this organization; every other account created by an
// administrator is a `member` of it. Its membership changes are logged as any organization's
// (org.member.*, and the access to what is shared with it).

export { SYSTEM_ORG };

type Ctx = Pick<AppContext, 'clock' | 'db'>;

/** The id of the system organization, created when missing (two concurrent creators both win). */
export async function ensureSystemOrganization(ctx: Ctx, db: Kysely<Database>): Promise<string> {
  let org = await organizationBySlug(db, SYSTEM_ORG.slug);
  if (!org) {
    await insertOrganizationUnlessSlugTaken(db, { id: newId(), ...SYSTEM_ORG, is_system: true, created_at: ctx.clock.now().toISOString() });
    org = await organizationBySlug(db, SYSTEM_ORG.slug);
  }
  if (!org || !toBool(org.is_system)) {
    throw new Error(`The organization slug "${SYSTEM_ORG.slug}" is held by a non-system organization`);
  }
  return org.id;
}

/**
 * Sets the system-organization role of each user, adding the membership when missing, with its
 * events in `db`'s transaction: `org.member.added` for a new member (and `share.granted` for what
 * is shared with the organization), `org.member.updated` for a new role. Answers the streams
 * written, which the caller announces once the transaction commits.
 */
export async function setSystemRole(ctx: Ctx, db: Kysely<Database>, userIds: readonly string[], role: 'owner' | 'member', actorId: string | null = null): Promise<string[]> {
  if (userIds.length === 0) return [];
  const orgId = await ensureSystemOrganization(ctx, db);
  const now = ctx.clock.now();
  const was = new Map((await membershipsOf(db, orgId, userIds)).map((m) => [m.user_id, m.role]));
  const items = await itemsSharedWithOrg(db, orgId);
  const { streams } = await changeAccessIn(db, ctx.db.engine, actorId, items, now, async (trx) => {
    await upsertMemberships(trx, orgId, userIds, role, now.toISOString());
    const written: string[] = [];
    for (const userId of userIds) {
      const before = was.get(userId);
      if (before === role) continue;
      written.push(...(await logMembership(trx, now, { type: before === undefined ? 'org.member.added' : 'org.member.updated', orgId, userId, role, actorId })));
    }
    return { result: undefined, streams: written };
  });
  return [...new Set(streams)];
}

/** Promotion: an Administrator record and ownership of the system organization. Answers the streams written (setSystemRole). */
export async function promoteAdministrators(ctx: Ctx, db: Kysely<Database>, userIds: readonly string[], actorId: string | null = null): Promise<string[]> {
  if (userIds.length === 0) return [];
  const now = ctx.clock.now().toISOString();
  await insertAdministrators(db, userIds, now);
  return setSystemRole(ctx, db, userIds, 'owner', actorId);
}

/** Demotion: the Administrator record goes and the system-organization role becomes member. Answers the streams written. */
export async function demoteAdministrators(ctx: Ctx, db: Kysely<Database>, userIds: readonly string[], actorId: string | null = null): Promise<string[]> {
  if (userIds.length === 0) return [];
  await deleteAdministrators(db, userIds);
  return setSystemRole(ctx, db, userIds, 'member', actorId);
}
