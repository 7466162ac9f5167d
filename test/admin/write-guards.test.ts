import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../helpers/app.js';
import { newId } from '../../src/lib/ids.js';
import { createAdminApp, isAdminRow, makeUser, syncToken, systemRole, userRow, type AdminTestApp } from './helpers.js';

// The account-status guard on every administrator write, taken from the route table (the OpenAPI
// document), so a new admin write route is covered as soon as it has a body entry below.

let t: AdminTestApp;
let adminWrites: string[];

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, unknown>>;
  adminWrites = Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, item]) => WRITE_METHODS.filter((m) => item[m] !== undefined).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
});
afterAll(async () => t.close());

/**
 * A plausible, valid body for each admin write route (`undefined`: none), given the target user's
 * id. Each would change the target (or create a user) if the caller were allowed to write.
 */
const BODIES: Record<string, (targetId: string) => object | undefined> = {
  'POST /api/admin/users': () => {
    const username = uniqueName('guard');
    return { email: `${username}@example.com`, username, password: 'guarded password 1', emailVerified: true, isAdministrator: true };
  },
  'PUT /api/admin/users/{userId}': () => ({ displayName: 'Taken Over', accountStatus: 'banned', isAdministrator: true }),
  'DELETE /api/admin/users/{userId}': () => undefined,
  'POST /api/admin/users/{userId}/password': () => ({ password: 'taken over password' }),
  'PATCH /api/admin/users/bulk-clearance': (id) => ({ userIds: [id] }),
  'PATCH /api/admin/users/bulk-account-status': (id) => ({ userIds: [id], accountStatus: 'suspended' }),
  'POST /api/admin/users/bulk-delete': (id) => ({ userIds: [id] }),
  'PATCH /api/admin/users/bulk-status': (id) => ({ userIds: [id], emailVerified: true }),
  'PATCH /api/admin/reports/{id}': () => ({ status: 'resolved', note: 'guarded' }),
  'POST /api/admin/users/{userId}/purge': () => ({ reason: 'guarded' }),
};

/** An open report of a message by the target (set-up for the report routes). */
async function reportBy(targetId: string): Promise<string> {
  const now = new Date().toISOString();
  const [messageId, reportId] = [newId(), newId()];
  await t.db.kysely
    .insertInto('messages')
    .values({ id: messageId, user_id: targetId, content: 'x', publicly_visible: true, tags: '[]', parent_id: null, pushed_message_id: null, image_urls: '[]', video_urls: '[]', scheduled_at: null, published_at: now, cross_post_config: null, created_at: now, updated_at: now })
    .execute();
  await t.db.kysely
    .insertInto('message_reports')
    .values({ id: reportId, message_id: messageId, reporter_id: targetId, reason: 'spam', detail: null, status: 'open', note: null, resolved_by: null, resolved_at: null, created_at: now, updated_at: now })
    .execute();
  return reportId;
}

async function request(route: string, targetId: string, headers: Record<string, string>) {
  const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  let url = path.replace('{userId}', targetId);
  if (path.startsWith('/api/admin/reports/')) url = url.replace('{id}', await reportBy(targetId));
  if (url.includes('{')) throw new Error(`${route}: fill its path parameters in write-guards.test.ts`);
  const body = BODIES[route] as ((targetId: string) => object | undefined) | undefined;
  if (!body) throw new Error(`${route}: add a body for it to BODIES in write-guards.test.ts`);
  const payload = body(targetId);
  return t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
}

/** Everything an admin write could touch: users, credentials, administrators, memberships, mail. */
async function snapshot() {
  const db = t.db.kysely;
  const count = async (table: 'users' | 'sessions' | 'sync_tokens' | 'administrators' | 'organization_members' | 'email_logs') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    sessions: await count('sessions'),
    syncTokens: await count('sync_tokens'),
    administrators: await count('administrators'),
    memberships: await db.selectFrom('organization_members').select(['user_id', 'organization_id', 'role']).orderBy('user_id').orderBy('organization_id').execute(),
    emailLogs: await count('email_logs'),
  };
}

describe('account-status guard on every administrator write route', () => {
  it('every admin write route in the route table has a body entry here (and every entry a route)', () => {
    expect(adminWrites.length).toBeGreaterThan(0);
    expect(adminWrites).toEqual(Object.keys(BODIES).sort());
  });

  it('the bodies are accepted from a working administrator (so the 403s below are the guard’s)', async () => {
    for (const route of adminWrites) {
      const target = await makeUser(t);
      const res = await request(route, target.user.id, { cookie: t.admin.cookie });
      expect([200, 201], `${route}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
  });

  it.each([
    ['restricted', 'account_restricted', 'cookie'],
    ['restricted', 'account_restricted', 'bearer'],
    ['suspended', 'account_suspended', 'cookie'],
    ['suspended', 'account_suspended', 'bearer'],
  ] as const)('a %s administrator gets 403 %s on every admin write (%s) and nothing changes', async (status, code, credential) => {
    const admin = await makeUser(t, { administrator: true });
    const headers: Record<string, string> = credential === 'cookie' ? { cookie: admin.cookie } : { authorization: await syncToken(t.app, admin.email, admin.password) };
    await t.db.kysely.updateTable('users').set({ account_status: status }).where('id', '=', admin.user.id).execute();
    const target = await makeUser(t);
    // The administrator can still read.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers })).statusCode).toBe(200);

    const before = await snapshot();
    for (const route of adminWrites) {
      const res = await request(route, target.user.id, headers);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
      expect(res.json(), route).toEqual({ error: expect.any(String), code });
      expect(await snapshot(), route).toEqual(before);
    }
    expect((await userRow(t, target.user.id))!.password_hash).toBe(before.users.find((u) => u.id === target.user.id)!.password_hash);
    expect(await isAdminRow(t, target.user.id)).toBe(false);
  });
});

describe('PUT /api/admin/users/{userId} on an administrator', () => {
  it('without isAdministrator answers isAdministrator: true and keeps the Administrator record', async () => {
    const other = await makeUser(t, { administrator: true });
    for (const [id, payload] of [
      [other.user.id, { displayName: 'Still An Admin' }],
      [other.user.id, { accountStatus: 'active', cleared: true }],
      [t.admin.id, { bio: 'root bio' }],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: { cookie: t.admin.cookie }, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ id, ...payload, isAdministrator: true });
      expect(await isAdminRow(t, id)).toBe(true);
      expect(await systemRole(t, id)).toBe('owner');
    }
    expect((await userRow(t, other.user.id))!).toMatchObject({ display_name: 'Still An Admin', account_status: 'active' });
    // The list agrees, and the other administrator's gate still lets them in.
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/users?search=${other.user.username}`, headers: { cookie: t.admin.cookie } });
    expect(list.json().users).toEqual([expect.objectContaining({ id: other.user.id, isAdministrator: true })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: other.cookie } })).statusCode).toBe(200);
  });
});
