import { sql, type Kysely as AnyKysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { seededUser } from '../../bench/seed.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { indexPendingMessages } from '../../src/features/messages/search-index.js';
import { blankDatabase, ENGINE } from '../helpers/app.js';

// Migration 032 fills message_words from the messages already there: a row per distinct word of
// each published top-level message, with its publicity, author and updated_at; none for a reply,
// an orphaned reply or a scheduled message. Its triggers then keep it (search.test.ts).
// Migration 034 (SQLite) leaves the words of the messages the search indexer has not reached to
// its batch, which writes them.

let drop: (() => Promise<void>) | null = null;
afterEach(async () => drop?.());

it('migration 032 indexes the words of the searchable messages already written; after 034 the indexer writes those it has not reached', async () => {
  const blank = await blankDatabase();
  drop = blank.drop;
  const at = '2026-01-02T03:04:05.000Z';
  const [a, b] = [seededUser('words_a', at), seededUser('words_b', at)];
  const message = (id: string, user: { id: string }, content: string, fields: Record<string, unknown> = {}) => ({
    id,
    user_id: user.id,
    content,
    publicly_visible: true,
    tags: '[]',
    image_urls: '[]',
    video_urls: '[]',
    published_at: at,
    created_at: at,
    updated_at: at,
    ...fields,
  });
  await migrateToLatest(blank.db, {
    // Messages written under 031, just before 032 runs.
    afterMigrationBody: async (name, db: AnyKysely<any>) => {
      if (name === '032_message_words') {
        words032 = await readWords(db);
        return;
      }
      if (name !== '031_events_lean_indexes') return;
      await db.insertInto('users').values([a, b]).execute();
      await db
        .insertInto('messages')
        .values([
          message('m1', a, 'Café river, CAFE river'),
          message('m2', b, 'river private', { publicly_visible: false, updated_at: '2026-01-02T03:04:06.000Z' }),
          message('m3', b, 'river reply', { parent_id: 'm1' }),
          message('m4', b, 'river orphan', { orphaned_parent_id: 'gone' }),
          message('m5', a, 'river later', { published_at: null, scheduled_at: '2027-01-01T00:00:00.000Z' }),
        ])
        .execute();
      // SQLite: m1 reached by the search indexer already (its trigram row and fts_rowid).
      if (ENGINE === 'sqlite') {
        const { insertId } = await sql`insert into messages_fts (content) values ('Café river, CAFE river')`.execute(db);
        await db.updateTable('messages').set({ fts_rowid: Number(insertId) }).where('id', '=', 'm1').execute();
      }
    },
  });
  const all = [
    { word: 'cafe', message_id: 'm1', user_id: a.id, publicly_visible: true, updated_at: at },
    { word: 'river', message_id: 'm1', user_id: a.id, publicly_visible: true, updated_at: at },
    { word: 'private', message_id: 'm2', user_id: b.id, publicly_visible: false, updated_at: '2026-01-02T03:04:06.000Z' },
    { word: 'river', message_id: 'm2', user_id: b.id, publicly_visible: false, updated_at: '2026-01-02T03:04:06.000Z' },
  ];
  expect(words032).toEqual(all);
  // SQLite: m1 was indexed before 034 and keeps its rows; m2's wait for the indexer's batch.
  expect(await readWords(blank.db.kysely)).toEqual(ENGINE === 'sqlite' ? all.slice(0, 2) : all);
  if (ENGINE === 'sqlite') await indexPendingMessages(blank.db.kysely);
  expect(await readWords(blank.db.kysely)).toEqual(all);
});

let words032: unknown[] = [];
async function readWords(db: AnyKysely<any>) {
  const rows = await db
    .selectFrom('message_words')
    .select(['word', 'message_id', 'user_id', 'publicly_visible', 'updated_at'])
    .orderBy('message_id')
    .orderBy('word')
    .execute();
  return rows.map((r: { publicly_visible: unknown }) => ({ ...r, publicly_visible: Boolean(r.publicly_visible) }));
}
