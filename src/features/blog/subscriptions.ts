import type { AppContext } from '../../runtime/context.js';
import { badRequest } from '../../http/errors.js';
import { consumeLimits, type RateLimit } from '../../http/rate-limit.js';
import { hashToken, newToken, sha256 } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { sendMail, tokenLink } from '../../runtime/mail.js';
import { readLinkToken, signLinkToken } from '../../runtime/signed-links.js';
import { normalizeEmail, userByUsername } from '../users/service.js';
import { confirmByToken, deleteSubscription, insertPendingSubscription, renewPendingToken, subscriptionOf } from './queries.js';

// Subscribing to a user's blog by e-mail, with double opt-in: a request stores the address as
// pending and mails a confirmation link (`<PUBLIC_URL>/blog-subscription?token=…`, the token
// hashed at rest and expiring); only a confirmed address receives blog_post e-mails. The answer
// to a request is the same whether or not the address was new, so it reveals no subscriber.
// Every blog_post e-mail carries a one-click unsubscribe link, a signed token naming the
// subscription (runtime/signed-links.ts), which deletes it.

export const CONFIRM_TTL_MS = 48 * 3600_000;
export const SUBSCRIBE_ACCEPTED =
  'Thank you. Unless this address is already subscribed, a confirmation e-mail is on its way: the subscription starts when you open its link.';

/** Per client address, and per address being subscribed (a confirmation e-mail is not a mail cannon). */
export function subscribeLimits(ip: string, emailKey: string): RateLimit[] {
  return [
    { bucket: `blog-subscribe:ip:${ip}`, limit: 10, windowMs: 3600_000 },
    { bucket: `blog-subscribe:email:${sha256(emailKey)}`, limit: 3, windowMs: 3600_000 },
  ];
}

export async function subscribe(ctx: AppContext, username: string, email: string, ip: string): Promise<void> {
  const author = await userByUsername(ctx, username);
  const emailKey = normalizeEmail(email);
  await consumeLimits(ctx, subscribeLimits(ip, emailKey), 'Too many subscription requests, try again later');
  const existing = await subscriptionOf(ctx.db.kysely, author.id, emailKey);
  if (existing?.status === 'confirmed') return;
  const token = newToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + CONFIRM_TTL_MS).toISOString();
  if (existing) await renewPendingToken(ctx.db.kysely, existing.id, hashToken(token), expiresAt);
  else if (!(await insertPendingSubscription(ctx.db.kysely, { id: newId(), authorId: author.id, email: email.trim(), emailKey, tokenHash: hashToken(token), expiresAt, now: now.toISOString() }))) return;
  const link = tokenLink(ctx, '/blog-subscription', token);
  await sendMail(ctx, {
    // A pending address asked again (in any case): to the address as first given.
    to: existing?.email ?? email.trim(),
    type: 'blog_subscription_confirm',
    subject: `Confirm your subscription to ${author.display_name}'s blog`,
    text:
      `Someone, hopefully you, asked to receive an e-mail whenever ${author.display_name} (@${author.username}) publishes a new document.\n\n` +
      `To confirm, open this link within 48 hours:\n${link}\n\n` +
      'If you did not ask for this, ignore this e-mail: nothing will be sent to you.\n',
  });
}

export async function confirmSubscription(ctx: AppContext, token: string): Promise<void> {
  const row = await confirmByToken(ctx.db.kysely, hashToken(token), ctx.clock.now().toISOString());
  if (!row) throw badRequest('Invalid or expired token', 'invalid_token');
}

/** The one-click unsubscribe URL of a subscription (its token names the subscription). */
export async function unsubscribeUrl(ctx: AppContext, subscriptionId: string): Promise<string> {
  const token = await signLinkToken(ctx, { b: subscriptionId });
  return `${ctx.config.publicUrl}/api/blog-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Ends the subscription a token names (already ended: nothing to do); 400 for a forged token. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<void> {
  const payload = await readLinkToken(ctx, token);
  if (!payload || typeof payload.b !== 'string') throw badRequest('This unsubscribe link is not valid', 'invalid_token');
  await deleteSubscription(ctx.db.kysely, payload.b);
}
