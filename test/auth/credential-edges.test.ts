import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queriesDuring, registerUser, type TestApp } from '../helpers/app.js';
import { setCookieHeader, sha256, syncToken, tokensOf } from './support.js';

// Credential resolution and the CSRF check at their edges (src/http/auth.ts): the cookie logout
// clears, the Origin check method by method, the forms of a Bearer header, malformed parts of the
// multi-account cookie, and the session and sync-token clocks at their exact bounds.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user', headers });

describe('logout clears the cookie with the attributes it was set with', () => {
  it('Path=/, HttpOnly, SameSite=Lax and an expiry in the past; not Secure over plain http', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    const header = setCookieHeader(res, 'service-session');
    expect(header).toMatch(/^service-session=;/);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; SameSite=Lax(;|$)/);
    expect(header).toMatch(/; Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(header).not.toMatch(/Secure/);
  });

  it('behind a trusted TLS proxy the clearing cookie is Secure too', async () => {
    const proxied = await createTestApp({ smtp: false, env: { TRUST_PROXY: 'true' } });
    try {
      const a = await registerUser(proxied.app);
      const res = await proxied.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a.cookie, 'x-forwarded-proto': 'https' } });
      expect(res.statusCode).toBe(200);
      const header = setCookieHeader(res, 'service-session');
      expect(header).toMatch(/^service-session=;/);
      expect(header).toMatch(/; Secure(;|$)/);
      expect(header).toMatch(/; HttpOnly(;|$)/);
      expect(header).toMatch(/; SameSite=Lax(;|$)/);
    } finally {
      await proxied.close();
    }
  });
});

describe('the Origin check', () => {
  const EVIL = 'https://evil.example';

  it('a cross-origin GET with the cookie goes through', async () => {
    const a = await registerUser(t.app);
    const res = await me({ cookie: a.cookie, origin: EVIL });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(a.user.id);
  });

  it('a cross-origin POST without the cookie goes through', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { origin: EVIL }, payload: { type: 'cross', path: '/' } });
    expect(res.statusCode).toBe(201);
  });

  it('a write without an Origin header (a non-browser client) goes through with the cookie', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: a.cookie }, payload: { bio: 'no origin' } });
    expect(res.statusCode).toBe(200);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('a cross-origin %s with the cookie is 403 origin_mismatch', async (method) => {
    const a = await registerUser(t.app);
    const urls = { POST: '/api/auth/logout', PUT: '/api/folders/unknown-folder', PATCH: '/api/user', DELETE: '/api/folders/unknown-folder' };
    const payloads = { POST: {}, PUT: { name: 'x' }, PATCH: { bio: 'x' }, DELETE: undefined };
    const send = (origin: string) =>
      t.app.inject({ method, url: urls[method], headers: { cookie: a.cookie, origin }, ...(payloads[method] ? { payload: payloads[method] } : {}) });
    const refused = await send(EVIL);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Cross-origin request refused', code: 'origin_mismatch' });
    // The same request from the service's own origin is not refused by the check.
    const same = await send('http://localhost:3000');
    expect(same.json().code).not.toBe('origin_mismatch');
  });

  it('a cross-origin write with an empty cookie value is not cookie-authenticated, so not refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { origin: EVIL, cookie: 'service-session=' }, payload: { type: 'cross', path: '/' } });
    expect(res.statusCode).toBe(201);
  });
});

describe('the Bearer header', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    const a = await registerUser(t.app);
    userId = a.user.id;
    token = (await syncToken(t.app, a.user.email, a.password)).json().token;
  });

  it.each([
    ['Bearer <token>', (tk: string) => `Bearer ${tk}`],
    ['any case of the scheme', (tk: string) => `bEaReR ${tk}`],
    ['several spaces and a trailing one', (tk: string) => `Bearer   ${tk} `],
    ['a tab', (tk: string) => `Bearer\t${tk}`],
  ])('accepted: %s', async (_what, header) => {
    const res = await me({ authorization: header(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(userId);
  });

  it.each([
    ['a prefix before the scheme', (tk: string) => `Token Bearer ${tk}`],
    ['a second word after the token', (tk: string) => `Bearer ${tk} extra`],
    ['no space', (tk: string) => `Bearer${tk}`],
    ['another scheme', (tk: string) => `Basic ${tk}`],
    ['the token in capitals', (tk: string) => `Bearer ${tk.toUpperCase()}`],
    ['a character more', (tk: string) => `Bearer ${tk}0`],
    ['a character less', (tk: string) => `Bearer ${tk.slice(1)}`],
  ])('refused (401): %s', async (_what, header) => {
    expect((await me({ authorization: header(token) })).statusCode).toBe(401);
  });

  it('a Bearer header that is not one does not hide a valid cookie', async () => {
    const a = await registerUser(t.app);
    const res = await me({ authorization: 'Basic dXNlcjpwYXNz', cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(a.user.id);
  });
});

describe('session-only endpoints', () => {
  it('refuse a Bearer token, even beside a valid cookie, with 401 session_required', async () => {
    const a = await registerUser(t.app);
    const { token } = (await syncToken(t.app, a.user.email, a.password)).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/accounts', headers: { cookie: a.cookie, authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'This endpoint requires a browser session', code: 'session_required' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/accounts', headers: { cookie: a.cookie } })).statusCode).toBe(200);
  });
});

describe('malformed parts of the session cookie are dropped', () => {
  it.each([
    ['garbage', 'garbage'],
    ['63 hex digits', 'a'.repeat(63)],
    ['65 hex digits', 'a'.repeat(65)],
    ['capital hex digits', 'A'.repeat(64)],
    ['a prefix before 64 hex digits', `x${'a'.repeat(64)}`],
  ])('%s before the live session leaves that session current', async (_what, junk) => {
    const a = await registerUser(t.app);
    const res = await me({ cookie: `service-session=${junk}.${tokensOf(a.cookie)[0]}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(a.user.id);
  });

  it('a cookie holding more than 5 live sessions is read as its first 5 (the most it may cache)', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    const tokens = users.map((u) => tokensOf(u.cookie)[0]);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/accounts', headers: { cookie: `service-session=${tokens.join('.')}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().currentUserId).toBe(users[0].user.id);
    expect(res.json().accounts.map((x: { id: string }) => x.id)).toEqual(users.slice(0, 5).map((u) => u.user.id));
    // The sixth account is not signed in on this browser: it cannot be switched to.
    const sixth = await t.app.inject({ method: 'POST', url: '/api/auth/switch', headers: { cookie: `service-session=${tokens.join('.')}` }, payload: { userId: users[5].user.id } });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('account_not_signed_in');
  });
});

describe('the session clock at its bounds', () => {
  async function session(token: string) {
    return t.db.kysely.selectFrom('sessions').select(['last_used_at', 'expires_at', 'created_at']).where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
  }

  it('use is recorded only when more than an hour has passed since the last record, and extends the session 30 days', async () => {
    const a = await registerUser(t.app);
    const [token] = tokensOf(a.cookie);
    const signedIn = await session(token);
    t.clock.set(new Date(Date.parse(signedIn.last_used_at) + HOUR));
    expect((await me({ cookie: a.cookie })).statusCode).toBe(200);
    expect(await session(token)).toEqual(signedIn);
    t.clock.advance(1);
    expect((await me({ cookie: a.cookie })).statusCode).toBe(200);
    const now = t.clock.now();
    expect(await session(token)).toEqual({ ...signedIn, last_used_at: now.toISOString(), expires_at: new Date(now.getTime() + 30 * DAY).toISOString() });
  });

  it('a session ends at its expiry instant', async () => {
    const a = await registerUser(t.app);
    const [token] = tokensOf(a.cookie);
    const expiresAt = new Date(t.clock.now().getTime() + 10 * 60_000).toISOString();
    await t.db.kysely.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', sha256(token)).execute();
    t.clock.set(new Date(Date.parse(expiresAt) - 1));
    expect((await me({ cookie: a.cookie })).statusCode).toBe(200);
    t.clock.set(expiresAt);
    expect((await me({ cookie: a.cookie })).statusCode).toBe(401);
  });

  it('a session ends exactly a year after sign-in, however recently used', async () => {
    const a = await registerUser(t.app);
    const [token] = tokensOf(a.cookie);
    const { created_at } = await session(token);
    const yearLater = Date.parse(created_at) + 365 * DAY;
    await t.db.kysely.updateTable('sessions').set({ expires_at: new Date(yearLater + DAY).toISOString() }).where('token_hash', '=', sha256(token)).execute();
    t.clock.set(new Date(yearLater - 1));
    expect((await me({ cookie: a.cookie })).statusCode).toBe(200);
    t.clock.set(new Date(yearLater));
    expect((await me({ cookie: a.cookie })).statusCode).toBe(401);
  });
});

describe('one credential lookup per request, as suits the engine (README, src/http/auth.ts)', () => {
  /** The statements a read of GET /api/user runs that look up the credential or its user. */
  async function lookups(headers: Record<string, string>, table: 'sessions' | 'sync_tokens'): Promise<string[]> {
    const sql = await queriesDuring(t.db, async () => {
      const res = await me(headers);
      expect(res.statusCode, res.body).toBe(200);
    });
    return sql.filter((q) => q.includes(`from "${table}"`) || /^select \* from "users"/.test(q));
  }

  it.each([
    ['a session cookie', 'sessions'],
    ['a Bearer sync token', 'sync_tokens'],
  ] as const)('%s: PostgreSQL joins the user in one statement; SQLite reads the credential, then the user', async (_what, table) => {
    const a = await registerUser(t.app);
    const headers: Record<string, string> = table === 'sessions' ? { cookie: a.cookie } : { authorization: `Bearer ${(await syncToken(t.app, a.user.email, a.password)).json().token}` };
    // The route asks for the caller twice (its guard, then its handler): the answer is kept for the request.
    const sql = await lookups(headers, table);
    if (t.db.engine === 'postgres') {
      expect(sql).toHaveLength(1);
      expect(sql[0]).toMatch(new RegExp(`from "${table}" inner join "users"`));
    } else {
      expect(sql).toHaveLength(2);
      expect(sql[0]).toMatch(new RegExp(`from "${table}" where`));
      expect(sql[1]).toMatch(/^select \* from "users" where "id" = /);
    }
  });

  it('an anonymous request, or one with an empty cookie, looks up no credential', async () => {
    for (const headers of [{}, { cookie: 'service-session=' }]) {
      const sql = await queriesDuring(t.db, async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/messages', headers });
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(sql.filter((q) => /from "(sessions|sync_tokens)"/.test(q))).toEqual([]);
    }
  });
});

describe('the sync token clock at its bound', () => {
  it('use is recorded again only after more than an hour', async () => {
    const a = await registerUser(t.app);
    const { token } = (await syncToken(t.app, a.user.email, a.password)).json();
    const lastUsedAt = async () =>
      (await t.db.kysely.selectFrom('sync_tokens').select('last_used_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()).last_used_at;
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const first = await lastUsedAt();
    expect(first).toBe(t.clock.now().toISOString());
    t.clock.set(new Date(Date.parse(first!) + HOUR));
    await me({ authorization: `Bearer ${token}` });
    expect(await lastUsedAt()).toBe(first);
    t.clock.advance(1);
    await me({ authorization: `Bearer ${token}` });
    expect(await lastUsedAt()).toBe(t.clock.now().toISOString());
  });
});
