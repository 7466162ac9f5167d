import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { publishDueMessages, roundUpToSlot } from '../../src/features/messages/scheduling.js';
import { call, expectError, follows, member, post, recordEvents, subscriber, type Member } from './helpers.js';

const SECRET = 'cron-secret-for-tests';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { CRON_SECRET: SECRET, SCHEDULER: 'on' } });
});
afterAll(async () => t.close());
beforeEach(() => {
  // 10:02:30 UTC: early in the day, so "today" has room.
  t.clock.set('2030-03-04T10:02:30.000Z');
});

const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const cron = (auth?: string) => t.app.inject({ method: 'GET', url: '/api/cron/publish-scheduled-messages', headers: auth ? { authorization: auth } : {} });

async function schedule(who: Member, scheduledAt: string, extra: Record<string, unknown> = {}) {
  const res = await call(t, who, 'POST', '/api/messages', { content: 'later', scheduledAt, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('roundUpToSlot', () => {
  it.each([
    ['2030-03-04T10:02:30.000Z', '2030-03-04T10:05:00.000Z'],
    ['2030-03-04T10:05:00.000Z', '2030-03-04T10:05:00.000Z'],
    ['2030-03-04T10:05:00.001Z', '2030-03-04T10:10:00.000Z'],
    ['2030-03-04T23:59:59.000Z', '2030-03-05T00:00:00.000Z'],
  ])('%s → %s', (input, output) => {
    expect(roundUpToSlot(new Date(input)).toISOString()).toBe(output);
  });
});

describe('creating a scheduled message', () => {
  it('answers 201 "Message scheduled" with the rounded scheduledAt, in the body and on the message', async () => {
    const s = await subscriber(t);
    const body = await schedule(s, '2030-03-04T11:07:01.000Z');
    expect(body.message).toBe('Message scheduled');
    expect(body.scheduledAt).toBe('2030-03-04T11:10:00.000Z');
    expect(body.data.scheduledAt).toBe('2030-03-04T11:10:00.000Z');
    expect(body.crossPosts).toEqual([]);
    // On a boundary: unchanged.
    expect((await schedule(s, '2030-03-04T12:00:00.000Z')).scheduledAt).toBe('2030-03-04T12:00:00.000Z');
  });

  it('refuses a time that is not in the future after rounding, and parentId or pushedMessageId with it', async () => {
    const s = await subscriber(t);
    const m = await post(t, s, { content: 'x' });
    // A past time is refused even when rounding up would carry it into the future.
    expectError(await call(t, s, 'POST', '/api/messages', { content: 'x', scheduledAt: at(-60_000) }), 400);
    expectError(await call(t, s, 'POST', '/api/messages', { content: 'x', scheduledAt: '2030-03-04T10:00:00.000Z' }), 400);
    expectError(await call(t, s, 'POST', '/api/messages', { content: 'x', scheduledAt: at(3600_000), parentId: m.id }), 400);
    expectError(await call(t, s, 'POST', '/api/messages', { content: 'x', scheduledAt: at(3600_000), pushedMessageId: m.id }), 400);
  });

  it('is for subscribers outside probation', async () => {
    const free = await member(t);
    const res = await call(t, free, 'POST', '/api/messages', { content: 'x', scheduledAt: at(3600_000) });
    expectError(res, 403);
    expect(res.json().error).toMatch(/active subscription is required/);
    const p = await subscriber(t, { account_status: 'probation' });
    expectError(await call(t, p, 'POST', '/api/messages', { content: 'x', scheduledAt: at(3600_000) }), 403, 'account_probation_feature');
  });

  it('keeps a requested cross-post with a linked account pending; without one: 400 network_not_linked, nothing written', async () => {
    const s = await subscriber(t);
    await t.db.kysely
      .insertInto('identities')
      .values({ id: 'ident-b', user_id: s.user.id, provider: 'networkB', provider_user_id: 'pb', handle: '@s', instance_name: '', created_at: t.clock.now().toISOString() })
      .execute();
    const body = await schedule(s, at(3600_000), { crossPostToNetworkB: true });
    expect(body.crossPosts).toEqual([{ platform: 'networkB', status: 'pending', error: null }]);
    const refused = await call(t, s, 'POST', '/api/messages', { content: 'later', scheduledAt: at(3600_000), crossPostToNetworkB: true, crossPostToNetworkC: true });
    expectError(refused, 400, 'network_not_linked');
    expect(refused.json().error).toContain('networkC');
    expect(await t.db.kysely.selectFrom('messages').select('id').where('user_id', '=', s.user.id).execute()).toHaveLength(1);
  });
});

describe('a scheduled message before it is published', () => {
  it('is seen only by its author', async () => {
    const [s, follower] = [await subscriber(t), await member(t)];
    await follows(t, follower, s);
    const { data } = await schedule(s, at(3600_000), { content: `hidden #x @${follower.user.username}` });
    expect((await call(t, s, 'GET', `/api/messages/${data.id}`)).statusCode).toBe(200);
    for (const who of [null, follower]) expectError(await call(t, who, 'GET', `/api/messages/${data.id}`), 404);
    const feedIds = (r: { json(): any }) => r.json().messages.map((m: { id: string }) => m.id);
    expect(feedIds(await call(t, follower, 'GET', '/api/messages?limit=100'))).not.toContain(data.id);
    expect(feedIds(await call(t, s, 'GET', '/api/messages?onlyMine=true'))).not.toContain(data.id);
    expect(feedIds(await call(t, follower, 'GET', `/api/user/${s.user.username}/messages`))).not.toContain(data.id);
    expect(feedIds(await call(t, follower, 'GET', '/api/messages/search?q=hidden'))).not.toContain(data.id);
    expectError(await call(t, follower, 'POST', `/api/messages/${data.id}/dig`), 404);
    expectError(await call(t, follower, 'POST', '/api/messages', { content: 'r', parentId: data.id }), 404);
    expectError(await call(t, follower, 'POST', '/api/messages', { pushedMessageId: data.id }), 404);
    expectError(await call(t, follower, 'GET', `/api/messages/${data.id}/replies`), 404);
  });
});

describe('GET /api/messages/scheduled', () => {
  it('lists the caller’s upcoming scheduled messages within today, a week or a month (default), soonest first', async () => {
    const s = await subscriber(t);
    const other = await subscriber(t);
    await schedule(other, at(3600_000));
    const inTwoHours = (await schedule(s, at(2 * 3600_000))).data.id;
    const inThreeDays = (await schedule(s, at(3 * 86400_000))).data.id;
    const inTwentyDays = (await schedule(s, at(20 * 86400_000))).data.id;
    await schedule(s, at(40 * 86400_000));
    const list = async (q: string) => (await call(t, s, 'GET', `/api/messages/scheduled${q}`)).json().messages.map((m: { id: string }) => m.id);
    expect(await list('?range=today')).toEqual([inTwoHours]);
    expect(await list('?range=week')).toEqual([inTwoHours, inThreeDays]);
    expect(await list('?range=month')).toEqual([inTwoHours, inThreeDays, inTwentyDays]);
    expect(await list('')).toEqual([inTwoHours, inThreeDays, inTwentyDays]);
    expectError(await call(t, s, 'GET', '/api/messages/scheduled?range=year'), 400);
    expectError(await call(t, null, 'GET', '/api/messages/scheduled'), 401);
    expect((await call(t, s, 'GET', '/api/messages/scheduled', undefined, true)).statusCode).toBe(200);
  });
});

describe('PATCH /api/messages/{id}', () => {
  it('re-schedules a future-scheduled own message (re-rounded)', async () => {
    const s = await subscriber(t);
    const { data } = await schedule(s, at(3600_000));
    const res = await call(t, s, 'PATCH', `/api/messages/${data.id}`, { scheduledAt: '2030-03-05T08:31:00.000Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: expect.any(String), scheduledAt: '2030-03-05T08:35:00.000Z', data: { id: data.id, scheduledAt: '2030-03-05T08:35:00.000Z' } });
    const cfg = await call(t, s, 'PATCH', `/api/messages/${data.id}`, { scheduledCrossPostConfig: { crossPostToNetworkD: true } }, true);
    expect(cfg.statusCode).toBe(200);
    const row = await t.db.kysely.selectFrom('messages').select('cross_post_config').where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.cross_post_config!)).toEqual({ crossPostToNetworkD: true });
  });

  it('refuses published messages (409), others’ (404), past times (400), bad bodies (400), free (403) and anonymous (401)', async () => {
    const [s, other] = [await subscriber(t), await subscriber(t)];
    const { data } = await schedule(s, at(3600_000));
    const published = await post(t, s, { content: 'now' });
    expectError(await call(t, s, 'PATCH', `/api/messages/${published.id}`, { scheduledAt: at(7200_000) }), 409);
    expectError(await call(t, other, 'PATCH', `/api/messages/${data.id}`, { scheduledAt: at(7200_000) }), 404);
    expectError(await call(t, s, 'PATCH', `/api/messages/${data.id}`, { scheduledAt: at(-1000) }), 400);
    for (const body of [{}, { content: 'x' }, { scheduledAt: 'soon' }, { scheduledCrossPostConfig: { crossPostToNetworkE: true } }]) {
      expectError(await call(t, s, 'PATCH', `/api/messages/${data.id}`, body), 400);
    }
    expectError(await call(t, null, 'PATCH', `/api/messages/${data.id}`, { scheduledAt: at(7200_000) }), 401);
    await t.db.kysely.updateTable('users').set({ customer_status: 'free' }).where('id', '=', s.user.id).execute();
    expectError(await call(t, s, 'PATCH', `/api/messages/${data.id}`, { scheduledAt: at(7200_000) }), 403);
    // Once its time has passed (even before the job ran), it can no longer be moved.
    await t.db.kysely.updateTable('users').set({ customer_status: 'subscriber' }).where('id', '=', s.user.id).execute();
    t.clock.advance(2 * 3600_000);
    expectError(await call(t, s, 'PATCH', `/api/messages/${data.id}`, { scheduledAt: at(7200_000) }), 409);
  });
});

describe('publishing', () => {
  it('the cron endpoint needs Bearer CRON_SECRET (401 otherwise)', async () => {
    expectError(await cron(), 401);
    expectError(await cron('Bearer wrong'), 401);
    expectError(await cron(SECRET), 401);
    expectError(await cron(`Bearer ${SECRET}x`), 401);
    const s = await member(t);
    expectError(await cron(s.bearer), 401);
    expect((await cron(`Bearer ${SECRET}`)).statusCode).toBe(200);
    const unset = await createTestApp({ smtp: false });
    try {
      const res = await unset.app.inject({ method: 'GET', url: '/api/cron/publish-scheduled-messages', headers: { authorization: 'Bearer ' } });
      expectError(res, 401);
    } finally {
      await unset.close();
    }
  });

  it('publishes due messages once their time has come: visible to all, scheduledAt null, publish and mention events', async () => {
    await cron(`Bearer ${SECRET}`); // nothing else pending from earlier tests
    const [s, mentioned] = [await subscriber(t), await member(t)];
    const { data } = await schedule(s, at(10 * 60_000), { content: `soon @${mentioned.user.username}` });
    const later = (await schedule(s, at(3600_000))).data;
    const rec = recordEvents(t, ['publish', 'mention']);
    expect((await cron(`Bearer ${SECRET}`)).json()).toMatchObject({ published: 0 });
    t.clock.advance(15 * 60_000);
    const res = await cron(`Bearer ${SECRET}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), published: 1 });
    expect((await cron(`Bearer ${SECRET}`)).json().published).toBe(0);
    rec.stop();
    expect(rec.of('publish')).toEqual([{ messageId: data.id, authorId: s.user.id, scheduled: true }]);
    expect(rec.of('mention')).toEqual([{ messageId: data.id, mentionedUserId: mentioned.user.id, actorId: s.user.id }]);
    const read = await call(t, null, 'GET', `/api/messages/${data.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().scheduledAt).toBeNull();
    expectError(await call(t, null, 'GET', `/api/messages/${later.id}`), 404);
    const feed = (await call(t, mentioned, 'GET', `/api/user/${s.user.username}/messages`)).json().messages.map((m: { id: string }) => m.id);
    expect(feed).toEqual([data.id]);
  });

  it('two publish runs racing over the same due messages publish each message once', async () => {
    await publishDueMessages(t.app.ctx);
    const s = await subscriber(t);
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) ids.push((await schedule(s, at(5 * 60_000))).data.id);
    t.clock.advance(10 * 60_000);
    const rec = recordEvents(t, ['publish']);
    const runs = await Promise.all([publishDueMessages(t.app.ctx), publishDueMessages(t.app.ctx), cron(`Bearer ${SECRET}`).then((r) => r.json().published as number)]);
    rec.stop();
    expect(runs.reduce((a, b) => a + b, 0)).toBe(150);
    const published = rec.of('publish').map((e) => e.messageId);
    expect(published).toHaveLength(150);
    expect(new Set(published)).toEqual(new Set(ids));
  });

  it('the in-process scheduler runs the same job on its timer, and stops', async () => {
    await publishDueMessages(t.app.ctx);
    const s = await subscriber(t);
    const { data } = await schedule(s, at(5 * 60_000));
    t.clock.advance(10 * 60_000);
    const scheduler = t.app.ctx.runtime.periodic;
    scheduler.start({ intervalMs: 20, offsetMs: 0 });
    try {
      await vi.waitFor(async () => expect((await call(t, null, 'GET', `/api/messages/${data.id}`)).statusCode).toBe(200), { timeout: 5000, interval: 20 });
    } finally {
      await scheduler.stop();
    }
    const next = (await schedule(s, at(5 * 60_000))).data;
    t.clock.advance(10 * 60_000);
    await scheduler.runOnce();
    expect((await call(t, null, 'GET', `/api/messages/${next.id}`)).statusCode).toBe(200);
  });
});
