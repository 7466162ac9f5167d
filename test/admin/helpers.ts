import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ensureBootstrapAdmin } from '../../src/features/admin/service.js';
import { promoteAdministrators } from '../../src/features/admin/system-org.js';
import { createUser } from '../../src/features/users/service.js';
import type { UserRow } from '../../src/db/types.js';
import { createTestApp, sessionCookie, uniqueName, type TestApp, type TestAppOptions } from '../helpers/app.js';

// Administration tests: an app whose bootstrap administrator is signed in through the real login.

export const ADMIN = { email: 'root@example.com', username: 'root', password: 'root password 123' };

export interface AdminTestApp extends TestApp {
  admin: { id: string; cookie: string; bearer: string };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

export async function syncToken(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sync-token', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return `Bearer ${res.json().token}`;
}

/** The app with ADMIN_* set, ensureBootstrapAdmin run, and the administrator signed in. */
export async function createAdminApp(options: TestAppOptions = {}): Promise<AdminTestApp> {
  const t = await createTestApp({
    ...options,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...options.env },
  });
  await ensureBootstrapAdmin(t.app.ctx);
  const row = await t.db.kysely.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  const cookie = await login(t.app, ADMIN.email, ADMIN.password);
  const bearer = await syncToken(t.app, ADMIN.email, ADMIN.password);
  return { ...t, admin: { id: row.id, cookie, bearer } };
}

export interface TestUser {
  user: UserRow;
  email: string;
  password: string;
  cookie: string;
}

/** A user made directly in the database (set-up), signed in through the real login. */
export async function makeUser(
  t: TestApp,
  fields: { displayName?: string; email?: string; username?: string; administrator?: boolean } = {},
): Promise<TestUser> {
  const username = fields.username ?? uniqueName('u');
  const email = fields.email ?? `${username}@example.com`;
  const password = 'user password 123';
  const user = await createUser(
    t.app.ctx,
    { email, username, passwordHash: await t.app.ctx.passwords.hash(password), displayName: fields.displayName ?? `Display ${username}` },
    409,
  );
  if (fields.administrator) await promoteAdministrators(t.app.ctx, t.db.kysely, [user.id]);
  const cookie = await login(t.app, email, password);
  return { user, email: user.email, password, cookie };
}

export async function userRow(t: TestApp, id: string): Promise<UserRow | undefined> {
  return t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countRows(t: TestApp, table: 'sessions' | 'sync_tokens', userId: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isAdminRow(t: TestApp, userId: string): Promise<boolean> {
  return (await t.db.kysely.selectFrom('administrators').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function systemRole(t: TestApp, userId: string): Promise<string | undefined> {
  const row = await t.db.kysely
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('m.role')
    .where('o.slug', '=', 'public')
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/** The fields of the administrator view, exactly. */
export const ADMIN_USER_FIELDS = [
  'accountStatus',
  'avatar',
  'bio',
  'cleared',
  'createdAt',
  'customerStatus',
  'displayName',
  'email',
  'emailVerified',
  'id',
  'isAdministrator',
  'username',
];
