import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from '../../db/connection.js';
import { containsInsensitive } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';
import { searchableMessages } from '../messages/service.js';
import { grantedItemIds } from '../sharing/index.js';
import { feedPartitions, type Viewer } from '../visibility/service.js';
import { wordPattern, type Term } from './terms.js';

// The ranked search's one statement: the matches of every kind the caller may read, each with its
// rank, ordered and paged in the database, with the total beside each row.
//
// Rank (`tier`, smallest first): every term matched before only some, then a match in the title
// (documents) before one in the body; ties go to the newest `updated_at`, then kind and id.
// Visibility is part of each kind's WHERE: messages by the feed's own rules (visibility module,
// feedPartitions, as message search reads them), documents and list rows by ownership or a grant
// to the caller or their organization (sharing's grantedItemIds; links are not grants).
//
// Each kind's matches come from its word index (migration 030) for word terms and its trigram
// index for substring terms (terms.ts says which is which):
// - SQLite: `fts_rowid IN (FTS5 match)`. A message not yet in its indexes (fts_rowid null: the
//   search indexer runs shortly after a post) is matched on its text instead, as message search does.
// - PostgreSQL: to_tsvector('simple', search_fold(…)) @@ prefix queries, the exact expressions of
//   the GIN indexes; substrings by lower(…) LIKE, which the pg_trgm indexes answer.

export type HitKind = 'message' | 'document' | 'row';

export interface Hit {
  kind: HitKind;
  id: string;
  list_id: string | null;
  tier: number | string;
  updated_at: string;
  total: number | string;
}

type Db = Kysely<Database>;
type Bool = Expression<SqlBool>;

const or = (parts: Bool[]): Bool => (parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` or `)})`);
const and = (parts: Bool[]): Bool => (parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` and `)})`);
const FALSE = sql<SqlBool>`1 = 0`;

/** How one kind's text is indexed: the references its conditions are made of. */
interface Indexed {
  /** SQLite: the item's row in its FTS5 tables. */
  rowid: RawBuilder<unknown>;
  words: string;
  /** SQLite: the trigram table, when the kind has one (else substrings are matched by LIKE). */
  trigrams: string | null;
  /** The indexed text, as the PostgreSQL word index's expression spells it. */
  text: RawBuilder<string>;
  /** Where a substring is looked for by LIKE (several columns: any of them). */
  likeIn: RawBuilder<string>[];
  /** The title, for the title-first rank (documents). */
  title?: { column: RawBuilder<string>; fts: string };
}

const MESSAGES: Indexed = {
  rowid: sql`messages.fts_rowid`,
  words: 'messages_words',
  trigrams: 'messages_fts',
  text: sql`messages.content`,
  likeIn: [sql`messages.content`],
};
const DOCUMENTS: Indexed = {
  rowid: sql`documents.fts_rowid`,
  words: 'documents_words',
  trigrams: 'documents_fts',
  text: sql`documents.title || ' ' || documents.content`,
  likeIn: [sql`documents.title`, sql`documents.content`],
  title: { column: sql`documents.title`, fts: 'title' },
};
const ROWS_SQLITE_TEXT = sql<string>`list_rows.data`;
const ROWS: Indexed = {
  rowid: sql`list_rows.fts_rowid`,
  words: 'list_rows_words',
  trigrams: null,
  text: sql`list_row_text(list_rows.data)`,
  likeIn: [],
};

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

function sqliteConditions(idx: Indexed, terms: Term[], likeText: RawBuilder<string>, unindexed: boolean): Conditions {
  const words = terms.filter((t) => t.kind === 'word');
  const substrings = terms.filter((t) => t.kind === 'substring');
  const likes = idx.likeIn.length > 0 ? idx.likeIn : [likeText];
  const contains = (t: Term) => or(likes.map((column) => containsInsensitive(column, t.text)));
  // A trigram table answers substrings of 3 characters or more; a phrase match is a substring match.
  const substring = (t: Term, column?: string): Bool =>
    idx.trigrams !== null && [...t.text].length >= 3
      ? ftsIn(idx, idx.trigrams, `${column ? `{${column}} : ` : ''}"${t.text.replace(/"/g, '""')}"`)
      : column
        ? containsInsensitive(idx.title!.column, t.text)
        : contains(t);
  const indexed = (op: 'AND' | 'OR'): Bool[] => [...(words.length > 0 ? [ftsIn(idx, idx.words, ftsWords(words, op))] : []), ...substrings.map((t) => substring(t))];
  // Not yet indexed (messages only, for the moment before the indexer's batch): the folded text
  // is read directly, a word at the start of a word (REGEXP), a substring anywhere.
  const direct = (t: Term): Bool =>
    t.kind === 'word' ? sql<SqlBool>`search_fold(${likeText}) regexp ${wordPattern(t)}` : contains(t);
  const pending = (op: typeof or): Bool[] => (unindexed ? [and([sql<SqlBool>`${idx.rowid} is null`, op(terms.map(direct))])] : []);
  const title = idx.title
    ? or([
        ...(words.length > 0 ? [ftsIn(idx, idx.words, `{${idx.title.fts}} : (${ftsWords(words, 'OR')})`)] : []),
        ...substrings.map((t) => substring(t, idx.title!.fts)),
      ])
    : FALSE;
  return { some: or([...indexed('OR'), ...pending(or)]), all: or([and(indexed('AND')), ...pending(and)]), title };
}

function postgresConditions(idx: Indexed, terms: Term[]): Conditions {
  const words = terms.filter((t) => t.kind === 'word');
  const substrings = terms.filter((t) => t.kind === 'substring');
  const prefix = (t: Term) => sql`to_tsquery('simple', quote_literal(search_fold(${t.text}::text)) || ':*')`;
  const query = (op: 'and' | 'or') => sql`(${sql.join(words.map(prefix), op === 'and' ? sql` && ` : sql` || `)})`;
  const vector = (text: RawBuilder<string>) => sql`to_tsvector('simple', search_fold(${text}))`;
  const contains = (t: Term) => or((idx.likeIn.length > 0 ? idx.likeIn : [idx.text]).map((column) => containsInsensitive(column, t.text)));
  const matched = (op: 'and' | 'or'): Bool[] => [...(words.length > 0 ? [sql<SqlBool>`${vector(idx.text)} @@ ${query(op)}`] : []), ...substrings.map(contains)];
  const title = idx.title
    ? or([
        ...(words.length > 0 ? [sql<SqlBool>`${vector(idx.title.column)} @@ ${query('or')}`] : []),
        ...substrings.map((t) => containsInsensitive(idx.title!.column, t.text)),
      ])
    : FALSE;
  return { some: or(matched('or')), all: and(matched('and')), title };
}

function conditions(engine: Engine, idx: Indexed, terms: Term[], options: { unindexed?: boolean } = {}): Conditions {
  return engine === 'sqlite' ? sqliteConditions(idx, terms, idx === ROWS ? ROWS_SQLITE_TEXT : idx.text, options.unindexed ?? false) : postgresConditions(idx, terms);
}

/** 0: all terms, in the title; 1: all, in the body; 2: some, in the title; 3: some, in the body. */
const tierOf = (c: Conditions) => sql<number>`(case when ${c.all} then 0 else 2 end + case when ${c.title} then 0 else 1 end)`;

export interface SearchInput {
  engine: Engine;
  viewer: NonNullable<Viewer>;
  terms: Term[];
  kinds: ReadonlySet<HitKind>;
  limit: number;
  offset: number;
}

function messageHits(db: Db, input: SearchInput) {
  const c = conditions(input.engine, MESSAGES, input.terms, { unindexed: true });
  return db
    .selectFrom('messages')
    .select([sql<HitKind>`'message'`.as('kind'), 'messages.id', sql<string | null>`null`.as('list_id'), tierOf(c).as('tier'), 'messages.updated_at'])
    .where((eb) => eb.and([...searchableMessages(eb), eb.or(feedPartitions(input.viewer).map((part) => part(eb))), c.some]));
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
  const c = conditions(input.engine, ROWS, input.terms);
  const userId = input.viewer.id;
  return db
    .selectFrom('list_rows')
    .innerJoin('lists', 'lists.id', 'list_rows.list_id')
    .select([sql<HitKind>`'row'`.as('kind'), 'list_rows.id', sql<string | null>`list_rows.list_id`.as('list_id'), tierOf(c).as('tier'), 'list_rows.updated_at'])
    .where('list_rows.deleted_at', 'is', null)
    .where((eb: ExpressionBuilder<Database, 'list_rows' | 'lists'>) => eb.or([eb('lists.user_id', '=', userId), eb('lists.id', 'in', grantedItemIds(db, 'list', userId) as never)]))
    .where(c.some);
}

/** One page of the caller's matches, best first, each with the total count of matches. */
export async function searchHits(db: Db, input: SearchInput): Promise<Hit[]> {
  const parts = [
    ...(input.kinds.has('message') ? [messageHits(db, input)] : []),
    ...(input.kinds.has('document') ? [documentHits(db, input)] : []),
    ...(input.kinds.has('row') ? [rowHits(db, input)] : []),
  ];
  const all = parts.slice(1).reduce((u, part) => u.unionAll(part as never), parts[0] as ReturnType<typeof messageHits>);
  return (await db
    .selectFrom(all.as('hits'))
    .selectAll('hits')
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('hits.tier')
    .orderBy('hits.updated_at', 'desc')
    .orderBy('hits.kind')
    .orderBy('hits.id')
    .limit(input.limit)
    .offset(input.offset)
    .execute()) as Hit[];
}

/** The number of the caller's matches (for a page past the end, which carries no total). */
export async function countHits(db: Db, input: SearchInput): Promise<number> {
  const [first] = await searchHits(db, { ...input, limit: 1, offset: 0 });
  return first ? Number(first.total) : 0;
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
