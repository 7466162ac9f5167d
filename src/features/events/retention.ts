import type { AppContext, PeriodicTask } from '../../runtime/types.js';
import { pruneEvents } from './queries.js';

// Retention (docs/events.md): 7 days or the newest 10,000 events of a stream, whichever
// keeps fewer. A reader whose cursor falls below what is kept gets cursor_too_old.

export const RETENTION_MS = 7 * 86_400_000;
export const RETAINED_PER_STREAM = 10_000;

/** Removes what retention no longer keeps; answers how many events went. */
export async function runRetention(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - RETENTION_MS).toISOString();
  return pruneEvents(ctx.db.kysely, cutoff, RETAINED_PER_STREAM);
}

export const eventRetentionTask: PeriodicTask = {
  name: 'event-retention',
  everyMs: 10 * 60_000,
  group: 'housekeeping',
  counts: { events: 'events removed from the log: older than 7 days, or beyond the newest 10,000 of their stream' },
  run: async (ctx) => ({ events: await runRetention(ctx) }),
};
