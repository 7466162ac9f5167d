import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';

// DELETE /api/user/identities/{id} and GET /api/user/networkC/targets, without a provider.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

async function identityOf(userId: string, provider = 'codehost') {
  const id = newId();
  await t.db.kysely
    .insertInto('identities')
    .values({ id, user_id: userId, provider, provider_user_id: id, handle: `h-${id}`, instance_name: '', created_at: t.clock.now().toISOString() })
    .execute();
  return id;
}

const list = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user/identities', headers: { cookie } })).json().identities;

describe('DELETE /api/user/identities/{id}', () => {
  it('unlinks the caller’s identity: 200 { message }, gone from the list', async () => {
    const me = await registerUser(t.app);
    const id = await identityOf(me.user.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/identities/${id}`, headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Identity unlinked' });
    expect(await list(me.cookie)).toEqual([]);
  });

  it('another user’s identity or an unknown id: 404, nothing changed', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    const theirs = await identityOf(other.user.id);
    for (const id of [theirs, 'nope']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/user/identities/${id}`, headers: { cookie: me.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Identity not found', code: 'identity_not_found' });
    }
    expect(await list(other.cookie)).toHaveLength(1);
  });

  it('the only way to sign in (no password, no other identity): 409 last_sign_in_method; with a second identity it goes', async () => {
    const me = await registerUser(t.app);
    await t.db.kysely.updateTable('users').set({ password_hash: null }).where('id', '=', me.user.id).execute();
    const only = await identityOf(me.user.id);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/user/identities/${only}`, headers: { cookie: me.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: expect.any(String), code: 'last_sign_in_method' });
    expect(await list(me.cookie)).toHaveLength(1);
    await identityOf(me.user.id, 'networkD');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/identities/${only}`, headers: { cookie: me.cookie } })).statusCode).toBe(200);
    expect(await list(me.cookie)).toEqual([expect.objectContaining({ provider: 'networkD' })]);
  });

  it('is Session only: 401 without a cookie', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/identities/x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user/networkC/targets', () => {
  it('answers the caller’s targets only (none before linking); 401 without a session', async () => {
    const me = await registerUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/networkC/targets', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ targets: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/networkC/targets' })).statusCode).toBe(401);
  });
});
