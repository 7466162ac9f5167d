import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Database, UserRow } from '../../db/types.js';
import { liveSessionBounds, MAX_COOKIE_SESSIONS, SESSION_TTL_MS } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { hashToken, newToken } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import {
  deleteCredentialsOf,
  deleteExpiredSessionsOf,
  deleteSessionsById,
  deleteSessionsOf,
  deleteSyncToken,
  insertSession,
  insertSyncToken,
  liveSessionsByHash,
  touchSession,
} from './queries.js';

// Sessions and the multi-account cookie. One row per sign-in; only the token's hash is stored.
// A browser cookie caches up to MAX_COOKIE_SESSIONS tokens, the current account first. These
// functions take the cookie's tokens and return the tokens the cookie must hold afterwards; the
// routes read and write the cookie itself.

export interface CookieSession {
  token: string;
  sessionId: string;
  user: Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar'>;
}

/** Creates a session for the user and returns its raw token (shown to the browser only). */
export async function createSession(ctx: AppContext, userId: string, userAgent: string | null): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await insertSession(ctx.db.kysely, {
    id: newId(),
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    last_used_at: now.toISOString(),
    user_agent: userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

/** The still-valid sessions among the cookie's tokens, in cookie order (stale ones dropped). */
export async function validCookieSessions(ctx: AppContext, tokens: readonly string[]): Promise<CookieSession[]> {
  if (tokens.length === 0) return [];
  const byHash = new Map(tokens.map((t) => [hashToken(t), t]));
  const rows = await liveSessionsByHash(ctx.db.kysely, [...byHash.keys()], liveSessionBounds(ctx.clock.now()));
  const found = new Map(rows.map((r) => [byHash.get(r.token_hash)!, r]));
  return tokens.flatMap((token) => {
    const r = found.get(token);
    return r ? [{ token, sessionId: r.session_id, user: { id: r.id, username: r.username, display_name: r.display_name, avatar: r.avatar } }] : [];
  });
}

/** Ends sessions of these users (live event streams opened with them end too). */
async function deleteSessions(ctx: AppContext, sessions: readonly { sessionId: string; user: { id: string } }[]): Promise<void> {
  if (sessions.length === 0) return;
  await deleteSessionsById(ctx.db.kysely, sessions.map((s) => s.sessionId));
  ctx.events.emit('credentialsEnded', { userIds: [...new Set(sessions.map((s) => s.user.id))] });
}

/**
 * A new sign-in in this browser: the new session goes in front. An older session of the same user
 * in this cookie is ended (it is replaced), and so is any session pushed past the cookie's limit.
 */
export async function signInToCookie(ctx: AppContext, cookieTokens: readonly string[], userId: string, userAgent: string | null): Promise<string[]> {
  const token = await createSession(ctx, userId, userAgent);
  const valid = await validCookieSessions(ctx, cookieTokens);
  const others = valid.filter((s) => s.user.id !== userId);
  const kept = others.slice(0, MAX_COOKIE_SESSIONS - 1);
  const dropped = valid.filter((s) => !kept.includes(s));
  await deleteSessions(ctx, dropped);
  // Housekeeping while we are here: this user's expired sessions can never be used again.
  await deleteExpiredSessionsOf(ctx.db.kysely, userId, ctx.clock.now().toISOString());
  return [token, ...kept.map((s) => s.token)];
}

function findCached(sessions: CookieSession[], userId: string): CookieSession {
  const s = sessions.find((x) => x.user.id === userId);
  if (!s) throw badRequest('That account is not signed in on this browser', 'account_not_signed_in');
  return s;
}

/** Makes a cached account the current one. */
export async function switchAccount(ctx: AppContext, cookieTokens: readonly string[], userId: string): Promise<string[]> {
  const valid = await validCookieSessions(ctx, cookieTokens);
  const target = findCached(valid, userId);
  await touchSession(ctx.db.kysely, target.sessionId, ctx.clock.now().toISOString());
  return [target.token, ...valid.filter((s) => s !== target).map((s) => s.token)];
}

/** Signs one cached account out of this browser (its session ends). */
export async function removeAccount(ctx: AppContext, cookieTokens: readonly string[], userId: string): Promise<string[]> {
  const valid = await validCookieSessions(ctx, cookieTokens);
  const target = findCached(valid, userId);
  await deleteSessions(ctx, [target]);
  return valid.filter((s) => s !== target).map((s) => s.token);
}

/**
 * Logout. Ends the current (first) session, or with `all` every session of the current user on
 * every device; the next cached account becomes current. Without a valid current session nothing
 * is ended and only stale tokens leave the cookie.
 */
export async function logout(ctx: AppContext, cookieTokens: readonly string[], all: boolean): Promise<string[]> {
  const valid = await validCookieSessions(ctx, cookieTokens);
  const current = valid[0];
  if (!current || current.token !== cookieTokens[0]) return valid.map((s) => s.token);
  if (all) {
    await deleteSessionsOf(ctx.db.kysely, current.user.id);
    ctx.events.emit('credentialsEnded', { userIds: [current.user.id] });
    return valid.filter((s) => s.user.id !== current.user.id).map((s) => s.token);
  }
  await deleteSessions(ctx, [current]);
  return valid.slice(1).map((s) => s.token);
}

/**
 * Signs users out everywhere: every session and sync token (password reset, ban, password set by
 * an administrator), inside the caller's transaction.
 */
export async function endAllCredentials(db: Kysely<Database>, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await deleteCredentialsOf(db, userIds);
}

/** Issues a Bearer sync token; only its hash is stored. */
export async function createSyncToken(ctx: AppContext, userId: string): Promise<string> {
  const token = newToken();
  await insertSyncToken(ctx.db.kysely, { id: newId(), user_id: userId, token_hash: hashToken(token), created_at: ctx.clock.now().toISOString(), last_used_at: null });
  return token;
}

/**
 * Logout with a Bearer token: that sync token stops working. With `allSessionsOf`, every browser
 * session of that user ends too (the user's other sync tokens are kept: each client revokes its own).
 */
export async function revokeSyncToken(ctx: AppContext, tokenId: string, userId: string, allSessions: boolean): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await deleteSyncToken(trx, tokenId);
    if (allSessions) await deleteSessionsOf(trx, userId);
  });
  ctx.events.emit('credentialsEnded', { userIds: [userId] });
}
