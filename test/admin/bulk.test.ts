import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toBool } from '../../src/db/dialect.js';
import { newId } from '../../src/lib/ids.js';
import {
  countRows,
  createAdminApp,
  isAdminRow,
  makeUser,
  syncToken,
  userRow,
  type AdminTestApp,
  type TestUser,
} from './helpers.js';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminApp();
});
afterAll(async () => t.close());

function bulk(method: 'PATCH' | 'POST', path: string, payload: unknown, app: AdminTestApp = t, cookie = app.admin.cookie) {
  return app.app.inject({ method, url: `/api/admin/users/${path}`, headers: cookie ? { cookie } : {}, payload: payload as object });
}

async function users(n: number): Promise<TestUser[]> {
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) out.push(await makeUser(t));
  return out;
}

const BAD_ID_LISTS = [
  {},
  { userIds: [] },
  { userIds: 'abc' },
  { userIds: [1, 2] },
  { userIds: ['a', 'a'] },
  { userIds: ['x'.repeat(65)] },
  { userIds: Array.from({ length: 501 }, (_, i) => `id-${i}`) },
];

describe('PATCH /api/admin/users/bulk-clearance', () => {
  it('toggles cleared for each user and records user_cleared for each newly cleared one', async () => {
    const [a, b, c] = await users(3);
    await t.db.kysely.updateTable('users').set({ cleared: true }).where('id', '=', c.user.id).execute();
    const res = await bulk('PATCH', 'bulk-clearance', { userIds: [a.user.id, b.user.id, c.user.id, newId()] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 3 }); // the unknown id is ignored
    expect(toBool((await userRow(t, a.user.id))!.cleared)).toBe(true);
    expect(toBool((await userRow(t, b.user.id))!.cleared)).toBe(true);
    expect(toBool((await userRow(t, c.user.id))!.cleared)).toBe(false);

    const events = await t.db.kysely.selectFrom('analytics_events').selectAll().where('type', '=', 'user_cleared').execute();
    expect(events.map((e) => e.user_id).sort()).toEqual([a.user.id, b.user.id].sort());
    for (const e of events) expect(JSON.parse(e.metadata!)).toEqual({ by: t.admin.id });

    // Toggling back records nothing new.
    expect((await bulk('PATCH', 'bulk-clearance', { userIds: [a.user.id] })).json()).toEqual({ updated: 1 });
    expect(toBool((await userRow(t, a.user.id))!.cleared)).toBe(false);
    const after = await t.db.kysely.selectFrom('analytics_events').select('id').where('type', '=', 'user_cleared').execute();
    expect(after).toHaveLength(2);
  });

  it('400 for a missing, empty, ill-typed, duplicated or oversized id list', async () => {
    for (const body of BAD_ID_LISTS) {
      const res = await bulk('PATCH', 'bulk-clearance', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    const [a] = await users(1);
    expect((await bulk('PATCH', 'bulk-clearance', { userIds: [a.user.id], extra: true })).statusCode).toBe(400);
    expect(toBool((await userRow(t, a.user.id))!.cleared)).toBe(false);
  });

  it('accepts 500 ids in one set-based call', async () => {
    const [a] = await users(1);
    const ids = [a.user.id, ...Array.from({ length: 499 }, () => newId())];
    const res = await bulk('PATCH', 'bulk-clearance', { userIds: ids });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1 });
  });
});

describe('PATCH /api/admin/users/bulk-account-status', () => {
  it('sets the status with the single update’s side effects', async () => {
    const [a, b] = await users(2);
    const res = await bulk('PATCH', 'bulk-account-status', { userIds: [a.user.id, b.user.id, newId()], accountStatus: 'active' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    for (const u of [a, b]) {
      const row = (await userRow(t, u.user.id))!;
      expect(row.account_status).toBe('active');
      expect(toBool(row.cleared)).toBe(true);
      expect(t.smtp.to(u.email)).toHaveLength(1);
      expect(t.smtp.to(u.email)[0].text).toContain('active');
    }
    const logs = await t.db.kysely
      .selectFrom('email_logs')
      .select(['user_id', 'email_type'])
      .where('user_id', 'in', [a.user.id, b.user.id])
      .execute();
    expect(logs.map((l) => l.email_type)).toEqual(['account_status', 'account_status']);
  });

  it('banning deletes the sessions and sync tokens of every target', async () => {
    const [a, b, bystander] = await users(3);
    await syncToken(t.app, a.email, a.password);
    const res = await bulk('PATCH', 'bulk-account-status', { userIds: [a.user.id, b.user.id], accountStatus: 'banned' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    for (const u of [a, b]) {
      expect((await userRow(t, u.user.id))!.account_status).toBe('banned');
      expect(await countRows(t, 'sessions', u.user.id)).toBe(0);
      expect(await countRows(t, 'sync_tokens', u.user.id)).toBe(0);
    }
    expect(await countRows(t, 'sessions', bystander.user.id)).toBe(1);
  });

  it('users already in the status get no mail', async () => {
    const [a] = await users(1);
    await bulk('PATCH', 'bulk-account-status', { userIds: [a.user.id], accountStatus: 'suspended' });
    await bulk('PATCH', 'bulk-account-status', { userIds: [a.user.id], accountStatus: 'suspended' });
    expect(t.smtp.to(a.email)).toHaveLength(1);
  });

  it('400 for an empty list, an invalid status, or a list including the caller; nothing changes', async () => {
    const [a] = await users(1);
    for (const body of [
      { userIds: [], accountStatus: 'active' },
      { userIds: [a.user.id], accountStatus: 'frozen' },
      { userIds: [a.user.id] },
      { userIds: [a.user.id], accountStatus: 'active', cleared: true },
      ...BAD_ID_LISTS.map((b) => ({ ...b, accountStatus: 'active' })),
    ]) {
      const res = await bulk('PATCH', 'bulk-account-status', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const self = await bulk('PATCH', 'bulk-account-status', { userIds: [a.user.id, t.admin.id], accountStatus: 'suspended' });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('self_included');
    expect((await userRow(t, a.user.id))!.account_status).toBe('probation');
    expect(t.smtp.to(a.email)).toHaveLength(0);
  });
});

describe('POST /api/admin/users/bulk-delete', () => {
  it('deletes the users and counts only those that existed', async () => {
    const [a, b] = await users(2);
    const res = await bulk('POST', 'bulk-delete', { userIds: [a.user.id, b.user.id, newId()] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await userRow(t, a.user.id)).toBeUndefined();
    expect(await userRow(t, b.user.id)).toBeUndefined();
  });

  it('400 when the caller is included; nothing is deleted', async () => {
    const [a] = await users(1);
    const res = await bulk('POST', 'bulk-delete', { userIds: [a.user.id, t.admin.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('self_included');
    expect(await userRow(t, a.user.id)).toBeDefined();
  });

  it('400 for bad id lists', async () => {
    for (const body of BAD_ID_LISTS) expect((await bulk('POST', 'bulk-delete', body)).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/users/bulk-status', () => {
  it('sets emailVerified for each user', async () => {
    const [a, b] = await users(2);
    const on = await bulk('PATCH', 'bulk-status', { userIds: [a.user.id, b.user.id, newId()], emailVerified: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ updated: 2 });
    expect(toBool((await userRow(t, a.user.id))!.email_verified)).toBe(true);
    expect(toBool((await userRow(t, b.user.id))!.email_verified)).toBe(true);
    const off = await bulk('PATCH', 'bulk-status', { userIds: [a.user.id], emailVerified: false });
    expect(off.json()).toEqual({ updated: 1 });
    expect(toBool((await userRow(t, a.user.id))!.email_verified)).toBe(false);
    expect(toBool((await userRow(t, b.user.id))!.email_verified)).toBe(true);
  });

  it('400 without a boolean emailVerified or with bad id lists', async () => {
    const [a] = await users(1);
    for (const body of [{ userIds: [a.user.id] }, { userIds: [a.user.id], emailVerified: 'true' }, ...BAD_ID_LISTS.map((b) => ({ ...b, emailVerified: true }))]) {
      expect((await bulk('PATCH', 'bulk-status', body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(toBool((await userRow(t, a.user.id))!.email_verified)).toBe(false);
  });
});

describe('bulk endpoints: authentication and gate', () => {
  const calls: [method: 'PATCH' | 'POST', path: string, body: object][] = [
    ['PATCH', 'bulk-clearance', {}],
    ['PATCH', 'bulk-account-status', { accountStatus: 'banned' }],
    ['POST', 'bulk-delete', {}],
    ['PATCH', 'bulk-status', { emailVerified: true }],
  ];

  it('401 without credentials, 403 admin_required for a non-administrator; nothing changes', async () => {
    const [a, victim] = await users(2);
    for (const [method, path, extra] of calls) {
      const payload = { userIds: [victim.user.id], ...extra };
      expect((await bulk(method, path, payload, t, '')).statusCode, path).toBe(401);
      const res = await bulk(method, path, payload, t, a.cookie);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('admin_required');
    }
    const row = (await userRow(t, victim.user.id))!;
    expect(row.account_status).toBe('probation');
    expect(toBool(row.cleared)).toBe(false);
  });
});

describe('bulk changes and the last administrators', () => {
  let s: AdminTestApp;
  afterEach(async () => s?.close());

  it('refuses to lock or delete every remaining working administrator', async () => {
    // The caller is restricted (writes allowed because enforcement is off), so only the listed
    // administrators are working ones.
    s = await createAdminApp({ smtp: false, env: { ACCOUNT_STATUS_ENFORCEMENT: 'false' } });
    const a = await makeUser(s, { administrator: true });
    const b = await makeUser(s, { administrator: true });
    const plain = await makeUser(s);
    await s.db.kysely.updateTable('users').set({ account_status: 'restricted' }).where('id', '=', s.admin.id).execute();

    const lock = await bulk('PATCH', 'bulk-account-status', { userIds: [a.user.id, b.user.id, plain.user.id], accountStatus: 'suspended' }, s);
    expect(lock.statusCode).toBe(400);
    expect(lock.json().code).toBe('last_administrator');
    const del = await bulk('POST', 'bulk-delete', { userIds: [a.user.id, b.user.id] }, s);
    expect(del.statusCode).toBe(400);
    expect(del.json().code).toBe('last_administrator');
    expect((await userRow(s, plain.user.id))!.account_status).toBe('probation');
    expect(await isAdminRow(s, a.user.id)).toBe(true);
    expect(await isAdminRow(s, b.user.id)).toBe(true);

    // Leaving one working administrator is allowed.
    expect((await bulk('PATCH', 'bulk-account-status', { userIds: [a.user.id], accountStatus: 'suspended' }, s)).statusCode).toBe(200);
    expect((await bulk('POST', 'bulk-delete', { userIds: [b.user.id] }, s)).statusCode).toBe(400); // b is now the last one
    expect((await bulk('POST', 'bulk-delete', { userIds: [a.user.id] }, s)).json()).toEqual({ deleted: 1 }); // a is locked
  });
});
