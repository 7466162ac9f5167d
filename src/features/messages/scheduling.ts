import type { AppContext } from '../../runtime/context.js';
import type { PeriodicTask } from '../../runtime/types.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { crossPostRequestOf, planForPublish, recordDeliveries, requestsCrossPost, type CrossPostRequest } from '../cross-posts/index.js';
import { announcePublished } from './mentions.js';
import { announceEvents, appendEvents, eventsFor } from '../events/index.js';
import { logPublished } from './log-events.js';
import { ownMessageRow, publishDueBatch, upcomingScheduled, updateUnpublished, withPushed } from './queries.js';
import type { UpdateMessageBody } from './schemas.js';
import { viewerOf } from '../visibility/service.js';

// Scheduled messages (spec, States: Scheduled message): created with a future scheduledAt
// snapped up to the next 5-minute boundary, seen only by their author until published, movable
// while still in the future, and published by ONE function (`publishDueMessages`) that both the
// cron endpoint and the in-process scheduler run.

export const SLOT_MS = 5 * 60_000;

/** Snaps a time up to the next 5-minute boundary; a time already on one is unchanged. */
export function roundUpToSlot(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / SLOT_MS) * SLOT_MS);
}

/** A scheduled time as stored: ahead of now, snapped up to the next 5-minute boundary. */
export function scheduleSlot(now: Date, at: string): string {
  // The time asked for must be ahead; rounding only ever moves it later.
  if (Date.parse(at) <= now.getTime()) throw badRequest('scheduledAt must be in the future', 'invalid_schedule');
  return roundUpToSlot(new Date(at)).toISOString();
}

const RANGE_MS = { week: 7 * 24 * 3600_000, month: 30 * 24 * 3600_000 } as const;

/** The end of a range from `now`: today ends at the next UTC midnight; week and month are 7 and 30 days. */
export function rangeEnd(now: Date, range: 'today' | 'week' | 'month'): Date {
  if (range === 'today') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return new Date(now.getTime() + RANGE_MS[range]);
}

/** The caller's upcoming scheduled messages within the range, soonest first. */
export async function listScheduled(ctx: AppContext, user: UserRow, range: 'today' | 'week' | 'month') {
  const now = ctx.clock.now();
  const rows = await upcomingScheduled(ctx.db.kysely, user.id, rangeEnd(now, range).toISOString(), 500);
  return withPushed(ctx.db.kysely, viewerOf(user), rows);
}

/** Moves a future-scheduled own message (re-rounded) and/or changes its cross-post selection. */
export async function reschedule(ctx: AppContext, user: UserRow, id: string, body: UpdateMessageBody) {
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  const row = await ownMessageRow(db, user.id, id);
  if (!row) throw notFound('Message not found');
  // Publishing clears scheduled_at (publishDueBatch), so a message without one is published; the
  // write below refuses a published message too, should one be published meanwhile.
  if (row.scheduled_at === null || Date.parse(row.scheduled_at) <= now.getTime()) {
    throw conflict('Only messages scheduled in the future can be changed', 'not_scheduled');
  }
  let scheduledAt = row.scheduled_at;
  if (body.scheduledAt !== undefined) scheduledAt = scheduleSlot(now, body.scheduledAt);
  let config = row.cross_post_config;
  if (body.scheduledCrossPostConfig !== undefined) {
    const request: CrossPostRequest = body.scheduledCrossPostConfig;
    config = requestsCrossPost(request) ? JSON.stringify(crossPostRequestOf(request)) : null;
  }
  // Published between the read and the write (the publish job won): no longer changeable.
  const { streams } = await db.transaction().execute(async (trx) => {
    if (!(await updateUnpublished(trx, id, scheduledAt, config, now.toISOString()))) throw conflict('Only messages scheduled in the future can be changed', 'not_scheduled');
    return appendEvents(trx, eventsFor([user.id], 'message.updated', user.id, { messageId: id, scheduledAt }), now);
  });
  announceEvents(ctx, streams);
  return scheduledAt;
}

const BATCH = 100;

/**
 * Publishes every scheduled message whose time has come: claims a batch atomically (so two
 * instances, or the scheduler and the cron endpoint, never publish one twice), then reports the
 * events. Returns how many this run published.
 */
export async function publishDueMessages(ctx: AppContext): Promise<number> {
  const { kysely: db, engine } = ctx.db;
  let published = 0;
  for (;;) {
    const now = ctx.clock.now().toISOString();
    // Claimed and logged in one transaction: message.created and the timeline fan-out commit with the publish.
    const { claimed, streams } = await db.transaction().execute(async (trx) => {
      const rows = await publishDueBatch(trx, engine, now, BATCH);
      return { claimed: rows, streams: await logPublished(trx, ctx.clock.now(), rows) };
    });
    announceEvents(ctx, streams);
    if (claimed.length > 0) ctx.jobs.kick();
    await recordPublishedCrossPosts(ctx, claimed);
    await announcePublished(ctx, claimed, true);
    published += claimed.length;
    if (claimed.length < BATCH) return published;
  }
}

/**
 * The cross-posts of messages just published (spec: "cross-posts are made"): their deliveries
 * recorded (a target no longer linked, or over its limit now, recorded failed), then started.
 */
async function recordPublishedCrossPosts(ctx: AppContext, published: { id: string; user_id: string; content: string; cross_post_config: string | null }[]): Promise<void> {
  const plans: ({ message: (typeof published)[number] } & Awaited<ReturnType<typeof planForPublish>>)[] = [];
  for (const message of published) {
    if (message.cross_post_config === null) continue;
    plans.push({ message, ...(await planForPublish(ctx, message)) });
  }
  if (plans.length === 0) return;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    for (const { message, planned, refused } of plans) await recordDeliveries(trx, ctx.clock.now(), { id: message.id, userId: message.user_id }, planned, refused);
  });
  ctx.jobs.kick();
}

/** Scheduled publishing as a periodic task: every tick, so a message appears within seconds of its time. */
export const publishScheduledTask: PeriodicTask = {
  // Stryker disable next-line StringLiteral: a label for the logs
  name: 'publish-scheduled-messages',
  everyMs: 0,
  // Stryker disable next-line ObjectLiteral,StringLiteral: the counts' descriptions document housekeeping tasks' answers, and this is not one
  counts: { published: 'scheduled messages published' },
  run: async (ctx) => ({ published: await publishDueMessages(ctx) }),
};
