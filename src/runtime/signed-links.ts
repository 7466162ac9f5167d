import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppState } from './state.js';
import type { AppContext } from './types.js';

// Tokens of links in e-mails that must keep working without any stored state: the one-click
// unsubscribe links (RFC 8058) of notification and blog e-mails. A token is
// `<payload>.<signature>`, both base64url: the payload is a small JSON object, the signature an
// HMAC-SHA256 under the key migration 006 generated and stored in app_secrets (shared by every
// instance). Such a token only ever turns mail off, so it does not expire.

/** The signing key, read from app_secrets once per app (a failed read is tried again next time). */
export const linkSigningKey = new AppState('runtime.link-signing-key', () => ({ key: null as Promise<Buffer> | null }));

function signingKey(ctx: AppContext): Promise<Buffer> {
  const held = ctx.state(linkSigningKey);
  if (!held.key) {
    const key = ctx.db.kysely
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', 'unsubscribe')
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.value, 'hex'));
    key.catch(() => {
      if (held.key === key) held.key = null;
    });
    held.key = key;
  }
  return held.key;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A signed token carrying `payload`. */
export async function signLinkToken(ctx: AppContext, payload: Record<string, string>): Promise<string> {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(await signingKey(ctx), encoded)}`;
}

/** The payload of a token this service signed; null for anything forged or malformed. */
export async function readLinkToken(ctx: AppContext, token: string): Promise<Record<string, unknown> | null> {
  const m = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(sign(await signingKey(ctx), m[1]));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The headers of a one-click unsubscribe (RFC 8058) for the link `url`. */
export function oneClickUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
