import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueEmailToken } from '../../src/runtime/email-tokens.js';
import { createTestApp, registerUser, sessionCookie, setUserFields, uniqueName, type TestApp } from '../helpers/app.js';
import { accounts, HEX64, login, sha256, syncToken, userRow } from './support.js';

let t: TestApp;
beforeAll(async () => {
  // Each reset request comes from its own address, so the per-address limit stays out of the way
  // (rate-limit.test.ts covers it).
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'a brand new secret';

let client = 0;
function forgot(email: string) {
  client += 1;
  const headers = { 'x-forwarded-for': `198.51.100.${client}` };
  return t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers });
}
function reset(token: string, password = NEW_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset link of the exact form and answers the neutral message', async () => {
    const a = await registerUser(t.app);
    const res = await forgot(a.user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['message']);
    const mails = t.smtp.to(a.user.email).filter((m) => /reset-password/.test(m.text));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[0-9a-f]{64}(\s|$)/);
    const token = t.smtp.tokenFrom(a.user.email, '/reset-password');
    expect(token).toMatch(HEX64);
    const rows = await t.db.kysely
      .selectFrom('email_tokens')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .where('purpose', '=', 'reset_password')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const log = await t.db.kysely.selectFrom('email_logs').selectAll().where('user_id', '=', a.user.id).where('email_type', '=', 'password_reset').execute();
    expect(log).toEqual([expect.objectContaining({ status: 'sent', recipient: a.user.email })]);
  });

  it('an unknown e-mail gets the same answer, and nothing is mailed or stored', async () => {
    const a = await registerUser(t.app);
    const known = await forgot(a.user.email);
    const email = `${uniqueName('nobody')}@example.com`;
    const mailsBefore = t.smtp.mails.length;
    const tokensBefore = await t.db.kysely.selectFrom('email_tokens').select('id').execute();
    const unknown = await forgot(email);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(t.smtp.mails.length).toBe(mailsBefore);
    expect(await t.db.kysely.selectFrom('email_tokens').select('id').execute()).toHaveLength(tokensBefore.length);
  });

  it('a banned account gets the neutral answer but no mail', async () => {
    const a = await registerUser(t.app);
    await setUserFields(t.db, a.user.id, { account_status: 'banned' });
    const res = await forgot(a.user.email);
    expect(res.statusCode).toBe(200);
    expect(t.smtp.to(a.user.email).filter((m) => /reset-password/.test(m.text))).toHaveLength(0);
  });

  it.each([
    ['a missing e-mail', {}],
    ['a numeric e-mail', { email: 5 }],
    ['an over-long e-mail', { email: `${'x'.repeat(300)}@example.com` }],
    ['an unknown field', { email: 'a@example.com', redirect: 'https://evil.example' }],
  ])('%s is 400', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'bad_request', errors: expect.arrayContaining([expect.any(String)]) });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password and ends every session and sync token of the user', async () => {
    const a = await registerUser(t.app);
    const device2 = sessionCookie(await login(t.app, a.user.email, a.password));
    const bearer = (await syncToken(t.app, a.user.email, a.password)).json().token;
    const other = await registerUser(t.app);
    await forgot(a.user.email);
    const token = t.smtp.tokenFrom(a.user.email, '/reset-password');

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });

    expect((await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', a.user.id).execute())).toHaveLength(0);
    expect((await t.db.kysely.selectFrom('sync_tokens').select('id').where('user_id', '=', a.user.id).execute())).toHaveLength(0);
    expect((await accounts(t.app, a.cookie)).statusCode).toBe(401);
    expect((await accounts(t.app, device2)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${bearer}` } })).statusCode).toBe(401);
    // Another user's session is untouched.
    expect((await accounts(t.app, other.cookie)).statusCode).toBe(200);

    expect((await login(t.app, a.user.email, a.password)).statusCode).toBe(400);
    expect((await login(t.app, a.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await userRow(t.db, a.user.id)).password_hash).toMatch(/^\$argon2id\$/);
  });

  it('a token works once', async () => {
    const a = await registerUser(t.app);
    await forgot(a.user.email);
    const token = t.smtp.tokenFrom(a.user.email, '/reset-password');
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: expect.any(String), code: 'invalid_token' });
    expect((await login(t.app, a.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a token expires after one hour', async () => {
    const a = await registerUser(t.app);
    await forgot(a.user.email);
    const token = t.smtp.tokenFrom(a.user.email, '/reset-password');
    const hash = (await userRow(t.db, a.user.id)).password_hash;
    t.clock.advance(3600_000 + 1000);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
    expect((await userRow(t.db, a.user.id)).password_hash).toBe(hash);
  });

  it('a token is still good just before the hour is up', async () => {
    const a = await registerUser(t.app);
    await forgot(a.user.email);
    const token = t.smtp.tokenFrom(a.user.email, '/reset-password');
    t.clock.advance(3600_000 - 60_000);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('a newer reset request makes the older link stop working', async () => {
    const a = await registerUser(t.app);
    await forgot(a.user.email);
    const older = t.smtp.tokenFrom(a.user.email, '/reset-password');
    await forgot(a.user.email);
    const newer = t.smtp.tokenFrom(a.user.email, '/reset-password');
    expect(newer).not.toBe(older);
    expect((await reset(older)).statusCode).toBe(400);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('a too-short password is 400 and leaves the token usable', async () => {
    const a = await registerUser(t.app);
    await forgot(a.user.email);
    const token = t.smtp.tokenFrom(a.user.email, '/reset-password');
    const res = await reset(token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('unknown tokens and tokens of another purpose are 400 invalid_token', async () => {
    const a = await registerUser(t.app);
    const verifyToken = t.smtp.tokenFrom(a.user.email, '/verify-email');
    const changeToken = await issueEmailToken(t.app.ctx, a.user.id, 'email_change', `${uniqueName('n')}@example.com`);
    for (const token of ['0'.repeat(64), 'not-a-token', verifyToken, changeToken]) {
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'invalid_token' });
    }
    expect((await login(t.app, a.user.email, a.password)).statusCode).toBe(200);
  });

  it.each([
    ['a missing token', { password: NEW_PASSWORD }],
    ['a numeric token', { token: 123, password: NEW_PASSWORD }],
    ['a huge token', { token: 'a'.repeat(10_000), password: NEW_PASSWORD }],
    ['an unknown field', { token: 'a'.repeat(64), password: NEW_PASSWORD, userId: 'x' }],
  ])('%s is 400 bad_request', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'bad_request', errors: expect.arrayContaining([expect.any(String)]) });
  });
});
