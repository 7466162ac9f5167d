import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { blankDatabase } from '../helpers/app.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { FOLD_BATCH, foldTags } from '../../src/features/messages/tag-fold.js';
import { seededUser } from '../../bench/seed.js';

// Migration 026 carries the tag counters over: the uses migration 018's triggers had counted are
// marked counted (in the window or out of it) and the counters are left as they were, so the
// first fold only does what 018's trending read would have done next (uses past the window
// leave it) and never counts a use twice. And the fold, straight on the database: it goes on past
// its first batch until nothing is left.

let drop: (() => Promise<void>) | null = null;
afterEach(async () => drop?.());

const HOUR = 3600_000;

it('migration 026 keeps the counters of 018 and marks their uses counted; the first fold counts none again', async () => {
  const blank = await blankDatabase();
  drop = blank.drop;
  const now = new Date();
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR).toISOString();
  const [a, b] = [seededUser('carried_a', at(0)), seededUser('carried_b', at(0))];
  const message = (id: string, user: { id: string }, publishedAt: string, publiclyVisible = true) => ({
    id,
    user_id: user.id,
    content: id,
    publicly_visible: publiclyVisible,
    tags: '[]',
    image_urls: '[]',
    video_urls: '[]',
    published_at: publishedAt,
    created_at: publishedAt,
    updated_at: publishedAt,
  });
  await migrateToLatest(blank.db, {
    // Data written under 018's triggers, just before 026 runs.
    afterMigrationBody: async (name, db: Kysely<any>) => {
      if (name !== '025_shared_sync') return;
      await db.insertInto('users').values([a, b]).execute();
      await db
        .insertInto('messages')
        .values([message('m1', a, at(30)), message('m2', a, at(1)), message('m3', b, at(2)), message('m4', b, at(1), false)])
        .execute();
      await db
        .insertInto('message_tags')
        .values([
          { message_id: 'm1', tag: 'old' },
          { message_id: 'm1', tag: 'both' },
          { message_id: 'm2', tag: 'both' },
          { message_id: 'm3', tag: 'both' },
          { message_id: 'm4', tag: 'secret' },
        ])
        .execute();
    },
  });
  const db = blank.db.kysely;
  const stages = await db.selectFrom('public_tag_uses').select(['message_id', 'tag', 'stage']).orderBy('message_id').orderBy('tag').execute();
  // m1 was never read out of the window under 018: still in it, as 018 had it.
  expect(stages).toEqual([
    { message_id: 'm1', tag: 'both', stage: 1 },
    { message_id: 'm1', tag: 'old', stage: 1 },
    { message_id: 'm2', tag: 'both', stage: 1 },
    { message_id: 'm3', tag: 'both', stage: 1 },
  ]);
  const trends = () => db.selectFrom('tag_trends').select(['tag', 'messages', 'accounts']).orderBy('tag').execute();
  const counts = () => db.selectFrom('public_tag_counts').select(['tag', 'messages']).where('messages', '>', 0).orderBy('tag').execute();
  expect((await trends()).map((r) => [r.tag, Number(r.messages), Number(r.accounts)])).toEqual([
    ['both', 3, 2],
    ['old', 1, 1],
  ]);
  // The first fold: m1 leaves the window; nothing is counted twice.
  expect(await foldTags(blank.db, now)).toBe(2);
  expect((await trends()).map((r) => [r.tag, Number(r.messages), Number(r.accounts)])).toEqual([['both', 2, 2]]);
  expect((await counts()).map((r) => [r.tag, Number(r.messages)])).toEqual([
    ['both', 3],
    ['old', 1],
  ]);
  expect(await foldTags(blank.db, now)).toBe(0);
});

it('the fold goes on, a batch per transaction, until no use is left: more than one batch of them all count', async () => {
  const blank = await blankDatabase();
  drop = blank.drop;
  await migrateToLatest(blank.db);
  const db = blank.db.kysely;
  const now = new Date();
  const author = seededUser('batched', now.toISOString());
  await db.insertInto('users').values(author).execute();
  const n = FOLD_BATCH + 1;
  const ids = Array.from({ length: n }, (_, i) => `b${i}`);
  const iso = now.toISOString();
  for (let i = 0; i < n; i += 500) {
    const slice = ids.slice(i, i + 500);
    await db
      .insertInto('messages')
      .values(slice.map((id) => ({ id, user_id: author.id, content: id, publicly_visible: true, tags: '["many"]', image_urls: '[]', video_urls: '[]', published_at: iso, created_at: iso, updated_at: iso })))
      .execute();
    await db
      .insertInto('message_tags')
      .values(slice.map((id) => ({ message_id: id, tag: 'many' })))
      .execute();
  }
  expect(await foldTags(blank.db, now)).toBe(n);
  const trend = await db.selectFrom('tag_trends').select(['messages', 'accounts']).where('tag', '=', 'many').executeTakeFirstOrThrow();
  expect([Number(trend.messages), Number(trend.accounts)]).toEqual([n, 1]);
});
