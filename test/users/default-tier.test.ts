import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';

// DEFAULT_CUSTOMER_STATUS: the tier a new account starts with (a self-hosted operator may give
// every account a subscription); unset, accounts start free.

let t: TestApp | AdminTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function tierOf(app: TestApp, cookie: string): Promise<string> {
  const me = await app.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  expect(me.statusCode, me.body).toBe(200);
  return me.json().user.customerStatus;
}

describe('DEFAULT_CUSTOMER_STATUS', () => {
  it('unset: a registered account is free', async () => {
    t = await createTestApp({ smtp: false });
    const { cookie } = await registerUser(t.app);
    expect(await tierOf(t, cookie)).toBe('free');
  });

  it('subscriber: a registered account is a subscriber and may create documents once verified', async () => {
    t = await createTestApp({ smtp: false, env: { DEFAULT_CUSTOMER_STATUS: 'subscriber' } });
    const { user, cookie } = await registerUser(t.app);
    expect(await tierOf(t, cookie)).toBe('subscriber');
    await t.db.kysely.updateTable('users').set({ account_status: 'active', email_verified: true }).where('id', '=', user.id).execute();
    const doc = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { cookie }, payload: { title: 'Plan', content: '# Plan\n', isPublic: false } });
    expect(doc.statusCode, doc.body).toBe(201);
  });

  it('an account an administrator creates without a tier gets the default; a tier sent wins', async () => {
    const admin = await createAdminApp({ smtp: false, env: { DEFAULT_CUSTOMER_STATUS: 'subscriber:annual' } });
    t = admin;
    const create = (body: Record<string, unknown>) =>
      admin.app.inject({ method: 'POST', url: '/api/admin/users', headers: { cookie: admin.admin.cookie }, payload: { password: 'long enough pw', ...body } });
    const plain = await create({ email: 'plain@example.com', username: 'plain_one' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().user.customerStatus).toBe('subscriber:annual');
    const free = await create({ email: 'free@example.com', username: 'free_one', customerStatus: 'free' });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().user.customerStatus).toBe('free');
  });
});
