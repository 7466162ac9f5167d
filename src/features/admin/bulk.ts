import type { AppContext } from '../../runtime/context.js';
import { toBool } from '../../db/dialect.js';
import { badRequest } from '../../http/errors.js';
import { recordAnalyticsEvents } from '../analytics/service.js';
import { assertAdministratorsRemain } from '../users/index.js';
import type { AccountStatus } from '../users/service.js';
import {
  LOCKED_STATUSES,
  sendAccountStatusMails,
  statusColumns,
} from './account-status.js';
import { endAllCredentials } from '../auth/service.js';
import { beginAccountDeletions, finishRemovals } from '../purge/service.js';
import { updateUsers, usersByIds, usersNamed } from './queries.js';

// Bulk user operations: each runs in one transaction with set-based queries (WHERE id IN ...).
// Ids that match no user are ignored and not counted.

function refuseSelf(adminId: string, userIds: readonly string[], action: string): void {
  if (userIds.includes(adminId)) throw badRequest(`You cannot ${action} your own account`, 'self_included');
}

/** Toggles `cleared`; each user that becomes cleared gets a user_cleared analytics event. */
export async function bulkToggleClearance(ctx: AppContext, adminId: string, userIds: readonly string[]): Promise<number> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const users = await usersByIds(trx, userIds);
    const toClear = users.filter((u) => !toBool(u.cleared)).map((u) => u.id);
    const toUnclear = users.filter((u) => toBool(u.cleared)).map((u) => u.id);
    const now = ctx.clock.now().toISOString();
    if (toClear.length > 0) await updateUsers(trx, toClear, { cleared: true, updated_at: now });
    if (toUnclear.length > 0) await updateUsers(trx, toUnclear, { cleared: false, updated_at: now });
    await recordAnalyticsEvents(
      ctx,
      toClear.map((id) => ({ type: 'user_cleared', userId: id, metadata: { by: adminId } })),
      trx,
    );
    return users.length;
  });
}

/** Sets accountStatus with the single update's side effects; status mails go out after commit. */
export async function bulkSetAccountStatus(
  ctx: AppContext,
  adminId: string,
  userIds: readonly string[],
  status: AccountStatus,
): Promise<number> {
  refuseSelf(adminId, userIds, 'change the account status of');
  const { users, changed } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const users = await usersByIds(trx, userIds);
    const ids = users.map((u) => u.id);
    const changed = users.filter((u) => u.account_status !== status);
    if (LOCKED_STATUSES.includes(status)) await assertAdministratorsRemain(trx, ids);
    if (ids.length > 0) await updateUsers(trx, ids, { ...statusColumns(status, false), updated_at: ctx.clock.now().toISOString() });
    if (status === 'banned') await endAllCredentials(trx, ids);
    return { users, changed };
  });
  // The ban deleted the sessions and tokens; streams held on them end now, not at their next check.
  if (status === 'banned' && users.length > 0) ctx.events.emit('credentialsEnded', { userIds: users.map((u) => u.id) });
  await sendAccountStatusMails(ctx, changed, status);
  return users.length;
}

/** Deletes users; refuses the caller's own account and removing every working administrator. */
export async function bulkDeleteUsers(ctx: AppContext, adminId: string, userIds: readonly string[]): Promise<number> {
  refuseSelf(adminId, userIds, 'delete');
  const ids = await ctx.db.kysely.transaction().execute(async (trx) => {
    await assertAdministratorsRemain(trx, userIds);
    return beginAccountDeletions(ctx, trx, await usersNamed(trx, userIds), adminId);
  });
  // Each account is removed by its own job, as a single deletion is.
  await finishRemovals(ctx, ids);
  return ids.length;
}

/** Sets emailVerified for each user. */
export async function bulkSetEmailVerified(ctx: AppContext, userIds: readonly string[], emailVerified: boolean): Promise<number> {
  return ctx.db.kysely.transaction().execute((trx) => updateUsers(trx, userIds, { email_verified: emailVerified, updated_at: ctx.clock.now().toISOString() }));
}
