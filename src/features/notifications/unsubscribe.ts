import type { AppContext } from '../../runtime/context.js';
import { badRequest } from '../../http/errors.js';
import { readLinkToken, signLinkToken } from '../../runtime/signed-links.js';
import { EVENTS, isEventKey, type EventKey } from './events.js';
import { userExists } from './queries.js';

// One-click unsubscribe tokens (RFC 8058) of notification e-mails: a signed link token
// (runtime/signed-links.ts) whose payload names the user and the event. A token only ever turns
// one e-mail channel off, so it does not expire.

export async function unsubscribeToken(ctx: AppContext, userId: string, key: EventKey): Promise<string> {
  return signLinkToken(ctx, { u: userId, k: key });
}

export function unsubscribeUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The user and event a token names; 400 for anything forged or malformed. */
export async function verifyUnsubscribeToken(ctx: AppContext, token: string): Promise<{ userId: string; key: EventKey }> {
  const invalid = () => badRequest('This unsubscribe link is not valid', 'invalid_token');
  const parsed = await readLinkToken(ctx, token);
  if (!parsed || typeof parsed.u !== 'string' || typeof parsed.k !== 'string' || !isEventKey(parsed.k) || !EVENTS[parsed.k].channels.includes('email')) throw invalid();
  if (!(await userExists(ctx.db.kysely, parsed.u))) throw invalid();
  return { userId: parsed.u, key: parsed.k };
}
