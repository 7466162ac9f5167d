import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type Registered, type TestApp } from '../helpers/app.js';
import { login, nextCookie, setCookieHeader, sha256, tokensOf, userRow } from './support.js';

// The CSRF origin check on cookie-authenticated writes, the session cookie's lifetime, and logout
// with a multi-account cookie whose current session has expired.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const me = (app: TestApp, cookie: string) => app.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const patchMe = (app: TestApp, cookie: string, payload: object, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie, ...headers }, payload });

async function sessionCount(userId: string): Promise<number> {
  const r = await t.db.kysely
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('Origin check on cookie-authenticated writes', () => {
  it('Origin: null (sandboxed frame, data: URL) is 403 origin_mismatch and changes nothing', async () => {
    const a = await registerUser(t.app);
    const before = await userRow(t.db, a.user.id);

    const res = await patchMe(t, a.cookie, { displayName: 'Changed Cross Site' }, { origin: 'null' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'origin_mismatch' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await userRow(t.db, a.user.id)).toEqual(before);
    const read = await me(t, a.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().user.displayName).toBe(`Display ${a.user.username}`);

    // A logout with Origin: null is refused too: the session is still there.
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a.cookie, origin: 'null' } });
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toEqual({ error: expect.any(String), code: 'origin_mismatch' });
    expect(await sessionCount(a.user.id)).toBe(1);
    expect((await me(t, a.cookie)).statusCode).toBe(200);

    // The same write from this service's own origin goes through.
    const same = await patchMe(t, a.cookie, { displayName: 'Changed Same Site' }, { origin: 'http://localhost:3000' });
    expect(same.statusCode).toBe(200);
    expect(same.json().user.displayName).toBe('Changed Same Site');
    expect((await userRow(t.db, a.user.id)).display_name).toBe('Changed Same Site');
  });

  it('with PUBLIC_URL elsewhere, an Origin equal to http://<Host> is accepted; other origins are not', async () => {
    const own = await createTestApp({ smtp: false, env: { PUBLIC_URL: 'https://social.example.com' } });
    try {
      const a = await registerUser(own.app);
      const host = 'api.internal:8080';

      const res = await patchMe(own, a.cookie, { displayName: 'Via Host' }, { host, origin: `http://${host}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ id: a.user.id, displayName: 'Via Host' });
      expect((await userRow(own.db, a.user.id)).display_name).toBe('Via Host');

      // PUBLIC_URL's origin is accepted whatever the Host header says.
      const pub = await patchMe(own, a.cookie, { displayName: 'Via Public URL' }, { host, origin: 'https://social.example.com' });
      expect(pub.statusCode, pub.body).toBe(200);
      expect((await userRow(own.db, a.user.id)).display_name).toBe('Via Public URL');

      // Another host, or the Host with the wrong scheme, is refused and changes nothing.
      for (const origin of ['http://other.internal:8080', `https://${host}`, 'http://localhost:3000']) {
        const refused = await patchMe(own, a.cookie, { displayName: 'Refused' }, { host, origin });
        expect(refused.statusCode, origin).toBe(403);
        expect(refused.json(), origin).toEqual({ error: expect.any(String), code: 'origin_mismatch' });
      }
      expect((await userRow(own.db, a.user.id)).display_name).toBe('Via Public URL');
    } finally {
      await own.close();
    }
  });
});

describe('session cookie lifetime', () => {
  const ONE_YEAR_S = 365 * 24 * 3600;

  it('Max-Age is one year, the server-side cap of a session, on every cookie write', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);

    const signIn = await login(t.app, a.user.email, a.password, { cookie: b.cookie });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.id).toBe(a.user.id);
    const both = nextCookie(signIn);
    expect(tokensOf(both)).toHaveLength(2);
    expect(setCookieHeader(signIn, 'service-session')).toMatch(new RegExp(`; Max-Age=${ONE_YEAR_S}(;|$)`));
    // Sent on every path of the service, never to scripts, not on cross-site subrequests.
    for (const attribute of [/; Path=\/(;|$)/, /; HttpOnly(;|$)/, /; SameSite=Lax(;|$)/]) expect(setCookieHeader(signIn, 'service-session')).toMatch(attribute);
    expect(signIn.cookies.find((c) => c.name === 'service-session')!.maxAge).toBe(ONE_YEAR_S);

    // A rewrite of the cookie (logout of one of two accounts) carries the same Max-Age.
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: both } });
    expect(out.statusCode).toBe(200);
    expect(setCookieHeader(out, 'service-session')).toMatch(new RegExp(`; Max-Age=${ONE_YEAR_S}(;|$)`));
    expect(tokensOf(nextCookie(out))).toEqual([tokensOf(b.cookie)[0]]);
    expect((await me(t, nextCookie(out))).json().user.id).toBe(b.user.id);
  });
});

describe('logout when the current session of the cookie has expired', () => {
  /** A cookie holding [A's token, B's token] in which A's session has expired. */
  async function staleFirstCookie(): Promise<{ a: Registered; b: Registered; cookie: string; bToken: string }> {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const [aToken] = tokensOf(a.cookie);
    const [bToken] = tokensOf(b.cookie);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() })
      .where('token_hash', '=', sha256(aToken))
      .execute();
    // B signed in on a second device too: with all=true that session would go as well.
    await login(t.app, b.user.email, b.password);
    expect(await sessionCount(b.user.id)).toBe(2);
    return { a, b, cookie: `service-session=${aToken}.${bToken}`, bToken };
  }

  it.each([
    ['logout', '/api/auth/logout', 'Logged out'],
    ['logout with all=true', '/api/auth/logout?all=true', 'Logged out of all sessions'],
  ])('%s ends nothing and leaves B signed in; only the stale token leaves the cookie', async (_what, url, message) => {
    const { b, cookie, bToken } = await staleFirstCookie();

    const res = await t.app.inject({ method: 'POST', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message });
    const after = nextCookie(res);
    expect(tokensOf(after)).toEqual([bToken]);

    expect(await sessionCount(b.user.id)).toBe(2);
    const read = await me(t, after);
    expect(read.statusCode).toBe(200);
    expect(read.json().user).toMatchObject({ id: b.user.id, username: b.user.username });
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/accounts', headers: { cookie: after } });
    expect(list.json()).toEqual({ currentUserId: b.user.id, accounts: [expect.objectContaining({ id: b.user.id })] });
  });
});
