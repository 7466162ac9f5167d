import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { PLAN_EACH_CALL, type Engine } from '../../db/connection.js';
import { containsInsensitive } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';
import { readableRows, searchableMessages } from '../messages/service.js';
import { grantedItemIds } from '../sharing/index.js';
import { feedPartitions, type Viewer } from '../visibility/service.js';
import { type Term } from './terms.js';

// The ranked search's statements: one page of the matches of every kind the caller may read, each
// with its rank, ordered and paged in the database, and the total count of those matches.
//
// Rank (`tier`, smallest first): every term matched before only some, then a match in the title
// (documents) before one in the body; ties go to the newest `updated_at`, then kind and id.
// Visibility is part of each kind's WHERE: messages by the feed's own rules (visibility module,
// feedPartitions, as message search reads them), documents and list rows by ownership or a grant
// to the caller or their organization (sharing's grantedItemIds; links are not grants).
//
// Word terms are matched in word indexes, substring terms in trigram indexes (terms.ts says which
// is which):
// - Messages: the b-tree `message_words` (migration 032), one row per word of each published
//   top-level message with its author, publicity and updated_at. A query of word terms only is
//   answered from it alone, visibility included (feedAuthors: everyone's public messages less the
//   hidden authors', all messages of the readable authors), so no match's message is read:
//     - one term that starts one word (the common case, a whole word): the count is the word's
//       public range less the hidden authors' part plus the readable authors' private part,
//       counted in the index; the page walks the word's range newest first and stops after it
//       (`oneWord`);
//     - otherwise the matching rows are grouped by message (`messageWordHits`).
//   On SQLite the search indexer's batch writes a message's rows shortly after its post (migration
//   034); until then each of these statements also reads the messages not indexed yet (few, by
//   their fts_rowid index), their words from their text and their visibility from the table
//   (`pendingRows`), so a message is found from its post on.
//   A query with a substring term reads the messages (`messageHits`): their visibility on the
//   table, the words by message_words, the substrings by the trigram index (SQLite messages_fts,
//   or the text itself for a message its indexer has not reached yet; PostgreSQL pg_trgm).
// - Documents and list rows (the caller's own and shared ones, a few): SQLite FTS5
//   (`fts_rowid IN (match)`), and for an imported row whose words are still owed (migration 037)
//   its text (`owedRowWords`); PostgreSQL to_tsvector('simple', search_fold(…)) @@ prefix queries,
//   the exact expressions of the GIN indexes (migration 030); substrings by lower(…) LIKE.
//
// A word term matches the words it starts: a range [term, next) of the word column (SQLite
// compares text as UTF-8 bytes; PostgreSQL's column has the C collation), where `next` is the
// term with its last character replaced by the one after it.

export type HitKind = 'message' | 'document' | 'row';

export interface Hit {
  kind: HitKind;
  id: string;
  list_id: string | null;
  tier: number | string;
  updated_at: string;
}

type Db = Kysely<Database>;
type Bool = Expression<SqlBool>;

/** How many messages a term matches decides the best plan: PostgreSQL plans these statements per call. */
const EACH_CALL = sql.raw(PLAN_EACH_CALL);

const or = (parts: Bool[]): Bool => (parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` or `)})`);
const and = (parts: Bool[]): Bool => (parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` and `)})`);
const FALSE = sql<SqlBool>`1 = 0`;

/** The least text after every text that starts with `prefix` (null: none, the prefix is all U+10FFFF). */
export function afterPrefix(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length > 0) {
    let next = chars.pop()!.codePointAt(0)! + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) return chars.join('') + String.fromCodePoint(next);
  }
  return null;
}

/** `word` starts with the term: its range of the index. */
function startsWith(word: Expression<string>, t: Term): Bool {
  const next = afterPrefix(t.text);
  return next === null ? sql<SqlBool>`${word} >= ${t.text}` : sql<SqlBool>`(${word} >= ${t.text} and ${word} < ${next})`;
}

/**
 * SQLite: a message its indexer has not reached yet (fts_rowid null: its words are not in
 * message_words, migration 034) with a word `matches` accepts, read from its text. Few (the posts
 * of the last moments), found by the fts_rowid index.
 */
const PENDING = sql`messages indexed by messages_fts_rowid_idx`;
const pendingHasWord = (matches: (word: Expression<string>) => Bool): Bool =>
  sql<SqlBool>`(messages.fts_rowid is null and exists (select 1 from json_each(search_words(messages.content)) as pw where ${matches(sql.ref('pw.value'))}))`;

/** A message has a word the term starts. */
function messageHasWord(engine: Engine, t: Term): Bool {
  const indexed = sql<SqlBool>`messages.id in (select message_words.message_id from message_words where ${startsWith(sql.ref('message_words.word'), t)})`;
  return engine === 'sqlite' ? or([indexed, pendingHasWord((word) => startsWith(word, t))]) : indexed;
}

/**
 * SQLite: an imported list row whose words its batch has not written yet (its fts_rowid in a
 * range of list_rows_words_pending, migration 037) in `scope` (the lists the caller may read) with
 * words `words` starts, all or any, read from its text (the cells joined as the index's text is).
 * The cheap tests come first: the rows numbered since the oldest range owed (by their fts_rowid),
 * in a range, in the caller's lists; only those are read (some microseconds each).
 */
function owedRowWords(words: Term[], op: 'AND' | 'OR', scope: Bool): Bool {
  const text = sql`(select coalesce(group_concat(value, ' '), '') from json_each(list_rows.data))`;
  const has = (t: Term) => {
    const found = sql<SqlBool>`exists (select 1 from json_each(search_words(${text})) as pw where ${startsWith(sql.ref('pw.value'), t)})`;
    if (!/^[a-z]+$/.test(t.text)) return found;
    // A term of ASCII letters is in a row of ASCII text only where its JSON, lower-cased, holds it
    // (JSON escapes only quotes, backslashes and control characters): a test in C, before the
    // folding of the text in JavaScript. Any other row (accents, other scripts) is folded.
    const maybe = sql<SqlBool>`(instr(lower(list_rows.data), ${t.text}) > 0 or length(list_rows.data) <> length(cast(list_rows.data as blob)))`;
    return and([maybe, found]);
  };
  return and([
    sql<SqlBool>`list_rows.fts_rowid >= (select min(first) from list_rows_words_pending)`,
    sql<SqlBool>`exists (select 1 from list_rows_words_pending as owed where list_rows.fts_rowid between owed.first and owed.last)`,
    scope,
    (op === 'AND' ? and : or)(words.map(has)),
  ]);
}

/** How one kind's text is indexed: the references its conditions are made of. */
interface Indexed {
  /** SQLite: the item's row in its FTS5 tables. */
  rowid: RawBuilder<unknown>;
  /** Word terms: SQLite's FTS5 table of the words, or message_words (messages, both engines). */
  words: string | 'message_words';
  /** SQLite: the trigram table, when the kind has one (else substrings are matched by LIKE). */
  trigrams: string | null;
  /** The indexed text, as the PostgreSQL word index's expression spells it (SQLite: as LIKE reads it). */
  text: RawBuilder<string>;
  /** Where a substring is looked for by LIKE (several columns: any of them). */
  likeIn: RawBuilder<string>[];
  /** The title, for the title-first rank (documents). */
  title?: { column: RawBuilder<string>; fts: string };
  /** SQLite: rows its indexer may not have reached yet (fts_rowid null) are matched on their text. */
  pending?: boolean;
  /** SQLite: the rows whose words are owed, in a scope, matched on their text. */
  owedWords?: (words: Term[], op: 'AND' | 'OR', scope: Bool) => Bool;
}

const MESSAGES: Indexed = {
  rowid: sql`messages.fts_rowid`,
  words: 'message_words',
  trigrams: 'messages_fts',
  text: sql`messages.content`,
  likeIn: [sql`messages.content`],
  pending: true,
};
const DOCUMENTS: Indexed = {
  rowid: sql`documents.fts_rowid`,
  words: 'documents_words',
  trigrams: 'documents_fts',
  text: sql`documents.title || ' ' || documents.content`,
  likeIn: [sql`documents.title`, sql`documents.content`],
  title: { column: sql`documents.title`, fts: 'title' },
};
const ROWS: Indexed = {
  rowid: sql`list_rows.fts_rowid`,
  words: 'list_rows_words',
  trigrams: null,
  text: sql`list_row_text(list_rows.data)`,
  likeIn: [],
  owedWords: owedRowWords,
};
/** SQLite reads a row's text for LIKE as its JSON (list_row_text is PostgreSQL's). */
const ROWS_SQLITE_TEXT = sql<string>`list_rows.data`;

/** The FTS5 query of word terms: each a quoted prefix, all of them (AND) or any (OR). */
const ftsWords = (terms: Term[], op: 'AND' | 'OR') => terms.map((t) => `"${t.text.replace(/"/g, '""')}"*`).join(` ${op} `);
const ftsIn = (idx: Indexed, table: string, match: string): Bool =>
  sql<SqlBool>`${idx.rowid} in (select rowid from ${sql.table(table)} where ${sql.table(table)} match ${match})`;

/** The conditions on one kind's rows: some terms match, all do, the title matches. */
interface Conditions {
  some: Bool;
  all: Bool;
  title: Bool;
}

/** `owedScope`: the items whose words are owed that the caller may read (SQLite, kinds with owedWords). */
function conditions(engine: Engine, idx: Indexed, terms: Term[], owedScope: Bool = FALSE): Conditions {
  const words = terms.filter((t) => t.kind === 'word');
  const substrings = terms.filter((t) => t.kind === 'substring');
  const likes = idx.likeIn.length > 0 ? idx.likeIn : [engine === 'sqlite' && idx === ROWS ? ROWS_SQLITE_TEXT : idx.text];
  const contains = (t: Term, columns = likes) => or(columns.map((column) => containsInsensitive(column, t.text)));

  const vector = (text: RawBuilder<string>) => sql`to_tsvector('simple', search_fold(${text}))`;
  const prefix = (t: Term) => sql`to_tsquery('simple', quote_literal(search_fold(${t.text}::text)) || ':*')`;
  const tsquery = (op: 'AND' | 'OR') => sql`(${sql.join(words.map(prefix), op === 'AND' ? sql` && ` : sql` || `)})`;
  /** The word terms, all of them or any, in the kind's word index (or in its title). */
  const wordMatch = (op: 'AND' | 'OR', title?: Indexed['title']): Bool[] => {
    if (words.length === 0) return [];
    if (idx.words === 'message_words') return [(op === 'AND' ? and : or)(words.map((t) => messageHasWord(engine, t)))];
    if (engine === 'sqlite') {
      const indexed = ftsIn(idx, idx.words, title ? `{${title.fts}} : (${ftsWords(words, op)})` : ftsWords(words, op));
      return [idx.owedWords ? or([indexed, idx.owedWords(words, op, owedScope)]) : indexed];
    }
    return [sql<SqlBool>`${vector(title ? title.column : idx.text)} @@ ${tsquery(op)}`];
  };
  // SQLite: a trigram table answers substrings of 3 characters or more (a phrase match is a
  // substring match), for the rows its indexer reached; the others are read.
  const substring = (t: Term, title?: Indexed['title']): Bool => {
    const columns = title ? [title.column] : likes;
    if (engine !== 'sqlite' || idx.trigrams === null || [...t.text].length < 3) return contains(t, columns);
    const indexed = ftsIn(idx, idx.trigrams, `${title ? `{${title.fts}} : ` : ''}"${t.text.replace(/"/g, '""')}"`);
    return idx.pending ? or([indexed, and([sql<SqlBool>`${idx.rowid} is null`, contains(t, columns)])]) : indexed;
  };
  const matched = (op: 'AND' | 'OR', title?: Indexed['title']) => (op === 'AND' ? and : or)([...wordMatch(op, title), ...substrings.map((t) => substring(t, title))]);
  return { some: matched('OR'), all: matched('AND'), title: idx.title ? matched('OR', idx.title) : FALSE };
}

/** 0: all terms, in the title; 1: all, in the body; 2: some, in the title; 3: some, in the body. */
const tierOf = (c: Conditions) => sql<number>`(case when ${c.all} then 0 else 2 end + case when ${c.title} then 0 else 1 end)`;
/** A message has no title: all terms, or some. */
const MESSAGE_TIER = { all: 1, some: 3 };

export interface SearchInput {
  engine: Engine;
  viewer: NonNullable<Viewer>;
  terms: Term[];
  kinds: ReadonlySet<HitKind>;
  limit: number;
  offset: number;
}

/** Messages, read from the table (a query with a substring term). */
function messageHits(db: Db, input: SearchInput) {
  const c = conditions(input.engine, MESSAGES, input.terms);
  return db
    .selectFrom('messages')
    .select([sql<HitKind>`'message'`.as('kind'), 'messages.id', sql<string | null>`null`.as('list_id'), tierOf(c).as('tier'), 'messages.updated_at'])
    .where((eb) => eb.and([...searchableMessages(eb), eb.or(feedPartitions(input.viewer).map((part) => part(eb))), c.some]));
}

type WordsEb = ExpressionBuilder<Database, 'message_words'>;

/**
 * SQLite: the FROM and WHERE of the messages not yet in message_words that the caller may read
 * (the feed's partitions, as messageHits reads them) with a word `matches` accepts; null on
 * PostgreSQL, whose words are written with the message.
 */
function pendingRows(input: SearchInput, matches: (word: Expression<string>) => Bool): RawBuilder<unknown> | null {
  if (input.engine !== 'sqlite') return null;
  const eb = expressionBuilder<Database, 'messages'>();
  const readable = eb.and([...searchableMessages(eb), eb.or(feedPartitions(input.viewer).map((part) => part(eb)))]);
  return sql`from ${PENDING} where ${pendingHasWord(matches)} and ${readable}`;
}

/** `message_words.word` starts with the term. */
const wordStarts = (t: Term) => startsWith(sql.ref('message_words.word'), t);

/**
 * Messages, from message_words alone (word terms only): each term's rows the caller may read,
 * grouped by message; all terms when the message has a row of each. (Distinct before counting:
 * a term may start two words of one message.)
 */
function messageWordHits(db: Db, input: SearchInput) {
  const termRows = input.terms.map((t, i) => {
    const rows = readableRows(input.viewer, wordStarts(t));
    const select = (from: RawBuilder<unknown>) => sql`select ${sql.lit(i)} as term, message_words.message_id, message_words.updated_at ${from}`;
    const indexed = rows.everyonesPublic ? sql`${select(rows.publicLessHidden)} union all ${select(rows.readable)}` : select(rows.readable);
    const pending = pendingRows(input, (word) => startsWith(word, t));
    return pending ? sql`${indexed} union all select ${sql.lit(i)} as term, messages.id as message_id, messages.updated_at ${pending}` : indexed;
  });
  const matched = sql<{ term: number; message_id: string; updated_at: string }>`(select distinct * from (${sql.join(termRows, sql` union all `)}) as r)`;
  return db
    .selectFrom(matched.as('w'))
    .select([
      sql<HitKind>`'message'`.as('kind'),
      'w.message_id as id',
      sql<string | null>`null`.as('list_id'),
      sql<number>`case when count(*) = ${sql.lit(input.terms.length)} then ${sql.lit(MESSAGE_TIER.all)} else ${sql.lit(MESSAGE_TIER.some)} end`.as('tier'),
      'w.updated_at',
    ])
    .groupBy(['w.message_id', 'w.updated_at']);
}

/**
 * The one word that a term starts, when it starts exactly one: `none` when no message has a word
 * it starts, `several` when it starts more than one (a message may then have two of them).
 */
async function onlyWord(db: Db, engine: Engine, t: Term): Promise<string | 'none' | 'several'> {
  const inRange = (eb: WordsEb) => startsWith(eb.ref('message_words.word'), t);
  const [row] = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('message_words').select('message_words.word').where(inRange).orderBy('message_words.word').limit(1).as('first'),
      eb.selectFrom('message_words').select('message_words.word').where(inRange).orderBy('message_words.word', 'desc').limit(1).as('last'),
    ])
    .execute();
  const words = [row?.first, row?.last];
  if (engine === 'sqlite') {
    // The words of the messages not indexed yet count too.
    const { rows } = await sql<{ first: string | null; last: string | null }>`select min(pw.value) as first, max(pw.value) as last
      from ${PENDING}, json_each(search_words(messages.content)) as pw
      where messages.fts_rowid is null and ${and(searchableMessages(expressionBuilder<Database, 'messages'>()))} and ${startsWith(sql.ref('pw.value'), t)}`.execute(db);
    words.push(rows[0]?.first, rows[0]?.last);
  }
  const found = words.filter((w): w is string => typeof w === 'string');
  if (found.length === 0) return 'none';
  return found.every((w) => w === found[0]) ? found[0] : 'several';
}

/**
 * The messages with the word `word` the caller may read: the newest `k` (one rank: the query is
 * that word's term alone) and how many there are, in one statement, from the indexes alone. The
 * count is the word's public rows less the hidden authors' plus the readable authors'; the page
 * walks the word's public rows newest first (one range of the key) and stops after `k`, beside
 * the readable authors' newest `k`.
 */
async function oneWord(db: Db, input: SearchInput, word: string, k: number): Promise<{ hits: Hit[]; total: number }> {
  const rows = readableRows(input.viewer, sql<SqlBool>`message_words.word = ${word}`);
  const newest = (from: RawBuilder<unknown>) =>
    sql`select * from (select message_words.message_id as id, message_words.updated_at ${from} order by message_words.updated_at desc, message_words.message_id limit ${k}) as part`;
  const count = (from: RawBuilder<unknown>) => sql`(select count(*) ${from})`;
  const indexedPage = rows.everyonesPublic ? sql`${newest(rows.publicLessHidden)} union all ${newest(rows.readable)}` : newest(rows.readable);
  const indexedTotal = rows.everyonesPublic ? sql`${count(rows.everyones)} - ${count(rows.hidden)} + ${count(rows.readable)}` : count(rows.readable);
  const pending = pendingRows(input, (w) => sql<SqlBool>`${w} = ${word}`);
  const page = pending
    ? sql`${indexedPage} union all select * from (select messages.id as id, messages.updated_at ${pending} order by messages.updated_at desc, messages.id limit ${k}) as part`
    : indexedPage;
  const total = pending ? sql`${indexedTotal} + ${count(pending)}` : indexedTotal;
  // The total is counted once, beside the page (SQLite would repeat a column's subqueries in each
  // arm of the union it merges in order).
  const { rows: found } = await sql<{ id: string; updated_at: string; total: number | string }>`with counted as materialized (select ${total} as n)
    select ${EACH_CALL} m.id, m.updated_at, counted.n as total from (${page}) as m, counted order by m.updated_at desc, m.id limit ${k}`.execute(db);
  const hits = found.map((r): Hit => ({ kind: 'message', id: r.id, list_id: null, tier: MESSAGE_TIER.all, updated_at: r.updated_at }));
  return { hits, total: found.length > 0 ? Number(found[0].total) : 0 };
}

function documentHits(db: Db, input: SearchInput) {
  const c = conditions(input.engine, DOCUMENTS, input.terms);
  const userId = input.viewer.id;
  return db
    .selectFrom('documents')
    .select([sql<HitKind>`'document'`.as('kind'), 'documents.id', sql<string | null>`null`.as('list_id'), tierOf(c).as('tier'), 'documents.updated_at'])
    // SQLite: `+` keeps the planner off documents_deleted_idx (every live document of every user);
    // the owner's documents, the grants or the word index are where a search starts.
    .where(input.engine === 'sqlite' ? sql<SqlBool>`+documents.deleted_at is null` : sql<SqlBool>`documents.deleted_at is null`)
    .where((eb) => eb.or([eb('documents.user_id', '=', userId), eb('documents.id', 'in', grantedItemIds(db, 'document', userId) as never)]))
    .where(c.some);
}

function rowHits(db: Db, input: SearchInput) {
  const userId = input.viewer.id;
  const eb = expressionBuilder<Database, 'list_rows'>();
  // The caller's lists as a test of list_rows alone: the rows whose words are owed are found
  // through their numbers, before the join with lists.
  const readableLists = eb.or([
    eb('list_rows.list_id', 'in', eb.selectFrom('lists').select('lists.id').where('lists.user_id', '=', userId)),
    eb('list_rows.list_id', 'in', grantedItemIds(db, 'list', userId) as never),
  ]);
  const c = conditions(input.engine, ROWS, input.terms, readableLists);
  return db
    .selectFrom('list_rows')
    .innerJoin('lists', 'lists.id', 'list_rows.list_id')
    .select([sql<HitKind>`'row'`.as('kind'), 'list_rows.id', sql<string | null>`list_rows.list_id`.as('list_id'), tierOf(c).as('tier'), 'list_rows.updated_at'])
    .where('list_rows.deleted_at', 'is', null)
    .where((eb: ExpressionBuilder<Database, 'list_rows' | 'lists'>) => eb.or([eb('lists.user_id', '=', userId), eb('lists.id', 'in', grantedItemIds(db, 'list', userId) as never)]))
    .where(c.some);
}

/** A kind's part of the union: its matches, each with its rank. */
type Part = SelectQueryBuilder<Database, any, { kind: HitKind; id: string; list_id: string | null; tier: number; updated_at: string }>;

/** One page of the union of `parts`, best first, and the number of their rows (one statement). */
async function pageOf(db: Db, parts: Part[], limit: number, offset: number): Promise<{ hits: Hit[]; total: number }> {
  const all = parts.slice(1).reduce((u, part) => u.unionAll(part), parts[0]);
  const page = (limit: number, offset: number) =>
    db
      .selectFrom(all.as('hits'))
      .modifyFront(EACH_CALL)
      .selectAll('hits')
      .select(sql<number | string>`count(*) over ()`.as('total'))
      .orderBy('hits.tier')
      .orderBy('hits.updated_at', 'desc')
      .orderBy('hits.kind')
      .orderBy('hits.id')
      .limit(limit)
      .offset(offset)
      .execute();
  // A page past the end has no row to carry the total: the first row is asked for it.
  const rows = await page(limit, offset);
  const [first] = rows.length > 0 || offset === 0 ? rows : await page(1, 0);
  return { hits: rows.map(({ total: _total, ...hit }) => hit), total: first ? Number(first.total) : 0 };
}

/** The order of the statements' ORDER BY, for merging pages. */
function byRank(a: Hit, b: Hit): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return Number(a.tier) - Number(b.tier) || text(b.updated_at, a.updated_at) || text(a.kind, b.kind) || text(a.id, b.id);
}

/** One page of the caller's matches, best first, and how many matches there are in all. */
export async function searchHits(db: Db, input: SearchInput): Promise<{ hits: Hit[]; total: number }> {
  const { terms, kinds, limit, offset } = input;
  const wordsOnly = terms.every((t) => t.kind === 'word');
  const others: Part[] = [...(kinds.has('document') ? [documentHits(db, input)] : []), ...(kinds.has('row') ? [rowHits(db, input)] : [])];
  const word = kinds.has('message') && wordsOnly && terms.length === 1 ? await onlyWord(db, input.engine, terms[0]) : 'several';
  if (word === 'several') {
    const parts = [...(kinds.has('message') ? [wordsOnly ? messageWordHits(db, input) : messageHits(db, input)] : []), ...others];
    return parts.length > 0 ? pageOf(db, parts, limit, offset) : { hits: [], total: 0 };
  }
  // The messages' page comes apart (or there is none): the other kinds' first offset + limit,
  // read beside it (PostgreSQL: on another connection), merged with it in rank.
  const none = { hits: [], total: 0 };
  const [messages, rest] = await Promise.all([
    word === 'none' ? none : oneWord(db, input, word, offset + limit),
    others.length > 0 ? pageOf(db, others, offset + limit, 0) : none,
  ]);
  return { hits: [...rest.hits, ...messages.hits].sort(byRank).slice(offset, offset + limit), total: rest.total + messages.total };
}

/** What a result shows of each hit, by kind. */
export async function messageTexts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('messages').select(['id', 'content']).where('id', 'in', ids).execute();
}

export async function documentTexts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('documents').select(['id', 'title', 'content']).where('id', 'in', ids).execute();
}

export async function rowTexts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('list_rows').innerJoin('lists', 'lists.id', 'list_rows.list_id').select(['list_rows.id', 'list_rows.data', 'lists.title']).where('list_rows.id', 'in', ids).execute();
}
