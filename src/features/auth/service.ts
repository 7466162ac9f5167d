import type { AppContext } from '../../runtime/context.js';
import { AppState } from '../../runtime/state.js';
import { isUniqueViolation, toBool } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { assertWithinLimits, consumeLimits, recordHits, type RateLimit } from '../../http/rate-limit.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { createUser, duplicateError, findTakenField, findUserByEmail, findUserById, normalizeEmail, updateUserColumns } from '../users/service.js';
import { consumeEmailToken, isEmailTokenUsable } from '../../runtime/email-tokens.js';
import { sendPasswordResetEmail, sendVerificationEmail } from './emails.js';
import { endAllCredentials } from './sessions.js';

// What other features use of auth (account administration): the verification e-mail, and ending
// every session and token of an account.
export { endAllCredentials, signInToCookie } from './sessions.js';
export { sendVerificationEmail } from './emails.js';
import { spamScore, statusForSpamScore } from './spam-score.js';

// Account actions of the authentication feature: registration, credential checks (with failure
// throttling), password reset and e-mail verification. No HTTP objects here; routes pass in the
// client address where a limit needs it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Failed sign-ins (login and sync-token share them): 5 per account and 20 per client address in
 * 15 minutes. Only failures are counted, so an office behind one NAT signing in successfully is
 * never locked out. The account key is the normalised e-mail, hashed so the table holds no
 * addresses; unknown e-mails are throttled the same way, which reveals nothing.
 */
function signInFailureLimits(email: string, ip: string): RateLimit[] {
  return [
    { bucket: `signin-failure:account:${sha256(normalizeEmail(email))}`, limit: 5, windowMs: 15 * MINUTE },
    { bucket: `signin-failure:ip:${ip}`, limit: 20, windowMs: 15 * MINUTE },
  ];
}

/** Password-reset requests: 3 per account and 10 per client address per hour. */
function passwordResetLimits(email: string, ip: string): RateLimit[] {
  return [
    { bucket: `password-reset:account:${sha256(normalizeEmail(email))}`, limit: 3, windowMs: HOUR },
    { bucket: `password-reset:ip:${ip}`, limit: 10, windowMs: HOUR },
  ];
}

/**
 * An unknown e-mail is checked against this hash so it costs the same time as a known one: made
 * once per app with the app's own hasher (its parameters), when first needed.
 */
export const dummyPasswordHash = new AppState('auth.dummy-password-hash', (ctx) => {
  let hash: Promise<string> | null = null;
  return () => (hash ??= ctx.passwords.hash(newToken()));
});

/** Unknown, used, expired or other-purpose e-mail tokens all get this one answer. */
const invalidToken = () => badRequest('Invalid or expired token', 'invalid_token');

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Checks e-mail and password (login and sync-token). Throttled before the password is looked at;
 * a wrong password and an unknown e-mail give the same 400. A banned account is refused after the
 * password matched (so its status is not told to strangers). Upgrades an outdated password hash.
 */
export async function authenticate(ctx: AppContext, { email, password }: Credentials, ip: string): Promise<UserRow> {
  const limits = signInFailureLimits(email, ip);
  await assertWithinLimits(ctx, limits, 'Too many failed sign-in attempts, try again later');

  const user = await findUserByEmail(ctx.db.kysely, email);
  const hash = user?.password_hash ?? (await ctx.state(dummyPasswordHash)());
  const matches = await ctx.passwords.verify(hash, password);
  if (!user || !user.password_hash || !matches) {
    await recordHits(ctx, limits.map((l) => l.bucket));
    throw badRequest('Invalid email or password', 'invalid_credentials');
  }
  if (ctx.config.accountStatusEnforcement && user.account_status === 'banned') {
    throw forbidden('This account has been banned', 'account_banned');
  }
  if (ctx.passwords.needsRehash(user.password_hash)) {
    const rehashed = await ctx.passwords.hash(password);
    await updateUserColumns(ctx.db.kysely, user.id, { password_hash: rehashed });
    user.password_hash = rehashed;
  }
  return user;
}

export interface Registration {
  email: string;
  username: string;
  password: string;
  displayName: string;
}

/** Creates a probation account and mails the verification link (after the insert committed). */
export async function register(ctx: AppContext, input: Registration): Promise<UserRow> {
  const { password, ...account } = input;
  const passwordHash = await ctx.passwords.hash(password);
  const user = await createUser(ctx, { ...account, passwordHash, accountStatus: 'probation', emailVerified: false }, 400);
  await sendVerificationEmail(ctx, user);
  return user;
}

/**
 * Sends a reset link when the account exists. The caller answers with the same text either way;
 * above the limits the request is refused with 429.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await consumeLimits(ctx, passwordResetLimits(email, ip), 'Too many password reset requests, try again later');
  const user = await findUserByEmail(ctx.db.kysely, email);
  // A banned account cannot sign in, so a new password would be of no use to it.
  if (!user || (ctx.config.accountStatusEnforcement && user.account_status === 'banned')) return;
  await sendPasswordResetEmail(ctx, user);
}

/** Sets a new password from a reset token and, in the same transaction, signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  // Hashing is deliberately expensive: skip it for tokens that cannot work.
  if (!(await isEmailTokenUsable(ctx, token, 'reset_password'))) throw badRequest('Invalid or expired token', 'invalid_token');
  const hash = await ctx.passwords.hash(password);
  const userId = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await consumeEmailToken(ctx, trx, token, 'reset_password');
    if (!row) throw invalidToken();
    await updateUserColumns(trx, row.user_id, { password_hash: hash, updated_at: ctx.clock.now().toISOString() });
    await endAllCredentials(trx, [row.user_id]);
    return row.user_id;
  });
  ctx.events.emit('credentialsEnded', { userIds: [userId] });
}

/**
 * Marks the e-mail verified. A probation account leaves probation here: to `active`, or to
 * `restricted` when its spam score is high. Other statuses are kept.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await consumeEmailToken(ctx, trx, token, 'verify_email');
    if (!row) throw invalidToken();
    const user = await findUserById(trx, row.user_id);
    if (!user) throw badRequest('Invalid or expired token', 'invalid_token');
    const now = ctx.clock.now();
    const score = spamScore(user, now);
    await updateUserColumns(trx, user.id, {
      email_verified: true,
      spam_score: score,
      account_status: user.account_status === 'probation' ? statusForSpamScore(score) : user.account_status,
      updated_at: now.toISOString(),
    });
  });
}

/** Moves the account to the new address carried by an e-mail-change token (now verified). */
export async function verifyEmailChange(ctx: AppContext, token: string): Promise<void> {
  try {
    await applyEmailChange(ctx, token);
  } catch (err) {
    // A concurrent sign-up took the address between the check and the update.
    if (isUniqueViolation(err)) throw duplicateError('email', 400);
    throw err;
  }
}

async function applyEmailChange(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await consumeEmailToken(ctx, trx, token, 'email_change');
    if (!row) throw invalidToken();
    if (!row.new_email) throw badRequest('Invalid or expired token', 'invalid_token');
    const user = await findUserById(trx, row.user_id);
    if (!user) throw badRequest('Invalid or expired token', 'invalid_token');
    // Taken by someone else since the change was requested: the token stays unused (rollback).
    if ((await findTakenField(trx, row.new_email, user.username, user.id)) === 'email') throw duplicateError('email', 400);
    await updateUserColumns(trx, user.id, { email: normalizeEmail(row.new_email), email_verified: true, updated_at: ctx.clock.now().toISOString() });
  });
}

/** Sends a fresh verification link (earlier links stop working). */
export async function resendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  if (toBool(user.email_verified)) throw badRequest('Email is already verified', 'already_verified');
  await sendVerificationEmail(ctx, user);
}
