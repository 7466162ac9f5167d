import type { AppContext } from '../../runtime/context.js';
import { liveSessionBounds } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deleteSessionOf, deleteSyncTokenOf, liveSessionsOf, syncTokensOf } from './queries.js';

// A user's own sign-ins, as the account settings show them: the browser sessions in force and the
// sync tokens (native and command-line clients), each ended one by one. Only hashes of the tokens
// are stored, so a token is never shown again after it was issued.

export async function listSessions(ctx: AppContext, userId: string, currentSessionId: string) {
  const rows = await liveSessionsOf(ctx.db.kysely, userId, liveSessionBounds(ctx.clock.now()));
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: new Date(r.last_used_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    userAgent: r.user_agent,
    current: r.id === currentSessionId,
  }));
}

/** Ends one of the user's sessions elsewhere; the one in use ends by signing out. */
export async function endSession(ctx: AppContext, userId: string, sessionId: string, currentSessionId: string): Promise<void> {
  if (sessionId === currentSessionId) throw badRequest('This is the session you are using: sign out to end it', 'current_session');
  if (!(await deleteSessionOf(ctx.db.kysely, userId, sessionId))) throw notFound('Session not found');
  ctx.events.emit('credentialsEnded', { userIds: [userId] });
}

export async function listSyncTokens(ctx: AppContext, userId: string) {
  const rows = await syncTokensOf(ctx.db.kysely, userId);
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.created_at).toISOString(), lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString() }));
}

export async function endSyncToken(ctx: AppContext, userId: string, tokenId: string): Promise<void> {
  if (!(await deleteSyncTokenOf(ctx.db.kysely, userId, tokenId))) throw notFound('Sync token not found');
  ctx.events.emit('credentialsEnded', { userIds: [userId] });
}
