import { toBool } from '../../db/dialect.js';
import { submitJobs } from '../../runtime/jobs/enqueue.js';
import { AppState } from '../../runtime/state.js';
import type { AppContext, JobOutcome } from '../../runtime/types.js';
import { attemptDelivery, SEND_JOB, TIMEOUT_MS } from './delivery.js';
import { dueDelivery, dueDeliveryIds, failOpenDeliveries, releaseSenderLease, renewSenderLease, takeSenderLease, webhookById, webhooksWithDueDeliveries } from './queries.js';

// The sender of one webhook: a job (`webhook-send`) that holds the webhook's lease and sends its
// due deliveries with IN_FLIGHT workers, until none is due and none is in flight. One sender per
// webhook across every instance (the lease is taken in one statement), so the cap holds however
// many instances run; each webhook has its own sender, so a receiver that hangs holds only its own
// four slots while other webhooks' senders go on.
//
// A job that finds the lease taken ends at once: the holder sends what is due. While any of its
// workers is sending, an idle worker looks for newly due deliveries when woken (a delivery made in
// this process: `startSenders` wakes the local holder) or every RECHECK_MS (one made by another
// instance); the holder gives the lease back only with nothing in flight, then looks once more,
// so nothing made meanwhile is left behind. The minute's sweep catches the rest.

export const IN_FLIGHT = 4;
/** The lease outlives any one attempt (15 s) with room; a delivery taken renews it. */
const LEASE_MS = 4 * TIMEOUT_MS;
/** Renewed no more often than this: at least LEASE_MS - RENEW_EVERY_MS (45 s) are left when an attempt starts. */
const RENEW_EVERY_MS = TIMEOUT_MS;
/** Deliveries read per look at the due ones. */
const BATCH = 20;
/** How often an idle worker looks again while others are sending. */
const RECHECK_MS = 1000;

/** This app's running senders by webhook: how to wake one when a delivery was just made for it. */
export const localSenders = new AppState('webhooks.local-senders', () => new Map<string, () => void>());

export async function runSender(ctx: AppContext, payload: { webhookId: string }): Promise<JobOutcome> {
  const db = ctx.db.kysely;
  const leaseEnd = () => new Date(ctx.clock.now().getTime() + LEASE_MS).toISOString();
  for (;;) {
    if (!(await takeSenderLease(db, payload.webhookId, ctx.clock.now().toISOString(), leaseEnd()))) return { status: 'done' };
    // Renewed when a delivery is taken, but at most every RENEW_EVERY_MS: a commit per delivery
    // was a third of a delivery's database work, and the lease still outlives any attempt.
    let renewedAt = ctx.clock.now().getTime();
    const renew = async () => {
      if (ctx.clock.now().getTime() - renewedAt < RENEW_EVERY_MS) return;
      renewedAt = ctx.clock.now().getTime();
      await renewSenderLease(db, payload.webhookId, leaseEnd());
    };
    try {
      await sendDue(ctx, payload.webhookId, renew);
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
  let stopped = false;
  let waiters: (() => void)[] = [];
  const wake = () => {
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  /** Until woken, or RECHECK_MS (real time: it paces database reads, not the schedule). */
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RECHECK_MS);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
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
    while (!stopped) {
      const id = await take();
      if (id === undefined) {
        // Nothing due: done when nothing is in flight either, else wait for more.
        if (busy.size === 0) return;
        await idle();
        continue;
      }
      try {
        const hook = await webhookById(db, webhookId);
        if (!hook) {
          stopped = true;
          return;
        }
        if (!toBool(hook.enabled)) {
          // Disabled since (or a test delivery of a disabled webhook): nothing more is sent.
          await failOpenDeliveries(db, webhookId, 'The webhook is disabled', ctx.clock.now().toISOString());
          stopped = true;
          return;
        }
        const delivery = await dueDelivery(db, id, ctx.clock.now().toISOString());
        if (!delivery) continue;
        await renew();
        await attemptDelivery(ctx, hook, delivery);
      } finally {
        busy.delete(id);
        // A slot is free: idle workers look again (and the last one in flight lets them end).
        wake();
      }
    }
  };
  const senders = ctx.state(localSenders);
  senders.set(webhookId, wake);
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    senders.delete(webhookId);
  }
}

/** Starts the senders of these webhooks: wakes one running here, and queues a job (another instance may hold the lease). */
export async function startSenders(ctx: AppContext, webhookIds: readonly string[]): Promise<void> {
  const ids = [...new Set(webhookIds)];
  for (const id of ids) ctx.state(localSenders).get(id)?.();
  await submitJobs(
    ctx,
    ids.map((webhookId) => ({ kind: SEND_JOB, payload: { webhookId } })),
  );
}

/** The safety sweep's part: a sender for every webhook with a due delivery (a lost job, a lease that ran out). */
export async function sweepDueDeliveries(ctx: AppContext): Promise<number> {
  const ids = await webhooksWithDueDeliveries(ctx.db.kysely, ctx.clock.now().toISOString());
  await startSenders(ctx, ids);
  return ids.length;
}
