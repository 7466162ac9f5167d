import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../src/runtime/jobs/enqueue.js';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { clearJobs } from '../jobs/support.js';
import { member, type Member } from '../messages/helpers.js';
import { settle } from '../notifications/helpers.js';

// Scale-out: two instances of the service on one database, each with its own connection pool (on
// PostgreSQL), its own caches, job runner and batches, as two server processes behind a load
// balancer are. A write through one is read exactly through the other, at once; a scheduled
// message is published once however many instances run the publisher; a job runs once however
// many runners claim it.

const SECRET = 'cron-secret-two-instances-0123456789';
let t: TestApp;
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { CRON_SECRET: SECRET } });
  a = t.app;
  b = await secondInstance(t, { ownConnection: true });
});
afterAll(async () => {
  await b.close();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
async function on(app: FastifyInstance, who: Member | null, method: Method, url: string, payload?: unknown) {
  const res = await app.inject({ method, url, headers: who ? { authorization: who.bearer } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('two instances on one database', () => {
  it('feeds: a post, a dig and a delete through one show at once in the other’s cached reads', async () => {
    const [author, reader] = [await member(t), await member(t)];
    const url = `/api/user/${author.user.username}/messages`;
    const first = (await on(a, author, 'POST', '/api/messages', { content: 'first from A' })).data;
    // B reads (and caches) first.
    expect(ids((await on(b, null, 'GET', url)).messages)).toEqual([first.id]);
    expect(ids((await on(b, reader, 'GET', '/api/messages?onlyMine=false&limit=100')).messages)).toContain(first.id);
    t.clock.advance(1000);
    const second = (await on(a, author, 'POST', '/api/messages', { content: 'second from A' })).data;
    expect(ids((await on(b, null, 'GET', url)).messages)).toEqual([second.id, first.id]);
    await on(a, reader, 'POST', `/api/messages/${second.id}/dig`);
    expect((await on(b, reader, 'GET', url)).messages[0]).toMatchObject({ id: second.id, digCount: 1, dugByMe: true });
    await on(a, author, 'DELETE', `/api/messages/${first.id}`);
    expect(ids((await on(b, null, 'GET', url)).messages)).toEqual([second.id]);
  });

  it('lists: a row added through one is on the other’s page, whose cache was filled before', async () => {
    const owner = await member(t);
    const list = (await on(a, owner, 'POST', '/api/lists', { title: 'Shared', schema: { name: 'Shared', fields: [{ key: 'n', type: 'text', label: 'N' }] } })).data;
    const page = `/api/lists/${list.id}/data?limit=50`;
    expect((await on(b, owner, 'GET', page)).pagination.total).toBe(0);
    const row = (await on(a, owner, 'POST', `/api/lists/${list.id}/data`, { data: { n: 'one' } })).data;
    const seen = await on(b, owner, 'GET', page);
    expect(seen.pagination.total).toBe(1);
    expect(JSON.stringify(seen)).toContain(row.id);
  });

  it('documents: a sync pull through one returns what was written through the other since its cursor', async () => {
    const writer = await member(t, { customer_status: 'subscriber' });
    const start = (await on(b, writer, 'GET', '/api/documents/sync')).lastSyncAt;
    t.clock.advance(5);
    const doc = (await on(a, writer, 'POST', '/api/documents', { title: 'Plan', content: '# Plan', relativePath: 'plan.md' })).document;
    const pulled = await on(b, writer, 'GET', `/api/documents/sync?lastSyncAt=${encodeURIComponent(start)}`);
    expect(ids(pulled.documents)).toEqual([doc.id]);
    t.clock.advance(5);
    await on(b, writer, 'PATCH', `/api/documents/${doc.id}`, { content: '# Plan v2' });
    const again = await on(a, writer, 'GET', `/api/documents/sync?lastSyncAt=${encodeURIComponent(pulled.lastSyncAt)}`);
    expect(again.documents).toEqual([expect.objectContaining({ id: doc.id, content: '# Plan v2', revision: 2 })]);
  });

  it('notifications: a dig through one is in the author’s tray read through the other', async () => {
    const [author, digger] = [await member(t), await member(t)];
    const m = (await on(b, author, 'POST', '/api/messages', { content: 'dig me' })).data;
    expect((await on(b, author, 'GET', '/api/notifications?scope=tray')).unreadCount).toBe(0);
    await on(a, digger, 'POST', `/api/messages/${m.id}/dig`);
    // The notification is written by A's listener, after A's dig committed.
    await settle(t);
    const tray = await on(b, author, 'GET', '/api/notifications?scope=tray');
    expect(tray.unreadCount).toBe(1);
    expect(tray.items[0]).toMatchObject({ type: 'dig', readAt: null });
  });

  it('a scheduled message is published once when both instances run the publisher at the same moment', async () => {
    const author = await member(t, { customer_status: 'subscriber' });
    const at = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const scheduled = (await on(a, author, 'POST', '/api/messages', { content: 'later', scheduledAt: at })).data;
    t.clock.advance(2 * 3600_000);
    const publish = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/cron/publish-scheduled-messages', headers: { authorization: `Bearer ${SECRET}` } });
    const answers = await Promise.all([publish(a), publish(b), publish(a), publish(b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, r) => sum + r.json().published, 0)).toBe(1);
    const published = await t.db.kysely.selectFrom('messages').select(['published_at']).where('id', '=', scheduled.id).executeTakeFirstOrThrow();
    expect(published.published_at).not.toBeNull();
    expect((await on(b, null, 'GET', `/api/messages/${scheduled.id}`)).id).toBe(scheduled.id);
  });

  it('a job is run once when both instances’ runners claim at the same moment', async () => {
    await clearJobs(t);
    const runs: string[] = [];
    for (const [name, app] of [['a', a], ['b', b]] as const) {
      app.ctx.jobs.register('test-job', async (_ctx, payload) => void runs.push(`${name}:${payload.key}`));
    }
    const keys = Array.from({ length: 20 }, (_, i) => `job-${i}`);
    for (const key of keys) await enqueueJob(t.db.kysely, t.clock.now(), 'test-job', { key });
    a.ctx.jobs.kick();
    b.ctx.jobs.kick();
    await Promise.all([a.ctx.jobs.idle(), b.ctx.jobs.idle()]);
    expect(runs.map((r) => r.split(':')[1]).sort()).toEqual([...keys].sort());
    const done = await t.db.kysely.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'test-job').execute();
    expect(done).toHaveLength(20);
    expect(done.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });
});
