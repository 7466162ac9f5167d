import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member, recordEvents } from '../messages/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const summary = (m: { user: { id: string; username: string; display_name: string } }) => ({
  id: m.user.id,
  username: m.user.username,
  displayName: m.user.display_name,
  avatar: null,
});

describe('POST /api/users/{username}/follow', () => {
  it('follows a public account at once, is idempotent, and emits one follow event', async () => {
    const [a, b] = [await member(t), await member(t)];
    const events = recordEvents(t, ['follow']);
    const res = await call(t, a, 'POST', `/api/users/${b.user.username}/follow`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ following: true, requested: false });
    // Case-insensitive username, and a repeat changes nothing.
    const again = await call(t, a, 'POST', `/api/users/${b.user.username.toUpperCase()}/follow`, undefined, true);
    expect(again.json()).toEqual({ following: true, requested: false });
    events.stop();
    expect(events.of('follow')).toEqual([{ followerId: a.user.id, followeeId: b.user.id, requested: false }]);

    const followers = await call(t, b, 'GET', '/api/user/followers');
    expect(followers.json()).toEqual({ users: [summary(a)], pagination: { total: 1, limit: 20, offset: 0, hasMore: false } });
    const following = await call(t, a, 'GET', '/api/user/following', undefined, true);
    expect(following.json().users).toEqual([summary(b)]);
  });

  it('sends a follow request to a private account; accept makes the follow, reject does not', async () => {
    const owner = await member(t, { is_private: true });
    const [x, y] = [await member(t), await member(t)];
    const events = recordEvents(t, ['follow']);
    for (const requester of [x, y]) {
      const res = await call(t, requester, 'POST', `/api/users/${owner.user.username}/follow`);
      expect(res.json()).toEqual({ following: false, requested: true });
    }
    // A repeated request is still one request.
    expect((await call(t, x, 'POST', `/api/users/${owner.user.username}/follow`)).json()).toEqual({ following: false, requested: true });

    const list = await call(t, owner, 'GET', '/api/user/follow-requests');
    expect(list.statusCode).toBe(200);
    const requests = list.json().requests;
    expect(requests).toEqual([
      { id: expect.any(String), user: summary(x), createdAt: expect.any(String) },
      { id: expect.any(String), user: summary(y), createdAt: expect.any(String) },
    ]);

    // Someone else cannot answer the owner's requests: 404.
    expectError(await call(t, x, 'POST', `/api/user/follow-requests/${requests[0].id}/accept`), 404);

    expect((await call(t, owner, 'POST', `/api/user/follow-requests/${requests[0].id}/accept`)).json()).toEqual({ message: expect.any(String) });
    expect((await call(t, owner, 'POST', `/api/user/follow-requests/${requests[1].id}/reject`, undefined, true)).statusCode).toBe(200);
    expectError(await call(t, owner, 'POST', `/api/user/follow-requests/${requests[1].id}/accept`), 404);

    expect((await call(t, owner, 'GET', '/api/user/followers')).json().users).toEqual([summary(x)]);
    expect((await call(t, owner, 'GET', '/api/user/follow-requests')).json().requests).toEqual([]);
    // Following again once followed says so.
    expect((await call(t, x, 'POST', `/api/users/${owner.user.username}/follow`)).json()).toEqual({ following: true, requested: false });
    events.stop();
    expect(events.of('follow')).toEqual([
      { followerId: x.user.id, followeeId: owner.user.id, requested: true },
      { followerId: y.user.id, followeeId: owner.user.id, requested: true },
    ]);
  });

  it('refuses following yourself (400) and unknown users (404 user_not_found)', async () => {
    const a = await member(t);
    expectError(await call(t, a, 'POST', `/api/users/${a.user.username}/follow`), 400);
    expectError(await call(t, a, 'POST', '/api/users/nobody_here_at_all/follow'), 404, 'user_not_found');
    expectError(await call(t, a, 'DELETE', '/api/users/nobody_here_at_all/follow'), 404, 'user_not_found');
  });

  it('needs credentials (401) and a writable account (403); reads still work when read-only', async () => {
    const [a, b] = [await member(t), await member(t)];
    expectError(await call(t, null, 'POST', `/api/users/${b.user.username}/follow`), 401);
    expectError(await call(t, null, 'DELETE', `/api/users/${b.user.username}/follow`), 401);
    for (const path of ['/api/user/followers', '/api/user/following', '/api/user/follow-requests']) expectError(await call(t, null, 'GET', path), 401);
    expectError(await call(t, null, 'POST', '/api/user/follow-requests/x/accept'), 401);
    for (const [status, code] of [
      ['restricted', 'account_restricted'],
      ['suspended', 'account_suspended'],
      ['banned', 'account_banned'],
    ] as const) {
      const r = await member(t, { account_status: status });
      expectError(await call(t, r, 'POST', `/api/users/${b.user.username}/follow`), 403, code);
      expectError(await call(t, r, 'DELETE', `/api/users/${b.user.username}/follow`, undefined, true), 403, code);
      if (status !== 'banned') expect((await call(t, r, 'GET', '/api/user/following')).statusCode).toBe(200);
    }
    // Probation accounts may follow.
    const p = await member(t, { account_status: 'probation' });
    expect((await call(t, p, 'POST', `/api/users/${a.user.username}/follow`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/{username}/follow', () => {
  it('unfollows and withdraws a pending request, idempotently', async () => {
    const [a, pub] = [await member(t), await member(t)];
    const priv = await member(t, { is_private: true });
    await call(t, a, 'POST', `/api/users/${pub.user.username}/follow`);
    await call(t, a, 'POST', `/api/users/${priv.user.username}/follow`);
    for (let i = 0; i < 2; i++) {
      for (const target of [pub, priv]) {
        const res = await call(t, a, 'DELETE', `/api/users/${target.user.username}/follow`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ following: false, requested: false });
      }
    }
    expect((await call(t, a, 'GET', '/api/user/following')).json().users).toEqual([]);
    expect((await call(t, priv, 'GET', '/api/user/follow-requests')).json().requests).toEqual([]);
  });
});

describe('followers and following lists', () => {
  it('page with limit and offset, most recent first', async () => {
    const star = await member(t);
    const fans = [];
    for (let i = 0; i < 5; i++) {
      const fan = await member(t);
      t.clock.advance(1000);
      await call(t, fan, 'POST', `/api/users/${star.user.username}/follow`);
      fans.push(fan);
    }
    const first = (await call(t, star, 'GET', '/api/user/followers?limit=2')).json();
    expect(first.users.map((u: { id: string }) => u.id)).toEqual([fans[4].user.id, fans[3].user.id]);
    expect(first.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
    const last = (await call(t, star, 'GET', '/api/user/followers?limit=2&offset=4')).json();
    expect(last.users.map((u: { id: string }) => u.id)).toEqual([fans[0].user.id]);
    expect(last.pagination).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false });
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) expectError(await call(t, star, 'GET', `/api/user/followers?${q}`), 400);
  });
});

describe('GET /api/users/{username}', () => {
  it('is viewer-aware: a private account’s bio only for itself and its followers', async () => {
    const priv = await member(t, { is_private: true, bio: 'secret bio' });
    const [follower, stranger, requester] = [await member(t), await member(t), await member(t)];
    await call(t, follower, 'POST', `/api/users/${priv.user.username}/follow`);
    const [req] = (await call(t, priv, 'GET', '/api/user/follow-requests')).json().requests;
    await call(t, priv, 'POST', `/api/user/follow-requests/${req.id}/accept`);
    await call(t, requester, 'POST', `/api/users/${priv.user.username}/follow`);

    const url = `/api/users/${priv.user.username}`;
    const anon = await call(t, null, 'GET', url);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({
      user: {
        id: priv.user.id,
        username: priv.user.username,
        displayName: priv.user.display_name,
        avatar: null,
        bio: null,
        isPrivate: true,
        createdAt: priv.user.created_at,
        followersCount: 1,
        followingCount: 0,
        isFollowing: false,
        followRequested: false,
      },
    });
    expect((await call(t, stranger, 'GET', url)).json().user.bio).toBeNull();
    expect((await call(t, requester, 'GET', url)).json().user).toMatchObject({ bio: null, followRequested: true, isFollowing: false });
    expect((await call(t, follower, 'GET', url, undefined, true)).json().user).toMatchObject({ bio: 'secret bio', isFollowing: true });
    expect((await call(t, priv, 'GET', url)).json().user.bio).toBe('secret bio');

    const pub = await member(t, { bio: 'open bio' });
    expect((await call(t, null, 'GET', `/api/users/${pub.user.username}`)).json().user.bio).toBe('open bio');
  });

  it('answers 404 user_not_found for an unknown user, and the singular spelling is not a profile', async () => {
    expect((await call(t, null, 'GET', '/api/users/no_such_user_here')).json()).toEqual({ error: expect.any(String), code: 'user_not_found' });
    expect((await call(t, null, 'GET', '/api/users/no_such_user_here')).statusCode).toBe(404);
    const pub = await member(t);
    expectError(await call(t, null, 'GET', `/api/user/${pub.user.username}`), 404);
  });
});
