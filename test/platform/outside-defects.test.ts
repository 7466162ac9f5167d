import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, freshDatabase, type TestApp } from '../helpers/app.js';
import { seededUser } from '../../bench/seed.js';
import { openSqlite } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { call as docCall, expectStatus, writer } from '../documents/helpers.js';
import { activeUser, bearerOf, createList, csvForm, importFinished } from '../lists/support.js';
import { call as msgCall, post, subscriber } from '../messages/helpers.js';

// Issue 34, item 7: defects found by using the service from outside, each through the API.

const SECRET = 'cron-secret-for-defects';
const MIN = 60_000;
let t: TestApp;
// A longer set-up allowance: on the shared machine a PostgreSQL database's migrations can take 30 s.
beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { CRON_SECRET: SECRET } });
}, 120_000);
afterAll(async () => t.close());

describe('a document made from a template', () => {
  it('keeps revision 1, the template’s text, after edits within the merge window', async () => {
    const a = await writer(t);
    const templates = expectStatus(await docCall(t, a, 'POST', '/api/documents/templates/seed-defaults'), 201).documents;
    const template = templates[0];
    const doc = expectStatus(await docCall(t, a, 'POST', '/api/documents/from-template', { templateDocumentId: template.id }), 201).document;
    expect(doc.revision).toBe(1);
    t.clock.advance(MIN);
    expectStatus(await docCall(t, a, 'PATCH', `/api/documents/${doc.id}`, { content: 'my own text' }), 200);
    t.clock.advance(MIN);
    expectStatus(await docCall(t, a, 'PATCH', `/api/documents/${doc.id}`, { content: 'my own text, edited' }), 200);
    const first = expectStatus(await docCall(t, a, 'GET', `/api/documents/${doc.id}/revisions/1`), 200).revision;
    expect(first).toMatchObject({ revision: 1, title: template.title, content: template.content });
    const history = expectStatus(await docCall(t, a, 'GET', `/api/documents/${doc.id}/revisions`), 200).revisions;
    // The two edits still collapse into one entry; revision 1 stays below it.
    expect(history.map((r: { revision: number }) => r.revision)).toEqual([3, 1]);
    // And it can be restored.
    const restored = expectStatus(await docCall(t, a, 'POST', `/api/documents/${doc.id}/revisions/1/restore`), 200).document;
    expect(restored.content).toBe(template.content);
  });
});

describe('a published scheduled message', () => {
  it('is created when it publishes: its createdAt is the publish time, and the feed reads in time order', async () => {
    t.clock.set('2031-05-06T09:00:00.000Z');
    const s = await subscriber(t);
    const scheduled = await msgCall(t, s, 'POST', '/api/messages', { content: 'scheduled first, published last', scheduledAt: '2031-05-06T10:00:00.000Z' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const id = scheduled.json().data.id;
    t.clock.set('2031-05-06T09:30:00.000Z');
    const meanwhile = await post(t, s, { content: 'posted meanwhile' });
    t.clock.set('2031-05-06T10:00:07.000Z');
    const cron = await t.app.inject({ method: 'GET', url: '/api/cron/publish-scheduled-messages', headers: { authorization: `Bearer ${SECRET}` } });
    expect(cron.json().published).toBeGreaterThanOrEqual(1);

    const read = await msgCall(t, null, 'GET', `/api/messages/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const published = read.json().data ?? read.json();
    expect(published).toMatchObject({ id, scheduledAt: null, createdAt: '2031-05-06T10:00:07.000Z' });

    const feed = await msgCall(t, s, 'GET', '/api/messages?limit=100');
    expect(feed.statusCode).toBe(200);
    const mine = feed.json().messages.filter((m: { user: { id: string } }) => m.user.id === s.user.id);
    expect(mine.map((m: { id: string }) => m.id)).toEqual([id, meanwhile.id]);
    const times: string[] = feed.json().messages.map((m: { createdAt: string }) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('the Idempotency-Key of a list import', () => {
  it('covers the uploaded file and its fields: another file under the same key is 422 idempotency_mismatch', async () => {
    const me = await activeUser(t);
    const list = await createList(t, bearerOf(me), { title: 'Keyed imports' });
    const upload = (csv: string, key: string, fields: Record<string, string> = {}) => {
      const f = csvForm(csv, fields);
      return t.app.inject({ method: 'POST', url: `/api/lists/${list.id}/import`, payload: f.payload, headers: { ...f.headers, ...bearerOf(me), 'idempotency-key': key } });
    };
    const key = randomUUID();
    const first = await upload('title\nFirst file\n', key);
    expect(first.statusCode, first.body).toBe(202);
    await importFinished(t, bearerOf(me), list.id, first.json().job.id);

    const other = await upload('title\nSecond file\n', key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'This Idempotency-Key was already used for a different request', code: 'idempotency_mismatch' });
    const otherOptions = await upload('title\nFirst file\n', key, { dryRun: 'true' });
    expect(otherOptions.statusCode).toBe(422);
    expect(otherOptions.json().code).toBe('idempotency_mismatch');

    // The same upload again is the first one's answer, and imports nothing more.
    const again = await upload('title\nFirst file\n', key);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const rows = await t.app.inject({ method: 'GET', url: `/api/lists/${list.id}/data`, headers: bearerOf(me) });
    expect(rows.json().data.map((r: { data: { title: string } }) => r.data.title)).toEqual(['First file']);
  });
});

describe('the planner’s statistics', () => {
  it('are gathered after the migrations at start (SQLite: PRAGMA optimize), and again periodically', async () => {
    if (ENGINE === 'postgres') {
      // autovacuum analyzes by itself: keeping statistics asks nothing of the server, and close still works.
      const { db, drop } = await freshDatabase();
      db.keepStatistics();
      expect(await db.ping()).toBe(true);
      await drop();
      return;
    }
    const { db, raw } = openSqlite(':memory:', { optimizeEveryMs: 50 });
    try {
      await migrateToLatest(db);
      const stats = () => raw.prepare("select tbl, stat from sqlite_stat1 where tbl = 'users'").all() as { tbl: string; stat: string }[];
      const users = (n: number, from: number) => Array.from({ length: n }, (_, i) => seededUser(`s${from + i}`, '2030-01-01T00:00:00.000Z'));
      await db.kysely.insertInto('users').values(users(20, 0)).execute();
      expect(raw.prepare("select count(*) n from sqlite_master where name = 'sqlite_stat1'").get()).toEqual({ n: 0 });
      db.keepStatistics();
      const atStart = stats();
      expect(atStart.length).toBeGreaterThan(0);
      expect(atStart[0].stat.split(' ')[0]).toBe('20');
      // Grown many times over: the next periodic round analyzes it again.
      for (let i = 20; i < 2000; i += 200) await db.kysely.insertInto('users').values(users(200, i)).execute();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stats()[0].stat.split(' ')[0]).toBe('2020');
    } finally {
      await db.close();
    }
  }, 120_000); // PostgreSQL: a database of its own, migrated
});
