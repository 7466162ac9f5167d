import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { publishDueMessages } from '../../src/features/messages/scheduling.js';
import { call, expectError, subscriber, type Member } from './helpers.js';

// Scheduled messages at their edges (src/features/messages/scheduling.ts): more due messages than
// one claimed batch, times exactly "now" and exactly at a range's end, and a publish that lands
// between a reschedule's read and its write.

const SECRET = 'cron-secret-for-tests';
let t: TestApp;
let s: Member;
beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { CRON_SECRET: SECRET } });
  // Sessions are made at the clock's time, so the clock is at the tests' day first.
  t.clock.set('2030-03-04T10:00:00.000Z');
  s = await subscriber(t);
});
afterAll(async () => t.close());
beforeEach(async () => {
  // On a slot boundary (10:00 UTC), with nothing left due from an earlier test.
  t.clock.set('2030-03-04T10:00:00.000Z');
  await publishDueMessages(t.app.ctx);
});

const MINUTE = 60_000;
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const cron = () => t.app.inject({ method: 'GET', url: '/api/cron/publish-scheduled-messages', headers: { authorization: `Bearer ${SECRET}` } });

async function schedule(scheduledAt: string): Promise<string> {
  const res = await call(t, s, 'POST', '/api/messages', { content: 'later', scheduledAt });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const read = (id: string) => call(t, null, 'GET', `/api/messages/${id}`);

describe('publishing', () => {
  it('one run publishes every due message, more than one batch of 100', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 101; i++) ids.push(await schedule(at(5 * MINUTE)));
    t.clock.advance(5 * MINUTE);
    const res = await cron();
    expect(res.statusCode).toBe(200);
    expect(res.json().published).toBe(101);
    const published = await t.db.kysely.selectFrom('messages').select('id').where('id', 'in', ids).where('published_at', 'is not', null).execute();
    expect(published).toHaveLength(101);
  });

  it('a message is due at exactly its scheduled time, not a moment before', async () => {
    const id = await schedule(at(5 * MINUTE));
    t.clock.advance(5 * MINUTE - 1);
    expect((await cron()).json().published).toBe(0);
    expectError(await read(id), 404);
    t.clock.advance(1);
    expect((await cron()).json().published).toBe(1);
    const res = await read(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ scheduledAt: null, createdAt: expect.any(String) });
  });
});

describe('rescheduling at the bounds of "now"', () => {
  it('a message can be moved until its time, not at it', async () => {
    const id = await schedule(at(10 * MINUTE));
    t.clock.advance(10 * MINUTE - 1);
    const moved = await call(t, s, 'PATCH', `/api/messages/${id}`, { scheduledAt: at(20 * MINUTE) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().scheduledAt).toBe('2030-03-04T10:30:00.000Z');
    t.clock.set('2030-03-04T10:30:00.000Z');
    const late = await call(t, s, 'PATCH', `/api/messages/${id}`, { scheduledAt: at(20 * MINUTE) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'Only messages scheduled in the future can be changed', code: 'not_scheduled' });
  });

  it('a published message is 409 whatever the body asks, a time in the past included, and is left as it was', async () => {
    const created = await call(t, s, 'POST', '/api/messages', { content: 'already out' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    for (const body of [{ scheduledAt: at(-MINUTE) }, { scheduledAt: at(60 * MINUTE) }, { scheduledCrossPostConfig: { crossPostToNetworkD: true } }]) {
      const res = await call(t, s, 'PATCH', `/api/messages/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toEqual({ error: 'Only messages scheduled in the future can be changed', code: 'not_scheduled' });
    }
    const row = await t.db.kysely.selectFrom('messages').select(['published_at', 'scheduled_at', 'cross_post_config']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ published_at: '2030-03-04T10:00:00.000Z', scheduled_at: null, cross_post_config: null });
  });

  it('another user’s scheduled message is 404 Message not found', async () => {
    const id = await schedule(at(10 * MINUTE));
    const other = await subscriber(t);
    const res = await call(t, other, 'PATCH', `/api/messages/${id}`, { scheduledAt: at(20 * MINUTE) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Message not found');
  });

  it('the new time must be after now: exactly now is 400, a moment later is rounded up to the next slot', async () => {
    const id = await schedule(at(60 * MINUTE));
    const now = await call(t, s, 'PATCH', `/api/messages/${id}`, { scheduledAt: at(0) });
    expect(now.statusCode).toBe(400);
    expect(now.json()).toEqual({ error: 'scheduledAt must be in the future', code: 'invalid_schedule' });
    const later = await call(t, s, 'PATCH', `/api/messages/${id}`, { scheduledAt: at(1) });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().scheduledAt).toBe('2030-03-04T10:05:00.000Z');
  });

  it('a change of the cross-post selection alone keeps the time; an empty selection is stored as none', async () => {
    const id = await schedule(at(60 * MINUTE));
    const config = async () => (await t.db.kysely.selectFrom('messages').select(['cross_post_config', 'scheduled_at']).where('id', '=', id).executeTakeFirstOrThrow());
    const on = await call(t, s, 'PATCH', `/api/messages/${id}`, { scheduledCrossPostConfig: { crossPostToNetworkD: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().scheduledAt).toBe('2030-03-04T11:00:00.000Z');
    expect(JSON.parse((await config()).cross_post_config!)).toEqual({ crossPostToNetworkD: true });
    const off = await call(t, s, 'PATCH', `/api/messages/${id}`, { scheduledCrossPostConfig: { crossPostToNetworkD: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await config()).toEqual({ cross_post_config: null, scheduled_at: '2030-03-04T11:00:00.000Z' });
  });

  it('the publish job winning between a reschedule’s read and its write leaves the message published: 409', async () => {
    const id = await schedule(at(5 * MINUTE));
    t.clock.advance(5 * MINUTE - 1);
    // Let the reschedule read the row (still in the future), then publish before its write (its
    // own transaction, which logs the change: the publish runs before that begins).
    const executor = t.db.kysely.getExecutor() as unknown as { executeQuery: (query: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
    const original = executor.executeQuery;
    let published = 0;
    executor.executeQuery = async (query, ...rest) => {
      const result = await original.call(executor, query, ...rest);
      if (published === 0 && /^select .* from "messages"/.test(query.sql)) {
        executor.executeQuery = original;
        t.clock.advance(1);
        published = await publishDueMessages(t.app.ctx);
      }
      return result;
    };
    const moving = call(t, s, 'PATCH', `/api/messages/${id}`, { scheduledAt: at(60 * MINUTE) });
    const res = await moving.finally(() => {
      executor.executeQuery = original;
    });
    // The run published it (and whatever else an earlier test left due at that time).
    expect(published).toBeGreaterThan(0);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Only messages scheduled in the future can be changed', code: 'not_scheduled' });
    const row = await t.db.kysely.selectFrom('messages').select(['published_at', 'scheduled_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ published_at: '2030-03-04T10:05:00.000Z', scheduled_at: null });
    expect((await read(id)).statusCode).toBe(200);
  });
});

describe('GET /api/messages/scheduled at a range’s end', () => {
  it('today ends at the next UTC midnight, a week 7 days from now: a message exactly at the end is outside', async () => {
    const midnight = await schedule('2030-03-05T00:00:00.000Z');
    const beforeMidnight = await schedule('2030-03-04T23:55:00.000Z');
    const weekEnd = await schedule('2030-03-11T10:00:00.000Z');
    const beforeWeekEnd = await schedule('2030-03-11T09:55:00.000Z');
    const monthEnd = await schedule('2030-04-03T10:00:00.000Z');
    const list = async (range: string) => (await call(t, s, 'GET', `/api/messages/scheduled?range=${range}`)).json().messages.map((m: { id: string }) => m.id);
    const today = await list('today');
    expect(today).toContain(beforeMidnight);
    expect(today).not.toContain(midnight);
    const week = await list('week');
    expect(week).toEqual(expect.arrayContaining([midnight, beforeWeekEnd]));
    expect(week).not.toContain(weekEnd);
    const month = await list('month');
    expect(month).toEqual(expect.arrayContaining([weekEnd]));
    expect(month).not.toContain(monthEnd);
  });
});
