import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/types.js';
import { bearerToken, requireSession, requireUser, type Caller } from './auth.js';
import { AppError, forbidden, tooManyRequests, unauthorized } from './errors.js';

// Account-status and tier guards. Every write route goes through `requireWritable` (or
// `requireWritableSession`); reads never check account status.

const BLOCKED_STATUS: Record<string, { code: string; message: string }> = {
  banned: { code: 'account_banned', message: 'This account has been banned' },
  suspended: { code: 'account_suspended', message: 'This account is suspended and is read-only' },
  restricted: { code: 'account_restricted', message: 'This account is restricted and is read-only' },
};

/** Throws the spec's 403 for restricted, suspended and banned accounts when enforcement is on. */
export function assertWritable(request: FastifyRequest, user: Pick<UserRow, 'account_status'>): void {
  if (!request.server.ctx.config.accountStatusEnforcement) return;
  const blocked = BLOCKED_STATUS[user.account_status];
  if (blocked) throw forbidden(blocked.message, blocked.code);
}

/** Either-auth write route: authenticated and allowed to write. */
export async function requireWritable(request: FastifyRequest): Promise<Caller> {
  const caller = await requireUser(request);
  assertWritable(request, caller.user);
  return caller;
}

/** Session-only write route: authenticated by cookie and allowed to write. */
export async function requireWritableSession(request: FastifyRequest): Promise<Caller> {
  const caller = await requireSession(request);
  assertWritable(request, caller.user);
  return caller;
}

/**
 * Probation feature gate: direct messages, media upload, cross-posting, scheduled posts, and
 * creating a list, document or organization are reserved for verified (non-probation) accounts.
 */
export function assertNotProbation(request: FastifyRequest, user: Pick<UserRow, 'account_status'>): void {
  if (!request.server.ctx.config.accountStatusEnforcement) return;
  if (user.account_status === 'probation') {
    throw forbidden('This feature is not available while your account is in probation', 'account_probation_feature');
  }
}

export const PROBATION_QUOTA = [
  { scope: 'hour' as const, windowMs: 3600_000, limit: 3 },
  { scope: 'day' as const, windowMs: 24 * 3600_000, limit: 10 },
];

/**
 * Probation posting quota: 3 posts per rolling hour and 10 per rolling 24 hours.
 * `recentPostTimes` are the ISO creation times of the user's posts in the last 24 hours (the
 * posting feature queries them; at most the 10 newest are needed). Throws 429 with Retry-After
 * set to when the oldest post in the exceeded window leaves it.
 */
export function assertProbationQuota(
  request: FastifyRequest,
  user: Pick<UserRow, 'account_status'>,
  recentPostTimes: readonly string[],
): void {
  const { config, clock } = request.server.ctx;
  if (!config.accountStatusEnforcement || user.account_status !== 'probation') return;
  const now = clock.now().getTime();
  for (const { scope, windowMs, limit } of PROBATION_QUOTA) {
    const inWindow = recentPostTimes.map((t) => Date.parse(t)).filter((t) => t > now - windowMs).sort((a, b) => a - b);
    if (inWindow.length >= limit) {
      // The post that must age out for one more to fit.
      const freesAt = inWindow[inWindow.length - limit] + windowMs;
      throw tooManyRequests((freesAt - now) / 1000, 'rate_limited', 'account_probation_rate_limited', { scope });
    }
  }
}

/** Subscriber gate: any customerStatus other than `free`. */
export function assertSubscriber(user: Pick<UserRow, 'customer_status'>): void {
  if (user.customer_status === 'free') {
    throw new AppError(403, 'An active subscription is required to use this feature', 'subscription_required');
  }
}

/** The operator's cron endpoints: `Bearer <CRON_SECRET>`; with no secret configured, always 401. */
export function requireCronSecret(request: FastifyRequest): void {
  const secret = request.server.ctx.config.cronSecret;
  const given = bearerToken(request);
  if (!secret || given === null) throw unauthorized('The cron secret is required');
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized('The cron secret is required');
}
