import { toBool } from '../../db/dialect.js';
import { submitJobs } from '../../runtime/jobs/enqueue.js';
import type { AppContext, JobOutcome } from '../../runtime/types.js';
import { attemptDelivery, SEND_JOB, TIMEOUT_MS } from './delivery.js';
import { dueDelivery, failOpenDeliveries, dueDeliveryIds, releaseSenderLease, renewSenderLease, takeSenderLease, webhookById, webhooksWithDueDeliveries } from './queries.js';

// The sender of one webhook: a job (`webhook-send`) that holds the webhook's lease and sends its
// due deliveries, at most IN_FLIGHT at a time, until none is due. One sender per webhook across
// every instance (the lease is taken in one statement), so the cap holds however many instances
// run; each webhook has its own sender, so a receiver that hangs holds only its own four slots
// while other webhooks' senders go on. A job that finds the lease taken ends at once: the holder
// sends what is due, and looks again after giving the lease back, so nothing is left behind.

export const IN_FLIGHT = 4;
/** The lease outlives any one attempt (15 s) with room; each delivery taken renews it. */
const LEASE_MS = 4 * TIMEOUT_MS;
/** Deliveries read per look at the due ones. */
const BATCH = 20;

export async function runSender(ctx: AppContext, payload: { webhookId: string }): Promise<JobOutcome> {
  const db = ctx.db.kysely;
  const leaseEnd = () => new Date(ctx.clock.now().getTime() + LEASE_MS).toISOString();
  for (;;) {
    if (!(await takeSenderLease(db, payload.webhookId, ctx.clock.now().toISOString(), leaseEnd()))) return { status: 'done' };
    try {
      await sendDue(ctx, payload.webhookId, () => renewSenderLease(db, payload.webhookId, leaseEnd()));
    } finally {
      await releaseSenderLease(db, payload.webhookId);
    }
    // A delivery made due while the lease was being given back found it taken: look once more.
    if ((await dueDeliveryIds(db, payload.webhookId, ctx.clock.now().toISOString(), 1)).length === 0) return { status: 'done' };
  }
}

/** Sends the webhook's due deliveries with IN_FLIGHT workers that share one queue. */
async function sendDue(ctx: AppContext, webhookId: string, renew: () => Promise<void>): Promise<void> {
  const db = ctx.db.kysely;
  const queue: string[] = [];
  const busy = new Set<string>();
  let refilling: Promise<void> | null = null;
  const refill = async () => {
    for (const id of await dueDeliveryIds(db, webhookId, ctx.clock.now().toISOString(), BATCH + IN_FLIGHT)) {
      if (!busy.has(id) && !queue.includes(id)) queue.push(id);
    }
  };
  /** The next delivery to send, or undefined when none is due that no worker holds. */
  const take = async (): Promise<string | undefined> => {
    if (queue.length === 0) {
      // One refill at a time: workers that ask meanwhile wait for it rather than read twice.
      refilling ??= refill().finally(() => (refilling = null));
      await refilling;
    }
    const id = queue.shift();
    // Held from the moment it is taken, so that a refill meanwhile does not queue it again.
    if (id !== undefined) busy.add(id);
    return id;
  };
  const worker = async () => {
    for (let id = await take(); id !== undefined; id = await take()) {
      try {
        const hook = await webhookById(db, webhookId);
        if (!hook) return;
        if (!toBool(hook.enabled)) {
          // Disabled since (or a test delivery of a disabled webhook): nothing more is sent.
          await failOpenDeliveries(db, webhookId, 'The webhook is disabled', ctx.clock.now().toISOString());
          return;
        }
        const delivery = await dueDelivery(db, id, ctx.clock.now().toISOString());
        if (!delivery) continue;
        await renew();
        await attemptDelivery(ctx, hook, delivery);
      } finally {
        busy.delete(id);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/** Starts the senders of these webhooks (in the background: jobs, kicked now). */
export async function startSenders(ctx: AppContext, webhookIds: readonly string[]): Promise<void> {
  await submitJobs(
    ctx,
    [...new Set(webhookIds)].map((webhookId) => ({ kind: SEND_JOB, payload: { webhookId } })),
  );
}

/** The safety sweep's part: a sender for every webhook with a due delivery (a lost job, a lease that ran out). */
export async function sweepDueDeliveries(ctx: AppContext): Promise<number> {
  const ids = await webhooksWithDueDeliveries(ctx.db.kysely, ctx.clock.now().toISOString());
  await startSenders(ctx, ids);
  return ids.length;
}
