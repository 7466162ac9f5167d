import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// SQLite: the word index of an import's rows (list_rows_words, migration 030) is written after the
// import's transactions, by batches (features/lists/row-words.ts), instead of by one INSERT ...
// SELECT per chunk inside them (migration 034), about a third of an import's statements' time.
// The import numbers its rows' fts_rowid as before and records each transaction's numbers as a
// range owed, `list_rows_words_pending` (first, last); a batch writes the words of the rows in the
// first range and shrinks it, so an import writes no row twice. Until then the search matches
// rows in an owed range on their text (features/search/queries.ts), so none is missing in
// between. An edit or delete of such a row changes no word row (030's triggers find none): the
// batch reads the row as it is then.
// Numbers are taken past every owed range (lists/queries/rows.ts, NEXT_WORDS_ROWID), including by
// the insert trigger of a row inserted without its number, which took FTS5's next rowid and so
// could have taken a number an owed range holds.
// PostgreSQL: nothing (the GIN index of list rows is written with the rows).
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql`create table list_rows_words_pending (first integer primary key, last integer not null)`.execute(db);
  await sql`drop trigger list_rows_words_insert`.execute(db);
  await sql`create trigger list_rows_words_insert after insert on list_rows when new.fts_rowid is null begin
    insert into list_rows_words (rowid, text) values (
      max(coalesce((select max(rowid) from list_rows_words), 0), coalesce((select max(fts_rowid) from list_rows), 0), coalesce((select max(last) from list_rows_words_pending), 0)) + 1,
      (select coalesce(group_concat(value, ' '), '') from json_each(new.data)));
    update list_rows set fts_rowid = last_insert_rowid() where id = new.id;
  end`.execute(db);
}
