import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPendingMessages, INDEX_BATCH, searchIndexer } from '../../src/features/messages/search-index.js';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.js';
import { call, member, post } from './helpers.js';

// On SQLite message text enters the FTS5 search index in batches after the post commits
// (features/messages/search-index.ts); search must find a message before and after its batch.
// On PostgreSQL the trigram index is the database's own and the indexer does nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const pending = async () => Number((await sql<{ n: number }>`select count(*) as n from messages where fts_rowid is null`.execute(t.db.kysely)).rows[0].n);

describe('the message search index', () => {
  it('finds a post before and after its indexing batch; deletes leave no stale entry', async () => {
    const a = await member(t);
    const word = `qx${newId().slice(-6)}`;
    // The timer's batch waits until released, so "before the batch" holds however slow the machine.
    const release = searchIndexer(t.app.ctx).hold();
    const m = await post(t, a, { content: `before the batch ${word}` });
    const gone = await post(t, a, { content: `deleted ${word}` });
    const found = async () => (await call(t, a, 'GET', `/api/messages/search?q=${word}`)).json().messages.map((x: { id: string }) => x.id);
    if (ENGINE === 'sqlite') expect(await pending()).toBeGreaterThanOrEqual(2);
    expect(await found()).toEqual([gone.id, m.id]);
    await searchIndexer(t.app.ctx).drain();
    release();
    await searchIndexer(t.app.ctx).settled();
    if (ENGINE === 'sqlite') {
      expect(await pending()).toBe(0);
      const { rows } = await sql<{ n: number }>`select count(*) as n from messages_fts where messages_fts match ${`"${word}"`}`.execute(t.db.kysely);
      expect(Number(rows[0].n)).toBe(2);
    }
    expect(await found()).toEqual([gone.id, m.id]);
    expect((await call(t, a, 'DELETE', `/api/messages/${gone.id}`)).statusCode).toBe(200);
    expect(await found()).toEqual([m.id]);
    if (ENGINE === 'sqlite') {
      const { rows } = await sql<{ n: number }>`select count(*) as n from messages_fts where messages_fts match ${`"${word}"`}`.execute(t.db.kysely);
      expect(Number(rows[0].n)).toBe(1);
    }
  });

  it('a post is found at once, and schedules its batch: indexed shortly after without anything else running', async () => {
    const a = await member(t);
    const word = `qt${newId().slice(-6)}`;
    const m = await post(t, a, { content: `indexed by the timer ${word}` });
    expect((await call(t, a, 'GET', `/api/messages/search?q=${word}`)).json().messages.map((x: { id: string }) => x.id)).toEqual([m.id]);
    if (ENGINE !== 'sqlite') return;
    // The post scheduled a batch; nothing else runs one. Its end is awaited, not slept for.
    await searchIndexer(t.app.ctx).settled();
    expect(await pending()).toBe(0);
  });

  it('drains a backlog larger than one batch (messages written directly, as a stopped process leaves them)', async () => {
    const a = await member(t);
    const word = `qb${newId().slice(-6)}`;
    const now = t.clock.now().toISOString();
    const count = INDEX_BATCH + 37;
    for (let start = 0; start < count; start += 200) {
      await t.db.kysely
        .insertInto('messages')
        .values(
          Array.from({ length: Math.min(200, count - start) }, (_, i) => ({
            id: newId(),
            user_id: a.user.id,
            content: `backlog ${start + i} ${word}`,
            publicly_visible: true,
            tags: '[]',
            image_urls: '[]',
            video_urls: '[]',
            published_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const total = async () => (await call(t, a, 'GET', `/api/messages/search?q=${word}&limit=1`)).json().pagination.total;
    expect(await total()).toBe(count);
    if (ENGINE === 'sqlite') expect(await indexPendingMessages(t.db.kysely)).toBe(INDEX_BATCH);
    await searchIndexer(t.app.ctx).drain();
    if (ENGINE === 'sqlite') expect(await pending()).toBe(0);
    expect(await total()).toBe(count);
  });
});
