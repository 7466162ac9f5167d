import { expressionBuilder, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { containsInsensitive } from '../../../db/dialect.js';
import type { Database } from '../../../db/types.js';
import { feedAuthors, feedPartitions, type Viewer } from '../../visibility/service.js';
import { searchableMessages } from '../queries.js';

// The message search's word path (SQLite): a term of 3 or more ASCII letters and digits, counted
// and paged from message_words (migration 032) without reading each match's message, exactly as
// `lower(content) LIKE '%term%'` answers it (features/messages/queries.ts, searchFilter):
//   - no match is missed: the term's characters in a message's text stay together, in order, in
//     its folded text (folding decomposes, drops marks and lower-cases; it moves no ASCII letter or
//     digit), so inside one of its words, which message_words holds and message_vocabulary's
//     trigram index finds (migration 039);
//   - no false match is kept: a word the text holds as typed (ASCII case aside) holds the term only
//     where the text does; the others are in message_folded_words, and those of its messages whose
//     text does not hold the term are taken out of the count and the page.
// The scope is the feed's (feedAuthors: everyone's public rows less the hidden authors', the
// readable authors' private ones), read from the index's columns. Messages the search indexer has
// not reached yet (fts_rowid null, migration 034) are read from the table, by their LIKE.
// The page is the newest first by updated_at, which a published message's published_at equals
// (a post and a publish set both): per word, the newest `offset + limit` of each part, then merged.

type Bool = Expression<SqlBool>;

/** More words than this hold the term: the table path (each word is a part of the statement). */
const MAX_WORDS = 32;

/** A term the word path answers: ASCII letters and digits only, 3 or more (the trigram index). */
export const wordPathTerm = (q: string) => /^[A-Za-z0-9]{3,}$/.test(q);

/**
 * The message_words rows the viewer's feed may read among those `where` selects, in parts the
 * indexes answer without reading the rows' messages; each part is the FROM and WHERE of a
 * statement, to select, count or walk newest first:
 * - `everyones`: every public row; `hidden`: the hidden authors' public rows (from the author
 *   index); `publicLessHidden`: the first less the second, by message;
 * - `readable`: the readable authors' rows, their private ones (their public ones are in
 *   `publicLessHidden`), or all of them when everyone's public messages are not in scope.
 * Each set of authors drives its join (CROSS JOIN keeps SQLite to that order: its planner, which
 * sees few rows a word on average, would otherwise scan a common word's range for them).
 */
export function readableRows(viewer: NonNullable<Viewer>, where: Bool) {
  const scope = feedAuthors(viewer);
  const eb = expressionBuilder<Database, never>();
  const ofAuthors = (authors: Expression<unknown>, publiclyVisible: boolean | null) =>
    sql`from ${authors} as a cross join message_words where message_words.user_id = a.id and ${where}${
      publiclyVisible === null ? sql`` : sql` and message_words.publicly_visible = ${publiclyVisible}`
    }`;
  const everyones = sql`from message_words where ${where} and message_words.publicly_visible = ${true}`;
  const hidden = ofAuthors(scope.hidden(eb), true);
  return {
    everyonesPublic: scope.everyonesPublic,
    everyones,
    hidden,
    publicLessHidden: sql`${everyones} and message_words.message_id not in (select message_words.message_id ${hidden})`,
    readable: ofAuthors(scope.readable(eb), scope.everyonesPublic ? false : null),
  };
}

/** The words of message_vocabulary that hold `term` (lower case), by its trigram index. */
async function wordsHolding(db: Kysely<Database>, term: string): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`select word from message_vocabulary_fts where message_vocabulary_fts match ${`"${term}"`}`.execute(db);
  // The index folds case as SQLite does; the words are folded already, and must hold the term as it is.
  return rows.map((r) => r.word).filter((w) => w.includes(term));
}

/**
 * The ids of the newest `offset + limit` messages of the viewer's feed whose text holds `q`
 * (newest first), and how many there are; null when the word path cannot answer (the term is not
 * one of wordPathTerm, or too many words hold it).
 */
export async function wordSearch(db: Kysely<Database>, viewer: NonNullable<Viewer>, q: string, k: number): Promise<{ ids: string[]; total: number } | null> {
  if (!wordPathTerm(q)) return null;
  const term = q.toLowerCase();
  const words = await wordsHolding(db, term);
  if (words.length > MAX_WORDS) return null;
  const holds = (text: Expression<string>) => containsInsensitive(text, term);
  const inWords = (column: RawBuilder<string>): Bool => (words.length === 0 ? sql<SqlBool>`0` : sql<SqlBool>`${column} in (${sql.join(words)})`);
  const count = (from: RawBuilder<unknown>) => (words.length > 1 ? sql`(select count(distinct message_words.message_id) ${from})` : sql`(select count(*) ${from})`);
  const all = readableRows(viewer, inWords(sql`message_words.word`));
  const allCount = all.everyonesPublic ? sql`(${count(all.everyones)} - ${count(all.hidden)} + ${count(all.readable)})` : count(all.readable);

  // The feed's messages, read from the table (the scope by its partitions, as the table path).
  const m = expressionBuilder<Database, 'messages'>();
  const inFeed = m.and([...searchableMessages(m), m.or(feedPartitions(viewer).map((part) => part(m)))]);
  // Messages with a folded word holding the term whose text does not hold it: counted above, and wrong.
  const folded = sql`from (select distinct message_folded_words.message_id from message_folded_words where ${inWords(sql`message_folded_words.word`)}) as f
    cross join messages where messages.id = f.message_id and messages.fts_rowid is not null and not ${holds(sql.ref('messages.content'))}`;
  const wrongIds = sql`(select messages.id ${folded})`;
  // The messages not indexed yet that the feed may read and whose text holds the term.
  const pending = sql`from messages indexed by messages_fts_rowid_idx where messages.fts_rowid is null and ${inFeed} and ${holds(sql.ref('messages.content'))}`;

  const newest = (from: RawBuilder<unknown>) =>
    sql`select * from (select message_words.message_id as id, message_words.updated_at ${from} and message_words.message_id not in ${wrongIds}
      order by message_words.updated_at desc, message_words.message_id desc limit ${k}) as part`;
  const parts = words.flatMap((w) => {
    const rows = readableRows(viewer, sql<SqlBool>`message_words.word = ${w}`);
    return rows.everyonesPublic ? [newest(rows.publicLessHidden), newest(rows.readable)] : [newest(rows.readable)];
  });
  parts.push(sql`select * from (select messages.id as id, messages.updated_at ${pending} order by messages.updated_at desc, messages.id desc limit ${k}) as part`);
  const total = sql`${allCount} - (select count(*) ${folded} and ${inFeed}) + (select count(*) ${pending})`;
  // The total once, beside the page (SQLite would repeat a column's subqueries in each arm of the union).
  const { rows } = await sql<{ id: string; total: number }>`with counted as materialized (select ${total} as n)
    select m.id, counted.n as total from (select distinct id, updated_at from (${sql.join(parts, sql` union all `)})) as m, counted
    order by m.updated_at desc, m.id desc limit ${k}`.execute(db);
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: Number(rows[0].total) };
  const { rows: counted } = await sql<{ n: number }>`select ${total} as n`.execute(db);
  return { ids: [], total: Number(counted[0].n) };
}
