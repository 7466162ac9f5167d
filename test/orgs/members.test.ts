import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member, type Member } from '../messages/helpers.js';
import { join, newOrg, summary } from './helpers.js';

type Method = Parameters<typeof call>[2];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

async function team() {
  const [owner, admin, plain, stranger] = [await member(t), await member(t), await member(t), await member(t)];
  const org = await newOrg(t, owner);
  t.clock.advance(1000);
  await join(t, org, admin, 'admin');
  t.clock.advance(1000);
  await join(t, org, plain, 'member');
  return { owner, admin, plain, stranger, org, base: `/api/orgs/${org.slug}/members` };
}

describe('members', () => {
  it('members list them with roles, oldest first, paginated; anyone else 404', async () => {
    const { owner, admin, plain, stranger, base } = await team();
    const res = await call(t, plain, 'GET', base);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ total: 3, limit: 20, offset: 0, hasMore: false });
    expect(body.members.map((m: any) => [m.user, m.role])).toEqual([
      [summary(owner), 'owner'],
      [summary(admin), 'admin'],
      [summary(plain), 'member'],
    ]);
    expect(Object.keys(body.members[0]).sort()).toEqual(['joinedAt', 'role', 'user']);
    const second = (await call(t, owner, 'GET', `${base}?limit=1&offset=1`)).json();
    expect(second.members.map((m: any) => m.user.id)).toEqual([admin.user.id]);
    expect(second.pagination).toEqual({ total: 3, limit: 1, offset: 1, hasMore: true });
    expectError(await call(t, stranger, 'GET', base), 404, 'org_not_found');
    expectError(await call(t, owner, 'GET', `${base}?limit=0`), 400);
    expectError(await call(t, owner, 'GET', '/api/orgs/no-such-org/members'), 404, 'org_not_found');
  });

  it('the owner changes roles; others 403 (a non-member 404); demoting the last owner 409 last_owner', async () => {
    const { owner, admin, plain, stranger, base } = await team();
    const promote = await call(t, owner, 'PATCH', `${base}/${plain.user.username.toUpperCase()}`, { role: 'admin' });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json()).toEqual({ member: { user: summary(plain), role: 'admin', joinedAt: expect.any(String) } });
    expectError(await call(t, admin, 'PATCH', `${base}/${plain.user.username}`, { role: 'member' }), 403, 'forbidden');
    expectError(await call(t, stranger, 'PATCH', `${base}/${plain.user.username}`, { role: 'member' }), 404, 'org_not_found');
    expectError(await call(t, owner, 'PATCH', `${base}/${stranger.user.username}`, { role: 'member' }), 404);
    expectError(await call(t, owner, 'PATCH', `${base}/${plain.user.username}`, { role: 'boss' }), 400);
    expectError(await call(t, owner, 'PATCH', `${base}/${owner.user.username}`, { role: 'admin' }), 409, 'last_owner');
    // With a second owner, the first may step down.
    expect((await call(t, owner, 'PATCH', `${base}/${admin.user.username}`, { role: 'owner' })).statusCode).toBe(200);
    expect((await call(t, owner, 'PATCH', `${base}/${owner.user.username}`, { role: 'member' })).json().member.role).toBe('member');
    const roles = (await call(t, plain, 'GET', base)).json().members.map((m: any) => m.role);
    expect(roles).toEqual(['member', 'owner', 'admin']);
  });

  it('removal: owner or admin removes members and admins, an admin never an owner, a member only themself; the last owner cannot leave', async () => {
    const { owner, admin, plain, stranger, org, base } = await team();
    const other = await member(t);
    await join(t, org, other, 'member');
    expectError(await call(t, plain, 'DELETE', `${base}/${other.user.username}`), 403, 'forbidden');
    expectError(await call(t, admin, 'DELETE', `${base}/${owner.user.username}`), 403, 'forbidden');
    expectError(await call(t, stranger, 'DELETE', `${base}/${plain.user.username}`), 404, 'org_not_found');
    expectError(await call(t, owner, 'DELETE', `${base}/${owner.user.username}`), 409, 'last_owner');
    const removed = await call(t, admin, 'DELETE', `${base}/${other.user.username}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: expect.any(String) });
    const left = await call(t, plain, 'DELETE', `${base}/${plain.user.username}`);
    expect(left.statusCode).toBe(200);
    expectError(await call(t, plain, 'GET', base), 404, 'org_not_found');
    expect((await call(t, owner, 'DELETE', `${base}/${admin.user.username}`)).statusCode).toBe(200);
    expectError(await call(t, owner, 'DELETE', `${base}/${admin.user.username}`), 404);
    const now = (await call(t, owner, 'GET', base)).json();
    expect(now.members.map((m: any) => m.user.id)).toEqual([owner.user.id]);
    expect((await call(t, owner, 'GET', `/api/orgs/${org.slug}`)).json().org.memberCount).toBe(1);
  });

  it('two owners demoting or removing each other at once: one succeeds, the other is refused; the organization keeps an owner', async () => {
    const races: [string, (a: Member, b: Member, base: string) => [Method, string, unknown?]][] = [
      ['demote', (_a, b, base) => ['PATCH', `${base}/${b.user.username}`, { role: 'admin' }]],
      ['remove', (_a, b, base) => ['DELETE', `${base}/${b.user.username}`]],
      ['leave', (a, _b, base) => ['DELETE', `${base}/${a.user.username}`]],
    ];
    for (const [what, request] of races) {
      const [a, b] = [await member(t), await member(t)];
      const org = await newOrg(t, a);
      await join(t, org, b, 'owner');
      const base = `/api/orgs/${org.slug}/members`;
      // Both requests pass their checks before either writes: the worst interleaving, every time.
      const [ra, rb] = await bothWritesMeet(() => Promise.all([call(t, a, ...request(a, b, base)), call(t, b, ...request(b, a, base))]));
      const [won, lost] = ra.statusCode === 200 ? [ra, rb] : [rb, ra];
      expect(won.statusCode, `${what}: ${ra.body} ${rb.body}`).toBe(200);
      expect(lost.json(), what).toEqual({ error: 'An organization needs an owner: make someone else owner first', code: 'last_owner' });
      const owners = await t.db.kysely.selectFrom('organization_members').select('user_id').where('organization_id', '=', org.id).where('role', '=', 'owner').execute();
      expect(owners, what).toHaveLength(1);
    }
  });
});

/**
 * Holds the last check of a membership change (the read of the member it names) until a second
 * one arrives, then lets both go: two requests at once both finish their checks before either
 * writes. (Not the write itself: a removal writes in a transaction, with its events, and on SQLite
 * a transaction holds the one connection, so a held write would keep the second request from ever
 * arriving.) Every query of the app passes here while `run` lasts.
 */
async function bothWritesMeet<T>(run: () => Promise<T>): Promise<T> {
  const executor = Object.getPrototypeOf(t.db.kysely.getExecutor()) as { executeQuery: (query: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
  const original = executor.executeQuery;
  const memberCheck = /from "organization_members" as "m" inner join "users" as "u"/;
  let arrived = 0;
  let release!: () => void;
  const met = new Promise<void>((resolve) => (release = resolve));
  executor.executeQuery = async function (this: unknown, query, ...rest) {
    if (memberCheck.test(query.sql) && arrived < 2) {
      arrived += 1;
      if (arrived === 2) release();
      await met;
    }
    return original.call(this, query, ...rest);
  };
  try {
    return await run();
  } finally {
    executor.executeQuery = original;
  }
}
