import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Word indexes for the ranked search across messages, documents and list rows (GET /api/search,
// features/search). Words match whole or by prefix, case and accents ignored; the trigram indexes
// of migrations 003/004 stay for substrings (the per-kind searches, and CJK or emoji terms here).
//
// SQLite: an FTS5 table per kind with the unicode61 tokenizer (remove_diacritics 2), keyed by the
// same rowid as the item's trigram row (`fts_rowid`): messages_words is filled by the search
// indexer's batches beside messages_fts (features/messages/search-index.ts); documents_words and
// list_rows_words by triggers (a list row's insert: by its writer, per chunk, since migration
// 034). List rows get an `fts_rowid` of their own (a table's rowid may change on VACUUM), and
// their text is their cells' values joined by spaces.
//
// PostgreSQL: GIN indexes on to_tsvector('simple', search_fold(text)), where search_fold is
// lower(unaccent(text)) declared immutable (unaccent itself is only stable, since its dictionary
// could change: ours never does). The queries (features/search/queries.ts) repeat these exact
// expressions, or the planner would not use the indexes. New entries wait in a GIN index's pending
// list until a vacuum or the list's limit, and every search reads the whole list: 4 MB by default
// (15 ms a search at 20,000 fresh messages, against 0.4 ms once merged), 256 kB here.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    const words = sql.raw(`tokenize = 'unicode61 remove_diacritics 2'`);
    const rowText = (data: string) => sql.raw(`(select coalesce(group_concat(value, ' '), '') from json_each(${data}))`);

    await sql`create virtual table messages_words using fts5(content, ${words})`.execute(db);
    await sql`insert into messages_words (rowid, content) select fts_rowid, content from messages where fts_rowid is not null`.execute(db);
    await sql`create trigger messages_words_update after update of content on messages when new.fts_rowid is not null begin
      update messages_words set content = new.content where rowid = new.fts_rowid;
    end`.execute(db);
    await sql`create trigger messages_words_delete after delete on messages when old.fts_rowid is not null begin
      delete from messages_words where rowid = old.fts_rowid;
    end`.execute(db);

    await sql`create virtual table documents_words using fts5(title, content, ${words})`.execute(db);
    await sql`insert into documents_words (rowid, title, content) select fts_rowid, title, content from documents where fts_rowid is not null`.execute(db);
    // One insert trigger for both tables: the word row takes the rowid the trigram row got.
    await sql`drop trigger documents_fts_insert`.execute(db);
    await sql`create trigger documents_fts_insert after insert on documents begin
      insert into documents_fts (title, content) values (new.title, new.content);
      update documents set fts_rowid = last_insert_rowid() where id = new.id;
      insert into documents_words (rowid, title, content) values ((select fts_rowid from documents where id = new.id), new.title, new.content);
    end`.execute(db);
    await sql`create trigger documents_words_update after update of title, content on documents begin
      update documents_words set title = new.title, content = new.content where rowid = new.fts_rowid;
    end`.execute(db);
    await sql`create trigger documents_words_delete after delete on documents begin
      delete from documents_words where rowid = old.fts_rowid;
    end`.execute(db);

    await sql`alter table list_rows add column fts_rowid integer`.execute(db);
    await sql`create virtual table list_rows_words using fts5(text, ${words})`.execute(db);
    await sql`insert into list_rows_words (rowid, text) select rowid, ${rowText('list_rows.data')} from list_rows`.execute(db);
    await sql`update list_rows set fts_rowid = rowid`.execute(db);
    await sql`create index list_rows_fts_rowid_idx on list_rows (fts_rowid)`.execute(db);
    await sql`create trigger list_rows_words_insert after insert on list_rows begin
      insert into list_rows_words (text) values (${rowText('new.data')});
      update list_rows set fts_rowid = last_insert_rowid() where id = new.id;
    end`.execute(db);
    await sql`create trigger list_rows_words_update after update of data on list_rows begin
      update list_rows_words set text = ${rowText('new.data')} where rowid = new.fts_rowid;
    end`.execute(db);
    await sql`create trigger list_rows_words_delete after delete on list_rows begin
      delete from list_rows_words where rowid = old.fts_rowid;
    end`.execute(db);
    return;
  }

  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create or replace function search_fold(t text) returns text language sql immutable strict parallel safe
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, t)) $$`.execute(db);
  await sql`create or replace function list_row_text(data jsonb) returns text language sql immutable strict parallel safe
    as $$ select coalesce(string_agg(value, ' '), '') from jsonb_each_text(data) $$`.execute(db);
  await sql`create index messages_words_idx on messages using gin (to_tsvector('simple', search_fold(content))) with (gin_pending_list_limit = 256)`.execute(db);
  await sql`create index documents_words_idx on documents using gin (to_tsvector('simple', search_fold(title || ' ' || content))) with (gin_pending_list_limit = 256)`.execute(db);
  await sql`create index list_rows_words_idx on list_rows using gin (to_tsvector('simple', search_fold(list_row_text(data)))) with (gin_pending_list_limit = 256)`.execute(db);
}
