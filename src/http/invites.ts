import { toBool } from '../db/dialect.js';
import type { UserRow } from '../db/types.js';
import { hashToken, newToken } from '../lib/crypto.js';
import { badRequest, forbidden } from './errors.js';

// Invites carried by e-mail links (organization invites, sharing invites): a single-use token of
// which only the hash is kept, expiring after 7 days, that only its addressee may accept: the
// account whose verified e-mail is the invited address, or the account invited by name.

export const INVITE_TTL_MS = 7 * 24 * 3600_000;

/** A new invite token (shown once, in the e-mail), the hash to store and when it expires. */
export function newInviteToken(now: Date): { token: string; tokenHash: string; expiresAt: string } {
  const token = newToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString() };
}

/** An unknown, used, revoked or expired token: one answer for all, so probing learns nothing. */
export const invalidInviteToken = () => badRequest('This invite link is not valid: it is unknown, used, revoked or expired', 'invalid_token');

/** An address mail can reach (an outside sign-in without a verified address holds `.invalid`). */
export const mailable = (email: string) => !email.endsWith('.invalid');

/** 403 `invite_email_mismatch` unless `user` is the invite's addressee (by verified e-mail, or by account). */
export function assertInviteAddressee(user: Pick<UserRow, 'id' | 'email' | 'email_verified'>, invite: { email_key: string | null; user_id: string | null }): void {
  const addressee = invite.email_key !== null ? toBool(user.email_verified) && user.email === invite.email_key : user.id === invite.user_id;
  if (!addressee) throw forbidden('This invite is addressed to someone else', 'invite_email_mismatch');
}
