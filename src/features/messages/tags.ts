import type { AppContext } from '../../runtime/context.js';
import type { PeriodicTask } from '../../runtime/types.js';
import { AppState } from '../../runtime/state.js';
import { count, expireWindowUses, tagsStartingWith, trendingTags } from './queries.js';
import { cachedRead } from './read-cache.js';

// Tag discovery: trending tags of the last 24 hours and tag search by
// prefix. Both read counters that triggers keep beside the messages (migration 016), so a request
// never reads messages themselves: private messages, replies and unpublished ones are never
// counted, and a deleted or purged message leaves the counters in its own transaction.
//
// Trending reads the window's counters in rank order (a few rows from an index). Uses that have
// grown older than the window are taken out first, at most once a minute per process (and hourly
// by housekeeping, so the window table stays small where nobody asks), so the window's edge is at
// most a minute late. The answer is kept in the message read cache (read-cache.ts) under the
// message-read version, which every write to messages or tags bumps, and the minute.

export const TRENDING_WINDOW_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;

/** The last minute this process took old uses out of the window. */
export const trendingExpiry = new AppState('messages.trending-expiry', () => ({ minute: Number.NEGATIVE_INFINITY }));

export interface TrendingTag {
  tag: string;
  messages: number;
  accounts: number;
}

async function expireOldUses(ctx: AppContext, minute: number): Promise<number> {
  const state = ctx.state(trendingExpiry);
  if (state.minute >= minute) return 0;
  state.minute = minute;
  return expireWindowUses(ctx.db.kysely, new Date(minute * MINUTE_MS - TRENDING_WINDOW_MS).toISOString());
}

/** The serialised `{ tags }` of trending, from the cache when current. */
export async function trending(ctx: AppContext, limit: number, serialize: (body: { tags: TrendingTag[] }) => string): Promise<string> {
  const minute = Math.floor(ctx.clock.now().getTime() / MINUTE_MS);
  await expireOldUses(ctx, minute);
  return cachedRead(ctx, `tags.trending\u0001${minute}\u0001${limit}`, async () => {
    const rows = await trendingTags(ctx.db.kysely, limit);
    return serialize({ tags: rows.map((r) => ({ tag: r.tag, messages: count(r.messages), accounts: count(r.accounts) })) });
  });
}

/** Tags in use starting with `q` (case-insensitive), as written, most used first. */
export async function searchTags(ctx: AppContext, q: string, limit: number): Promise<{ tag: string; messages: number }[]> {
  const rows = await tagsStartingWith(ctx.db.kysely, q, limit);
  return rows.map((r) => ({ tag: r.tag, messages: count(r.messages) }));
}

/** Housekeeping: takes the uses older than the window out of it, whether or not anyone reads trending. */
export const trendingWindowTask: PeriodicTask = {
  name: 'trending-window',
  everyMs: 3600_000,
  group: 'housekeeping',
  counts: { tagUses: 'tag uses that left the 24-hour trending window' },
  run: async (ctx) => ({ tagUses: await expireOldUses(ctx, Math.floor(ctx.clock.now().getTime() / MINUTE_MS)) }),
};
