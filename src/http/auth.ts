import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import type { Db } from '../db/connection.js';
import type { Database, UserRow } from '../db/types.js';
import { hashToken } from '../lib/crypto.js';
import { TurnBatch } from '../lib/turn-batch.js';
import { AppState } from '../runtime/state.js';
import { forbidden, unauthorized } from './errors.js';

// Who is calling. Two credentials: the `service-session` cookie (browser) and a Bearer sync
// token (native and command-line clients). Resolution is one indexed query, memoised per request.

export const SESSION_COOKIE = 'service-session';
/** A session ends after 30 days without use; each use (recorded at most hourly) extends it. */
export const SESSION_TTL_MS = 30 * 24 * 3600_000;
/** However active, a session ends a year after sign-in. */
export const SESSION_MAX_AGE_MS = 365 * 24 * 3600_000;
/** The cookie lasts as long as a session can (the one-year cap); the server decides whether it is still valid. */
const COOKIE_MAX_AGE_S = SESSION_MAX_AGE_MS / 1000;
const RECORD_USE_EVERY_MS = 3600_000;
/** How many accounts one browser cookie may cache (multi-account). */
export const MAX_COOKIE_SESSIONS = 5;

export interface Caller {
  user: UserRow;
  method: 'session' | 'bearer';
  /** The session id (cookie) or sync-token id (Bearer) that authenticated the call. */
  credentialId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    callerPromise?: Promise<Caller | null>;
  }
}

const TOKEN_RE = /^[0-9a-f]{64}$/;

/** The bounds a session must be within at `at`: used within its idle window, and not too old. */
export function liveSessionBounds(at: Date): [now: string, signedInAfter: string] {
  return [at.toISOString(), new Date(at.getTime() - SESSION_MAX_AGE_MS).toISOString()];
}

/** Where-clause of a session in force, given liveSessionBounds. */
export function liveSession(now: string, signedInAfter: string) {
  return (eb: ExpressionBuilder<Database, 'sessions'>) =>
    eb.and([eb('sessions.expires_at', '>', now), eb('sessions.created_at', '>', signedInAfter)]);
}

/**
 * The cookie caches several sessions: session tokens joined by '.', the current account first.
 * Malformed parts are dropped.
 */
export function readSessionTokens(request: FastifyRequest): string[] {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return [];
  return raw.split('.').filter((t) => TOKEN_RE.test(t)).slice(0, MAX_COOKIE_SESSIONS);
}

export function writeSessionTokens(request: FastifyRequest, reply: FastifyReply, tokens: string[]): void {
  const secure = request.protocol === 'https';
  if (tokens.length === 0) {
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    return;
  }
  // Stryker disable next-line MethodExpression: no caller passes more (readSessionTokens and signInToCookie cap them); the cut is a guard
  reply.setCookie(SESSION_COOKIE, tokens.slice(0, MAX_COOKIE_SESSIONS).join('.'), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: COOKIE_MAX_AGE_S,
  });
}

export function bearerToken(request: FastifyRequest): string | null {
  // Stryker disable next-line StringLiteral: without the header, any text that is not a Bearer header matches nothing alike
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return m ? m[1] : null;
}

// The credential lookups run on every authenticated request: compiled once (see preparedQuery).
// PostgreSQL joins the credential to its user, and the requests of one turn of the event loop ask
// together (one statement for all their tokens, lib/turn-batch.ts): each statement is a round
// trip and a parse-plan-execute there. SQLite answers the two lookups separately about twice as
// fast as joined with every users column (10 µs against 23 µs per call, measured on 5,000
// accounts and sessions), and there a second query costs no round trip.
type Credential = { credential_id: string; credential_used_at: string | null };
type Found = UserRow & Credential & { credential_hash: string };

const findSyncTokens = preparedQuery((db: Kysely<Database>, tokenHashes: readonly string[]) =>
  db
    .selectFrom('sync_tokens')
    .innerJoin('users', 'users.id', 'sync_tokens.user_id')
    .selectAll('users')
    .select(['sync_tokens.id as credential_id', 'sync_tokens.last_used_at as credential_used_at', 'sync_tokens.token_hash as credential_hash'])
    .where('sync_tokens.token_hash', '=', sql<string>`any(${tokenHashes})`),
  ['$tokenHashes'] as unknown as [readonly string[]],
);

const findSessions = preparedQuery((db: Kysely<Database>, tokenHashes: readonly string[], now: string, signedInAfter: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as credential_id', 'sessions.last_used_at as credential_used_at', 'sessions.token_hash as credential_hash'])
    .where('sessions.token_hash', '=', sql<string>`any(${tokenHashes})`)
    .where(liveSession(now, signedInAfter)),
  ['$tokenHashes', '$now', '$signedInAfter'] as unknown as [readonly string[], string, string],
);

const byHash = (rows: Found[]) => new Map(rows.map((r) => [r.credential_hash, r]));

/** PostgreSQL: the credential lookups of one turn, one statement per kind. */
// Stryker disable next-line StringLiteral: the state's name appears in error messages only
export const credentialBatches = new AppState('http.credential-batches', (ctx) => ({
  tokens: new TurnBatch<string, Found>(async (hashes) => byHash((await findSyncTokens(ctx.db.kysely, hashes)) as Found[])),
  // The session's bounds at the time of the read, which is after every caller arrived.
  sessions: new TurnBatch<string, Found>(async (hashes) => byHash((await findSessions(ctx.db.kysely, hashes, ...liveSessionBounds(ctx.clock.now()))) as Found[])),
}));

const findSyncTokenAlone = preparedQuery((db: Kysely<Database>, tokenHash: string) =>
  db.selectFrom('sync_tokens').select(['id as credential_id', 'last_used_at as credential_used_at', 'user_id']).where('token_hash', '=', tokenHash),
  ['$tokenHash'] as const,
);

const findSessionAlone = preparedQuery((db: Kysely<Database>, tokenHash: string, now: string, signedInAfter: string) =>
  db
    .selectFrom('sessions')
    .select(['sessions.id as credential_id', 'sessions.last_used_at as credential_used_at', 'sessions.user_id'])
    .where('sessions.token_hash', '=', tokenHash)
    .where(liveSession(now, signedInAfter)),
  ['$tokenHash', '$now', '$signedInAfter'] as const,
);

const findUser = preparedQuery((db: Kysely<Database>, id: string) => db.selectFrom('users').selectAll().where('id', '=', id), ['$id'] as const);

/** A credential and its user, looked up as suits the engine (above). */
async function withUser<C extends Credential>(
  db: Db,
  joined: () => Promise<Found | undefined>,
  alone: () => Promise<(C & { user_id: string })[]>,
): Promise<{ user: UserRow; credential: C } | undefined> {
  if (db.engine === 'postgres') {
    const row = await joined();
    if (!row) return undefined;
    const { credential_id, credential_used_at, credential_hash: _hash, ...user } = row;
    return { user, credential: { credential_id, credential_used_at } as C };
  }
  const [found] = await alone();
  if (!found) return undefined;
  const [user] = await findUser(db.kysely, found.user_id);
  return user && { user, credential: found };
}

async function resolve(request: FastifyRequest): Promise<Caller | null> {
  const ctx = request.server.ctx;
  const { db, clock } = ctx;
  const at = clock.now();
  const now = at.toISOString();
  const bearer = bearerToken(request);
  if (bearer !== null) {
    // Stryker disable next-line ConditionalExpression: a malformed token is never found either; the check only spares the lookup
    if (!TOKEN_RE.test(bearer)) return null;
    const hash = hashToken(bearer);
    const found = await withUser<Credential>(db, () => ctx.state(credentialBatches).tokens.get(hash), () => findSyncTokenAlone(db.kysely, hash));
    if (!found) return null;
    const { user, credential: { credential_id, credential_used_at } } = found;
    // Record use at most hourly so the hot path stays read-only.
    if (!credential_used_at || at.getTime() - Date.parse(credential_used_at) > RECORD_USE_EVERY_MS) {
      await db.kysely.updateTable('sync_tokens').set({ last_used_at: now }).where('id', '=', credential_id).execute();
    }
    return { user, method: 'bearer', credentialId: credential_id };
  }
  const [current] = readSessionTokens(request);
  if (!current) return null;
  const hash = hashToken(current);
  const bounds = liveSessionBounds(at);
  const found = await withUser<{ credential_id: string; credential_used_at: string }>(
    db,
    () => ctx.state(credentialBatches).sessions.get(hash),
    () => findSessionAlone(db.kysely, hash, ...bounds),
  );
  if (!found) return null;
  const { user, credential: { credential_id, credential_used_at } } = found;
  // Sliding expiry: use extends the session, written at most hourly so the hot path stays read-only.
  if (at.getTime() - Date.parse(credential_used_at) > RECORD_USE_EVERY_MS) {
    await db.kysely
      .updateTable('sessions')
      .set({ last_used_at: now, expires_at: new Date(at.getTime() + SESSION_TTL_MS).toISOString() })
      .where('id', '=', credential_id)
      .execute();
  }
  return { user, method: 'session', credentialId: credential_id };
}

/** The caller, or null when anonymous (Optional endpoints). */
export function getCaller(request: FastifyRequest): Promise<Caller | null> {
  request.callerPromise ??= resolve(request);
  return request.callerPromise;
}

/** Either: a session cookie or a Bearer sync token. 401 otherwise. */
export async function requireUser(request: FastifyRequest): Promise<Caller> {
  const caller = await getCaller(request);
  if (!caller) throw unauthorized();
  return caller;
}

/** Session only: the cookie. A Bearer token is refused with 401 on these endpoints. */
export async function requireSession(request: FastifyRequest): Promise<Caller> {
  if (bearerToken(request) !== null) throw unauthorized('This endpoint requires a browser session', 'session_required');
  const caller = await getCaller(request);
  if (!caller) throw unauthorized();
  return caller;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie-authenticated writes (beside SameSite=Lax): a write that carries the
 * session cookie and an Origin other than this service's is refused. Bearer writes are exempt,
 * and so are requests without Origin (non-browser clients; browsers always send it cross-site).
 */
export function checkOrigin(request: FastifyRequest): void {
  if (!UNSAFE.has(request.method)) return;
  if (bearerToken(request) !== null) return;
  if (!request.cookies[SESSION_COOKIE]) return;
  const origin = request.headers.origin;
  if (!origin) return;
  const allowed = new Set<string>([new URL(request.server.ctx.config.publicUrl).origin]);
  // Stryker disable next-line ConditionalExpression: only an HTTP/1.0 request without Host differs, and then only for Origin http://undefined
  if (request.host) allowed.add(`${request.protocol}://${request.host}`);
  // `Origin: null` (a sandboxed frame, a data: URL) is never one of these, so it is refused too.
  if (!allowed.has(origin)) throw forbidden('Cross-origin request refused', 'origin_mismatch');
}
