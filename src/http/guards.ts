import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { toBool } from '../db/dialect.js';
import type { Database, UserRow } from '../db/types.js';
import { bearerToken, requireSession, requireUser, type Caller } from './auth.js';
import { AppError, forbidden, notFound, tooManyRequests, unauthorized } from './errors.js';

// Every guard of the service: who may call (signed in, by session, an administrator, the cron),
// account status and tier. A route runs its guard as its preValidation hook (`hook(guard)`), so
// a 401 or 403 always comes before a 400 about the input; the handler calls the same guard again
// to get the caller, which costs nothing the second time (the caller is resolved once per request,
// the administrator check memoised). Every write route goes through `requireWritable` (or
// `requireWritableSession`, a composed writer gate below, or an administrator write gate), except
// switching and removing the browser's signed-in accounts, which change only its cookie, and
// deleting one's own account (`requireSessionForDeletion`); reads never check account status.

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
 * Deleting one's own account (Session only): a read-only account (restricted, suspended) may still
 * leave. The spec's read-only rule keeps such an account from adding or changing content while it
 * can appeal; erasing the account is the user's right all the same (the spec leaves account
 * deletion to the contract, which names no status gate). A banned account is refused like every
 * write of it (its sessions already ended with the ban).
 */
export async function requireSessionForDeletion(request: FastifyRequest): Promise<Caller> {
  const caller = await requireSession(request);
  if (caller.user.account_status === 'banned') assertWritable(request, caller.user);
  return caller;
}

// The 403 texts say what to do about them (codes are the spec's; texts are ours, except that the
// spec's subscriber error says "an active subscription is required").
const PROBATION_MESSAGE =
  'This feature is not available while your account is in probation: verify your e-mail address; POST /api/auth/send-verification-email sends the link again';
const SUBSCRIPTION_MESSAGE = 'An active subscription is required: ask an administrator';

/**
 * Probation feature gate: direct messages, media upload, cross-posting, scheduled posts, and
 * creating a list, document or organization are reserved for verified (non-probation) accounts.
 */
export function assertNotProbation(request: FastifyRequest, user: Pick<UserRow, 'account_status'>): void {
  if (!request.server.ctx.config.accountStatusEnforcement) return;
  if (user.account_status === 'probation') {
    throw forbidden(PROBATION_MESSAGE, 'account_probation_feature');
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
    throw new AppError(403, SUBSCRIPTION_MESSAGE, 'subscription_required');
  }
}

/** A verified e-mail address (403 `email_not_verified`); `before` says what it is needed for. */
export function assertEmailVerified(user: Pick<UserRow, 'email_verified'>, before: string): void {
  if (!toBool(user.email_verified)) {
    throw forbidden(`Verify your e-mail address before ${before}; POST /api/auth/send-verification-email sends the link again`, 'email_not_verified');
  }
}

// ---- Writers with a tier or status gate --------------------------------------------------------
// The gates that depend only on the caller (not the body), composed with requireWritable so a
// route can run them before validation. Each keeps the order its routes have always checked in,
// which decides the answer to a free account in probation.

type AccountCheck = (request: FastifyRequest, user: UserRow) => void;

const subscriber: AccountCheck = (_request, user) => assertSubscriber(user);

/** requireWritable, then each check of the caller's account in turn. */
function writableAnd(...checks: AccountCheck[]): (request: FastifyRequest) => Promise<Caller> {
  return async (request) => {
    const caller = await requireWritable(request);
    for (const check of checks) check(request, caller.user);
    return caller;
  };
}

/** A writer outside probation (direct messages, document images, creating a list). */
export const requireVerifiedWriter = writableAnd(assertNotProbation);
/** A subscriber writer, in probation or not (AI features; materialize, whose creating targets add the probation gate). */
export const requireWritableSubscriber = writableAnd(subscriber);
/** A subscriber writer outside probation (media uploads, rescheduling): tier first, then probation. */
export const requireSubscriberWriter = writableAnd(subscriber, assertNotProbation);
/** Creating documents: a writer outside probation, then a subscriber (probation first). */
export const requireDocumentCreator = writableAnd(assertNotProbation, subscriber);

/** Whether the request's Bearer value is `secret` (compared in constant time); never with no secret. */
export function bearerIs(request: FastifyRequest, secret: string | null): boolean {
  const given = bearerToken(request);
  if (!secret || given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The operator's cron endpoints: `Bearer <CRON_SECRET>`; with no secret configured, always 401. */
export function requireCronSecret(request: FastifyRequest): void {
  if (!bearerIs(request, request.server.ctx.config.cronSecret)) throw unauthorized('The cron secret is required');
}

/** GET /metrics: 404 while METRICS_TOKEN is unset (the endpoint does not exist), else `Bearer <METRICS_TOKEN>` or 401. */
export function requireMetricsToken(request: FastifyRequest): void {
  const token = request.server.ctx.config.metricsToken;
  if (token === null) throw notFound('Route GET /metrics not found', 'not_found');
  if (!bearerIs(request, token)) throw unauthorized('The metrics token is required');
}

/** A guard as a route's preValidation hook: `preValidation: hook(requireWritable)`. */
export function hook(guard: (request: FastifyRequest) => unknown) {
  return async (request: FastifyRequest): Promise<void> => {
    await guard(request);
  };
}

// ---- Administrators ---------------------------------------------------------------------------

/** The system public organization: an administrator is its owner (admin/system-org.ts keeps it). */
export const SYSTEM_ORG = { name: 'Public', slug: 'public' } as const;

/** The administrator gate's test (spec, Administration): an Administrator record AND owner of the system organization. */
export async function isAdministratorOwner(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('administrators as a')
    .innerJoin('organization_members as m', 'm.user_id', 'a.user_id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('a.user_id')
    .where('a.user_id', '=', userId)
    .where('m.role', '=', 'owner')
    .where('o.slug', '=', SYSTEM_ORG.slug)
    .where('o.is_system', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

type Gate = (request: FastifyRequest) => Promise<Caller>;

/** Authenticated, then an administrator (403 admin_required), memoised per request. */
function adminGate(authenticate: (request: FastifyRequest) => Promise<Caller>, write: boolean): Gate {
  const memo = new WeakMap<FastifyRequest, Promise<Caller>>();
  return (request) => {
    let result = memo.get(request);
    if (!result) {
      result = (async () => {
        const caller = await authenticate(request);
        if (!(await isAdministratorOwner(request.server.ctx.db.kysely, caller.user.id))) {
          throw forbidden('Administrator access required', 'admin_required');
        }
        if (write) assertWritable(request, caller.user);
        return caller;
      })();
      memo.set(request, result);
    }
    return result;
  };
}

/** Admin reads: session cookie or Bearer token. */
export const requireAdmin = adminGate(requireUser, false);
/** Admin writes: as requireAdmin, and the caller's account status must allow writes. */
export const requireAdminWrite = adminGate(requireUser, true);
/** Session-only admin reads (architecture aggregates): a Bearer token gets 401. */
export const requireAdminSession = adminGate(requireSession, false);
