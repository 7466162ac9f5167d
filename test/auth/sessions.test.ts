import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, sessionCookie, type Registered, type TestApp } from '../helpers/app.js';
import { accounts, login, nextCookie, setCookieHeader, sha256, syncToken, tokensOf } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

/** Signs `user` into the browser holding `cookie`; returns the browser's new cookie. */
async function addAccount(cookie: string, user: Registered): Promise<string> {
  const res = await login(t.app, user.user.email, user.password, cookie ? { cookie } : {});
  expect(res.statusCode).toBe(200);
  return nextCookie(res);
}

async function sessionExists(token: string): Promise<boolean> {
  const row = await t.db.kysely.selectFrom('sessions').select('id').where('token_hash', '=', sha256(token)).executeTakeFirst();
  return row !== undefined;
}

function post(url: string, cookie: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const allHeaders = { ...(cookie ? { cookie } : {}), ...headers };
  return payload === undefined
    ? t.app.inject({ method: 'POST', url, headers: allHeaders })
    : t.app.inject({ method: 'POST', url, headers: allHeaders, payload });
}

describe('multi-account cookie', () => {
  it('a login while the cookie holds another account adds the new one in front; accounts lists both', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const cookie = await addAccount(a.cookie, b);
    const tokens = tokensOf(cookie);
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).toBe(tokensOf(a.cookie)[0]);

    const res = await accounts(t.app, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accounts', 'currentUserId']);
    expect(body.currentUserId).toBe(b.user.id);
    expect(body.accounts).toEqual([
      { id: b.user.id, username: b.user.username, displayName: `Display ${b.user.username}`, avatar: null },
      { id: a.user.id, username: a.user.username, displayName: `Display ${a.user.username}`, avatar: null },
    ]);
  });

  it('signing the same user in again replaces (and ends) their older session in this cookie', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const both = await addAccount(a.cookie, b);
    const again = await addAccount(both, a);
    const tokens = tokensOf(again);
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).toBe(tokensOf(both)[0]);
    expect(await sessionExists(tokensOf(a.cookie)[0])).toBe(false);
    expect((await accounts(t.app, again)).json().accounts.map((x: { id: string }) => x.id)).toEqual([a.user.id, b.user.id]);
  });

  it('holds at most 5 accounts; the oldest is signed out', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    let cookie = '';
    for (const u of users) cookie = await addAccount(cookie, u);
    const tokens = tokensOf(cookie);
    expect(tokens).toHaveLength(5);
    const listed = (await accounts(t.app, cookie)).json().accounts.map((x: { id: string }) => x.id);
    expect(listed).toEqual(users.slice(1).reverse().map((u) => u.user.id));
    const firstSessions = await t.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', users[0].user.id)
      .execute();
    // Only the registration session of the first user remains (its login session was dropped).
    expect(firstSessions).toHaveLength(1);
  });

  it('registering while signed in adds the new account in front', async () => {
    const a = await registerUser(t.app);
    const username = `reg_${tokensOf(a.cookie)[0].slice(0, 8)}`;
    const res = await post('/api/auth/register', a.cookie, {
      email: `${username}@example.com`,
      username,
      password: 'correct horse battery',
      displayName: 'Newcomer',
    });
    expect(res.statusCode).toBe(201);
    const list = (await accounts(t.app, nextCookie(res))).json();
    expect(list.currentUserId).toBe(res.json().user.id);
    expect(list.accounts.map((x: { id: string }) => x.id)).toEqual([res.json().user.id, a.user.id]);
  });

  it('expired or ended sessions are left out of the list and dropped from the cookie', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    let cookie = await addAccount(a.cookie, b);
    cookie = await addAccount(cookie, c);
    const [, bToken] = tokensOf(cookie);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() })
      .where('token_hash', '=', sha256(bToken))
      .execute();
    const res = await accounts(t.app, cookie);
    expect(res.json().accounts.map((x: { id: string }) => x.id)).toEqual([c.user.id, a.user.id]);
    expect(tokensOf(nextCookie(res))).toEqual([tokensOf(cookie)[0], tokensOf(cookie)[2]]);
  });

  it('a cookie whose current session expired is not signed in (401)', async () => {
    const a = await registerUser(t.app);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: t.clock.now().toISOString() })
      .where('token_hash', '=', sha256(tokensOf(a.cookie)[0]))
      .execute();
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/switch', () => {
  it('makes a cached account current', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const cookie = await addAccount(a.cookie, b);
    const res = await post('/api/auth/switch', cookie, { userId: a.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const switched = nextCookie(res);
    expect(tokensOf(switched)).toEqual([...tokensOf(cookie)].reverse());
    expect(setCookieHeader(res, 'service-session')).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
    const list = (await accounts(t.app, switched)).json();
    expect(list.currentUserId).toBe(a.user.id);
    expect(list.accounts.map((x: { id: string }) => x.id)).toEqual([a.user.id, b.user.id]);
  });

  it('an account not cached in this cookie is 400 and changes nothing', async () => {
    const a = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    for (const userId of [stranger.user.id, 'no-such-user']) {
      const res = await post('/api/auth/switch', a.cookie, { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'account_not_signed_in' });
      expect(res.cookies).toHaveLength(0);
    }
    expect((await accounts(t.app, a.cookie)).json().currentUserId).toBe(a.user.id);
  });

  it('401 without a session; 401 with only a Bearer token', async () => {
    const a = await registerUser(t.app);
    const bearer = (await syncToken(t.app, a.user.email, a.password)).json().token;
    const none = await post('/api/auth/switch', '', { userId: a.user.id });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: expect.any(String) });
    const withBearer = await post('/api/auth/switch', '', { userId: a.user.id }, { authorization: `Bearer ${bearer}` });
    expect(withBearer.statusCode).toBe(401);
  });

  it('a foreign Origin on this cookie-authenticated write is 403 and changes nothing', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const cookie = await addAccount(a.cookie, b);
    const res = await post('/api/auth/switch', cookie, { userId: a.user.id }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'origin_mismatch' });
    expect(res.cookies).toHaveLength(0);
    const same = await post('/api/auth/switch', cookie, { userId: a.user.id }, { origin: 'http://localhost:3000' });
    expect(same.statusCode).toBe(200);
  });
});

describe('POST /api/auth/remove-account', () => {
  it('ends that account’s session and drops it from the cookie', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const cookie = await addAccount(a.cookie, b);
    const [bToken, aToken] = tokensOf(cookie);
    const res = await post('/api/auth/remove-account', cookie, { userId: b.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(tokensOf(nextCookie(res))).toEqual([aToken]);
    expect(await sessionExists(bToken)).toBe(false);
    expect(await sessionExists(aToken)).toBe(true);
    const list = (await accounts(t.app, nextCookie(res))).json();
    expect(list).toEqual({ accounts: [expect.objectContaining({ id: a.user.id })], currentUserId: a.user.id });
  });

  it('removing the only account clears the cookie', async () => {
    const a = await registerUser(t.app);
    const res = await post('/api/auth/remove-account', a.cookie, { userId: a.user.id });
    expect(res.statusCode).toBe(200);
    const header = setCookieHeader(res, 'service-session');
    expect(header).toMatch(/^service-session=;/);
    expect(header).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(401);
  });

  it('an account not cached is 400; no session is 401', async () => {
    const a = await registerUser(t.app);
    const other = await registerUser(t.app);
    const res = await post('/api/auth/remove-account', a.cookie, { userId: other.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('account_not_signed_in');
    expect(await sessionExists(tokensOf(other.cookie)[0])).toBe(true);
    expect((await post('/api/auth/remove-account', '', { userId: a.user.id })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/accounts', () => {
  it('401 without a session and with only a Bearer token', async () => {
    const a = await registerUser(t.app);
    const bearer = (await syncToken(t.app, a.user.email, a.password)).json().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/accounts' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/accounts', headers: { authorization: `Bearer ${bearer}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'session_required' });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the current session; the next cached account becomes current', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const cookie = await addAccount(a.cookie, b);
    const [bToken, aToken] = tokensOf(cookie);
    const res = await post('/api/auth/logout', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(tokensOf(nextCookie(res))).toEqual([aToken]);
    expect(await sessionExists(bToken)).toBe(false);
    expect((await accounts(t.app, nextCookie(res))).json().currentUserId).toBe(a.user.id);
    // B's other device (registration session) is untouched.
    expect(await sessionExists(tokensOf(b.cookie)[0])).toBe(true);
  });

  it('logging out of the only account clears the cookie and the old cookie no longer works', async () => {
    const a = await registerUser(t.app);
    const res = await post('/api/auth/logout', a.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(setCookieHeader(res, 'service-session')).toMatch(/^service-session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(401);
  });

  it.each([
    ['body { all: true }', '/api/auth/logout', { all: true }],
    ['query ?all=true', '/api/auth/logout?all=true', undefined],
  ])('all=true (%s) ends every session of the current user on every device', async (_how, url, payload) => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const device2 = sessionCookie(await login(t.app, a.user.email, a.password));
    const device1 = await addAccount(await addAccount(a.cookie, b), a);
    const res = await post(url, device1, payload);
    expect(res.statusCode).toBe(200);
    const remaining = nextCookie(res);
    expect(tokensOf(remaining)).toHaveLength(1);
    expect((await accounts(t.app, remaining)).json().currentUserId).toBe(b.user.id);
    const left = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', a.user.id).execute();
    expect(left).toHaveLength(0);
    expect((await accounts(t.app, device2)).statusCode).toBe(401);
    expect(await sessionExists(tokensOf(b.cookie)[0])).toBe(true);
  });

  it('all=false in the body ends only the current session', async () => {
    const a = await registerUser(t.app);
    const device2 = sessionCookie(await login(t.app, a.user.email, a.password));
    const res = await post('/api/auth/logout', a.cookie, { all: false });
    expect(res.statusCode).toBe(200);
    expect((await accounts(t.app, device2)).statusCode).toBe(200);
  });

  it('without a session it still answers 200 and sets no cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();
    const all = await t.app.inject({ method: 'POST', url: '/api/auth/logout?all=true', payload: { all: true } });
    expect(all.statusCode).toBe(200);
  });

  it('a stale or garbage cookie is cleared and ends no one else’s session', async () => {
    const before = Number((await t.db.kysely.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const res = await post('/api/auth/logout', `service-session=${'ab'.repeat(32)}.garbage`, { all: true });
    expect(res.statusCode).toBe(200);
    expect(setCookieHeader(res, 'service-session')).toMatch(/^service-session=;/);
    const after = Number((await t.db.kysely.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });

  it.each([
    ['malformed JSON', '{"all": tru', 'application/json'],
    ['a non-boolean all', JSON.stringify({ all: 'yes' }), 'application/json'],
    ['an unknown field', JSON.stringify({ everything: true }), 'application/json'],
    ['an array body', '[]', 'application/json'],
  ])('%s is 400 and logs nobody out', async (_what, payload, contentType) => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload, headers: { cookie: a.cookie, 'content-type': contentType } });
    expect(res.statusCode).toBe(400);
    // Malformed JSON is { error, code }; invalid input also lists its problems in `errors`.
    expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.stringMatching(/^(invalid_json|bad_request)$/) });
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(200);
  });

  it('a non-boolean all in the query is 400', async () => {
    const a = await registerUser(t.app);
    const res = await post('/api/auth/logout?all=maybe', a.cookie);
    expect(res.statusCode).toBe(400);
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(200);
  });

  it('a foreign Origin with the session cookie is refused (403); with a Bearer token it is not', async () => {
    const a = await registerUser(t.app);
    const refused = await post('/api/auth/logout', a.cookie, {}, { origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('origin_mismatch');
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(200);

    const bearer = (await syncToken(t.app, a.user.email, a.password)).json().token;
    const allowed = await post('/api/auth/logout', a.cookie, {}, { origin: 'https://evil.example', authorization: `Bearer ${bearer}` });
    expect(allowed.statusCode).toBe(200);
  });

  it('with a Bearer token revokes that sync token only; the browser session and other tokens stay', async () => {
    const a = await registerUser(t.app);
    const first = (await syncToken(t.app, a.user.email, a.password)).json().token;
    const second = (await syncToken(t.app, a.user.email, a.password)).json().token;
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${first}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(200);
  });

  it('with a Bearer token and all=true also ends every browser session of the user', async () => {
    const a = await registerUser(t.app);
    const token = (await syncToken(t.app, a.user.email, a.password)).json().token;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout?all=true', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(401);
  });

  it('with an unknown Bearer token answers 200 and ends nothing', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout?all=true', headers: { authorization: `Bearer ${'c'.repeat(64)}` } });
    expect(res.statusCode).toBe(200);
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(200);
  });
});

describe('Secure cookie behind a TLS-terminating proxy', () => {
  it('with TRUST_PROXY=true and X-Forwarded-Proto https the cookie is Secure; without trust it is not', async () => {
    const proxied = await createTestApp({ smtp: false, env: { TRUST_PROXY: 'true' } });
    try {
      const a = await registerUser(proxied.app);
      const res = await login(proxied.app, a.user.email, a.password, { 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(200);
      const header = setCookieHeader(res, 'service-session');
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax/);
    } finally {
      await proxied.close();
    }
    const a = await registerUser(t.app);
    const direct = await login(t.app, a.user.email, a.password, { 'x-forwarded-proto': 'https' });
    expect(setCookieHeader(direct, 'service-session')).not.toMatch(/; Secure/);
  });
});

describe('session lifetime', () => {
  const DAY = 24 * 3600_000;
  const accountsWith = (app: TestApp, cookie: string) => app.app.inject({ method: 'GET', url: '/api/auth/accounts', headers: { cookie } });

  it('use extends a session: it ends only after 30 days without use', async () => {
    const own = await createTestApp({ smtp: false });
    try {
      const a = await registerUser(own.app);
      for (let i = 0; i < 4; i++) {
        own.clock.advance(29 * DAY);
        expect((await accountsWith(own, a.cookie)).statusCode).toBe(200);
      }
      own.clock.advance(30 * DAY);
      expect((await accountsWith(own, a.cookie)).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('however active, a session ends a year after sign-in', async () => {
    const own = await createTestApp({ smtp: false });
    try {
      const a = await registerUser(own.app);
      for (let day = 20; day < 365; day += 20) {
        own.clock.advance(20 * DAY);
        expect((await accountsWith(own, a.cookie)).statusCode, `day ${day}`).toBe(200);
      }
      own.clock.advance(6 * DAY); // day 366
      expect((await accountsWith(own, a.cookie)).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('a session unused for 30 days ends; signing in again clears the expired row', async () => {
    const own = await createTestApp({ smtp: false });
    try {
      const a = await registerUser(own.app);
      own.clock.advance(30 * DAY + 60_000);
      expect((await accountsWith(own, a.cookie)).statusCode).toBe(401);
      const res = await own.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.user.email, password: a.password } });
      expect(res.statusCode).toBe(200);
      const rows = await own.db.kysely.selectFrom('sessions').select('token_hash').where('user_id', '=', a.user.id).execute();
      expect(rows).toEqual([{ token_hash: sha256(tokensOf(sessionCookie(res))[0]) }]);
    } finally {
      await own.close();
    }
  });
});
