import type { AppContext } from '../../runtime/context.js';
import { tooManyRequests } from '../../http/errors.js';
import { consumeLimits } from '../../http/rate-limit.js';
import { newId } from '../../lib/ids.js';
import { attemptsSince, deleteAttempt, finishAttempt, insertAttempt, nthAttemptSince, type NewAttempt } from './queries.js';

// The AI quota and rate limit (spec, Limits). Quota: 50 attempts per rolling 24 hours per user,
// suggest and generate alike, failed ones too, counted from the ledger in the database so that it
// holds across instances. An attempt is recorded (`pending`) before the provider is called and
// finished afterwards; a process that dies in between still leaves it counted. Rate limit: 15
// requests per rolling 60 seconds per user, in the shared rate-limit table (http/rate-limit.ts),
// so 15 is the limit on every instance together.

export const DAILY_LIMIT = 50;
const WINDOW_MS = 24 * 3600_000;
const RATE = { limit: 15, windowMs: 60_000 };

export type Outcome = 'ok' | 'invalid_ai_output' | 'refused' | 'provider_error' | 'error';

const windowStart = (ctx: AppContext) => new Date(ctx.clock.now().getTime() - WINDOW_MS).toISOString();

/** 429 rate_limited with Retry-After past 15 AI requests of the user in 60 seconds; else counts this one. */
export async function consumeRate(ctx: AppContext, userId: string): Promise<void> {
  await consumeLimits(ctx, [{ bucket: `ai:${userId}`, ...RATE }], 'Too many AI requests, try again shortly');
}

export async function usedToday(ctx: AppContext, userId: string): Promise<number> {
  return attemptsSince(ctx.db.kysely, userId, windowStart(ctx));
}

/** The 429 quota_exceeded of a user who made `used` attempts in the window: Retry-After is when one more fits. */
async function quotaExceeded(ctx: AppContext, userId: string, used: number) {
  const since = windowStart(ctx);
  const leaving = await nthAttemptSince(ctx.db.kysely, userId, since, used - DAILY_LIMIT + 1);
  const seconds = leaving ? (Date.parse(leaving) + WINDOW_MS - ctx.clock.now().getTime()) / 1000 : 60;
  return tooManyRequests(seconds, `The daily AI quota of ${DAILY_LIMIT} is used up`, 'quota_exceeded');
}

/** Throws 429 quota_exceeded when the user has no attempt left (a check before costly work). */
export async function assertQuotaLeft(ctx: AppContext, userId: string): Promise<void> {
  const used = await usedToday(ctx, userId);
  if (used >= DAILY_LIMIT) throw await quotaExceeded(ctx, userId, used);
}

/**
 * Records an attempt (pending), then counts: over the quota, the record is taken back and 429
 * quota_exceeded thrown. Two instances racing for the last attempt may both be refused, never
 * both let through.
 */
export async function reserveAttempt(ctx: AppContext, attempt: Omit<NewAttempt, 'id' | 'created_at'>): Promise<string> {
  const id = newId();
  await insertAttempt(ctx.db.kysely, { ...attempt, id, created_at: ctx.clock.now().toISOString() });
  const used = await usedToday(ctx, attempt.user_id);
  if (used > DAILY_LIMIT) {
    await deleteAttempt(ctx.db.kysely, id);
    throw await quotaExceeded(ctx, attempt.user_id, used - 1);
  }
  return id;
}

export async function recordOutcome(
  ctx: AppContext,
  attemptId: string,
  outcome: Outcome,
  detail: { model?: string; usage?: { inputTokens: number; outputTokens: number } } = {},
): Promise<void> {
  await finishAttempt(ctx.db.kysely, attemptId, {
    outcome,
    ...(detail.model ? { model: detail.model } : {}),
    ...(detail.usage ? { input_tokens: detail.usage.inputTokens, output_tokens: detail.usage.outputTokens } : {}),
  });
}
