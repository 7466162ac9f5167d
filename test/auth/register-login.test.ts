import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PasswordHasher } from '../../src/lib/crypto.js';
import { createTestApp, registerUser, sessionCookie, setUserFields, uniqueName, type TestApp } from '../helpers/app.js';
import { accounts, countRows, HEX64, login, PASSWORD, setCookieHeader, sha256, tokensOf, USER_FIELDS, userRow } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function newAccount(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('reg');
  return { email: `${username}@example.com`, username, password: PASSWORD, displayName: `Reg ${username}`, ...overrides };
}

describe('POST /api/auth/register', () => {
  it('creates a probation account, answers 201 { message, user } and sets the session cookie', async () => {
    const input = newAccount();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'user']);
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.user).sort()).toEqual(USER_FIELDS);
    expect(body.user).toMatchObject({
      email: input.email,
      username: input.username,
      displayName: input.displayName,
      avatar: null,
      bio: null,
      theme: null,
      emailVerified: false,
    });
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);

    const row = await userRow(t.db, body.user.id);
    expect(row.account_status).toBe('probation');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,p=\d+,t=\d+\$[^$]+\$[^$]+$/);
    expect(row.password_hash).not.toContain(PASSWORD);

    // The cookie holds one 64-hex token; only its hash is stored.
    const [token] = tokensOf(sessionCookie(res));
    expect(token).toMatch(HEX64);
    const sessions = await t.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', body.user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).toBe(sha256(token));
    expect(await t.db.kysely.selectFrom('sessions').select('id').where('token_hash', '=', token).execute()).toHaveLength(0);

    const me = await accounts(t.app, sessionCookie(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().currentUserId).toBe(body.user.id);
  });

  it('session cookie is HttpOnly, SameSite=Lax, Path=/, not Secure over plain http, and lasts 30 days', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: newAccount() });
    const header = setCookieHeader(res, 'service-session');
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; Max-Age=31536000/); // one year, the session's cap: the server decides validity
    expect(header).not.toMatch(/; Secure/);
  });

  it('sends the verification e-mail with the exact link form, and logs it', async () => {
    const input = newAccount();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
    expect(res.statusCode).toBe(201);
    const mails = t.smtp.to(input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[0-9a-f]{64}(\s|$)/);
    const token = t.smtp.tokenFrom(input.email, '/verify-email');
    const stored = await t.db.kysely.selectFrom('email_tokens').selectAll().where('user_id', '=', res.json().user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: 'verify_email', token_hash: sha256(token), used_at: null });
    const logs = await t.db.kysely.selectFrom('email_logs').selectAll().where('recipient', '=', input.email).execute();
    expect(logs).toEqual([expect.objectContaining({ email_type: 'verification', status: 'sent', error: null })]);
  });

  it('a taken e-mail (any case) is 400 email_taken and creates nothing', async () => {
    const first = newAccount();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: first });
    const before = await countRows(t.db, 'users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount({ email: first.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'email_taken' });
    expect(res.cookies).toHaveLength(0);
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('a taken username (any case) is 400 username_taken', async () => {
    const first = newAccount();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: first });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount({ username: first.username.toUpperCase() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'username_taken' });
  });

  it.each([
    ['a 7-character password', { password: 'short77' }],
    ['a password over 1024 characters', { password: 'x'.repeat(1025) }],
    ['an invalid e-mail', { email: 'not-an-email' }],
    ['an invalid username', { username: 'has space' }],
    ['a too-short username', { username: 'ab' }],
    ['a blank display name', { displayName: '   ' }],
    ['a missing display name', { displayName: undefined }],
    ['a numeric password', { password: 12345678 }],
  ])('%s is 400 and creates nothing', async (_what, overrides) => {
    const before = await countRows(t.db, 'users');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: newAccount(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'bad_request', errors: expect.arrayContaining([expect.any(String)]) });
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('accepts an 8-character password (the minimum)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: newAccount({ password: 'eight888' }) });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  it('answers 200 { message, user } and sets a new session cookie', async () => {
    const reg = await registerUser(t.app);
    const res = await login(t.app, reg.user.email.toUpperCase(), reg.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(USER_FIELDS);
    expect(body.user.id).toBe(reg.user.id);
    const cookie = sessionCookie(res);
    expect(tokensOf(cookie)).toHaveLength(1);
    expect(tokensOf(cookie)[0]).not.toBe(tokensOf(reg.cookie)[0]);
    const header = setCookieHeader(res, 'service-session');
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    // Registration's session and this login's: two sessions, two devices.
    const n = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', reg.user.id).execute();
    expect(n).toHaveLength(2);
    expect((await accounts(t.app, cookie)).json().currentUserId).toBe(reg.user.id);
  });

  it('a wrong password and an unknown e-mail give the same neutral 400', async () => {
    const reg = await registerUser(t.app);
    const wrong = await login(t.app, reg.user.email, 'wrong password!');
    const unknown = await login(t.app, `${uniqueName('nobody')}@example.com`, 'wrong password!');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('an unknown e-mail still spends a password verification (no timing oracle)', async () => {
    const spy = vi.spyOn(t.app.ctx.passwords, 'verify');
    try {
      const res = await login(t.app, `${uniqueName('ghost')}@example.com`, 'whatever pass');
      expect(res.statusCode).toBe(400);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0][0]).toMatch(/^\$argon2id\$/);
    } finally {
      spy.mockRestore();
    }
  });

  it('a banned account cannot log in (403 account_banned), but a wrong password does not reveal the ban', async () => {
    const reg = await registerUser(t.app);
    await setUserFields(t.db, reg.user.id, { account_status: 'banned' });
    const res = await login(t.app, reg.user.email, reg.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'account_banned' });
    expect(res.cookies).toHaveLength(0);
    const wrong = await login(t.app, reg.user.email, 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it.each(['restricted', 'suspended', 'probation', 'active'])('a %s account can log in (reads stay open)', async (status) => {
    const reg = await registerUser(t.app);
    await setUserFields(t.db, reg.user.id, { account_status: status });
    expect((await login(t.app, reg.user.email, reg.password)).statusCode).toBe(200);
  });

  it('upgrades a password hash made with other parameters on successful login', async () => {
    const reg = await registerUser(t.app);
    const old = await new PasswordHasher({ memoryCost: 2048, timeCost: 1, parallelism: 1 }).hash(reg.password);
    await setUserFields(t.db, reg.user.id, { password_hash: old });
    const res = await login(t.app, reg.user.email, reg.password);
    expect(res.statusCode).toBe(200);
    const row = await userRow(t.db, reg.user.id);
    expect(row.password_hash).not.toBe(old);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect((await login(t.app, reg.user.email, reg.password)).statusCode).toBe(200);
  });

  it('an account without a password (external sign-in only) cannot log in with any password', async () => {
    const reg = await registerUser(t.app);
    await setUserFields(t.db, reg.user.id, { password_hash: null });
    const res = await login(t.app, reg.user.email, reg.password);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_credentials');
  });
});

describe('ACCOUNT_STATUS_ENFORCEMENT=false', () => {
  it('a banned account logs in normally: no account-status code appears', async () => {
    const off = await createTestApp({ smtp: false, env: { ACCOUNT_STATUS_ENFORCEMENT: 'false' } });
    try {
      const reg = await registerUser(off.app);
      await setUserFields(off.db, reg.user.id, { account_status: 'banned' });
      const res = await login(off.app, reg.user.email, reg.password);
      expect(res.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
