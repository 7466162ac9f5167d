import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// SQLite: a message's rows of `message_words` (migration 032) are written by the search indexer's
// batch (features/messages/search-index.ts), beside its messages_fts row, instead of by a trigger
// in the post's own transaction: the per-row trigger (search_words() JSON, json_each and a b-tree
// insert per word) made a post a third slower. So the index holds the words of the messages the
// indexer has reached (fts_rowid not null), and a search matches the others on their text
// (features/search/queries.ts, `pending`), so no result is missing in between.
// The delete and update triggers stay, now for indexed messages only: a delete, an edit, a
// publish or a change of visibility still changes the rows at once.
// PostgreSQL keeps 032's per-statement triggers (a batch of posts is one insert there).
//
// SQLite, list rows: 030's insert trigger wrote each row's entry of list_rows_words and then
// updated the row it had just written with its rowid (on SQLite an UPDATE rewrites the record),
// half of a CSV import's time. Now the rows' writer numbers a chunk's fts_rowid itself and writes
// its words in one statement, in the same transaction (lists/queries/rows.ts, insertNewRows); the
// trigger stays for a row inserted without its number.

// Searchable (as 032 says) and reached by the indexer.
const INDEXED = (row: string) =>
  sql.raw(`${row}.fts_rowid is not null and ${row}.published_at is not null and ${row}.parent_id is null and ${row}.orphaned_parent_id is null`);
const COLUMNS = sql.raw('word, publicly_visible, updated_at, message_id, user_id');

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql`drop trigger list_rows_words_insert`.execute(db);
  await sql`create trigger list_rows_words_insert after insert on list_rows when new.fts_rowid is null begin
    insert into list_rows_words (text) values ((select coalesce(group_concat(value, ' '), '') from json_each(new.data)));
    update list_rows set fts_rowid = last_insert_rowid() where id = new.id;
  end`.execute(db);

  await sql`drop trigger message_words_insert`.execute(db);
  await sql`drop trigger message_words_delete`.execute(db);
  await sql`drop trigger message_words_update`.execute(db);
  // The batch writes these messages' words when it reaches them.
  await sql`delete from message_words where message_id in (select id from messages where fts_rowid is null)`.execute(db);

  const insertRows = sql`insert into message_words (${COLUMNS})
    select value, new.publicly_visible, new.updated_at, new.id, new.user_id from json_each(search_words(new.content)) where ${INDEXED('new')};`;
  const deleteRows = sql`delete from message_words
    where word in (select value from json_each(search_words(old.content))) and publicly_visible = old.publicly_visible and updated_at = old.updated_at and message_id = old.id and ${INDEXED('old')};`;
  await sql`create trigger message_words_delete after delete on messages when ${INDEXED('old')} begin ${deleteRows} end`.execute(db);
  // fts_rowid is not among the columns: the batch that sets it writes the rows itself.
  await sql`create trigger message_words_update after update of content, publicly_visible, published_at, parent_id, orphaned_parent_id, updated_at, user_id on messages
    when old.fts_rowid is not null or new.fts_rowid is not null begin
    ${deleteRows}
    ${insertRows}
  end`.execute(db);
}
