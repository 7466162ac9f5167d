import type { AppContext } from '../../runtime/context.js';
import { liveSessionBounds } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { UserRow } from '../../db/types.js';
import { updateUserColumns } from '../users/service.js';
import { deleteCredentialsBut, deleteSessionOf, deleteSyncTokenOf, liveSessionsOf, syncTokensOf } from './queries.js';

// A user's own sign-ins, as the account settings show them: the browser sessions in force and the
// sync tokens (native and command-line clients), each ended one by one, and a password change.
// Only hashes of the tokens are stored, so a token is never shown again after it was issued.

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

/**
 * Changes the password, confirmed by the current one (403 `invalid_password`, as deleting the
 * account is). Every other session and every sync token ends in the same transaction: whoever
 * held the old password is signed out; the browser making the change stays signed in.
 */
export async function changePassword(ctx: AppContext, user: UserRow, currentSessionId: string, current: string, next: string): Promise<void> {
  const matches = user.password_hash !== null && (await ctx.passwords.verify(user.password_hash, current));
  if (!matches) throw forbidden('The current password is not correct', 'invalid_password');
  const hash = await ctx.passwords.hash(next);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await updateUserColumns(trx, user.id, { password_hash: hash, updated_at: ctx.clock.now().toISOString() });
    await deleteCredentialsBut(trx, user.id, currentSessionId);
  });
  ctx.events.emit('credentialsEnded', { userIds: [user.id] });
}
