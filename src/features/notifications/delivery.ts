import type { AppContext } from '../../runtime/context.js';
import { enqueueJob, submitJobs } from '../../runtime/jobs/enqueue.js';
import type { JobOutcome, JobPayloads } from '../../runtime/types.js';
import { sendMail } from '../../runtime/mail.js';
import { oneClickUnsubscribeHeaders } from '../../runtime/signed-links.js';
import { FOLDED_VERB, isEventKey, type EventKey } from './events.js';
import {
  claimBurst,
  deleteDeviceWithToken,
  deviceIdsOf,
  dueBurst,
  dueBurstsPage,
  foldIntoBurst,
  hasDevice,
  insertBurst,
  pushDevice,
  recipientOf,
  reopenBurst,
} from './queries.js';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe.js';

// E-mail and push delivery of notifications, with burst folding: per recipient, channel and
// burst key (e.g. every dig of one message), the first delivery goes out at once and opens a
// window of BURST_WINDOW_MS; what arrives within the window is only counted, and when the window
// has passed one follow-up ("and 499 others ...") goes out and a new window opens. The state is a
// row of notification_bursts changed by single atomic statements, so several instances share it.
// The first delivery folded into a window also enqueues the follow-up job, due when the window
// ends (the job runner sends it). In-app notifications are never folded.
//
// Each push to each device is a job of its own (`push-delivery`): the adapter makes one attempt
// per run, and the job runner retries transient failures with backoff.

export const BURST_WINDOW_MS = 60_000;
/** Runs of one push job (the first included): a push more than a few minutes late is stale. */
export const PUSH_MAX_ATTEMPTS = 5;
/** Delay before the first retry of a push, doubled for each further one. */
export const PUSH_RETRY_BASE_MS = 15_000;

export interface Outgoing {
  type: EventKey;
  burstKey: string;
  recipient: { id: string; email: string };
  title: string;
  body: string;
  routePath: string | null;
  data: Record<string, string>;
}

type Channel = 'email' | 'push';

/** 'send': deliver now (first of a window); 'folded': counted into the window's follow-up. */
async function admit(ctx: AppContext, channel: Channel, o: Outgoing): Promise<'send' | 'folded'> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + BURST_WINDOW_MS).toISOString();
  const sample = JSON.stringify({ type: o.type, routePath: o.routePath, data: o.data });
  const key = { userId: o.recipient.id, channel, burstKey: o.burstKey };
  if (await insertBurst(db, key, until, sample)) return 'send';
  // The window has passed with nothing pending: this one opens a new window.
  if (await reopenBurst(db, key, until, sample, now.toISOString())) return 'send';
  // Counted; the first one counted in this window enqueues the follow-up for the window's end,
  // in the same transaction, so a counted burst always has its follow-up job.
  await db.transaction().execute(async (trx) => {
    const row = await foldIntoBurst(trx, key, sample);
    if (row && Number(row.folded) === 1) {
      await enqueueJob(trx, now, 'notification-follow-up', { userId: o.recipient.id, channel, burstKey: o.burstKey }, { runAt: new Date(row.window_until) });
    }
  });
  return 'folded';
}

async function emailOut(ctx: AppContext, o: Outgoing, subject: string, text: string): Promise<void> {
  const url = unsubscribeUrl(ctx, await unsubscribeToken(ctx, o.recipient.id, o.type));
  const link = o.routePath ? `\n\nOpen it: ${ctx.config.webUrl ?? ctx.config.publicUrl}${o.routePath}` : '';
  await sendMail(ctx, {
    to: o.recipient.email,
    type: 'notification',
    userId: o.recipient.id,
    subject,
    text: `${text}${link}\n\nTo stop these e-mails (${o.type} notifications), unsubscribe in one click: ${url}\n`,
    headers: oneClickUnsubscribeHeaders(url),
  });
}

/** Enqueues one push job per device of the recipient; the runner sends them. */
async function pushOut(ctx: AppContext, o: Outgoing, title: string, body: string): Promise<void> {
  const devices = await deviceIdsOf(ctx.db.kysely, o.recipient.id);
  await submitJobs(
    ctx,
    devices.map((d) => ({ kind: 'push-delivery' as const, payload: { deviceId: d.id, title, body, data: o.data }, options: { maxAttempts: PUSH_MAX_ATTEMPTS } })),
  );
}

/**
 * The `push-delivery` job: one attempt to one device. Safe to run again: a device unregistered
 * meanwhile is skipped, and a repeated push is at worst one notification shown twice.
 */
export async function runPushDelivery(ctx: AppContext, p: JobPayloads['push-delivery']): Promise<JobOutcome> {
  const db = ctx.db.kysely;
  const device = await pushDevice(db, p.deviceId);
  if (!device) return { status: 'done' };
  const outcome = await ctx.push.deliver(device, { title: p.title, body: p.body, data: p.data });
  switch (outcome.status) {
    case 'sent':
      return { status: 'done' };
    case 'gone':
      // Only this registration of the token: re-registered since, it would have a new row.
      await deleteDeviceWithToken(db, device.id, device.token);
      ctx.log.info({ deviceId: device.id, platform: device.platform, reason: outcome.reason }, 'push token gone: device removed');
      return { status: 'done' };
    case 'skipped':
      ctx.log.info({ deviceId: device.id, platform: device.platform, reason: outcome.reason }, 'push skipped');
      return { status: 'done' };
    case 'retry':
      return { status: 'retry', reason: outcome.reason, ...(outcome.retryAfterSeconds !== undefined ? { retryAfterMs: outcome.retryAfterSeconds * 1000 } : {}) };
    case 'failed':
      return { status: 'failed', reason: outcome.reason };
  }
}

export async function deliverEmail(ctx: AppContext, o: Outgoing): Promise<void> {
  if ((await admit(ctx, 'email', o)) === 'send') await emailOut(ctx, o, o.title, o.body);
}

export async function deliverPush(ctx: AppContext, o: Outgoing): Promise<void> {
  // Nothing to fold for a user without devices.
  if (!(await hasDevice(ctx.db.kysely, o.recipient.id))) return;
  if ((await admit(ctx, 'push', o)) === 'send') await pushOut(ctx, o, o.title, o.body);
}

type BurstRow = { user_id: string; channel: string; burst_key: string; folded: number; last_notification_id: string | null };

/**
 * Sends the follow-up of one burst whose window has passed with folded deliveries, and opens a
 * new window. The row is claimed with a compare-and-set on its count, so two instances flushing
 * at once send it once: 'lost' when another flush or a new fold changed the count first.
 */
async function flushBurst(ctx: AppContext, row: BurstRow, now: Date): Promise<'sent' | 'lost' | 'none'> {
  const db = ctx.db.kysely;
  const key = { userId: row.user_id, channel: row.channel, burstKey: row.burst_key };
  if (!(await claimBurst(db, key, row.folded, new Date(now.getTime() + BURST_WINDOW_MS).toISOString()))) return 'lost';
  const sample = JSON.parse(row.last_notification_id ?? '{}') as { type?: string; routePath?: string | null; data?: Record<string, string> };
  if (!sample.type || !isEventKey(sample.type)) return 'none';
  const user = await recipientOf(db, row.user_id);
  if (!user) return 'none';
  const n = row.folded;
  const o: Outgoing = {
    type: sample.type,
    burstKey: row.burst_key,
    recipient: user,
    title: `${n} more: ${FOLDED_VERB[sample.type]}`,
    body: `And ${n} ${n === 1 ? 'other' : 'others'} ${FOLDED_VERB[sample.type]}`,
    routePath: sample.routePath ?? null,
    data: { ...(sample.data ?? {}), folded: String(n) },
  };
  try {
    if (row.channel === 'email') await emailOut(ctx, o, o.title, o.body);
    else await pushOut(ctx, o, o.title, o.body);
    return 'sent';
  } catch (err) {
    // The count is already reset: a retry would find nothing to send.
    ctx.log.error({ err, burstKey: row.burst_key }, 'notification follow-up failed');
    return 'none';
  }
}

/**
 * Sends the follow-up of every burst whose window has passed with folded deliveries (a sweep;
 * each burst's own `notification-follow-up` job normally does it). Returns how many went out.
 */
export async function flushBursts(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let sent = 0;
  for (const row of await dueBurstsPage(ctx.db.kysely, now.toISOString(), 500)) if ((await flushBurst(ctx, row, now)) === 'sent') sent += 1;
  return sent;
}

/** The `notification-follow-up` job: flushes its burst if it is still due (a no-op run again). */
export async function runBurstFollowUp(ctx: AppContext, p: JobPayloads['notification-follow-up']): Promise<JobOutcome> {
  // A lost compare-and-set means a fold landed meanwhile: read the new count and try again.
  for (let i = 0; i < 5; i++) {
    const now = ctx.clock.now();
    const row = await dueBurst(ctx.db.kysely, now.toISOString(), { userId: p.userId, channel: p.channel, burstKey: p.burstKey });
    if (!row || (await flushBurst(ctx, row, now)) !== 'lost') return { status: 'done' };
  }
  return { status: 'retry', reason: 'the burst kept changing while it was flushed' };
}
