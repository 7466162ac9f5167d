import { sql, type Kysely as AnyKysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { seededUser } from '../../bench/seed.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { addToSearchIndex, addWordsToIndex, unindexedMessages } from '../../src/features/messages/queries.js';
import { blankDatabase, ENGINE } from '../helpers/app.js';

// Migration 039 (SQLite) fills the message search's vocabulary and folded words from the messages
// the search indexer reached before it ran; its triggers on message_words keep them from then on
// (search-words.test.ts, through the API).

let drop: (() => Promise<void>) | null = null;
afterEach(async () => drop?.());

it('migration 039 fills the vocabulary and the folded words of the messages indexed before it (SQLite; PostgreSQL: nothing)', async () => {
  const blank = await blankDatabase();
  drop = blank.drop;
  const at = '2026-01-02T03:04:05.000Z';
  const a = seededUser('fold_a', at);
  const message = (id: string, content: string) => ({ id, user_id: a.id, content, publicly_visible: true, tags: '[]', image_urls: '[]', video_urls: '[]', published_at: at, created_at: at, updated_at: at });
  await migrateToLatest(blank.db, {
    afterMigrationBody: async (name, db: AnyKysely<any>) => {
      if (name !== '036_media_alts') return;
      await db.insertInto('users').values([a]).execute();
      await db.insertInto('messages').values([message('m1', 'Harbör and harbor'), message('m2', '\u212Aelvin'), message('m3', 'plain ascii only')]).execute();
      // SQLite: the search indexer's batch (search-index.ts), inside the migration's transaction.
      if (ENGINE !== 'sqlite') return;
      const rows = await unindexedMessages(db, 10);
      await addWordsToIndex(db, rows.map((r) => r.id));
      for (const row of rows) await addToSearchIndex(db, row);
    },
  });
  const db = blank.db.kysely;
  if (ENGINE === 'postgres') {
    // PostgreSQL keeps the trigram path: the migration adds nothing there.
    expect((await sql<{ t: string | null }>`select to_regclass('message_vocabulary')::text as t`.execute(db)).rows[0].t).toBeNull();
    return;
  }
  const words = (await sql<{ word: string }>`select word from message_vocabulary order by word`.execute(db)).rows.map((r) => r.word);
  expect(words).toEqual(['and', 'ascii', 'harbor', 'kelvin', 'only', 'plain']);
  const holding = (await sql<{ word: string }>`select word from message_vocabulary_fts where message_vocabulary_fts match '"arbo"'`.execute(db)).rows.map((r) => r.word);
  expect(holding).toEqual(['harbor']);
  // m1 holds "harbor" as typed too; m2's only word is folded; m3 is all ASCII.
  const folded = (await sql<{ word: string; message_id: string }>`select word, message_id from message_folded_words order by message_id`.execute(db)).rows;
  expect(folded).toEqual([{ word: 'kelvin', message_id: 'm2' }]);
});
