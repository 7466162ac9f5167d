import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member, post } from '../messages/helpers.js';
import { seedNotifications, settle, tray } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const actorOf = (m: { user: { id: string; username: string; display_name: string } }) => ({
  id: m.user.id,
  username: m.user.username,
  displayName: m.user.display_name,
  avatar: null,
});

describe('notifications from the five events', () => {
  it('a dig creates a notification with every field of the spec', async () => {
    const [author, digger] = [await member(t), await member(t)];
    const m = await post(t, author, { content: 'dig me', publiclyVisible: true });
    expect((await call(t, digger, 'POST', `/api/messages/${m.id}/dig`)).statusCode).toBe(200);
    await settle(t);
    const { unreadCount, items } = await tray(t, author);
    expect(unreadCount).toBe(1);
    expect(items).toEqual([
      {
        id: expect.any(String),
        title: 'New dig',
        body: `${digger.user.display_name} dug your message: “dig me”`,
        actionUrl: `/messages/${m.id}`,
        type: 'dig',
        metadata: { actor: actorOf(digger), messageId: m.id },
        createdAt: expect.any(String),
        readAt: null,
        routePath: `/messages/${m.id}`,
        target: { messageId: m.id, listId: null, orgId: null },
      },
    ]);
    // Digging your own message notifies nobody.
    await call(t, author, 'POST', `/api/messages/${m.id}/dig`);
    await settle(t);
    expect((await tray(t, author)).unreadCount).toBe(1);
    expect((await tray(t, digger)).unreadCount).toBe(0);
  });

  it('push, reply and mention point at the new post; follow at the follower; a request at /follow-requests', async () => {
    const [author, other] = [await member(t), await member(t)];
    const priv = await member(t, { is_private: true });
    const m = await post(t, author, { content: 'original', publiclyVisible: true });
    const pushed = await post(t, other, { pushedMessageId: m.id, content: '' });
    const reply = await post(t, other, { parentId: m.id, content: 'a reply' });
    const mention = await post(t, other, { content: `hi @${author.user.username}`, publiclyVisible: true });
    await call(t, other, 'POST', `/api/users/${author.user.username}/follow`);
    await call(t, other, 'POST', `/api/users/${priv.user.username}/follow`);
    // Replying to, mentioning and following yourself notify nobody.
    await post(t, author, { parentId: m.id, content: 'self reply' });
    await post(t, author, { content: `me @${author.user.username}`, publiclyVisible: true });
    await settle(t);

    const { items } = await tray(t, author);
    const byType = Object.fromEntries(items.map((n) => [n.type, n]));
    expect(items.map((n) => n.type).sort()).toEqual(['follow', 'mention', 'push', 'reply']);
    expect(byType.push).toMatchObject({ routePath: `/messages/${pushed.id}`, target: { messageId: pushed.id, listId: null, orgId: null }, metadata: { actor: actorOf(other), messageId: pushed.id, pushedMessageId: m.id } });
    expect(byType.reply).toMatchObject({ routePath: `/messages/${reply.id}`, title: 'New reply', metadata: { parentId: m.id, messageId: reply.id } });
    expect(byType.mention).toMatchObject({ routePath: `/messages/${mention.id}`, target: { messageId: mention.id } });
    expect(byType.follow).toMatchObject({
      routePath: `/users/${other.user.username}`,
      actionUrl: `/users/${other.user.username}`,
      target: { messageId: null, listId: null, orgId: null },
      metadata: { actor: actorOf(other), requested: false },
    });
    const request = (await tray(t, priv)).items;
    expect(request).toHaveLength(1);
    expect(request[0]).toMatchObject({ type: 'follow', title: 'New follow request', routePath: '/follow-requests', metadata: { requested: true } });
  });

  it('a deleted message leaves its notifications without a path (routePath and actionUrl null, target kept)', async () => {
    const [author, digger] = [await member(t), await member(t)];
    const m = await post(t, author, { content: 'short-lived', publiclyVisible: true });
    await call(t, digger, 'POST', `/api/messages/${m.id}/dig`);
    await settle(t);
    expect((await tray(t, author)).items[0].routePath).toBe(`/messages/${m.id}`);
    expect((await call(t, author, 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(200);
    await settle(t);
    expect((await tray(t, author)).items[0]).toMatchObject({ routePath: null, actionUrl: null, target: { messageId: m.id, listId: null, orgId: null } });
  });
});

describe('GET /api/notifications', () => {
  it('tray: unread only, default 20, limit clamped to 10..40; unreadCount counts all unread', async () => {
    const u = await member(t);
    await seedNotifications(t, u, 45);
    const def = await tray(t, u);
    expect(def.unreadCount).toBe(45);
    expect(def.items).toHaveLength(20);
    expect(def.items[0].title).toBe('t44'); // newest first
    expect((await tray(t, u, 'scope=tray&limit=5')).items).toHaveLength(10);
    expect((await tray(t, u, 'scope=tray&limit=100')).items).toHaveLength(40);
    expect((await tray(t, u, 'scope=tray&limit=33')).items).toHaveLength(33);
    await call(t, u, 'POST', '/api/notifications/mark-all-read');
    expect(await tray(t, u)).toEqual({ unreadCount: 0, items: [] });
  });

  it('feed: read and unread, newest first, limit 1..50 default 20; bad limits 400', async () => {
    const u = await member(t);
    await seedNotifications(t, u, 30);
    const first = (await call(t, u, 'GET', '/api/notifications')).json();
    await call(t, u, 'PATCH', `/api/notifications/${first.items[0].id}/read`);
    const feed = await tray(t, u, '');
    expect(feed.unreadCount).toBe(29);
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0].readAt).toEqual(expect.any(String));
    expect((await tray(t, u, 'limit=50')).items).toHaveLength(30);
    expect((await tray(t, u, 'limit=1')).items).toHaveLength(1);
    expect((await tray(t, u, 'limit=10&offset=25')).items.map((n) => n.title)).toEqual(['t4', 't3', 't2', 't1', 't0']);
    for (const q of ['limit=0', 'limit=51', 'limit=abc', 'scope=nope', 'offset=-1', 'limit=1.5']) {
      expectError(await call(t, u, 'GET', `/api/notifications?${q}`), 400);
    }
    // Bearer works too; anonymous is 401.
    expect((await call(t, u, 'GET', '/api/notifications', undefined, true)).statusCode).toBe(200);
    expectError(await call(t, null, 'GET', '/api/notifications'), 401);
  });
});

describe('read, mark-all-read, delete', () => {
  it('marks one read (idempotent, first time kept), all read with the count, deletes; others get 404', async () => {
    const [u, other] = [await member(t), await member(t)];
    const rows = await seedNotifications(t, u, 3);
    const id = rows[0].id;
    const r1 = await call(t, u, 'PATCH', `/api/notifications/${id}/read`);
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toEqual({ ok: true });
    const readAt = (await tray(t, u, '')).items.find((n) => n.id === id)!.readAt;
    t.clock.advance(5000);
    expect((await call(t, u, 'PATCH', `/api/notifications/${id}/read`, undefined, true)).json()).toEqual({ ok: true });
    expect((await tray(t, u, '')).items.find((n) => n.id === id)!.readAt).toBe(readAt);

    expectError(await call(t, other, 'PATCH', `/api/notifications/${id}/read`), 404);
    expectError(await call(t, other, 'DELETE', `/api/notifications/${id}`), 404);
    expectError(await call(t, other, 'PATCH', '/api/notifications/nope/read'), 404);
    expectError(await call(t, null, 'PATCH', `/api/notifications/${id}/read`), 401);
    expectError(await call(t, null, 'POST', '/api/notifications/mark-all-read'), 401);
    expectError(await call(t, null, 'DELETE', `/api/notifications/${id}`), 401);

    expect((await call(t, u, 'POST', '/api/notifications/mark-all-read')).json()).toEqual({ ok: true, updated: 2 });
    expect((await call(t, u, 'POST', '/api/notifications/mark-all-read')).json()).toEqual({ ok: true, updated: 0 });
    expect((await call(t, other, 'POST', '/api/notifications/mark-all-read')).json()).toEqual({ ok: true, updated: 0 });

    expect((await call(t, u, 'DELETE', `/api/notifications/${id}`)).json()).toEqual({ ok: true });
    expectError(await call(t, u, 'DELETE', `/api/notifications/${id}`), 404);
    expect((await tray(t, u, '')).items.map((n) => n.id)).not.toContain(id);
  });

  it('probation accounts use notifications, preferences and devices like any other', async () => {
    const u = await member(t, { account_status: 'probation' });
    const [row] = await seedNotifications(t, u, 1);
    expect((await call(t, u, 'GET', '/api/notifications?scope=tray')).statusCode).toBe(200);
    expect((await call(t, u, 'PATCH', `/api/notifications/${row.id}/read`)).statusCode).toBe(200);
    expect((await call(t, u, 'POST', '/api/notifications/mark-all-read')).statusCode).toBe(200);
    expect((await call(t, u, 'PATCH', '/api/user/notification-preferences', { key: 'reply', channels: { email: false } })).statusCode).toBe(200);
    expect((await call(t, u, 'POST', '/api/push/register', { token: 'probation-device', platform: 'android' })).statusCode).toBe(200);
    expect((await call(t, u, 'DELETE', `/api/notifications/${row.id}`)).statusCode).toBe(200);
  });

  it('restricted accounts can read but not change (403)', async () => {
    const u = await member(t, { account_status: 'restricted' });
    const [row] = await seedNotifications(t, u, 1);
    expect((await call(t, u, 'GET', '/api/notifications')).statusCode).toBe(200);
    expectError(await call(t, u, 'PATCH', `/api/notifications/${row.id}/read`), 403, 'account_restricted');
    expectError(await call(t, u, 'PATCH', '/api/user/notification-preferences', { key: 'dig', channels: { push: false } }), 403, 'account_restricted');
  });
});

describe('notification preferences', () => {
  const DEFAULTS = [
    { key: 'dig', label: 'Digs', description: expect.any(String), channels: { push: true, inApp: true } },
    { key: 'push', label: 'Pushes', description: expect.any(String), channels: { push: true, inApp: true } },
    { key: 'follow', label: 'Follows', description: expect.any(String), channels: { push: true, email: true } },
    { key: 'mention', label: 'Mentions', description: expect.any(String), channels: { email: true } },
    { key: 'reply', label: 'Replies', description: expect.any(String), channels: { email: true } },
  ];

  it('every channel defaults to on; PATCH changes only what it names and answers the event', async () => {
    const u = await member(t);
    expect((await call(t, u, 'GET', '/api/user/notification-preferences')).json()).toEqual({ events: DEFAULTS });
    const res = await call(t, u, 'PATCH', '/api/user/notification-preferences', { key: 'dig', channels: { inApp: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key: 'dig', label: 'Digs', description: expect.any(String), channels: { push: true, inApp: false } });
    const again = await call(t, u, 'PATCH', '/api/user/notification-preferences', { key: 'dig', channels: { push: false } }, true);
    expect(again.json().channels).toEqual({ push: false, inApp: false });
    const events = (await call(t, u, 'GET', '/api/user/notification-preferences')).json().events;
    expect(events[0].channels).toEqual({ push: false, inApp: false });
    expect(events.slice(1)).toEqual(DEFAULTS.slice(1));
    expectError(await call(t, null, 'GET', '/api/user/notification-preferences'), 401);
    expectError(await call(t, null, 'PATCH', '/api/user/notification-preferences', { key: 'dig', channels: { push: false } }), 401);
  });

  it.each([
    ['unknown key', { key: 'likes', channels: { push: false } }],
    ['missing key', { channels: { push: false } }],
    ['missing channels', { key: 'dig' }],
    ['null channels', { key: 'dig', channels: null }],
    ['channels not an object', { key: 'dig', channels: 'push' }],
    ['channels an array', { key: 'dig', channels: [true] }],
    ['unsupported channel', { key: 'dig', channels: { email: false } }],
    ['supported and unsupported together', { key: 'mention', channels: { email: false, push: false } }],
    ['unknown channel', { key: 'follow', channels: { sms: true } }],
    ['non-boolean value', { key: 'follow', channels: { push: 'false' } }],
    ['numeric value', { key: 'follow', channels: { push: 0 } }],
    ['no channels', { key: 'follow', channels: {} }],
    ['unknown field', { key: 'follow', channels: { push: false }, extra: 1 }],
    ['huge key', { key: 'x'.repeat(10_000), channels: { push: false } }],
  ])('400 for %s, and nothing changes', async (_name, body) => {
    const u = await member(t);
    const res = await call(t, u, 'PATCH', '/api/user/notification-preferences', body);
    expectError(res, 400);
    expect((await call(t, u, 'GET', '/api/user/notification-preferences')).json()).toEqual({ events: DEFAULTS });
  });

  it('inApp off: digs reach neither tray nor feed; on again: they do', async () => {
    const [author, a, b] = [await member(t), await member(t), await member(t)];
    const m = await post(t, author, { content: 'quiet', publiclyVisible: true });
    await call(t, author, 'PATCH', '/api/user/notification-preferences', { key: 'dig', channels: { inApp: false } });
    await call(t, a, 'POST', `/api/messages/${m.id}/dig`);
    await settle(t);
    expect(await tray(t, author, '')).toEqual({ unreadCount: 0, items: [] });
    await call(t, author, 'PATCH', '/api/user/notification-preferences', { key: 'dig', channels: { inApp: true } });
    await call(t, b, 'POST', `/api/messages/${m.id}/dig`);
    await settle(t);
    expect((await tray(t, author)).items.map((n) => n.metadata.actor.id)).toEqual([b.user.id]);
  });
});

describe('delivery never fails or waits for the write', () => {
  it('a listener that throws does not fail the dig; the notification is still made', async () => {
    const [author, digger] = [await member(t), await member(t)];
    const m = await post(t, author, { content: 'x', publiclyVisible: true });
    const off = t.app.ctx.events.on('dig', () => {
      throw new Error('listener exploded');
    });
    const offAsync = t.app.ctx.events.on('dig', async () => {
      throw new Error('async listener exploded');
    });
    try {
      const res = await call(t, digger, 'POST', `/api/messages/${m.id}/dig`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isNewDig: true });
    } finally {
      off();
      offAsync();
    }
    await settle(t);
    expect((await tray(t, author)).unreadCount).toBe(1);
  });
});
