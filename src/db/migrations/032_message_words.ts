import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The word index of messages for the ranked search (features/search) becomes a b-tree table,
// `message_words`: one row per word of each searchable message (published, top-level), with what
// the search's visibility and order need beside the word: whether the message is public, its
// author, its updated_at. A search then counts a word's matches and reads its newest page from
// the index alone, without reading each match's message (which was almost all of a common word's
// time: docs/performance.md, "Search"):
//   - key (word, publicly_visible, updated_at desc, message_id): every public match of a word
//     is one range, counted in place and walked newest first;
//   - message_words_author_idx (user_id, word, publicly_visible): the matches of given authors
//     (the followed accounts' private messages, the hidden authors' public ones).
// It replaces 030's messages_words (FTS5) and messages_words_idx (GIN), so a post writes one word
// index, not two.
//
// The rows are kept by triggers on messages, in the same transaction as the message (SQLite: per
// row, until migration 034 moved the insert to the search indexer's batch; PostgreSQL: per
// statement, from its transition tables, so a batch of posts is one insert):
// a row for each distinct word when a message is inserted searchable, deleted by the same words
// when it is deleted, both when an update changes what the rows hold (a scheduled message
// publishing). Blocks, mutes and follows are not in it: a search applies them to the authors.
// A message's words:
//   - PostgreSQL: the lexemes of to_tsvector('simple', search_fold(content)), as 030's GIN index
//     had them (so words match as before);
//   - SQLite: the runs of letters and digits of the folded text, from `search_words(text)` (a JSON
//     array), the function every connection registers (db/connection.ts, lib/text-fold.ts
//     searchWords). Rows are deleted by recomputing the words: changing how words are cut needs
//     a migration that rebuilds this table.
// PostgreSQL's word column has the C collation, so that a prefix is a byte range of the index.

const SEARCHABLE = (row: string) => sql.raw(`${row}.published_at is not null and ${row}.parent_id is null and ${row}.orphaned_parent_id is null`);
const COLUMNS = sql.raw('word, publicly_visible, updated_at, message_id, user_id');

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    await sql`create table message_words (
      word text not null,
      publicly_visible integer not null,
      updated_at text not null,
      message_id text not null,
      user_id text not null,
      primary key (word, publicly_visible, updated_at desc, message_id)
    ) without rowid`.execute(db);
    // In key order: a b-tree filled in order is written once, not split page by page.
    await sql`insert into message_words (${COLUMNS})
      select w.value, m.publicly_visible, m.updated_at, m.id, m.user_id from messages m, json_each(search_words(m.content)) w where ${SEARCHABLE('m')}
      order by w.value, m.publicly_visible, m.updated_at desc, m.id`.execute(db);
    await sql`create index message_words_author_idx on message_words (user_id, word, publicly_visible)`.execute(db);

    const insertRows = sql`insert into message_words (${COLUMNS})
      select value, new.publicly_visible, new.updated_at, new.id, new.user_id from json_each(search_words(new.content)) where ${SEARCHABLE('new')};`;
    const deleteRows = sql`delete from message_words
      where word in (select value from json_each(search_words(old.content))) and publicly_visible = old.publicly_visible and updated_at = old.updated_at and message_id = old.id and ${SEARCHABLE('old')};`;
    await sql`create trigger message_words_insert after insert on messages when ${SEARCHABLE('new')} begin ${insertRows} end`.execute(db);
    await sql`create trigger message_words_delete after delete on messages when ${SEARCHABLE('old')} begin ${deleteRows} end`.execute(db);
    await sql`create trigger message_words_update after update of content, publicly_visible, published_at, parent_id, orphaned_parent_id, updated_at, user_id on messages begin
      ${deleteRows}
      ${insertRows}
    end`.execute(db);

    await sql`drop trigger messages_words_update`.execute(db);
    await sql`drop trigger messages_words_delete`.execute(db);
    await sql`drop table messages_words`.execute(db);
    return;
  }

  const words = (row: string) => sql.raw(`unnest(tsvector_to_array(to_tsvector('simple', search_fold(${row}.content))))`);
  await sql`create table message_words (
    word text collate "C" not null,
    publicly_visible boolean not null,
    updated_at text not null,
    message_id text not null,
    user_id text not null
  )`.execute(db);
  await sql`insert into message_words (${COLUMNS})
    select w.word, m.publicly_visible, m.updated_at, m.id, m.user_id from messages m cross join ${words('m')} as w(word) where ${SEARCHABLE('m')}`.execute(db);
  // Built after the rows are in: one sort, not a b-tree insert per row.
  await sql`create unique index message_words_key on message_words (word, publicly_visible, updated_at desc, message_id)`.execute(db);
  await sql`create index message_words_author_idx on message_words (user_id, word, publicly_visible) include (updated_at, message_id)`.execute(db);

  // Once per statement (a batch of posts is one insert), from the statement's rows.
  const insertFrom = (rows: string, where = sql``) => sql`insert into message_words (${COLUMNS})
    select w.word, n.publicly_visible, n.updated_at, n.id, n.user_id from ${sql.raw(rows)} n cross join lateral ${words('n')} as w(word) where ${SEARCHABLE('n')}${where};`;
  const deleteFrom = (rows: string, where = sql``) => sql`delete from message_words mw using ${sql.raw(rows)} o cross join lateral ${words('o')} as w(word)
    where mw.word = w.word and mw.publicly_visible = o.publicly_visible and mw.updated_at = o.updated_at and mw.message_id = o.id and ${SEARCHABLE('o')}${where};`;
  // An update changes the rows only when it changes what they hold (most updates of messages,
  // such as a reply orphaned, change nothing here).
  const FIELDS = 'content, publicly_visible, published_at, parent_id, orphaned_parent_id, updated_at, user_id';
  const changed = (row: string, other: string) =>
    sql.raw(` and exists (select 1 from ${other} x where x.id = ${row}.id and (${FIELDS.split(', ').map((f) => `x.${f}`).join(', ')}) is distinct from (${FIELDS.split(', ').map((f) => `${row}.${f}`).join(', ')}))`);
  const trigger = async (name: string, event: string, referencing: string, body: ReturnType<typeof sql>[]) => {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$ begin ${sql.join(body, sql` `)} return null; end $$`.execute(db);
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on messages referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(name)}()`.execute(db);
  };
  await trigger('message_words_insert', 'insert', 'new table as new_messages', [insertFrom('new_messages')]);
  await trigger('message_words_delete', 'delete', 'old table as old_messages', [deleteFrom('old_messages')]);
  await trigger('message_words_update', 'update', 'old table as old_messages new table as new_messages', [
    deleteFrom('old_messages', changed('o', 'new_messages')),
    insertFrom('new_messages', changed('n', 'old_messages')),
  ]);
  await sql`drop index messages_words_idx`.execute(db);
}
