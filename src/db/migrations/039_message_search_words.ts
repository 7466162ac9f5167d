import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// SQLite: what the message search (GET /api/messages/search, features/messages/queries/word-search.ts)
// needs to answer a term of ASCII letters and digits from message_words (migration 032) without
// reading each match's message:
//   - message_vocabulary: every word message_words has held (never pruned: a word whose messages
//     went only has an empty range), with a trigram index (message_vocabulary_fts) that finds the
//     words holding a substring;
//   - message_folded_words (word, message): the words of message_words that the message holds only
//     once folded (an accent, a Kelvin sign, a combining mark: `search_folded_words`,
//     lib/text-fold.ts foldedWords), the only ones that can match a term the text does not hold;
//     the search reads their messages (text, visibility).
// Both are kept by triggers on message_words, so every way its rows are written (the search
// indexer's batch, the update trigger of migration 034) keeps them too. A message whose text is
// all ASCII (as many characters as bytes) has no folded word, and its rows are not looked at.
// PostgreSQL keeps the trigram path (pg_trgm): its word index (to_tsvector) leaves some text out
// (an XML tag), so its words do not hold every substring.

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql`create table message_vocabulary (word text primary key)`.execute(db);
  await sql`create virtual table message_vocabulary_fts using fts5(word, content = 'message_vocabulary', content_rowid = 'rowid', tokenize = 'trigram')`.execute(db);
  await sql`create trigger message_vocabulary_insert after insert on message_vocabulary begin
    insert into message_vocabulary_fts (rowid, word) values (new.rowid, new.word);
  end`.execute(db);
  await sql`insert into message_vocabulary (word) select distinct word from message_words order by word`.execute(db);

  await sql`create table message_folded_words (word text not null, message_id text not null, primary key (word, message_id)) without rowid`.execute(db);
  await sql`insert or ignore into message_folded_words (word, message_id)
    select f.value, m.id from messages m, json_each(search_folded_words(m.content)) f
    where m.fts_rowid is not null and m.published_at is not null and m.parent_id is null and m.orphaned_parent_id is null
      and length(m.content) <> length(cast(m.content as blob))
    order by f.value, m.id`.execute(db);

  await sql`create trigger message_words_search_insert after insert on message_words begin
    insert or ignore into message_vocabulary (word) values (new.word);
    insert or ignore into message_folded_words (word, message_id)
      select new.word, new.message_id from messages m
      where m.id = new.message_id and length(m.content) <> length(cast(m.content as blob))
        and new.word in (select value from json_each(search_folded_words(m.content)));
  end`.execute(db);
  await sql`create trigger message_words_search_delete after delete on message_words begin
    delete from message_folded_words where word = old.word and message_id = old.message_id;
  end`.execute(db);
}
