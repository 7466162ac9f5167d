import type { AppContext } from '../../runtime/context.js';
import { count, tagsStartingWith, trendingTags } from './queries.js';
import { cachedRead } from './read-cache.js';

// Tag discovery (CONTRACT, Utility helpers): trending tags of the last 24 hours and tag search by
// prefix. Both read tables that triggers keep beside the messages (migration 016), so a request
// never reads messages themselves; private messages, replies and unpublished ones are never in
// them, and a deleted or purged message leaves them in its own transaction.
//
// Trending aggregates the window's tag uses, so its answer is kept in the message read cache
// (read-cache.ts): keyed by the message-read version, which every write to messages or tags bumps,
// and by the minute, as the window slides. A cached answer is never older than a committed write,
// and the window's edge is at most a minute late.

export const TRENDING_WINDOW_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;

export interface TrendingTag {
  tag: string;
  messages: number;
  accounts: number;
}

/** The serialised `{ tags }` of trending, from the cache when current. */
export async function trending(ctx: AppContext, limit: number, serialize: (body: { tags: TrendingTag[] }) => string): Promise<string> {
  const minute = Math.floor(ctx.clock.now().getTime() / MINUTE_MS);
  return cachedRead(ctx, `tags.trending\u0001${minute}\u0001${limit}`, async () => {
    const since = new Date(minute * MINUTE_MS - TRENDING_WINDOW_MS).toISOString();
    const rows = await trendingTags(ctx.db.kysely, since, limit);
    return serialize({ tags: rows.map((r) => ({ tag: r.tag, messages: count(r.messages), accounts: count(r.accounts) })) });
  });
}

/** Tags in use starting with `q` (case-insensitive), as written, most used first. */
export async function searchTags(ctx: AppContext, q: string, limit: number): Promise<{ tag: string; messages: number }[]> {
  const rows = await tagsStartingWith(ctx.db.kysely, q, limit);
  return rows.map((r) => ({ tag: r.tag, messages: count(r.messages) }));
}
