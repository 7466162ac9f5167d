import type { Kysely } from 'kysely';
import type { OAuthProvider } from '../../config.js';
import type { Database } from '../../db/types.js';
import { enqueueJobs, submitJobs } from '../../runtime/jobs/enqueue.js';
import type { AppContext } from '../../runtime/context.js';
import type { JobInfo, JobOutcome } from '../../runtime/types.js';
import { withNetworkAuth } from './auth.js';
import { networkAdapters } from './networks.js';
import { attemptFailure } from './outcome.js';
import { callOffDeliveries, deliveryById, moveDelivery } from './queries.js';

// Deleting a message deletes its copies on the networks, through the same delivery ledger:
// in the delete's own transaction its delivered copies go `deleting` with a removal job each
// (kind `cross-post-removal`), and deliveries not yet made are called off. A removal retries like
// a delivery; one the network refuses for good is left `failed` with `remove_failed` and logged.

export const REMOVAL_JOB = 'cross-post-removal';

/** In the transaction that deletes the messages: their copies to remove, their pending deliveries called off. */
export async function callOffCrossPosts(trx: Kysely<Database>, now: Date, messageIds: readonly string[]): Promise<number> {
  const ids = await callOffDeliveries(trx, messageIds, now.toISOString());
  await enqueueJobs(
    trx,
    now,
    ids.map((deliveryId) => ({ kind: REMOVAL_JOB, payload: { deliveryId } })),
  );
  return ids.length;
}

/** Removal jobs for deliveries already `deleting` (outside a transaction). */
export async function submitRemovals(ctx: AppContext, deliveryIds: readonly string[]): Promise<void> {
  await submitJobs(
    ctx,
    deliveryIds.map((deliveryId) => ({ kind: REMOVAL_JOB, payload: { deliveryId } })),
  );
}

export async function runRemoval(ctx: AppContext, payload: { deliveryId: string }, job: JobInfo): Promise<JobOutcome> {
  const row = await deliveryById(ctx.db.kysely, payload.deliveryId);
  if (!row || row.status !== 'deleting') return { status: 'done' };
  const adapter = networkAdapters(ctx)[row.platform as keyof ReturnType<typeof networkAdapters>];
  const now = () => ctx.clock.now().toISOString();
  try {
    if (!adapter || !row.identity_id || !row.external_id) throw new Error(`Removing from ${row.platform} is not available on this server`);
    await withNetworkAuth(ctx, row.identity_id, row.platform as OAuthProvider, (auth) => adapter.remove(auth, row.external_id!));
  } catch (err) {
    const failure = attemptFailure(err);
    if (!failure.final && job.attempt < job.maxAttempts) return { status: 'retry', reason: failure.error, ...(failure.retryAfterMs !== null ? { retryAfterMs: failure.retryAfterMs } : {}) };
    await moveDelivery(ctx.db.kysely, row.id, 'deleting', { status: 'failed', error: failure.error, error_code: 'remove_failed', status_code: failure.statusCode, updated_at: now() });
    ctx.log.warn({ messageId: row.message_id, deliveryId: row.id, platform: row.platform, statusCode: failure.statusCode, error: failure.error }, 'removing a cross-posted copy failed');
    return { status: 'done' };
  }
  await moveDelivery(ctx.db.kysely, row.id, 'deleting', { status: 'deleted', updated_at: now() });
  return { status: 'done' };
}
