import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type Registered, type TestApp } from '../helpers/app.js';
import { login, nextCookie, syncToken } from './support.js';

// The account's own sign-ins as the settings page shows them: GET /api/auth/sessions and
// /api/auth/sync-tokens (Session only), and ending one of each by id (another user's id: 404;
// the session in use: 400 current_session). What is ended stops working at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const del = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url, headers });

async function secondSession(user: Registered): Promise<string> {
  const res = await login(t.app, user.user.email, user.password, { 'user-agent': 'Second browser/1.0' });
  expect(res.statusCode).toBe(200);
  return nextCookie(res);
}

describe('sessions', () => {
  it('lists the sessions in force, the current one marked, with the browser that signed in', async () => {
    const user = await registerUser(t.app);
    const other = await secondSession(user);
    const res = await get('/api/auth/sessions', { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.find((s: { current: boolean }) => !s.current)).toMatchObject({ userAgent: 'Second browser/1.0' });
    for (const s of sessions) expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'lastUsedAt', 'userAgent']);
    // The other browser sees its own as current.
    const seen = (await get('/api/auth/sessions', { cookie: other })).json().sessions;
    expect(seen.find((s: { current: boolean }) => s.current).userAgent).toBe('Second browser/1.0');
  });

  it('ends another session (it stops working); the one in use and others’ sessions are refused', async () => {
    const user = await registerUser(t.app);
    const other = await secondSession(user);
    const { sessions } = (await get('/api/auth/sessions', { cookie: user.cookie })).json();
    const current = sessions.find((s: { current: boolean }) => s.current);
    const elsewhere = sessions.find((s: { current: boolean }) => !s.current);

    const mine = await del(`/api/auth/sessions/${current.id}`, { cookie: user.cookie });
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toMatchObject({ code: 'current_session' });

    const stranger = await registerUser(t.app);
    expect((await del(`/api/auth/sessions/${elsewhere.id}`, { cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await get('/api/user', { cookie: other })).statusCode).toBe(200);

    const ended = await del(`/api/auth/sessions/${elsewhere.id}`, { cookie: user.cookie });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ message: 'Session ended' });
    expect((await get('/api/user', { cookie: other })).statusCode).toBe(401);
    expect((await get('/api/user', { cookie: user.cookie })).statusCode).toBe(200);
    expect((await get('/api/auth/sessions', { cookie: user.cookie })).json().sessions).toHaveLength(1);
    expect((await del(`/api/auth/sessions/${elsewhere.id}`, { cookie: user.cookie })).statusCode).toBe(404);
  });

  it('needs a browser session: a sync token or no credential is 401', async () => {
    const user = await registerUser(t.app);
    const token = (await syncToken(t.app, user.user.email, user.password)).json().token;
    expect((await get('/api/auth/sessions', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await get('/api/auth/sessions', {})).statusCode).toBe(401);
    expect((await get('/api/auth/sync-tokens', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });
});

describe('sync tokens', () => {
  it('lists the tokens (never the secret) and revokes one: it stops working, the other goes on', async () => {
    const user = await registerUser(t.app);
    const first = (await syncToken(t.app, user.user.email, user.password)).json().token as string;
    const second = (await syncToken(t.app, user.user.email, user.password)).json().token as string;
    await get('/api/user', { authorization: `Bearer ${first}` });

    const res = await get('/api/auth/sync-tokens', { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { syncTokens } = res.json();
    expect(syncTokens).toHaveLength(2);
    expect(res.body).not.toContain(first);
    expect(res.body).not.toContain(second);
    for (const s of syncTokens) expect(Object.keys(s).sort()).toEqual(['createdAt', 'id', 'lastUsedAt']);
    const used = syncTokens.filter((s: { lastUsedAt: string | null }) => s.lastUsedAt !== null);
    expect(used).toHaveLength(1);

    const stranger = await registerUser(t.app);
    expect((await del(`/api/auth/sync-tokens/${used[0].id}`, { cookie: stranger.cookie })).statusCode).toBe(404);

    const revoked = await del(`/api/auth/sync-tokens/${used[0].id}`, { cookie: user.cookie });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await get('/api/user', { authorization: `Bearer ${first}` })).statusCode).toBe(401);
    expect((await get('/api/user', { authorization: `Bearer ${second}` })).statusCode).toBe(200);
    expect((await get('/api/auth/sync-tokens', { cookie: user.cookie })).json().syncTokens).toHaveLength(1);
  });

  it('refuses a cross-site revocation (the Origin check of cookie writes)', async () => {
    const user = await registerUser(t.app);
    await syncToken(t.app, user.user.email, user.password);
    const [token] = (await get('/api/auth/sync-tokens', { cookie: user.cookie })).json().syncTokens;
    const res = await del(`/api/auth/sync-tokens/${token.id}`, { cookie: user.cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await get('/api/auth/sync-tokens', { cookie: user.cookie })).json().syncTokens).toHaveLength(1);
  });
});

describe('POST /api/user/password', () => {
  const change = (cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/user/password', headers: { cookie, ...headers }, payload: payload as object });

  it('changes the password with the current one; every other session and sync token ends, this one stays', async () => {
    const user = await registerUser(t.app);
    const other = await secondSession(user);
    const token = (await syncToken(t.app, user.user.email, user.password)).json().token;
    const res = await change(user.cookie, { currentPassword: user.password, newPassword: 'a new long passphrase' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Password changed/);
    expect((await get('/api/user', { cookie: user.cookie })).statusCode).toBe(200);
    expect((await get('/api/user', { cookie: other })).statusCode).toBe(401);
    expect((await get('/api/user', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await login(t.app, user.user.email, user.password)).statusCode).toBe(400);
    expect((await login(t.app, user.user.email, 'a new long passphrase')).statusCode).toBe(200);
  });

  it('refuses a wrong current password (403 invalid_password), a short new one (400), a sync token (401), a cross-site write (403)', async () => {
    const user = await registerUser(t.app);
    const wrong = await change(user.cookie, { currentPassword: 'not it at all', newPassword: 'a new long passphrase' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'invalid_password' });
    expect((await change(user.cookie, { currentPassword: user.password, newPassword: 'short' })).statusCode).toBe(400);
    expect((await change(user.cookie, { currentPassword: user.password })).statusCode).toBe(400);
    expect((await change(user.cookie, { currentPassword: user.password, newPassword: 'a new long passphrase' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const token = (await syncToken(t.app, user.user.email, user.password)).json().token;
    const bearer = await t.app.inject({ method: 'POST', url: '/api/user/password', headers: { authorization: `Bearer ${token}` }, payload: { currentPassword: user.password, newPassword: 'a new long passphrase' } });
    expect(bearer.statusCode).toBe(401);
    expect((await login(t.app, user.user.email, user.password)).statusCode).toBe(200);
  });
});
