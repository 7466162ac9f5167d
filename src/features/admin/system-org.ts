import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { toBool } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { SYSTEM_ORG } from '../../http/guards.js';
import { deleteAdministrators, insertAdministrators, insertOrganizationUnlessSlugTaken, organizationBySlug, upsertMemberships } from './queries.js';

// The system public organization. Being an administrator means two rows: an `administrators`
// record and the `owner` role in this organization; every other account created by an
// administrator is a `member` of it.

export { SYSTEM_ORG };

type Ctx = Pick<AppContext, 'clock'>;

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

/** Sets the system-organization role of each user, adding the membership when missing. */
export async function setSystemRole(ctx: Ctx, db: Kysely<Database>, userIds: readonly string[], role: 'owner' | 'member') {
  if (userIds.length === 0) return;
  const orgId = await ensureSystemOrganization(ctx, db);
  const now = ctx.clock.now().toISOString();
  await upsertMemberships(db, orgId, userIds, role, now);
}

/** Promotion: an Administrator record and ownership of the system organization. */
export async function promoteAdministrators(ctx: Ctx, db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  const now = ctx.clock.now().toISOString();
  await insertAdministrators(db, userIds, now);
  await setSystemRole(ctx, db, userIds, 'owner');
}

/** Demotion: the Administrator record goes and the system-organization role becomes member. */
export async function demoteAdministrators(ctx: Ctx, db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await deleteAdministrators(db, userIds);
  await setSystemRole(ctx, db, userIds, 'member');
}
