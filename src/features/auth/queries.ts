import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable, SyncTokensTable } from '../../db/types.js';
import { liveSession } from '../../http/auth.js';

// The sessions' and sync tokens' queries, which sessions.ts calls (README, Design: queries).
// Resolving a credential on each request is the HTTP layer's (src/http/auth.ts, compiled once).

type Db = Kysely<Database>;

export async function insertSession(db: Db, values: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(values).execute();
}

/** The sessions in force among these token hashes, with their users' summaries (`bounds`: liveSessionBounds). */
export function liveSessionsByHash(db: Db, tokenHashes: readonly string[], bounds: [now: string, signedInAfter: string]) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.token_hash', 'users.id', 'users.username', 'users.display_name', 'users.avatar'])
    .where('sessions.token_hash', 'in', [...tokenHashes])
    .where(liveSession(...bounds))
    .execute();
}

export async function deleteSessionsById(db: Db, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('sessions').where('id', 'in', [...ids]).execute();
}

/** Deletes the user's sessions that expired at or before `now`. */
export async function deleteExpiredSessionsOf(db: Db, userId: string, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

export async function touchSession(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** Deletes every session of the user. */
export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Deletes every session and sync token of these users. */
export async function deleteCredentialsOf(db: Db, userIds: readonly string[]): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
  await db.deleteFrom('sync_tokens').where('user_id', 'in', userIds).execute();
}

export async function insertSyncToken(db: Db, values: Insertable<SyncTokensTable>): Promise<void> {
  await db.insertInto('sync_tokens').values(values).execute();
}

export async function deleteSyncToken(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sync_tokens').where('id', '=', id).execute();
}

/** The user's sessions in force, most recently used first (`bounds`: liveSessionBounds). */
export function liveSessionsOf(db: Db, userId: string, bounds: [now: string, signedInAfter: string]) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where(liveSession(...bounds))
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Deletes one session of the user; answers whether there was one. */
export async function deleteSessionOf(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The user's sync tokens, newest first (only their ids and dates: the tokens themselves are not kept). */
export function syncTokensOf(db: Db, userId: string) {
  return db.selectFrom('sync_tokens').select(['id', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}

/** Deletes one sync token of the user; answers whether there was one. */
export async function deleteSyncTokenOf(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sync_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes every sync token and every session of the user but `keepSessionId` (a password change). */
export async function deleteCredentialsBut(db: Db, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
  await db.deleteFrom('sync_tokens').where('user_id', '=', userId).execute();
}
