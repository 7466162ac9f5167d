import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Database, UserRow } from '../../db/types.js';
import { badRequest, forbidden, userNotFound } from '../../http/errors.js';
import { PURGE_CATEGORIES, type PurgeCategory } from '../../runtime/module.js';
import { endAllCredentials } from '../auth/service.js';
import { findUserById, holdNames, NAME_HOLD_MS } from '../users/service.js';
import { awaitRemovals, beginRemoval, countParts, partsOf } from './removal.js';
import type { PurgeBody, PurgeCounts } from './schemas.js';

// Content purge and account deletion: the rules of each request; the removal itself is a job
// (removal.ts) that goes through every feature's parts of a user's data.

/** The categories a purge body selects: omitted (or an omitted object) means true. */
export function selectedCategories(categories: PurgeBody['categories']): PurgeCategory[] {
  return PURGE_CATEGORIES.filter((c) => categories?.[c] !== false);
}

/** The spec's counts from a removal's per-part counts. */
function specCounts(counts: Record<string, number>): PurgeCounts {
  const n = (key: keyof PurgeCounts) => counts[key] ?? 0;
  return { messages: n('messages'), directMessages: n('directMessages'), documents: n('documents'), folders: n('folders'), lists: n('lists'), listFolders: n('listFolders') };
}

/**
 * Purges a user's content (spec, Administration): 400 for the caller's own, 404 for an unknown
 * user; a dry run answers the counts and writes nothing. Otherwise one audit row and a job; the
 * answer comes when the job is done (or, for a very large account, after REMOVAL_WAIT_MS with the counts
 * found at the start, which the job goes on to remove).
 */
export async function purgeUserContent(ctx: AppContext, adminId: string, userId: string, body: PurgeBody): Promise<{ dryRun: boolean; counts: PurgeCounts }> {
  if (userId === adminId) throw badRequest('You cannot purge your own content', 'self_purge');
  const db = ctx.db.kysely;
  if (!(await findUserById(db, userId))) throw userNotFound();
  const categories = selectedCategories(body.categories);
  // Stryker disable next-line StringLiteral: partsOf tells only 'delete' apart; any other kind selects by category, as 'purge' does
  const planned = await countParts(ctx, partsOf(ctx, 'purge', categories), userId);
  if (body.dryRun === true) return { dryRun: true, counts: specCounts(planned) };
  const id = await db.transaction().execute((trx) => beginRemoval(ctx, trx, { kind: 'purge', userId, adminId, categories, reason: body.reason ?? null }));
  ctx.jobs.kick();
  const removal = (await awaitRemovals(ctx, [id])).get(id);
  // Stryker disable next-line OptionalChaining: the removal was inserted above and is never deleted, so awaitRemovals has it
  return { dryRun: false, counts: specCounts(removal?.status === 'done' ? removal.counts : planned) };
}

/**
 * Starts deleting accounts inside `trx`: their sessions and sync tokens end at once (in this
 * transaction), their e-mail addresses and usernames are held for the cooling-off period, and a
 * removal job per account removes the rest. Answers the removal ids; the caller kicks the runner
 * after commit and may wait with awaitRemovals. Users that do not exist are skipped.
 */
export async function beginAccountDeletions(
  ctx: AppContext,
  trx: Kysely<Database>,
  users: readonly Pick<UserRow, 'id' | 'email' | 'username'>[],
  adminId: string | null,
): Promise<string[]> {
  const ids: string[] = [];
  await endAllCredentials(
    trx,
    users.map((u) => u.id),
  );
  const until = new Date(ctx.clock.now().getTime() + NAME_HOLD_MS);
  for (const user of users) {
    await holdNames(trx, user, until);
    ids.push(await beginRemoval(ctx, trx, { kind: 'delete', userId: user.id, adminId, categories: [...PURGE_CATEGORIES] }));
  }
  return ids;
}

/** Kicks the runner for removals begun in a committed transaction and waits for them. */
export async function finishRemovals(ctx: AppContext, ids: readonly string[]): Promise<void> {
  // Stryker disable next-line ConditionalExpression: a shortcut; awaiting no removals returns at once
  if (ids.length === 0) return;
  ctx.jobs.kick();
  await awaitRemovals(ctx, ids);
}

/**
 * The caller deletes their own account, confirmed by the current password: 403 when it does not
 * match (an account with no password, signed in through a provider, cannot confirm this way).
 * `assertAllowed` runs in the deleting transaction (the last-administrator rule).
 */
export async function deleteOwnAccount(
  ctx: AppContext,
  user: UserRow,
  password: string,
  assertAllowed: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const matches = user.password_hash !== null && (await ctx.passwords.verify(user.password_hash, password));
  if (!matches) throw forbidden('The password is not correct', 'invalid_password');
  const ids = await ctx.db.kysely.transaction().execute(async (trx) => {
    const current = await findUserById(trx, user.id);
    if (!current) throw userNotFound();
    await assertAllowed(trx);
    return beginAccountDeletions(ctx, trx, [current], null);
  });
  await finishRemovals(ctx, ids);
}
