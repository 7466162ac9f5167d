import type { AppContext } from '../../runtime/context.js';
import type { PeriodicTask } from '../../runtime/types.js';
import { AppState } from '../../runtime/state.js';
import { count, tagsStartingWith, trendingTags } from './queries.js';
import { cachedRead } from './read-cache.js';
import { foldTags } from './tag-fold.js';

// Tag discovery: trending tags of the last 24 hours and tag search by prefix. Both read counters
// (migrations 018 and 026), never messages: private messages, replies and unpublished ones are
// never in them. A post writes only its public uses; the fold (tag-fold.ts) adds them to the
// counters, takes deleted ones off and moves old ones out of the window. A read first folds when
// this process has not folded for FOLD_EVERY_MS, so an answer is at most that much behind the
// writes (README, Tag discovery), on every instance, with or without the scheduler.
//
// Trending reads the window's counters in rank order (a few rows from an index). The answer is
// kept in the message read cache (read-cache.ts) under the message-read version, which every
// write to messages or tags bumps, and the fold too when it changes the window.

/** How far behind the writes a trending or search answer may be. */
export const FOLD_EVERY_MS = 5_000;

/** When this process last began a fold (ctx.clock), and the fold under way. */
export const tagFold = new AppState('messages.tag-fold', () => ({ at: Number.NEGATIVE_INFINITY, running: null as Promise<number> | null }));

/** Folds now, after the fold under way in this process if there is one; answers how many uses changed. */
export function foldTagCounters(ctx: AppContext): Promise<number> {
  const state = ctx.state(tagFold);
  // Taken at once, so that the readers arriving meanwhile wait for this fold instead of queueing more.
  state.at = ctx.clock.now().getTime();
  const running: Promise<number> = (state.running ?? Promise.resolve(0))
    .catch(() => 0)
    .then(() => foldTags(ctx.db, ctx.clock.now()))
    .finally(() => {
      if (state.running === running) state.running = null;
    });
  state.running = running;
  return running;
}

/**
 * Before a read: a fold when the last one began FOLD_EVERY_MS ago or more, else the one under
 * way. A failed fold is logged and the read answers from the counters as they are.
 */
async function foldIfDue(ctx: AppContext): Promise<void> {
  const state = ctx.state(tagFold);
  const fold = ctx.clock.now().getTime() - state.at >= FOLD_EVERY_MS ? foldTagCounters(ctx) : state.running;
  await fold?.catch((err: unknown) => ctx.log.error({ err }, 'folding the tag counters failed'));
}

export interface TrendingTag {
  tag: string;
  messages: number;
  accounts: number;
}

/** The serialised `{ tags }` of trending, from the cache when current. */
export async function trending(ctx: AppContext, limit: number, serialize: (body: { tags: TrendingTag[] }) => string): Promise<string> {
  await foldIfDue(ctx);
  return cachedRead(ctx, `tags.trending\u0001${limit}`, async () => {
    const rows = await trendingTags(ctx.db.kysely, limit);
    return serialize({ tags: rows.map((r) => ({ tag: r.tag, messages: count(r.messages), accounts: count(r.accounts) })) });
  });
}

/** Tags in use starting with `q` (case-insensitive), as written, most used first. */
export async function searchTags(ctx: AppContext, q: string, limit: number): Promise<{ tag: string; messages: number }[]> {
  await foldIfDue(ctx);
  const rows = await tagsStartingWith(ctx.db.kysely, q, limit);
  return rows.map((r) => ({ tag: r.tag, messages: count(r.messages) }));
}

/** Every tick of the scheduler, and with housekeeping: the fold, whether or not anyone reads. */
export const tagCountersTask: PeriodicTask = {
  name: 'tag-counters',
  everyMs: 0,
  group: 'housekeeping',
  counts: { tagUses: 'tag uses counted, taken off or moved out of the 24-hour trending window' },
  run: async (ctx) => ({ tagUses: await foldTagCounters(ctx) }),
};
