import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/connection.js';

// Small helpers shared by the authentication tests.

export const PASSWORD = 'correct horse battery';
export const USER_FIELDS = ['avatar', 'bio', 'createdAt', 'displayName', 'email', 'emailVerified', 'id', 'theme', 'username'];
export const HEX64 = /^[0-9a-f]{64}$/;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The session cookie a response set, as a Cookie header value; `previous` when it set none. */
export function nextCookie(res: LightMyRequestResponse, previous = ''): string {
  const c = res.cookies.find((x) => x.name === 'service-session');
  return c ? `service-session=${c.value}` : previous;
}

/** The session tokens held by a Cookie header value, current first. */
export function tokensOf(cookie: string): string[] {
  const value = cookie.replace(/^service-session=/, '');
  return value === '' ? [] : value.split('.');
}

/** The raw Set-Cookie header for a cookie name. */
export function setCookieHeader(res: LightMyRequestResponse, name: string): string {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = all.find((h) => h.startsWith(`${name}=`));
  if (!found) throw new Error(`no Set-Cookie for ${name}: ${JSON.stringify(all)}`);
  return found;
}

export function login(app: FastifyInstance, email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
}

export function syncToken(app: FastifyInstance, email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/sync-token', payload: { email, password }, headers });
}

export function accounts(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/auth/accounts', headers: { cookie } });
}

export async function countRows(db: Db, table: 'users' | 'sessions' | 'sync_tokens' | 'email_tokens' | 'email_logs' | 'rate_limit_events'): Promise<number> {
  const r = await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function userRow(db: Db, id: string) {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
