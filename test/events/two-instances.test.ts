import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, ENGINE, secondInstance, type TestApp } from '../helpers/app.js';
import { call, member } from '../messages/helpers.js';
import { liveStreams } from '../../src/features/events/live.js';
import { dataOf, openSse, type SseClient } from './sse-client.js';

// Two app instances on one database (as two server processes): an event written through one
// reaches a live stream held by the other. On PostgreSQL the wake-up is the NOTIFY to the other
// instance's LISTEN connection: its safety poll is slowed to a minute so that only the NOTIFY can
// deliver within the second the contract allows. On SQLite (one process in production) the poll does.

let t: TestApp;
let other: FastifyInstance;
let otherBase: string;
const opened: SseClient[] = [];
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  other = await secondInstance(t, { ownConnection: true });
  other.ctx.state(liveStreams).timings = { ...other.ctx.state(liveStreams).timings, pollMs: ENGINE === 'postgres' ? 60_000 : 200 };
  otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  for (const c of opened) c.close();
  await other.close();
  await t.close();
});

describe('every instance', () => {
  it('an event written through one instance arrives on a stream held by the other within a second', async () => {
    const owner = await member(t);
    const s = await openSse(otherBase, '/api/events/stream', { accept: 'text/event-stream', cookie: owner.cookie });
    opened.push(s);
    await s.next((f) => f.event === 'ready');
    const started = Date.now();
    const res = await call(t, owner, 'POST', '/api/lists', { title: 'Across', schema: { name: 'Books', fields: [{ key: 'title', type: 'text', label: 'Title' }] } });
    expect(res.statusCode, res.body).toBe(201);
    const frame = await s.next((f) => f.event === 'list.created', 3000);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(dataOf(frame).data).toMatchObject({ listId: res.json().data.id });
  });

  it('a logout through one instance ends the stream held by the other', async () => {
    const a = await member(t);
    const s = await openSse(otherBase, '/api/events/stream', { accept: 'text/event-stream', cookie: a.cookie });
    opened.push(s);
    await s.next((f) => f.event === 'ready');
    expect((await call(t, a, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    await s.ended;
  });
});
