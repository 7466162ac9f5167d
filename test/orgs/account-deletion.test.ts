import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { account, ok, PASSWORD, type Account } from '../purge/seed.js';
import { join } from './helpers.js';

// Account deletion and organizations (orgs/user-data.ts): memberships and invites go; an
// organization whose last owner leaves gets the longest-standing admin (else member) as owner,
// and with nobody left it is deleted.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const deleteSelf = (who: Account) => t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: who.cookie }, payload: { password: PASSWORD } });
const create = (who: Account, slug: string) => ok(t, who, 'POST', '/api/orgs', { name: slug, slug }).then((r) => r.org as { id: string; slug: string });

describe('deleting an account', () => {
  it('hands a solely owned organization to the longest-standing admin, else member; deletes an empty one; keeps co-owned ones as they are', async () => {
    const [me, admin, early, late, coOwner] = [await account(t), await account(t), await account(t), await account(t), await account(t)];
    const withAdmin = await create(me, `hand-admin-${me.user.id.slice(-6).toLowerCase()}`);
    await join(t, withAdmin, early, 'member');
    t.clock.advance(1000);
    await join(t, withAdmin, admin, 'admin');
    const withMembers = await create(me, `hand-member-${me.user.id.slice(-6).toLowerCase()}`);
    await join(t, withMembers, early, 'member');
    t.clock.advance(1000);
    await join(t, withMembers, late, 'member');
    const alone = await create(me, `alone-${me.user.id.slice(-6).toLowerCase()}`);
    const shared = await create(me, `shared-${me.user.id.slice(-6).toLowerCase()}`);
    await join(t, shared, coOwner, 'owner');
    await join(t, shared, late, 'member');

    // Invites it sent and received.
    await ok(t, me, 'POST', `/api/orgs/${shared.slug}/invites`, { email: 'someone-else@example.com', role: 'member' });
    await ok(t, coOwner, 'POST', `/api/orgs/${shared.slug}/invites`, { email: 'another@example.com', role: 'member' });
    const elsewhere = await create(coOwner, `elsewhere-${me.user.id.slice(-6).toLowerCase()}`);
    await ok(t, coOwner, 'POST', `/api/orgs/${elsewhere.slug}/invites`, { username: me.username, role: 'member' });

    const res = await deleteSelf(me);
    expect(res.statusCode, res.body).toBe(200);

    const roles = async (slug: string, who: Account) =>
      (await ok(t, who, 'GET', `/api/orgs/${slug}/members`, undefined, 200)).members.map((m: any) => [m.user.id, m.role]);
    expect(await roles(withAdmin.slug, admin)).toEqual([
      [early.user.id, 'member'],
      [admin.user.id, 'owner'],
    ]);
    expect(await roles(withMembers.slug, early)).toEqual([
      [early.user.id, 'owner'],
      [late.user.id, 'member'],
    ]);
    expect((await roles(shared.slug, late)).sort()).toEqual(
      [
        [coOwner.user.id, 'owner'],
        [late.user.id, 'member'],
      ].sort(),
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/orgs/${alone.slug}`, headers: { cookie: late.cookie } })).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('organization_members').select('user_id').where('user_id', '=', me.user.id).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('organizations').select('id').where('id', '=', alone.id).execute()).toEqual([]);
    const invites = await t.db.kysely.selectFrom('org_invites').select(['email', 'user_id', 'invited_by']).execute();
    expect(invites.filter((i) => i.user_id === me.user.id || i.invited_by === me.user.id)).toEqual([]);
    expect(invites.map((i) => i.email)).toContain('another@example.com');
  });
});
