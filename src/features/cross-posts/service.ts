import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { enqueueJobs } from '../../runtime/jobs/enqueue.js';
import type { AppContext } from '../../runtime/context.js';
import { DELIVERY_JOB } from './delivery.js';
import { planTargets, type PlannedDelivery, type RefusedTarget } from './plan.js';
import { presentLedgerEntry, presentCreateEntries } from './presenter.js';
import { deliveriesByIds, deliveriesOf, insertDeliveries, instanceNames, ownMessage, reopenFailed } from './queries.js';
import type { CrossPostRequest } from './request.js';
import { deliveryWatch } from './watch.js';

// The delivery ledger as the messages feature uses it: deliveries recorded with the message (one
// row and one job per target, in the message's transaction), tried by the job runner after the
// commit, and waited on for at most 2 seconds in total by the request that made them.

/** The most a request waits, after its commit, for its deliveries' first attempts. */
export const ANSWER_WAIT_MS = 2000;

/** Rows and jobs of the planned deliveries (and already failed ones for refused targets), in `trx`; answers their ids. */
export async function recordDeliveries(
  trx: Kysely<Database>,
  now: Date,
  message: { id: string; userId: string },
  planned: readonly PlannedDelivery[],
  refused: readonly RefusedTarget[] = [],
): Promise<string[]> {
  const at = now.toISOString();
  const base = { message_id: message.id, user_id: message.userId, external_id: null, external_url: null, attempts: 0, created_at: at, updated_at: at };
  const rows = [
    ...planned.map((p) => ({
      ...base,
      id: newId(),
      platform: p.platform,
      identity_id: p.identityId,
      provider_id: p.providerId,
      target: p.target,
      status: 'pending',
      error: null,
      error_code: null,
      status_code: null,
      next_attempt_at: at,
      delivery_key: randomBytes(16).toString('hex'),
    })),
    ...refused.map((r) => ({
      ...base,
      id: newId(),
      platform: r.platform,
      identity_id: null,
      provider_id: r.providerId,
      target: null,
      status: 'failed',
      error: r.error.message,
      error_code: r.error.code,
      status_code: null,
      next_attempt_at: null,
      delivery_key: randomBytes(16).toString('hex'),
    })),
  ];
  await insertDeliveries(trx, rows);
  await enqueueJobs(
    trx,
    now,
    rows.filter((r) => r.status === 'pending').map((r) => ({ kind: DELIVERY_JOB, payload: { deliveryId: r.id } })),
  );
  return rows.map((r) => r.id);
}

/**
 * After the commit: starts the deliveries and waits (at most ANSWER_WAIT_MS from `since`) for
 * their first attempts; answers the create response's `crossPosts` and `crossPostResults`.
 */
export async function deliverAndReport(ctx: AppContext, deliveryIds: readonly string[], since: number) {
  if (deliveryIds.length === 0) return { crossPosts: [], crossPostResults: [] };
  ctx.jobs.kick();
  await deliveryWatch(ctx).wait(deliveryIds, ANSWER_WAIT_MS - (Date.now() - since));
  const rows = await deliveriesByIds(ctx.db.kysely, deliveryIds);
  return presentCreateEntries(rows, await instanceNames(ctx.db.kysely, rows.map((r) => r.identity_id)));
}

/** A scheduled message's deliveries when it is published: targets that can no longer be served are recorded failed. */
export async function planForPublish(ctx: AppContext, message: { id: string; user_id: string; content: string; cross_post_config: string | null }) {
  const request = message.cross_post_config ? (JSON.parse(message.cross_post_config) as CrossPostRequest) : {};
  return planTargets(ctx, message.user_id, request, message.content);
}

/** The ledger of the caller's own message (404 for anyone else's). */
export async function ledger(ctx: AppContext, userId: string, messageId: string) {
  if (!(await ownMessage(ctx.db.kysely, userId, messageId))) throw notFound('Message not found');
  return (await deliveriesOf(ctx.db.kysely, messageId)).map(presentLedgerEntry);
}

/** Puts the message's failed deliveries back to pending and tries them again; answers the ledger. */
export async function retryFailed(ctx: AppContext, userId: string, messageId: string) {
  if (!(await ownMessage(ctx.db.kysely, userId, messageId))) throw notFound('Message not found');
  const ids = await ctx.db.kysely.transaction().execute(async (trx) => {
    const reopened = await reopenFailed(trx, messageId, ctx.clock.now().toISOString());
    await enqueueJobs(
      trx,
      ctx.clock.now(),
      reopened.map((deliveryId) => ({ kind: DELIVERY_JOB, payload: { deliveryId } })),
    );
    return reopened;
  });
  if (ids.length > 0) ctx.jobs.kick();
  return (await deliveriesOf(ctx.db.kysely, messageId)).map(presentLedgerEntry);
}

