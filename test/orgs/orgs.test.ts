import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member } from '../messages/helpers.js';
import { promoteAdministrators } from '../../src/features/admin/system-org.js';
import { join, newOrg } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const ORG_FIELDS = ['avatar', 'createdAt', 'description', 'id', 'isSystem', 'memberCount', 'name', 'role', 'slug'];

describe('creating an organization', () => {
  it('201 with the org record; the caller is its owner; listed in GET /api/orgs', async () => {
    const me = await member(t);
    const res = await call(t, me, 'POST', '/api/orgs', { name: 'Acme', slug: 'acme-1', description: 'We make things' });
    expect(res.statusCode, res.body).toBe(201);
    const org = res.json().org;
    expect(Object.keys(org).sort()).toEqual(ORG_FIELDS);
    expect(org).toMatchObject({ name: 'Acme', slug: 'acme-1', description: 'We make things', avatar: null, isSystem: false, memberCount: 1, role: 'owner' });
    expect(new Date(org.createdAt).toISOString()).toBe(org.createdAt);
    const list = await call(t, me, 'GET', '/api/orgs');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ orgs: [org] });
    const other = await member(t);
    expect((await call(t, other, 'GET', '/api/orgs')).json()).toEqual({ orgs: [] });
    // Anyone signed in reads it, with a null role.
    const seen = await call(t, other, 'GET', '/api/orgs/acme-1');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().org).toEqual({ ...org, role: null });
  });

  it('slug rules: invalid_slug, slug_reserved before slug_taken, slug_taken; bad bodies 400; nothing created', async () => {
    const me = await member(t);
    for (const slug of ['A-team', 'a', '-abc', 'ab_c', 'x'.repeat(41), 'x'.repeat(500), 'ab c', 'élan', '']) {
      expect((await call(t, me, 'POST', '/api/orgs', { name: 'X', slug })).json(), slug).toEqual({
        error: 'slug must be 2 to 40 characters of a-z, 0-9 and -, starting with a letter or digit',
        code: 'invalid_slug',
      });
    }
    for (const slug of ['public', 'admin', 'api', 'new', 'settings']) {
      expectError(await call(t, me, 'POST', '/api/orgs', { name: 'X', slug }), 400, 'slug_reserved');
    }
    await newOrg(t, me, { slug: 'taken-slug' });
    expectError(await call(t, await member(t), 'POST', '/api/orgs', { name: 'X', slug: 'taken-slug' }), 409, 'slug_taken');
    expectError(await call(t, me, 'POST', '/api/orgs', { name: '', slug: 'ok-slug' }), 400);
    expectError(await call(t, me, 'POST', '/api/orgs', { name: 'x'.repeat(101), slug: 'ok-slug' }), 400);
    expectError(await call(t, me, 'POST', '/api/orgs', { slug: 'ok-slug' }), 400);
    expectError(await call(t, me, 'POST', '/api/orgs', { name: 'X', slug: 7 }), 400);
    expectError(await call(t, me, 'POST', '/api/orgs', 'not json'), 400);
    expect((await call(t, me, 'GET', '/api/orgs')).json().orgs).toHaveLength(1);
    expect((await call(t, me, 'GET', '/api/orgs/ok-slug')).statusCode).toBe(404);
  });

  it('at most 20 owned organizations: 409 org_limit', async () => {
    const me = await member(t);
    for (let i = 0; i < 20; i++) await newOrg(t, me);
    expectError(await call(t, me, 'POST', '/api/orgs', { name: 'One more', slug: `limit-${me.user.id.slice(0, 8).toLowerCase()}` }), 409, 'org_limit');
    expect((await call(t, me, 'GET', '/api/orgs')).json().orgs).toHaveLength(20);
  });

  it('probation 403 account_probation_feature; anonymous 401; a Bearer token alone 401 (Session only)', async () => {
    const probation = await member(t, { account_status: 'probation' });
    expectError(await call(t, probation, 'POST', '/api/orgs', { name: 'P', slug: 'probation-org' }), 403, 'account_probation_feature');
    expectError(await call(t, null, 'POST', '/api/orgs', { name: 'P', slug: 'anon-org' }), 401);
    const me = await member(t);
    const org = await newOrg(t, me);
    expectError(await call(t, me, 'POST', '/api/orgs', { name: 'P', slug: 'bearer-org' }, true), 401);
    for (const [method, url] of [
      ['GET', '/api/orgs'],
      ['GET', `/api/orgs/${org.slug}`],
      ['PATCH', `/api/orgs/${org.slug}`],
      ['DELETE', `/api/orgs/${org.slug}`],
      ['GET', `/api/orgs/${org.slug}/members`],
      ['PATCH', `/api/orgs/${org.slug}/members/${me.user.username}`],
      ['DELETE', `/api/orgs/${org.slug}/members/${me.user.username}`],
    ] as const) {
      expectError(await call(t, me, method, url, method === 'PATCH' ? { name: 'x', role: 'member' } : undefined, true), 401);
      expectError(await call(t, null, method, url, method === 'PATCH' ? { name: 'x', role: 'member' } : undefined), 401);
    }
    expect((await call(t, me, 'GET', `/api/orgs/${org.slug}`)).json().org.name).toBe(org.name);
    const suspended = await member(t, { account_status: 'suspended' });
    expectError(await call(t, suspended, 'POST', '/api/orgs', { name: 'S', slug: 'suspended-org' }), 403, 'account_suspended');
  });
});

describe('reading, changing and deleting', () => {
  it('unknown slug: 404 org_not_found', async () => {
    expectError(await call(t, await member(t), 'GET', '/api/orgs/no-such-org'), 404, 'org_not_found');
  });

  it('PATCH by owner or admin; member 403 forbidden; non-member 404; bad input 400 changes nothing', async () => {
    const [owner, admin, plain, stranger] = [await member(t), await member(t), await member(t), await member(t)];
    const org = await newOrg(t, owner);
    await join(t, org, admin, 'admin');
    await join(t, org, plain, 'member');
    const url = `/api/orgs/${org.slug}`;
    const byOwner = await call(t, owner, 'PATCH', url, { name: 'Renamed', description: 'About', avatar: 'https://img.example/a.png' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json().org).toMatchObject({ name: 'Renamed', description: 'About', avatar: 'https://img.example/a.png', memberCount: 3, role: 'owner' });
    const byAdmin = await call(t, admin, 'PATCH', url, { description: null });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().org).toMatchObject({ name: 'Renamed', description: null, role: 'admin' });
    expectError(await call(t, plain, 'PATCH', url, { name: 'Mine' }), 403, 'forbidden');
    expectError(await call(t, stranger, 'PATCH', url, { name: 'Mine' }), 404, 'org_not_found');
    expectError(await call(t, owner, 'PATCH', url, { name: '' }), 400);
    expectError(await call(t, owner, 'PATCH', url, { avatar: 'javascript:alert(1)' }), 400);
    expectError(await call(t, owner, 'PATCH', url, { slug: 'other' }), 400);
    expect((await call(t, stranger, 'GET', url)).json().org).toMatchObject({ name: 'Renamed', description: null, role: null });
  });

  it('DELETE by the owner only; memberships go; a non-member 404, an admin 403', async () => {
    const [owner, admin, stranger] = [await member(t), await member(t), await member(t)];
    const org = await newOrg(t, owner);
    await join(t, org, admin, 'admin');
    const url = `/api/orgs/${org.slug}`;
    expectError(await call(t, admin, 'DELETE', url), 403, 'forbidden');
    expectError(await call(t, stranger, 'DELETE', url), 404, 'org_not_found');
    const res = await call(t, owner, 'DELETE', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expectError(await call(t, owner, 'GET', url), 404, 'org_not_found');
    expect((await call(t, admin, 'GET', '/api/orgs')).json().orgs).toEqual([]);
    const left = await t.db.kysely.selectFrom('organization_members').select('user_id').where('organization_id', '=', org.id).execute();
    expect(left).toEqual([]);
  });

  it('the system organization reads like any other; writes answer 403 system_org; admin endpoints still work', async () => {
    const admin = await member(t);
    await promoteAdministrators(t.app.ctx, t.db.kysely, [admin.user.id]);
    const read = await call(t, admin, 'GET', '/api/orgs/public');
    expect(read.statusCode).toBe(200);
    expect(read.json().org).toMatchObject({ slug: 'public', isSystem: true, role: 'owner' });
    expect((await call(t, admin, 'GET', '/api/orgs')).json().orgs.map((o: any) => o.slug)).toContain('public');
    expectError(await call(t, admin, 'PATCH', '/api/orgs/public', { name: 'Mine' }), 403, 'system_org');
    expectError(await call(t, admin, 'DELETE', '/api/orgs/public'), 403, 'system_org');
    expectError(await call(t, admin, 'DELETE', `/api/orgs/public/members/${admin.user.username}`), 403, 'system_org');
    expectError(await call(t, admin, 'PATCH', `/api/orgs/public/members/${admin.user.username}`, { role: 'member' }), 403, 'system_org');
    expect((await call(t, admin, 'GET', '/api/orgs/public/members')).statusCode).toBe(200);
    // The administrator gate (system-organization owner) still answers.
    expect((await call(t, admin, 'GET', '/api/admin/users')).statusCode).toBe(200);
  });
});
