import { afterEach, describe, expect, it } from 'vitest';
import { ensureAdministrator, ensureBootstrapAdmin } from '../../src/features/admin/service.js';
import { ensureSystemOrganization } from '../../src/features/admin/system-org.js';
import { toBool } from '../../src/db/dialect.js';
import { createUser } from '../../src/features/users/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { isAdminRow, login, systemRole } from './helpers.js';

const ENV = { ADMIN_EMAIL: 'Boot@Example.com', ADMIN_USERNAME: 'bootadmin', ADMIN_PASSWORD: 'bootstrap password' };

let t: TestApp;
afterEach(async () => t?.close());

async function snapshot(app: TestApp) {
  const k = app.db.kysely;
  return {
    users: await k.selectFrom('users').selectAll().orderBy('id').execute(),
    administrators: await k.selectFrom('administrators').selectAll().orderBy('user_id').execute(),
    organizations: await k.selectFrom('organizations').selectAll().orderBy('id').execute(),
    members: await k.selectFrom('organization_members').selectAll().orderBy('user_id').execute(),
  };
}

describe('ensureBootstrapAdmin', () => {
  it('creates the administrator: verified, active, cleared, Administrator record, owner of the system org', async () => {
    t = await createTestApp({ smtp: false, env: ENV });
    await ensureBootstrapAdmin(t.app.ctx);
    const { users, administrators, organizations, members } = await snapshot(t);
    expect(users).toHaveLength(1);
    const [user] = users;
    expect(user).toMatchObject({ email: 'boot@example.com', username: 'bootadmin', account_status: 'active' });
    expect(toBool(user.email_verified)).toBe(true);
    expect(toBool(user.cleared)).toBe(true);
    expect(administrators.map((a) => a.user_id)).toEqual([user.id]);
    expect(organizations).toHaveLength(1);
    expect(organizations[0]).toMatchObject({ name: 'Public', slug: 'public' });
    expect(toBool(organizations[0].is_system)).toBe(true);
    expect(members).toEqual([expect.objectContaining({ organization_id: organizations[0].id, user_id: user.id, role: 'owner' })]);

    // Signed in with the configured password, the account passes the administrator gate.
    const cookie = await login(t.app, ENV.ADMIN_EMAIL, ENV.ADMIN_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().users[0]).toMatchObject({ email: 'boot@example.com', isAdministrator: true, accountStatus: 'active' });
  });

  it('is idempotent: a second start with the same values changes nothing', async () => {
    t = await createTestApp({ smtp: false, env: ENV });
    await ensureBootstrapAdmin(t.app.ctx);
    const first = await snapshot(t);
    t.clock.advance(60_000);
    await ensureBootstrapAdmin(t.app.ctx);
    expect(await snapshot(t)).toEqual(first);
  });

  it('keeps the password of an existing user and grants it the administrator rights', async () => {
    t = await createTestApp({ smtp: false, env: ENV });
    const existing = await createUser(t.app.ctx, { email: 'boot@example.com', username: 'someone', passwordHash: await t.app.ctx.passwords.hash('the original one') }, 409);
    expect(existing.account_status).toBe('probation');
    await ensureBootstrapAdmin(t.app.ctx);
    const { users } = await snapshot(t);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: existing.id, username: 'someone', password_hash: existing.password_hash, account_status: 'active' });
    expect(toBool(users[0].email_verified)).toBe(true);
    expect(toBool(users[0].cleared)).toBe(true);
    expect(await isAdminRow(t, existing.id)).toBe(true);
    expect(await systemRole(t, existing.id)).toBe('owner');
    await login(t.app, 'boot@example.com', 'the original one');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boot@example.com', password: ENV.ADMIN_PASSWORD } });
    expect(wrong.statusCode).toBe(400);
  });

  it('restores the owner role when the membership was downgraded', async () => {
    t = await createTestApp({ smtp: false, env: ENV });
    await ensureBootstrapAdmin(t.app.ctx);
    const { users } = await snapshot(t);
    await t.db.kysely.updateTable('organization_members').set({ role: 'member' }).execute();
    await ensureBootstrapAdmin(t.app.ctx);
    expect(await systemRole(t, users[0].id)).toBe('owner');
  });

  it('does nothing when ADMIN_EMAIL and ADMIN_PASSWORD are not set', async () => {
    t = await createTestApp({ smtp: false });
    await ensureBootstrapAdmin(t.app.ctx);
    const { users, organizations } = await snapshot(t);
    expect(users).toHaveLength(0);
    expect(organizations).toHaveLength(0);
  });

  it('refuses values that cannot make an account, with a clear message', async () => {
    t = await createTestApp({ smtp: false });
    await expect(ensureAdministrator(t.app.ctx, { email: 'a@example.com', username: 'bad name', password: 'long enough' })).rejects.toThrow(/username/);
    await expect(ensureAdministrator(t.app.ctx, { email: 'a@example.com', username: 'good', password: 'short' })).rejects.toThrow(/password/);
    expect((await snapshot(t)).users).toHaveLength(0);
  });
});

describe('ensureSystemOrganization', () => {
  it('creates the system organization once, even when called concurrently', async () => {
    t = await createTestApp({ smtp: false });
    const ids = await Promise.all([1, 2, 3].map(() => ensureSystemOrganization(t.app.ctx, t.db.kysely)));
    expect(new Set(ids).size).toBe(1);
    const orgs = await t.db.kysely.selectFrom('organizations').selectAll().execute();
    expect(orgs).toHaveLength(1);
    expect(orgs[0].id).toBe(ids[0]);
  });
});
