import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, member } from '../messages/helpers.js';
import { liveStreams } from '../../src/features/events/live.js';
import { runRetention } from '../../src/features/events/retention.js';
import { seed } from './helpers.js';
import { dataOf, openSse, type SseClient } from './sse-client.js';

// GET /api/events/stream over real HTTP: headers, the opening frames, replay, resync, the cursor
// errors, the caps and the endings (CONTRACT.md, Events). Timers are shortened through the app's
// live-stream state so that nothing waits 15 s or 30 minutes.

let t: TestApp;
let base: string;
const opened: SseClient[] = [];
beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { METRICS_TOKEN: 'metrics-token-for-events' } });
  t.app.ctx.state(liveStreams).timings = { heartbeatMs: 100, maxAgeMs: 60_000, pollMs: 200, maxUnsentBytes: 256 * 1024 };
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  for (const c of opened) c.close();
  await t.close();
});

const SSE = { accept: 'text/event-stream' };
async function open(who: { cookie: string } | null, path = '/api/events/stream', headers: Record<string, string> = {}) {
  const c = await openSse(base, path, { ...SSE, ...(who ? { cookie: who.cookie } : {}), ...headers });
  opened.push(c);
  return c;
}

describe('GET /api/events/stream', () => {
  it('opens with the headers, a retry line and ready, then sends events live and heartbeats', async () => {
    const a = await member(t);
    await seed(t, a, 2);
    const s = await open(a);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toBe('no-cache, no-transform');
    expect(s.headers['x-accel-buffering']).toBe('no');
    const ready = await s.next((f) => f.event === 'ready');
    expect(s.frames[0].retry).toBeDefined();
    const retry = Number(s.frames[0].retry);
    expect(retry).toBeGreaterThanOrEqual(2000);
    expect(retry).toBeLessThanOrEqual(5000);
    expect(dataOf(ready)).toEqual({ seq: 2, oldestSeq: 1 });
    // Without a cursor nothing is replayed: the stream goes on from the head.
    await seed(t, a, 1, 'message.created', { messageId: 'm1' });
    const live = await s.next((f) => f.event === 'message.created');
    expect(live.id).toBe('3');
    expect(dataOf(live)).toMatchObject({ seq: 3, type: 'message.created', actor: { id: a.user.id, username: a.user.username }, data: { messageId: 'm1', n: 0 } });
    expect(dataOf(live).id).toMatch(/^evt_/);
    expect(s.frames.filter((f) => f.event === 'list.updated')).toEqual([]);
    await s.next((f) => f.comment === 'hb');
  });

  it('replays from Last-Event-ID or ?after, in order, then goes live (Bearer works too)', async () => {
    const a = await member(t);
    await seed(t, a, 4);
    const s = await open(a, '/api/events/stream', { 'last-event-id': '1' });
    await s.next((f) => f.id === '4');
    expect(s.frames.filter((f) => f.id).map((f) => f.id)).toEqual(['2', '3', '4']);
    const q = await openSse(base, '/api/events/stream?after=3', { ...SSE, authorization: a.bearer });
    opened.push(q);
    await q.next((f) => f.id === '4');
    expect(q.frames.filter((f) => f.id).map((f) => f.id)).toEqual(['4']);
    await seed(t, a, 1);
    await q.next((f) => f.id === '5');
    await s.next((f) => f.id === '5');
  });

  it('answers a cursor it cannot replay with resync, then continues live from the head', async () => {
    const a = await member(t);
    await seed(t, a, 3);
    const ahead = await open(a, '/api/events/stream?after=9');
    expect(dataOf(await ahead.next((f) => f.event === 'resync'))).toEqual({ reason: 'cursor_ahead', seq: 3, oldestSeq: 1 });
    expect((await ahead.next((f) => f.event === 'resync')).id).toBe('3');
    await seed(t, a, 1001);
    const behind = await open(a, '/api/events/stream', { 'last-event-id': '2' });
    expect(dataOf(await behind.next((f) => f.event === 'resync'))).toEqual({ reason: 'too_far_behind', seq: 1004, oldestSeq: 1 });
    // A thousand behind is still replayed.
    const replay = await open(a, '/api/events/stream', { 'last-event-id': '4' });
    await replay.next((f) => f.id === '1004');
    expect(replay.frames.filter((f) => f.id).length).toBe(1000);
    expect(replay.frames.some((f) => f.event === 'resync')).toBe(false);
    for (const c of [ahead, behind, replay]) c.close();
    t.clock.advance(8 * 86_400_000);
    await seed(t, a, 1);
    await runRetention(t.app.ctx);
    const old = await open(a, '/api/events/stream', { 'last-event-id': '2' });
    expect(dataOf(await old.next((f) => f.event === 'resync'))).toEqual({ reason: 'cursor_too_old', seq: 1005, oldestSeq: 1005 });
    await seed(t, a, 1);
    await old.next((f) => f.id === '1006');
    t.clock.advance(-8 * 86_400_000);
  });

  it('refuses what is not acceptable, malformed cursors and strangers, with JSON errors', async () => {
    const a = await member(t);
    const noAccept = await openSse(base, '/api/events/stream', { cookie: a.cookie, accept: 'application/json' });
    expect(noAccept.status).toBe(406);
    expect(JSON.parse(noAccept.body).code).toBe('not_acceptable');
    for (const headers of [{ 'last-event-id': 'abc' }, { 'last-event-id': '-3' }]) {
      const bad = await open(a, '/api/events/stream', headers);
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body).code).toBe('invalid_cursor');
    }
    const badQuery = await open(a, '/api/events/stream?after=1e3');
    expect(badQuery.status).toBe(400);
    expect(JSON.parse(badQuery.body).code).toBe('invalid_cursor');
    const anon = await open(null);
    expect(anon.status).toBe(401);
  });

  it('holds at most 5 streams per user: the 6th is 429 too_many_streams with Retry-After', async () => {
    const [a, b] = [await member(t), await member(t)];
    const five = await Promise.all(Array.from({ length: 5 }, () => open(a)));
    for (const s of five) await s.next((f) => f.event === 'ready');
    const sixth = await open(a);
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body).code).toBe('too_many_streams');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open(b)).status).toBe(200);
    // /metrics counts the open streams of this instance.
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-events' } });
    expect(metrics.body).toMatch(new RegExp(`^event_streams_open ${t.app.ctx.state(liveStreams).count()}$`, 'm'));
    expect(t.app.ctx.state(liveStreams).count()).toBeGreaterThanOrEqual(6);
    five[0].close();
    await five[0].ended;
    await waitFor(() => t.app.ctx.state(liveStreams).count(a.user.id) === 4);
    expect((await open(a)).status).toBe(200);
  });

  it('ends the stream at once on logout, and on a revoked token', async () => {
    const a = await member(t);
    const s = await open(a);
    await s.next((f) => f.event === 'ready');
    const other = await openSse(base, '/api/events/stream', { ...SSE, authorization: a.bearer });
    opened.push(other);
    await other.next((f) => f.event === 'ready');
    // Logout does not wait for the poll: the streams' poll is slowed right down for this.
    const hub = t.app.ctx.state(liveStreams);
    expect((await call(t, a, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    await s.ended;
    expect(hub.count(a.user.id)).toBe(1);
    expect((await call(t, a, 'POST', '/api/auth/logout', undefined, true)).statusCode).toBe(200);
    await other.ended;
    expect(hub.count(a.user.id)).toBe(0);
  });

  it('ends a stream after its maximum age (± 10%), and a reader that does not read', async () => {
    const hub = t.app.ctx.state(liveStreams);
    const a = await member(t);
    hub.timings = { ...hub.timings, maxAgeMs: 300 };
    const started = Date.now();
    const s = await open(a);
    await s.ended;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(260);
    expect(took).toBeLessThan(3000);
    hub.timings = { ...hub.timings, maxAgeMs: 60_000, maxUnsentBytes: 64 * 1024 };
    const slow = await open(a);
    slow.response.pause();
    await seed(t, a, 300, 'list.updated', { pad: 'x'.repeat(8000) });
    await waitFor(() => hub.count(a.user.id) === 0);
    hub.timings = { ...hub.timings, maxUnsentBytes: 256 * 1024 };
  });

  it('app.close() ends the open streams', async () => {
    const local = await createTestApp({ smtp: false });
    const url = await local.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await member(local);
    const s = await openSse(url, '/api/events/stream', { ...SSE, cookie: a.cookie });
    await s.next((f) => f.event === 'ready');
    await local.close();
    await s.ended;
  }, 120_000);
});

async function waitFor(cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
