import type { AppContext } from '../runtime/context.js';
import { newId } from '../lib/ids.js';
import { AppState } from '../runtime/state.js';
import { tooManyRequests } from './errors.js';

// Rolling-window rate limits kept in the rate_limit_events table, so every instance behind a load
// balancer sees the same counts. A limit is a bucket name (what is counted: "login failures of
// this account", "password-reset requests from this address") with a maximum per window.
// Checking and recording are separate calls so a feature can count only what it must (e.g. failed
// sign-ins) while checking before it does the expensive work. Concurrent requests may overshoot a
// limit by the few that raced past the check: acceptable for throttling.

export interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** Rows older than this are pruned; no window may be longer. */
export const RATE_LIMIT_RETENTION_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** When this app last pruned old rows (a time in ms; per app, like all per-app state). */
export const rateLimitPruneClock = new AppState('http.rate-limit-prune', () => ({ last: Number.NEGATIVE_INFINITY }));

/**
 * Throws 429 rate_limited when any of the limits is already reached. Retry-After is the number of
 * seconds until the hit that must leave the window (for one more to fit) does so.
 */
export async function assertWithinLimits(ctx: AppContext, limits: readonly RateLimit[], message = 'Too many requests, try again later'): Promise<void> {
  const now = ctx.clock.now().getTime();
  let retryAfterMs = 0;
  for (const { bucket, limit, windowMs } of limits) {
    // The `limit` newest hits inside the window: if there are that many, the oldest of them is
    // the one that must age out.
    const rows = await ctx.db.kysely
      .selectFrom('rate_limit_events')
      .select('created_at')
      .where('bucket', '=', bucket)
      .where('created_at', '>', new Date(now - windowMs).toISOString())
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    if (rows.length >= limit) {
      const freesAt = Date.parse(rows[rows.length - 1].created_at) + windowMs;
      retryAfterMs = Math.max(retryAfterMs, freesAt - now);
    }
  }
  if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs / 1000, message);
}

/** Records one hit in each bucket (and now and then prunes rows no window can still see). */
export async function recordHits(ctx: AppContext, buckets: readonly string[]): Promise<void> {
  if (buckets.length === 0) return;
  const now = ctx.clock.now();
  const createdAt = now.toISOString();
  await ctx.db.kysely
    .insertInto('rate_limit_events')
    .values(buckets.map((bucket) => ({ id: newId(), bucket, created_at: createdAt })))
    .execute();
  await pruneOccasionally(ctx, now.getTime());
}

/** Checks the limits, then counts this request against all of them. */
export async function consumeLimits(ctx: AppContext, limits: readonly RateLimit[], message?: string): Promise<void> {
  await assertWithinLimits(ctx, limits, message);
  await recordHits(ctx, limits.map((l) => l.bucket));
}

async function pruneOccasionally(ctx: AppContext, now: number): Promise<void> {
  const clock = ctx.state(rateLimitPruneClock);
  if (now - clock.last < PRUNE_EVERY_MS) return;
  clock.last = now;
  await ctx.db.kysely
    .deleteFrom('rate_limit_events')
    .where('created_at', '<=', new Date(now - RATE_LIMIT_RETENTION_MS).toISOString())
    .execute();
}
