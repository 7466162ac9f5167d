import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, setUserFields, uniqueName, type TestApp } from '../helpers/app.js';
import { HEX64, sha256, syncToken } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/auth/sync-token', () => {
  it('answers 200 { token, message } with a 64-hex token stored only as its hash, and sets no cookie', async () => {
    const a = await registerUser(t.app);
    const res = await syncToken(t.app, a.user.email, a.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'token']);
    expect(body.token).toMatch(HEX64);
    expect(res.headers['set-cookie']).toBeUndefined();
    const rows = await t.db.kysely.selectFrom('sync_tokens').selectAll().where('user_id', '=', a.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(body.token));
    expect(JSON.stringify(rows)).not.toContain(body.token);
  });

  it('each request issues a new, independent token', async () => {
    const a = await registerUser(t.app);
    const first = (await syncToken(t.app, a.user.email, a.password)).json().token;
    const second = (await syncToken(t.app, a.user.email, a.password)).json().token;
    expect(first).not.toBe(second);
    for (const token of [first, second]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    }
  });

  it('the token is accepted as Bearer on an Either endpoint (GET /api/user)', async () => {
    const a = await registerUser(t.app);
    const { token } = (await syncToken(t.app, a.user.email, a.password)).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(a.user.id);
  });

  it.each([
    ['GET', '/api/auth/accounts', undefined],
    ['POST', '/api/auth/switch', 'userId'],
    ['POST', '/api/auth/remove-account', 'userId'],
    ['POST', '/api/auth/send-verification-email', undefined],
    ['GET', '/api/auth/networkC/status', undefined],
    ['GET', '/api/auth/networkD/status', undefined],
    ['GET', '/api/auth/networkC/org-authorize', undefined],
  ] as const)('the token is refused with 401 on the Session-only %s %s', async (method, url, field) => {
    const a = await registerUser(t.app);
    const { token } = (await syncToken(t.app, a.user.email, a.password)).json();
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(field ? { payload: { [field]: a.user.id } } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'session_required' });
  });

  it('an unknown or malformed Bearer token is 401 on an Either endpoint', async () => {
    for (const token of ['ab'.repeat(32), 'not-hex']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('wrong credentials are the neutral 400 and issue nothing', async () => {
    const a = await registerUser(t.app);
    for (const [email, password] of [
      [a.user.email, 'wrong password'],
      [`${uniqueName('nobody')}@example.com`, a.password],
    ]) {
      const res = await syncToken(t.app, email, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    }
    const rows = await t.db.kysely.selectFrom('sync_tokens').select('id').where('user_id', '=', a.user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('a banned account gets 403 account_banned and no token', async () => {
    const a = await registerUser(t.app);
    await setUserFields(t.db, a.user.id, { account_status: 'banned' });
    const res = await syncToken(t.app, a.user.email, a.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_banned');
    const rows = await t.db.kysely.selectFrom('sync_tokens').select('id').where('user_id', '=', a.user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['a missing password', { email: 'a@example.com' }],
    ['a non-string e-mail', { email: 42, password: 'whatever1' }],
    ['an unknown field', { email: 'a@example.com', password: 'whatever1', device: 'cli' }],
    ['a huge password', { email: 'a@example.com', password: 'x'.repeat(5000) }],
  ])('%s is 400', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sync-token', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'bad_request', errors: expect.arrayContaining([expect.any(String)]) });
  });
});
