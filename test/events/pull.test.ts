import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member } from '../messages/helpers.js';
import { seed } from './helpers.js';
import { runRetention } from '../../src/features/events/retention.js';

// GET /api/events: the pull, its cursor rules and its filters (CONTRACT.md, Events).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
}, 120_000);
afterAll(async () => t.close());

describe('GET /api/events', () => {
  it('answers the events after the cursor in seq order, with the page fields', async () => {
    const a = await member(t);
    const empty = await call(t, a, 'GET', '/api/events?after=0');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ events: [], seq: 0, headSeq: 0, oldestSeq: 1, hasMore: false });
    await seed(t, a, 5);
    const all = (await call(t, a, 'GET', '/api/events?after=0')).json();
    expect(all.events.map((e: any) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(all).toMatchObject({ seq: 5, headSeq: 5, oldestSeq: 1, hasMore: false });
    expect(Object.keys(all.events[0]).sort()).toEqual(['actor', 'data', 'id', 'seq', 'timestamp', 'type']);
    expect(all.events[0].actor).toEqual({ id: a.user.id, username: a.user.username });
    const page = (await call(t, a, 'GET', '/api/events?after=1&limit=2')).json();
    expect(page.events.map((e: any) => e.seq)).toEqual([2, 3]);
    expect(page).toMatchObject({ seq: 3, hasMore: true });
    const last = (await call(t, a, 'GET', '/api/events?after=5', undefined, true)).json();
    expect(last).toMatchObject({ events: [], seq: 5, headSeq: 5, hasMore: false });
  });

  it('filters by type, exactly or by a prefix with a trailing .*', async () => {
    const a = await member(t);
    await seed(t, a, 2, 'list.row.created');
    await seed(t, a, 1, 'message.created');
    await seed(t, a, 1, 'list.created');
    const rows = (await call(t, a, 'GET', '/api/events?after=0&types=list.row.*')).json();
    expect(rows.events.map((e: any) => e.type)).toEqual(['list.row.created', 'list.row.created']);
    const mixed = (await call(t, a, 'GET', `/api/events?after=0&types=${encodeURIComponent('message.created,list.created')}`)).json();
    expect(mixed.events.map((e: any) => e.seq)).toEqual([3, 4]);
    const lists = (await call(t, a, 'GET', '/api/events?after=0&types=list.*&limit=2')).json();
    expect(lists.events.map((e: any) => e.seq)).toEqual([1, 2]);
    expect(lists.hasMore).toBe(true);
    expectError(await call(t, a, 'GET', '/api/events?after=0&types=List.Created'), 400, 'bad_request');
    expectError(await call(t, a, 'GET', '/api/events?after=0&types=list.*.row'), 400, 'bad_request');
  });

  it('refuses bad cursors and limits, and a cursor past the head or below the window', async () => {
    const a = await member(t);
    await seed(t, a, 3);
    expectError(await call(t, a, 'GET', '/api/events'), 400);
    for (const bad of ['-1', 'abc', '1.5', '', '99999999999999999999']) expectError(await call(t, a, 'GET', `/api/events?after=${encodeURIComponent(bad)}`), 400);
    expectError(await call(t, a, 'GET', '/api/events?after=x'), 400, 'invalid_cursor');
    for (const limit of ['0', '501', 'many']) expectError(await call(t, a, 'GET', `/api/events?after=0&limit=${limit}`), 400);
    const ahead = await call(t, a, 'GET', '/api/events?after=4');
    expectError(ahead, 409, 'cursor_ahead');
    expect(ahead.json().headSeq).toBe(3);
    expectError(await call(t, null, 'GET', '/api/events?after=0'), 401);

    // Retention: events older than 7 days go; a cursor below the window is 410 with the bounds.
    t.clock.advance(8 * 86_400_000);
    await seed(t, a, 2);
    await runRetention(t.app.ctx);
    const old = await call(t, a, 'GET', '/api/events?after=1');
    expectError(old, 410, 'cursor_too_old');
    expect(old.json()).toMatchObject({ oldestSeq: 4, headSeq: 5 });
    // At the edge of the window the cursor still works; `0` starts at the oldest retained.
    expect((await call(t, a, 'GET', '/api/events?after=3')).json().events.map((e: any) => e.seq)).toEqual([4, 5]);
    expect((await call(t, a, 'GET', '/api/events?after=0')).json()).toMatchObject({ oldestSeq: 4, headSeq: 5, seq: 5 });
  });

  it('keeps only the newest 10,000 of a stream, whichever limit keeps fewer', async () => {
    const a = await member(t);
    await seed(t, a, 10_005);
    await runRetention(t.app.ctx);
    const body = (await call(t, a, 'GET', '/api/events?after=0&limit=1')).json();
    expect(body).toMatchObject({ oldestSeq: 6, headSeq: 10_005 });
    expect(body.events[0].seq).toBe(6);
  });

  it('shows a user only their own stream', async () => {
    const [a, b] = [await member(t), await member(t)];
    await seed(t, a, 2);
    expect((await call(t, b, 'GET', '/api/events?after=0')).json()).toMatchObject({ events: [], headSeq: 0 });
  });
});
