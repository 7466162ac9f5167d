import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { uniqueName } from '../helpers/app.js';
import {
  ADMIN,
  ADMIN_USER_FIELDS,
  countRows,
  createAdminApp,
  isAdminRow,
  login,
  makeUser,
  syncToken,
  systemRole,
  userRow,
  type AdminTestApp,
} from './helpers.js';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminApp();
});
afterAll(async () => t.close());

const as = (cookie = t.admin.cookie) => ({ cookie });

function newUserBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('n');
  return { email: `${username}@example.com`, username, password: 'new user pass 1', displayName: `New ${username}`, ...overrides };
}

const create = (payload: unknown, headers = as()) =>
  t.app.inject({ method: 'POST', url: '/api/admin/users', headers, payload: payload as object });
const update = (id: string, payload: unknown, headers = as()) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers, payload: payload as object });

describe('POST /api/admin/users', () => {
  it('creates an unverified user in probation, member of the system org, and mails the verification link', async () => {
    const body = newUserBody({ email: 'Mixed.Case@Example.com', bio: 'hello', avatar: null });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    const { user } = res.json();
    expect(Object.keys(res.json())).toEqual(['user']);
    expect(Object.keys(user).sort()).toEqual(ADMIN_USER_FIELDS);
    expect(user).toMatchObject({
      email: 'mixed.case@example.com',
      username: body.username,
      displayName: body.displayName,
      bio: 'hello',
      avatar: null,
      emailVerified: false,
      cleared: false,
      accountStatus: 'probation',
      customerStatus: 'free',
      isAdministrator: false,
    });
    expect(res.body).not.toMatch(/argon2|password/i);

    const row = (await userRow(t, user.id))!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await systemRole(t, user.id)).toBe('member');
    expect(await isAdminRow(t, user.id)).toBe(false);

    const mails = t.smtp.to('mixed.case@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${t.config.publicUrl}/verify-email?token=`);
    const token = t.smtp.tokenFrom('mixed.case@example.com', '/verify-email');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const log = await t.db.kysely.selectFrom('email_logs').selectAll().where('user_id', '=', user.id).execute();
    expect(log.map((l) => [l.email_type, l.status])).toEqual([['verification', 'sent']]);

    // The password was stored usably: the new user can sign in with it.
    await login(t.app, body.email, body.password);
  });

  it('a pre-verified user is active and cleared and gets no mail; optional fields are kept', async () => {
    const body = newUserBody({ emailVerified: true, customerStatus: 'subscriber:annual', avatar: 'https://example.com/a.png' });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({
      emailVerified: true,
      cleared: true,
      accountStatus: 'active',
      customerStatus: 'subscriber:annual',
      avatar: 'https://example.com/a.png',
      bio: null,
    });
    expect(t.smtp.to(body.email)).toHaveLength(0);
  });

  it('displayName defaults to the username', async () => {
    const { displayName: _omit, ...body } = newUserBody();
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.displayName).toBe(body.username);
  });

  it('isAdministrator promotes: Administrator record and owner of the system org, and the gate lets them in', async () => {
    const body = newUserBody({ isAdministrator: true, emailVerified: true });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user.isAdministrator).toBe(true);
    expect(await isAdminRow(t, user.id)).toBe(true);
    expect(await systemRole(t, user.id)).toBe('owner');
    const cookie = await login(t.app, body.email, body.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
  });

  it('400 when email, username or password is missing, or the password is under 8 characters', async () => {
    for (const field of ['email', 'username', 'password']) {
      const body: Record<string, unknown> = newUserBody();
      delete body[field];
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error, field).toContain(field);
    }
    const short = await create(newUserBody({ password: '1234567' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: expect.stringContaining('password'), code: expect.any(String) });
  });

  it('400 for invalid values, wrong types, unknown fields and huge strings; nothing is created', async () => {
    const before = Number((await t.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const bad = [
      newUserBody({ email: 'not-an-email' }),
      newUserBody({ username: 'has space' }),
      newUserBody({ customerStatus: 'gold' }),
      newUserBody({ emailVerified: 'yes' }),
      newUserBody({ isAdministrator: 1 }),
      newUserBody({ password: 12345678 }),
      newUserBody({ accountStatus: 'active' }), // not a create field
      newUserBody({ role: 'admin' }),
      newUserBody({ displayName: 'x'.repeat(101) }),
      newUserBody({ displayName: '   ' }),
      newUserBody({ bio: 'x'.repeat(100_000) }),
      newUserBody({ password: 'p'.repeat(5000) }),
      newUserBody({ email: `${'a'.repeat(300)}@example.com` }),
    ];
    for (const body of bad) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { ...as(), 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    const array = await create([newUserBody()]);
    expect(array.statusCode).toBe(400);
    const after = Number((await t.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });

  it('409 when the email (any case) or the username (any case) is in use', async () => {
    const first = newUserBody();
    expect((await create(first)).statusCode).toBe(201);
    const sameEmail = await create(newUserBody({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ error: expect.any(String), code: 'email_taken' });
    const sameUsername = await create(newUserBody({ username: first.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().code).toBe('username_taken');
  });

  it('401 without credentials and 403 for a non-administrator; nothing is created', async () => {
    const body = newUserBody();
    expect((await create(body, {} as { cookie: string })).statusCode).toBe(401);
    const plain = await makeUser(t);
    const res = await create(body, as(plain.cookie));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
    expect(await t.db.kysely.selectFrom('users').select('id').where('username_key', '=', body.username.toLowerCase()).executeTakeFirst()).toBeUndefined();
  });
});

describe('PUT /api/admin/users/{userId}', () => {
  it('validates profile fields as the own-profile edit does (avatar an http(s) URL, bio at most 500)', async () => {
    const u = await makeUser(t);
    for (const payload of [{ avatar: 'javascript:alert(1)' }, { bio: 'x'.repeat(501) }, { displayName: '   ' }]) {
      const res = await update(u.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
    const row = await t.db.kysely.selectFrom('users').select(['avatar', 'bio']).where('id', '=', u.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ avatar: null, bio: null });
  });

  it('updates any subset of fields and returns the administrator view', async () => {
    const u = await makeUser(t);
    const username = uniqueName('renamed');
    const res = await update(u.user.id, {
      email: `${username}@Example.org`,
      username,
      displayName: 'Renamed Person',
      bio: 'new bio',
      avatar: 'https://example.com/x.png',
      emailVerified: true,
      customerStatus: 'subscriber',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['user']);
    expect(res.json().user).toMatchObject({
      id: u.user.id,
      email: `${username}@example.org`,
      username,
      displayName: 'Renamed Person',
      bio: 'new bio',
      avatar: 'https://example.com/x.png',
      emailVerified: true,
      customerStatus: 'subscriber',
      accountStatus: 'probation',
      isAdministrator: false,
    });
    const row = (await userRow(t, u.user.id))!;
    expect(row.username_key).toBe(username.toLowerCase());
    expect(row.updated_at >= row.created_at).toBe(true);

    // Null clears the nullable fields; fields not sent are kept.
    const cleared = await update(u.user.id, { bio: null, avatar: null });
    expect(cleared.json().user).toMatchObject({ bio: null, avatar: null, displayName: 'Renamed Person' });
  });

  it('409 on a taken email or username, and keeping your own values is fine', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const email = await update(b.user.id, { email: a.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json().code).toBe('email_taken');
    const username = await update(b.user.id, { username: a.user.username.toUpperCase() });
    expect(username.statusCode).toBe(409);
    expect(username.json().code).toBe('username_taken');
    expect((await userRow(t, b.user.id))!.email).toBe(b.email);
    const same = await update(b.user.id, { email: b.email, username: b.user.username });
    expect(same.statusCode).toBe(200);
  });

  it('404 for an unknown user', async () => {
    const res = await update(newId(), { displayName: 'Ghost' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: 'user_not_found' });
  });

  it('400 for an empty body, an invalid accountStatus, wrong types and unknown fields', async () => {
    const u = await makeUser(t);
    for (const body of [
      {},
      { accountStatus: 'frozen' },
      { accountStatus: 'ACTIVE' },
      { cleared: 'true' },
      { isAdministrator: null },
      { emailVerified: 0 },
      { password: 'new password 1' },
      { id: 'x' },
      { displayName: 'x'.repeat(5000) },
      { username: 'a' },
    ]) {
      const res = await update(u.user.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await userRow(t, u.user.id))!.account_status).toBe('probation');
  });

  it('400 when the caller changes their own accountStatus; sending the same value is harmless', async () => {
    const res = await update(t.admin.id, { accountStatus: 'suspended' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('own_account_status');
    expect((await userRow(t, t.admin.id))!.account_status).toBe('active');
    const same = await update(t.admin.id, { accountStatus: 'active', displayName: 'Root' });
    expect(same.statusCode).toBe(200);
    expect(same.json().user.displayName).toBe('Root');
  });

  it('setting active also sets cleared, unless cleared is sent in the same request', async () => {
    const u = await makeUser(t);
    const res = await update(u.user.id, { accountStatus: 'active' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ accountStatus: 'active', cleared: true });

    const v = await makeUser(t);
    const explicit = await update(v.user.id, { accountStatus: 'active', cleared: false });
    expect(explicit.json().user).toMatchObject({ accountStatus: 'active', cleared: false });
    expect((await userRow(t, v.user.id))!.account_status).toBe('active');

    const w = await makeUser(t);
    const restricted = await update(w.user.id, { accountStatus: 'restricted' });
    expect(restricted.json().user).toMatchObject({ accountStatus: 'restricted', cleared: false });
  });

  it('an accountStatus change mails the user (account_status); an unchanged status does not', async () => {
    const u = await makeUser(t);
    expect((await update(u.user.id, { accountStatus: 'suspended' })).statusCode).toBe(200);
    const mails = t.smtp.to(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('suspended');
    const logs = await t.db.kysely.selectFrom('email_logs').selectAll().where('user_id', '=', u.user.id).execute();
    expect(logs.map((l) => [l.email_type, l.status, l.recipient])).toEqual([['account_status', 'sent', u.email]]);

    expect((await update(u.user.id, { accountStatus: 'suspended' })).statusCode).toBe(200);
    expect((await update(u.user.id, { displayName: 'No Status Change' })).statusCode).toBe(200);
    expect(t.smtp.to(u.email)).toHaveLength(1);
  });

  it('banning deletes the user’s sessions and sync tokens; the user is logged out', async () => {
    const u = await makeUser(t);
    const bearer = await syncToken(t.app, u.email, u.password);
    expect(await countRows(t, 'sessions', u.user.id)).toBe(1);
    expect(await countRows(t, 'sync_tokens', u.user.id)).toBe(1);
    const other = await makeUser(t);

    const res = await update(u.user.id, { accountStatus: 'banned' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.accountStatus).toBe('banned');
    expect(await countRows(t, 'sessions', u.user.id)).toBe(0);
    expect(await countRows(t, 'sync_tokens', u.user.id)).toBe(0);
    expect(await countRows(t, 'sessions', other.user.id)).toBe(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: bearer } });
    expect(me.statusCode).toBe(401);
    expect(t.smtp.to(u.email).at(-1)!.text).toContain('banned');
  });

  it('promotion and demotion update the Administrator table and the system-org role', async () => {
    const u = await makeUser(t);
    const promoted = await update(u.user.id, { isAdministrator: true });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user.isAdministrator).toBe(true);
    expect(await isAdminRow(t, u.user.id)).toBe(true);
    expect(await systemRole(t, u.user.id)).toBe('owner');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: as(u.cookie) })).statusCode).toBe(200);

    const demoted = await update(u.user.id, { isAdministrator: false });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().user.isAdministrator).toBe(false);
    expect(await isAdminRow(t, u.user.id)).toBe(false);
    expect(await systemRole(t, u.user.id)).toBe('member');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: as(u.cookie) })).statusCode).toBe(403);
  });

  it('401 without credentials and 403 for a non-administrator', async () => {
    const u = await makeUser(t);
    expect((await update(u.user.id, { displayName: 'x' }, {} as { cookie: string })).statusCode).toBe(401);
    const res = await update(u.user.id, { isAdministrator: true }, as(u.cookie));
    expect(res.statusCode).toBe(403);
    expect(await isAdminRow(t, u.user.id)).toBe(false);
  });
});

describe('DELETE /api/admin/users/{userId}', () => {
  const remove = (id: string, headers = as()) => t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers });

  it('deletes the user and what hangs off it', async () => {
    const u = await makeUser(t);
    const res = await remove(u.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await userRow(t, u.user.id)).toBeUndefined();
    expect(await countRows(t, 'sessions', u.user.id)).toBe(0);
    expect(await systemRole(t, u.user.id)).toBeUndefined();
  });

  it('400 for deleting yourself, 404 for an unknown user', async () => {
    const self = await remove(t.admin.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('self_delete');
    expect(await userRow(t, t.admin.id)).toBeDefined();
    const unknown = await remove(newId());
    expect(unknown.statusCode).toBe(404);
  });

  it('an administrator can delete another administrator while one remains', async () => {
    const other = await makeUser(t, { administrator: true });
    expect((await remove(other.user.id)).statusCode).toBe(200);
    expect(await isAdminRow(t, other.user.id)).toBe(false);
  });

  it('401 and 403', async () => {
    const u = await makeUser(t);
    expect((await remove(u.user.id, {} as { cookie: string })).statusCode).toBe(401);
    expect((await remove(t.admin.id, as(u.cookie))).statusCode).toBe(403);
    expect(await userRow(t, t.admin.id)).toBeDefined();
  });
});

describe('POST /api/admin/users/{userId}/password', () => {
  const setPassword = (id: string, payload: unknown, headers = as()) =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/password`, headers, payload: payload as object });

  it('sets the password and ends all of the user’s sessions and sync tokens', async () => {
    const u = await makeUser(t);
    await login(t.app, u.email, u.password); // a second session
    await syncToken(t.app, u.email, u.password);
    expect(await countRows(t, 'sessions', u.user.id)).toBe(2);
    const res = await setPassword(u.user.id, { password: 'brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await countRows(t, 'sessions', u.user.id)).toBe(0);
    expect(await countRows(t, 'sync_tokens', u.user.id)).toBe(0);
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(old.statusCode).toBe(400);
    await login(t.app, u.email, 'brand new secret');
  });

  it('400 for a short, missing or ill-typed password or unknown fields; 404 for an unknown user', async () => {
    const u = await makeUser(t);
    const hash = (await userRow(t, u.user.id))!.password_hash;
    for (const body of [{ password: 'short' }, {}, { password: 12345678 }, { password: 'long enough', extra: 1 }, { password: 'x'.repeat(5000) }]) {
      const res = await setPassword(u.user.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
    }
    expect((await userRow(t, u.user.id))!.password_hash).toBe(hash);
    expect(await countRows(t, 'sessions', u.user.id)).toBe(1);
    const unknown = await setPassword(newId(), { password: 'long enough' });
    expect(unknown.statusCode).toBe(404);
  });

  it('401 and 403', async () => {
    const u = await makeUser(t);
    expect((await setPassword(t.admin.id, { password: 'taken over!' }, {} as { cookie: string })).statusCode).toBe(401);
    expect((await setPassword(t.admin.id, { password: 'taken over!' }, as(u.cookie))).statusCode).toBe(403);
    await login(t.app, ADMIN.email, ADMIN.password);
  });
});

describe('account-status guard on administrator writes', () => {
  it('a restricted administrator can read but not write (403 account_restricted)', async () => {
    const other = await makeUser(t, { administrator: true });
    await t.db.kysely.updateTable('users').set({ account_status: 'restricted' }).where('id', '=', other.user.id).execute();
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: as(other.cookie) });
    expect(read.statusCode).toBe(200);
    const write = await create(newUserBody(), as(other.cookie));
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('account_restricted');
  });
});

describe('the last administrator', () => {
  // The caller cannot lock or delete themselves, so the rule shows when the caller is not a
  // working administrator: a restricted one, allowed to write because enforcement is off.
  let s: AdminTestApp;
  afterEach(async () => s?.close());

  it('an administrator cannot demote themselves when no other administrator remains', async () => {
    s = await createAdminApp({ smtp: false });
    const res = await s.app.inject({ method: 'PUT', url: `/api/admin/users/${s.admin.id}`, headers: { cookie: s.admin.cookie }, payload: { isAdministrator: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('last_administrator');
    expect(await isAdminRow(s, s.admin.id)).toBe(true);
    expect(await systemRole(s, s.admin.id)).toBe('owner');
  });

  it('but can when another working administrator remains', async () => {
    s = await createAdminApp({ smtp: false });
    await makeUser(s, { administrator: true });
    const res = await s.app.inject({ method: 'PUT', url: `/api/admin/users/${s.admin.id}`, headers: { cookie: s.admin.cookie }, payload: { isAdministrator: false } });
    expect(res.statusCode).toBe(200);
    expect(await isAdminRow(s, s.admin.id)).toBe(false);
  });

  it('refuses to lock, demote or delete the last working administrator', async () => {
    s = await createAdminApp({ smtp: false, env: { ACCOUNT_STATUS_ENFORCEMENT: 'false' } });
    const other = await makeUser(s, { administrator: true });
    await s.db.kysely.updateTable('users').set({ account_status: 'restricted' }).where('id', '=', s.admin.id).execute();
    const put = (payload: object) =>
      s.app.inject({ method: 'PUT', url: `/api/admin/users/${other.user.id}`, headers: { cookie: s.admin.cookie }, payload });
    for (const status of ['restricted', 'suspended', 'banned']) {
      const res = await put({ accountStatus: status });
      expect(res.statusCode, status).toBe(400);
      expect(res.json().code).toBe('last_administrator');
    }
    expect((await put({ isAdministrator: false })).statusCode).toBe(400);
    const del = await s.app.inject({ method: 'DELETE', url: `/api/admin/users/${other.user.id}`, headers: { cookie: s.admin.cookie } });
    expect(del.statusCode).toBe(400);
    expect(del.json().code).toBe('last_administrator');
    const row = (await userRow(s, other.user.id))!;
    expect(row.account_status).toBe('probation');
    expect(await isAdminRow(s, other.user.id)).toBe(true);

    // Moving between working statuses is not locking.
    expect((await put({ accountStatus: 'active' })).statusCode).toBe(200);
    // With a second working administrator the same lock is allowed.
    await makeUser(s, { administrator: true });
    expect((await put({ accountStatus: 'banned' })).statusCode).toBe(200);
  });
});
