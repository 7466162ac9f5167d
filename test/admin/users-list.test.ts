import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSystemRole } from '../../src/features/admin/system-org.js';
import { ADMIN, ADMIN_USER_FIELDS, createAdminApp, makeUser, type AdminTestApp, type TestUser } from './helpers.js';

let t: AdminTestApp;
let plain: TestUser;
let percent: TestUser;
let underscore: TestUser;
let adminNotOwner: TestUser;
let ownerNotAdmin: TestUser;
let newest: TestUser;

const list = (query = '', headers: Record<string, string> = { cookie: t.admin.cookie }) =>
  t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers });

beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
  const step = async <T>(make: () => Promise<T>) => {
    t.clock.advance(1000); // distinct createdAt values, so "newest first" is observable
    return make();
  };
  plain = await step(() => makeUser(t, { displayName: 'Plain Person' }));
  percent = await step(() => makeUser(t, { displayName: 'Zeta 100% Match' }));
  underscore = await step(() => makeUser(t, { username: `under_score${Date.now() % 100000}`, displayName: 'Someone Else' }));
  adminNotOwner = await step(() => makeUser(t, { administrator: true }));
  await setSystemRole(t.app.ctx, t.db.kysely, [adminNotOwner.user.id], 'member');
  ownerNotAdmin = await step(() => makeUser(t));
  await setSystemRole(t.app.ctx, t.db.kysely, [ownerNotAdmin.user.id], 'owner');
  newest = await step(() => makeUser(t, { displayName: 'The Newest' }));
});
afterAll(async () => t.close());

describe('administrator gate', () => {
  it('401 without credentials', async () => {
    const res = await list('', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: expect.any(String) });
  });

  it('401 with an unknown session or token', async () => {
    expect((await list('', { cookie: `service-session=${'a'.repeat(64)}` })).statusCode).toBe(401);
    expect((await list('', { authorization: `Bearer ${'b'.repeat(64)}` })).statusCode).toBe(401);
  });

  it('403 admin_required for a user who is not an administrator', async () => {
    const res = await list('', { cookie: plain.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'admin_required' });
  });

  it('403 for an administrator who does not own the system organization', async () => {
    const res = await list('', { cookie: adminNotOwner.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
  });

  it('403 for an owner of the system organization without an Administrator record', async () => {
    const res = await list('', { cookie: ownerNotAdmin.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
  });

  it('the gate answers before input validation: a non-administrator with bad input gets 403', async () => {
    const res = await list('?limit=abc', { cookie: plain.cookie });
    expect(res.statusCode).toBe(403);
  });

  it('accepts a Bearer sync token (Either)', async () => {
    const res = await list('', { authorization: t.admin.bearer });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/admin/users', () => {
  it('returns the administrator view of every user, newest first, with default pagination', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['pagination', 'users']);
    expect(body.pagination).toEqual({ total: 7, limit: 25, offset: 0, page: 1, hasMore: false });
    expect(body.users).toHaveLength(7);
    for (const u of body.users) expect(Object.keys(u).sort()).toEqual(ADMIN_USER_FIELDS);
    expect(body.users[0].id).toBe(newest.user.id);
    expect(body.users[body.users.length - 1].email).toBe(ADMIN.email);
    const created = body.users.map((u: { createdAt: string }) => u.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('flags administrators', async () => {
    const users: { id: string; email: string; isAdministrator: boolean }[] = (await list()).json().users;
    const flags = Object.fromEntries(users.map((u) => [u.id, u.isAdministrator]));
    expect(users.find((u) => u.email === ADMIN.email)!.isAdministrator).toBe(true);
    expect(flags[adminNotOwner.user.id]).toBe(true); // an Administrator record, whatever the org role
    expect(flags[plain.user.id]).toBe(false);
    expect(flags[ownerNotAdmin.user.id]).toBe(false);
  });

  it('the administrator row carries status fields', async () => {
    const users = (await list()).json().users;
    const root = users.find((u: { email: string }) => u.email === ADMIN.email);
    expect(root).toMatchObject({ username: ADMIN.username, emailVerified: true, cleared: true, accountStatus: 'active', customerStatus: 'free' });
  });

  it('pages with limit and offset', async () => {
    const all = (await list()).json().users.map((u: { id: string }) => u.id);
    const res = await list('?limit=2&offset=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users.map((u: { id: string }) => u.id)).toEqual(all.slice(2, 4));
    expect(body.pagination).toEqual({ total: 7, limit: 2, offset: 2, page: 2, hasMore: true });
    const last = (await list('?limit=2&offset=6')).json();
    expect(last.users).toHaveLength(1);
    expect(last.pagination.hasMore).toBe(false);
  });

  it('page overrides offset: offset = (page - 1) * limit', async () => {
    const all = (await list()).json().users.map((u: { id: string }) => u.id);
    const body = (await list('?page=3&limit=3&offset=1')).json();
    expect(body.pagination).toEqual({ total: 7, limit: 3, offset: 6, page: 3, hasMore: false });
    expect(body.users.map((u: { id: string }) => u.id)).toEqual(all.slice(6));
  });

  it('clamps limit to 1..100 instead of rejecting it', async () => {
    expect((await list('?limit=1000')).json().pagination.limit).toBe(100);
    const zero = (await list('?limit=0')).json();
    expect(zero.pagination.limit).toBe(1);
    expect(zero.users).toHaveLength(1);
    expect((await list('?limit=-5')).json().pagination.limit).toBe(1);
  });

  it('searches email, username and displayName case-insensitively', async () => {
    const byName = (await list('?search=zeta%20100')).json();
    expect(byName.users.map((u: { id: string }) => u.id)).toEqual([percent.user.id]);
    expect(byName.pagination.total).toBe(1);
    const byEmail = (await list(`?search=${encodeURIComponent(plain.email.toUpperCase())}`)).json();
    expect(byEmail.users.map((u: { id: string }) => u.id)).toEqual([plain.user.id]);
    const byUsername = (await list(`?search=${encodeURIComponent(underscore.user.username.toUpperCase())}`)).json();
    expect(byUsername.users.map((u: { id: string }) => u.id)).toEqual([underscore.user.id]);
    const none = (await list('?search=nobody-matches-this')).json();
    expect(none).toEqual({ users: [], pagination: { total: 0, limit: 25, offset: 0, page: 1, hasMore: false } });
  });

  it('treats % and _ in the search as literal characters', async () => {
    const pct = (await list('?search=%25')).json();
    expect(pct.users.map((u: { id: string }) => u.id)).toEqual([percent.user.id]);
    const us = (await list('?search=_')).json();
    expect(us.users.map((u: { id: string }) => u.id)).toEqual([underscore.user.id]);
  });

  it('rejects bad query values with 400, never 500', async () => {
    for (const q of ['?limit=abc', '?page=0', '?page=-1', '?offset=-1', '?offset=x', `?search=${'a'.repeat(201)}`, '?page=1.5']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
  });
});
