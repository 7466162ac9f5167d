import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, follows, member, post, type Member } from '../messages/helpers.js';
import { settle, tray } from '../notifications/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const summary = (m: Member) => ({ id: m.user.id, username: m.user.username, displayName: m.user.display_name, avatar: null });
const feedIds = async (who: Member | null, query = '') => (await call(t, who, 'GET', `/api/messages?limit=100${query}`)).json().messages.map((m: any) => m.id);

describe('block and mute routes', () => {
  it.each([
    ['block', 'blocking', 'blocks'],
    ['mute', 'muting', 'mutes'],
  ] as const)('%s: on, idempotent, listed with pagination, off, idempotent', async (path, field, list) => {
    const [me, x, y] = [await member(t), await member(t), await member(t)];
    for (const who of [x, y, x]) {
      const res = await call(t, me, 'POST', `/api/users/${who.user.username}/${path}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ [field]: true });
    }
    t.clock.advance(1000);
    const listed = await call(t, me, 'GET', `/api/user/${list}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().pagination).toEqual({ total: 2, limit: 20, offset: 0, hasMore: false });
    expect(listed.json().users.map((u: any) => u.id).sort()).toEqual([x.user.id, y.user.id].sort());
    expect((await call(t, me, 'GET', `/api/user/${list}?limit=1`, undefined, true)).json()).toEqual({
      users: [expect.any(Object)],
      pagination: { total: 2, limit: 1, offset: 0, hasMore: true },
    });
    expect((await call(t, me, 'DELETE', `/api/users/${x.user.username}/${path}`)).json()).toEqual({ [field]: false });
    expect((await call(t, me, 'DELETE', `/api/users/${x.user.username}/${path}`)).json()).toEqual({ [field]: false });
    expect((await call(t, me, 'GET', `/api/user/${list}`)).json().users).toEqual([summary(y)]);
    // Not visible to anyone else's list.
    expect((await call(t, x, 'GET', `/api/user/${list}`)).json().users).toEqual([]);

    expectError(await call(t, me, 'POST', `/api/users/${me.user.username}/${path}`), 400);
    expectError(await call(t, me, 'DELETE', `/api/users/${me.user.username}/${path}`), 400);
    expectError(await call(t, me, 'POST', `/api/users/no_such_user_zz/${path}`), 404, 'user_not_found');
    expectError(await call(t, null, 'POST', `/api/users/${x.user.username}/${path}`), 401);
    expectError(await call(t, null, 'GET', `/api/user/${list}`), 401);
    expectError(await call(t, me, 'GET', `/api/user/${list}?limit=0`), 400);
    const ro = await member(t, { account_status: 'suspended' });
    expectError(await call(t, ro, 'POST', `/api/users/${x.user.username}/${path}`), 403, 'account_suspended');
  });

  it('a block ends follows and pending follow requests in both directions', async () => {
    const [a, b] = [await member(t), await member(t, { is_private: true })];
    await follows(t, b, a);
    await call(t, a, 'POST', `/api/users/${b.user.username}/follow`); // a request (b is private)
    expect((await call(t, b, 'GET', '/api/user/follow-requests')).json().requests).toHaveLength(1);
    await call(t, a, 'POST', `/api/users/${b.user.username}/block`);
    expect((await call(t, a, 'GET', '/api/user/followers')).json().users).toEqual([]);
    expect((await call(t, b, 'GET', '/api/user/following')).json().users).toEqual([]);
    expect((await call(t, b, 'GET', '/api/user/follow-requests')).json().requests).toEqual([]);
  });
});

describe('effects of a block, both ways', () => {
  it('neither sees the other: feeds, search, single reads, replies, profiles; following is 403 blocked', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const ma = await post(t, a, { content: 'zebrafish from a', publiclyVisible: true });
    const mb = await post(t, b, { content: 'zebrafish from b', publiclyVisible: true });
    const mc = await post(t, c, { content: 'zebrafish from c', publiclyVisible: true });
    const replyB = await post(t, b, { parentId: mc.id, content: 'b replies' });
    const replyA = await post(t, a, { parentId: mc.id, content: 'a replies' });
    await call(t, a, 'POST', `/api/users/${b.user.username}/block`);

    for (const [viewer, other, own] of [
      [a, b, ma],
      [b, a, mb],
    ] as const) {
      const otherMsg = other === a ? ma : mb;
      const otherReply = other === a ? replyA : replyB;
      const ids = await feedIds(viewer);
      expect(ids).toContain(own.id);
      expect(ids).toContain(mc.id);
      expect(ids).not.toContain(otherMsg.id);
      const found = (await call(t, viewer, 'GET', '/api/messages/search?q=zebrafish')).json().messages.map((m: any) => m.id);
      expect(found).toContain(mc.id);
      expect(found).not.toContain(otherMsg.id);
      expectError(await call(t, viewer, 'GET', `/api/messages/${otherMsg.id}`), 404);
      const replies = (await call(t, viewer, 'GET', `/api/messages/${mc.id}/replies`)).json().map((m: any) => m.id);
      expect(replies).not.toContain(otherReply.id);
      expect(replies).toHaveLength(1);
      expectError(await call(t, viewer, 'GET', `/api/users/${other.user.username}`), 404, 'user_not_found');
      expectError(await call(t, viewer, 'GET', `/api/user/${other.user.username}/messages`), 404, 'user_not_found');
      expectError(await call(t, viewer, 'POST', `/api/users/${other.user.username}/follow`), 403, 'blocked');
    }
    // Third parties and anonymous readers are unaffected.
    expect(await feedIds(c)).toEqual(expect.arrayContaining([ma.id, mb.id]));
    expect(await feedIds(null)).toEqual(expect.arrayContaining([ma.id, mb.id]));
    expect((await call(t, c, 'GET', `/api/users/${a.user.username}`)).statusCode).toBe(200);

    // Unblocked: all back.
    await call(t, a, 'DELETE', `/api/users/${b.user.username}/block`);
    expect(await feedIds(b)).toContain(ma.id);
    expect((await call(t, b, 'GET', `/api/messages/${ma.id}`)).statusCode).toBe(200);
  });

  it('no notification passes between them: earlier ones leave the tray, new ones are never made', async () => {
    const [a, b] = [await member(t), await member(t)];
    const ma = await post(t, a, { content: 'hi', publiclyVisible: true });
    await call(t, b, 'POST', `/api/messages/${ma.id}/dig`);
    await settle(t);
    expect((await tray(t, a)).unreadCount).toBe(1);
    await call(t, b, 'POST', `/api/users/${a.user.username}/block`);
    expect(await tray(t, a)).toEqual({ unreadCount: 0, items: [] });
    await post(t, b, { content: `hey @${a.user.username}`, publiclyVisible: true });
    await settle(t);
    const rows = await t.db.kysely.selectFrom('notifications').select('type').where('user_id', '=', a.user.id).execute();
    expect(rows.map((r) => r.type)).toEqual(['dig']);
  });
});

describe('feed totals', () => {
  it('feed totals count only what a viewer with blocks or mutes sees', async () => {
    const [me, blocked, muted, other] = [await member(t), await member(t), await member(t), await member(t)];
    for (const who of [blocked, muted, other]) await post(t, who, { content: `post by ${who.user.username}`, publiclyVisible: true });
    await call(t, me, 'POST', `/api/users/${blocked.user.username}/block`);
    await call(t, me, 'POST', `/api/users/${muted.user.username}/mute`);
    const all = [];
    let offset = 0;
    let body;
    do {
      body = (await call(t, me, 'GET', `/api/messages?limit=100&offset=${offset}`)).json();
      all.push(...body.messages);
      offset += 100;
    } while (body.pagination.hasMore);
    expect(body.pagination.total).toBe(all.length);
    const authors = new Set(all.map((m: any) => m.user.id));
    expect(authors.has(blocked.user.id)).toBe(false);
    expect(authors.has(muted.user.id)).toBe(false);
    expect(authors.has(other.user.id)).toBe(true);
  });
});

describe('effects of a mute', () => {
  it('the muted user’s messages leave the muter’s feeds and search, and their notifications the tray; nothing else changes', async () => {
    const [me, loud, other] = [await member(t), await member(t), await member(t)];
    const mine = await post(t, me, { content: 'walrus mine', publiclyVisible: true });
    const ml = await post(t, loud, { content: 'walrus loud', publiclyVisible: true });
    const mo = await post(t, other, { content: 'walrus other', publiclyVisible: true });
    await call(t, loud, 'POST', `/api/messages/${mine.id}/dig`);
    await settle(t);
    await call(t, me, 'POST', `/api/users/${loud.user.username}/mute`);

    expect(await feedIds(me)).toEqual(expect.arrayContaining([mine.id, mo.id]));
    expect(await feedIds(me)).not.toContain(ml.id);
    const total = (await call(t, me, 'GET', '/api/messages/search?q=walrus')).json();
    expect(total.messages.map((m: any) => m.id).sort()).toEqual([mine.id, mo.id].sort());
    expect(total.pagination.total).toBe(2);
    expect(await tray(t, me)).toEqual({ unreadCount: 0, items: [] });
    // Single reads, profiles and the muted user's own view are unchanged.
    expect((await call(t, me, 'GET', `/api/messages/${ml.id}`)).statusCode).toBe(200);
    expect((await call(t, me, 'GET', `/api/users/${loud.user.username}`)).statusCode).toBe(200);
    expect(await feedIds(loud)).toContain(mine.id);
    expect((await call(t, loud, 'POST', `/api/messages/${mine.id}/dig`)).statusCode).toBe(200);

    await call(t, me, 'DELETE', `/api/users/${loud.user.username}/mute`);
    expect(await feedIds(me)).toContain(ml.id);
    expect((await tray(t, me)).unreadCount).toBe(1);
  });
});

describe('POST /api/users/{username}/report', () => {
  it('files a report (201) visible to administrators’ tables; bad input 400; self 400; unknown 404', async () => {
    const [me, x] = [await member(t), await member(t)];
    const res = await call(t, me, 'POST', `/api/users/${x.user.username}/report`, { reason: 'harassment', detail: 'rude' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ report: { id: expect.any(String), reason: 'harassment', createdAt: expect.any(String) } });
    const row = await t.db.kysely.selectFrom('user_reports').selectAll().where('id', '=', res.json().report.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reporter_id: me.user.id, reported_id: x.user.id, reason: 'harassment', detail: 'rude', status: 'open' });
    expect((await call(t, me, 'POST', `/api/users/${x.user.username}/report`, { reason: 'spam' }, true)).statusCode).toBe(201);
    for (const body of [{}, { reason: 'boring' }, { reason: 'spam', detail: 'x'.repeat(1001) }, { reason: 'spam', extra: 1 }, { reason: 3 }]) {
      expectError(await call(t, me, 'POST', `/api/users/${x.user.username}/report`, body), 400);
    }
    expectError(await call(t, me, 'POST', `/api/users/${me.user.username}/report`, { reason: 'spam' }), 400);
    expectError(await call(t, me, 'POST', '/api/users/no_such_user_zz/report', { reason: 'spam' }), 404, 'user_not_found');
    expectError(await call(t, null, 'POST', `/api/users/${x.user.username}/report`, { reason: 'spam' }), 401);
  });
});
