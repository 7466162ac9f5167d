import { toBool } from '../../db/dialect.js';
import type { AppContext } from '../../runtime/types.js';
import { newId } from '../../lib/ids.js';
import { readEvents } from '../events/index.js';
import { subscribed } from './event-types.js';
import { ownerOf } from './delivery.js';
import { ownerOfStream, streamOf, type WebhookOwner } from './owner.js';
import { advanceCursor, insertDelivery, streamsWithWebhooks, webhooksOfOwners, type WebhookRow } from './queries.js';
import { startSenders } from './sender.js';
import { submitJob } from '../../runtime/jobs/enqueue.js';
import { AppState } from '../../runtime/state.js';
import { Coalesced } from '../../lib/coalesce.js';

export const FANOUT_JOB = 'webhook-fanout';

// From the event log to deliveries. The log (features/events) is the truth: each webhook keeps a
// cursor (the last seq it has read) over its owner's stream, and a fan-out reads the events past
// it, makes a delivery of each one the webhook subscribes to (its body the envelope as the log
// gives it, the same bytes on every attempt), and moves the cursor, all in one transaction. Two
// fan-outs of one stream at once cannot send an event twice: the delivery's dedupe_key (the event
// id) is unique per webhook, and the cursor moves only from where this fan-out read it. A new
// webhook starts at its stream's head when it is made. A disabled
// webhook's cursor moves on without deliveries: what happens while it is off is not sent later.

/** Events read per transaction. */
const PAGE = 200;

/** Turns new events of these streams into deliveries; answers the webhooks that got some. */
export async function fanOut(ctx: AppContext, streams: readonly string[]): Promise<string[]> {
  const owners = streams.map(ownerOfStream).filter((o): o is WebhookOwner => o !== null);
  const woken: string[] = [];
  for (const hook of await webhooksOfOwners(ctx.db.kysely, owners)) {
    if (await fanOutOne(ctx, hook)) woken.push(hook.id);
  }
  return woken;
}

/** Reads one webhook's stream past its cursor, page by page; true when it made a delivery. */
async function fanOutOne(ctx: AppContext, hook: WebhookRow): Promise<boolean> {
  const stream = streamOf(ownerOf(hook));
  const filters = JSON.parse(hook.events) as string[];
  const enabled = toBool(hook.enabled);
  let cursor = Number(hook.cursor_seq ?? 0);
  let made = false;
  for (;;) {
    const page = await ctx.db.kysely.transaction().execute(async (trx) => {
      const events = await readEvents(trx, stream, cursor, PAGE);
      if (events.length === 0) return null;
      const at = ctx.clock.now().toISOString();
      let count = 0;
      for (const event of events) {
        if (!enabled || !subscribed(filters, event.type)) continue;
        const inserted = await insertDelivery(trx, {
          id: newId(),
          webhook_id: hook.id,
          event_id: event.id,
          type: event.type,
          body: JSON.stringify(event),
          status: 'pending',
          attempts: 0,
          last_status_code: null,
          last_error: null,
          next_attempt_at: at,
          redelivery: false,
          dedupe_key: event.id,
          created_at: at,
          updated_at: at,
        });
        if (inserted) count += 1;
      }
      const last = events[events.length - 1].seq;
      // Another fan-out moved the cursor first: its deliveries stand, this one's are undone.
      if (!(await advanceCursor(trx, hook.id, cursor, last))) throw new CursorMoved();
      return { last, count, full: events.length === PAGE };
    }).catch((err: unknown) => {
      if (err instanceof CursorMoved) return null;
      throw err;
    });
    if (page === null) return made;
    cursor = page.last;
    made ||= page.count > 0;
    if (!page.full) return made;
  }
}

class CursorMoved extends Error {}

/** The fan-out job: the streams `eventsAppended` named; the webhooks that got deliveries start sending. */
export async function runFanOut(ctx: AppContext, payload: { streams: string[] }): Promise<void> {
  await startSenders(ctx, await fanOut(ctx, payload.streams));
}

/**
 * The listener of `eventsAppended`: a fan-out job when some webhook reads one of the streams (one
 * indexed read; most streams have none, and get no job). The reads are coalesced: under load the
 * streams of every commit that came while one read ran are looked up together by the next.
 */
export async function onEventsAppended(ctx: AppContext, payload: { streams: string[] }): Promise<void> {
  await ctx.state(appendedStreams).add(payload.streams);
}

export const appendedStreams = new AppState<Coalesced<string>>('webhooks.appended', (ctx) => new Coalesced((streams) => fanOutJobFor(ctx, streams)));

async function fanOutJobFor(ctx: AppContext, appended: readonly string[]): Promise<void> {
  const owners = [...new Set(appended)].map(ownerOfStream).filter((o): o is WebhookOwner => o !== null);
  const hooks = await webhooksOfOwners(ctx.db.kysely, owners);
  if (hooks.length === 0) return;
  const streams = [...new Set(hooks.map((h) => streamOf(ownerOf(h))))];
  await submitJob(ctx, FANOUT_JOB, { streams });
}

/** The safety poll's part: every stream some webhook reads, read past each cursor. */
export async function fanOutAll(ctx: AppContext): Promise<number> {
  const woken = await fanOut(ctx, (await streamsWithWebhooks(ctx.db.kysely)).map(streamOf));
  await startSenders(ctx, woken);
  return woken.length;
}
