import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueEmailToken } from '../../src/runtime/email-tokens.js';
import { createTestApp, registerUser, setUserFields, uniqueName, type TestApp } from '../helpers/app.js';
import { login, sha256, syncToken, userRow } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function verify(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
}
function verifyChange(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/verify-email-change', payload: { token } });
}
function resend(headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers });
}

describe('POST /api/auth/verify-email', () => {
  it('verifies the address and moves an ordinary probation account to active; no score is exposed', async () => {
    // A plain name and a verification a while after sign-up: no spam signal.
    const a = await registerUser(t.app, { username: `plain_${uniqueName('v').replace(/\d/g, '')}`, displayName: 'Plain Person' });
    t.clock.advance(10 * 60_000);
    const res = await verify(t.smtp.tokenFrom(a.user.email, '/verify-email'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const row = await userRow(t.db, a.user.id);
    expect(row.account_status).toBe('active');
    expect(Number(row.email_verified)).toBe(1);
    expect(row.spam_score).toBe(0);
    const me = await login(t.app, a.user.email, a.password);
    expect(me.json().user.emailVerified).toBe(true);
  });

  it('a spam-looking account (disposable domain, link in the name) goes to restricted', async () => {
    const username = uniqueName('spam');
    const a = await registerUser(t.app, {
      username,
      email: `${username}@mailinator.com`,
      displayName: 'Cheap pills https://spam.example',
    });
    const res = await verify(t.smtp.tokenFrom(a.user.email, '/verify-email'));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['message']);
    const row = await userRow(t.db, a.user.id);
    expect(row.account_status).toBe('restricted');
    expect(Number(row.email_verified)).toBe(1);
    expect(row.spam_score).toBeGreaterThan(0);
  });

  it.each(['active', 'suspended', 'banned', 'restricted'])('an account in %s keeps its status', async (status) => {
    const a = await registerUser(t.app);
    await setUserFields(t.db, a.user.id, { account_status: status });
    const res = await verify(t.smtp.tokenFrom(a.user.email, '/verify-email'));
    expect(res.statusCode).toBe(200);
    const row = await userRow(t.db, a.user.id);
    expect(row.account_status).toBe(status);
    expect(Number(row.email_verified)).toBe(1);
  });

  it('a token works once', async () => {
    const a = await registerUser(t.app);
    const token = t.smtp.tokenFrom(a.user.email, '/verify-email');
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: expect.any(String), code: 'invalid_token' });
  });

  it('a token expires after 48 hours and changes nothing', async () => {
    const a = await registerUser(t.app);
    const token = t.smtp.tokenFrom(a.user.email, '/verify-email');
    t.clock.advance(48 * 3600_000 + 1000);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
    const row = await userRow(t.db, a.user.id);
    expect(row.account_status).toBe('probation');
    expect(Number(row.email_verified)).toBe(0);
    expect(row.spam_score).toBeNull();
  });

  it('unknown tokens and tokens of another purpose are 400 invalid_token', async () => {
    const a = await registerUser(t.app);
    const change = await issueEmailToken(t.app.ctx, a.user.id, 'email_change', `${uniqueName('n')}@example.com`);
    for (const token of ['f'.repeat(64), 'x', change]) {
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_token');
    }
    expect((await userRow(t.db, a.user.id)).account_status).toBe('probation');
  });

  it.each([
    ['a missing token', {}],
    ['a numeric token', { token: 7 }],
    ['a huge token', { token: 'a'.repeat(100_000) }],
    ['an unknown field', { token: 'abc', userId: 'x' }],
  ])('%s is 400 bad_request', async (_what, payload) => {
    for (const url of ['/api/auth/verify-email', '/api/auth/verify-email-change']) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'bad_request', errors: expect.arrayContaining([expect.any(String)]) });
    }
  });
});

describe('POST /api/auth/verify-email-change', () => {
  it('moves the account to the new address and marks it verified', async () => {
    const a = await registerUser(t.app);
    const newEmail = `${uniqueName('moved')}@example.com`;
    const token = await issueEmailToken(t.app.ctx, a.user.id, 'email_change', newEmail);
    const res = await verifyChange(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const row = await userRow(t.db, a.user.id);
    expect(row.email).toBe(newEmail);
    expect(Number(row.email_verified)).toBe(1);
    expect((await login(t.app, newEmail, a.password)).statusCode).toBe(200);
    expect((await login(t.app, a.user.email, a.password)).statusCode).toBe(400);
    // Used once only.
    expect((await verifyChange(token)).json().code).toBe('invalid_token');
  });

  it('is 400 email_taken when the address was taken meanwhile, and changes nothing', async () => {
    const a = await registerUser(t.app);
    const newEmail = `${uniqueName('race')}@example.com`;
    const token = await issueEmailToken(t.app.ctx, a.user.id, 'email_change', newEmail);
    await registerUser(t.app, { email: newEmail });
    const res = await verifyChange(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'email_taken' });
    expect((await userRow(t.db, a.user.id)).email).toBe(a.user.email);
    const stored = await t.db.kysely.selectFrom('email_tokens').select('used_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(stored.used_at).toBeNull();
  });

  it('unknown, expired and other-purpose tokens are 400 invalid_token', async () => {
    const a = await registerUser(t.app);
    const verifyToken = t.smtp.tokenFrom(a.user.email, '/verify-email');
    const expired = await issueEmailToken(t.app.ctx, a.user.id, 'email_change', `${uniqueName('late')}@example.com`);
    t.clock.advance(24 * 3600_000 + 1000);
    for (const token of ['e'.repeat(64), verifyToken, expired]) {
      const res = await verifyChange(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_token');
    }
    expect((await userRow(t.db, a.user.id)).email).toBe(a.user.email);
  });
});

describe('POST /api/auth/send-verification-email', () => {
  it('mails a fresh link; the earlier link stops working', async () => {
    const a = await registerUser(t.app);
    const first = t.smtp.tokenFrom(a.user.email, '/verify-email');
    const res = await resend({ cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const mails = t.smtp.to(a.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[0-9a-f]{64}(\s|$)/);
    const second = t.smtp.tokenFrom(a.user.email, '/verify-email');
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('an already verified account is 400 already_verified and gets no mail', async () => {
    const a = await registerUser(t.app);
    await verify(t.smtp.tokenFrom(a.user.email, '/verify-email'));
    const res = await resend({ cookie: a.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'already_verified' });
    expect(t.smtp.to(a.user.email)).toHaveLength(1);
  });

  it('401 without a session, and with only a Bearer token', async () => {
    const a = await registerUser(t.app);
    expect((await resend({})).statusCode).toBe(401);
    const token = (await syncToken(t.app, a.user.email, a.password)).json().token;
    const res = await resend({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    expect(t.smtp.to(a.user.email)).toHaveLength(1);
  });

  it('a read-only (suspended) account is refused with 403 account_suspended', async () => {
    const a = await registerUser(t.app);
    await setUserFields(t.db, a.user.id, { account_status: 'suspended' });
    const res = await resend({ cookie: a.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_suspended');
  });

  it('a foreign Origin is refused with 403 and sends nothing', async () => {
    const a = await registerUser(t.app);
    const res = await resend({ cookie: a.cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('origin_mismatch');
    expect(t.smtp.to(a.user.email)).toHaveLength(1);
  });
});
