import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../runtime/context.js';
import { badRequest } from '../../http/errors.js';
import { AppState } from '../../runtime/state.js';
import { EVENTS, isEventKey, type EventKey } from './events.js';
import { appSecret, userExists } from './queries.js';

// One-click unsubscribe tokens (RFC 8058): `<payload>.<signature>`,
// both base64url; the payload names the user and the event; the signature is an HMAC-SHA256 under
// the key the migration generated and stored in app_secrets (shared by every instance). A token
// only ever turns one e-mail channel off, so it does not expire.

/** The signing key, read from app_secrets once per app (a failed read is tried again next time). */
export const unsubscribeKey = new AppState('notifications.unsubscribe-key', () => ({ key: null as Promise<Buffer> | null }));

function signingKey(ctx: AppContext): Promise<Buffer> {
  const held = ctx.state(unsubscribeKey);
  if (!held.key) {
    const key = appSecret(ctx.db.kysely, 'unsubscribe').then((value) => Buffer.from(value, 'hex'));
    key.catch(() => {
      if (held.key === key) held.key = null;
    });
    held.key = key;
  }
  return held.key;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export async function unsubscribeToken(ctx: AppContext, userId: string, key: EventKey): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ u: userId, k: key })).toString('base64url');
  return `${payload}.${sign(await signingKey(ctx), payload)}`;
}

export function unsubscribeUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The user and event a token names; 400 for anything forged or malformed. */
export async function verifyUnsubscribeToken(ctx: AppContext, token: string): Promise<{ userId: string; key: EventKey }> {
  const invalid = () => badRequest('This unsubscribe link is not valid', 'invalid_token');
  const m = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw invalid();
  const expected = Buffer.from(sign(await signingKey(ctx), m[1]));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let parsed: { u?: unknown; k?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as { u?: unknown; k?: unknown };
  } catch {
    throw invalid();
  }
  if (typeof parsed.u !== 'string' || typeof parsed.k !== 'string' || !isEventKey(parsed.k) || !EVENTS[parsed.k].channels.includes('email')) throw invalid();
  if (!(await userExists(ctx.db.kysely, parsed.u))) throw invalid();
  return { userId: parsed.u, key: parsed.k };
}
