import type { AppContext } from '../../context.js';
import { sendMail } from '../mail/service.js';
import { FOLDED_VERB, isEventKey, type EventKey } from './events.js';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe.js';

// E-mail and push delivery of notifications, with burst folding: per recipient, channel and
// burst key (e.g. every dig of one message), the first delivery goes out at once and opens a
// window of BURST_WINDOW_MS; what arrives within the window is only counted, and when the window
// has passed one follow-up ("and 499 others ...") goes out and a new window opens. The state is a
// row of notification_bursts changed by single atomic statements, so several instances share it.
// In-app notifications are never folded.

export const BURST_WINDOW_MS = 60_000;

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
  const inserted = await db
    .insertInto('notification_bursts')
    .values({ user_id: o.recipient.id, channel, burst_key: o.burstKey, window_until: until, folded: 0, last_notification_id: sample })
    .onConflict((oc) => oc.columns(['user_id', 'channel', 'burst_key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return 'send';
  const key = (q: any) => q.where('user_id', '=', o.recipient.id).where('channel', '=', channel).where('burst_key', '=', o.burstKey);
  // The window has passed with nothing pending: this one opens a new window.
  const reopened = await key(db.updateTable('notification_bursts').set({ window_until: until, last_notification_id: sample }))
    .where('window_until', '<=', now.toISOString())
    .where('folded', '=', 0)
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) > 0) return 'send';
  await key(db.updateTable('notification_bursts').set((eb: any) => ({ folded: eb('folded', '+', 1), last_notification_id: sample }))).execute();
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
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

async function pushOut(ctx: AppContext, o: Outgoing, title: string, body: string): Promise<void> {
  const db = ctx.db.kysely;
  const devices = await db.selectFrom('push_devices').select(['id', 'token', 'platform', 'environment']).where('user_id', '=', o.recipient.id).execute();
  await Promise.all(
    devices.map(async (device) => {
      const outcome = await ctx.push.deliver(device, { title, body, data: o.data });
      if (outcome.status === 'gone') {
        await db.deleteFrom('push_devices').where('id', '=', device.id).execute();
        ctx.log.info({ deviceId: device.id, platform: device.platform, reason: outcome.reason }, 'push token gone: device removed');
      } else if (outcome.status === 'skipped') {
        ctx.log.info({ deviceId: device.id, platform: device.platform, reason: outcome.reason }, 'push skipped');
      } else if (outcome.status !== 'sent') {
        ctx.log.warn({ deviceId: device.id, platform: device.platform, reason: outcome.reason, attempts: outcome.attempts }, 'push delivery failed');
      }
    }),
  );
}

export async function deliverEmail(ctx: AppContext, o: Outgoing): Promise<void> {
  if ((await admit(ctx, 'email', o)) === 'send') await emailOut(ctx, o, o.title, o.body);
}

export async function deliverPush(ctx: AppContext, o: Outgoing): Promise<void> {
  // Nothing to fold for a user without devices.
  const device = await ctx.db.kysely.selectFrom('push_devices').select('id').where('user_id', '=', o.recipient.id).limit(1).executeTakeFirst();
  if (!device) return;
  if ((await admit(ctx, 'push', o)) === 'send') await pushOut(ctx, o, o.title, o.body);
}

/**
 * Sends the follow-up of every burst whose window has passed with folded deliveries, and opens
 * a new window for each. Each row is claimed with a compare-and-set on its count, so two
 * instances flushing at once send it once. Returns how many follow-ups went out.
 */
export async function flushBursts(ctx: AppContext): Promise<number> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  const due = await db
    .selectFrom('notification_bursts')
    .selectAll()
    .where('folded', '>', 0)
    .where('window_until', '<=', now.toISOString())
    .limit(500)
    .execute();
  let sent = 0;
  for (const row of due) {
    const claimed = await db
      .updateTable('notification_bursts')
      .set({ folded: 0, window_until: new Date(now.getTime() + BURST_WINDOW_MS).toISOString() })
      .where('user_id', '=', row.user_id)
      .where('channel', '=', row.channel)
      .where('burst_key', '=', row.burst_key)
      .where('folded', '=', row.folded)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const sample = JSON.parse(row.last_notification_id ?? '{}') as { type?: string; routePath?: string | null; data?: Record<string, string> };
    if (!sample.type || !isEventKey(sample.type)) continue;
    const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', row.user_id).executeTakeFirst();
    if (!user) continue;
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
      sent += 1;
    } catch (err) {
      ctx.log.error({ err, burstKey: row.burst_key }, 'notification follow-up failed');
    }
  }
  return sent;
}
