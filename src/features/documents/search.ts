import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context.js';
import { containsInsensitive, escapeLike } from '../../db/dialect.js';
import type { DocumentRow } from './presenter.js';

// Search over the caller's live documents, title and content, title matches first.
//
// SQLite: the FTS5 table documents_fts (trigram tokenizer) answers a quoted phrase, which is a
// substring match in any script (CJK included). The query starts from the FTS matches and joins
// the documents by their fts_rowid index (CROSS JOIN fixes that order: starting from the user's
// documents would read all of them). Trigrams need 3 characters: a 1- or 2-character term
// (common in CJK: 日本, 한국) is matched by LIKE over the user's documents instead.
// PostgreSQL: `lower(col) LIKE '%term%'`, answered by the pg_trgm GIN indexes on lower(title) and
// lower(content) (PostgreSQL rechecks every candidate, so short and CJK terms are exact too).
// Both: one query gives the page and the total (count(*) over ()); a second counts only when the
// offset is past the end.

type Hit = DocumentRow & { total_count: number | string };

export async function searchDocuments(ctx: AppContext, userId: string, q: string, limit: number, offset: number): Promise<{ rows: DocumentRow[]; total: number }> {
  const term = q.trim();
  if (term === '') return { rows: [], total: 0 };
  const db = ctx.db.kysely;
  const titlePattern = `%${escapeLike(term.toLowerCase())}%`;

  let hits: Hit[];
  let countAll: () => Promise<number>;
  if (ctx.db.engine === 'sqlite' && [...term].length >= 3) {
    const phrase = `"${term.replace(/"/g, '""')}"`;
    const from = sql`from documents_fts f cross join documents d on d.fts_rowid = f.rowid
      where documents_fts match ${phrase} and d.user_id = ${userId} and d.deleted_at is null`;
    // Sort only (id, keys) of the matches, then read the page's rows.
    const page = (
      await sql<{ id: string; total_count: number }>`select d.id, count(*) over () as total_count ${from}
        order by case when lower(d.title) like ${titlePattern} escape '\\' then 0 else 1 end, d.updated_at desc, d.id desc
        limit ${limit} offset ${offset}`.execute(db)
    ).rows;
    const byId = new Map(
      page.length ? (await db.selectFrom('documents').selectAll().where('id', 'in', page.map((p) => p.id)).execute()).map((r) => [r.id, r]) : [],
    );
    hits = page.map((p) => ({ ...byId.get(p.id)!, total_count: p.total_count }));
    countAll = async () => Number((await sql<{ n: number }>`select count(*) as n ${from}`.execute(db)).rows[0].n);
  } else {
    const base = db
      .selectFrom('documents')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([containsInsensitive(eb.ref('title'), term), containsInsensitive(eb.ref('content'), term)]));
    hits = (await base
      .selectAll()
      .select(sql<number | string>`count(*) over ()`.as('total_count'))
      .orderBy(sql`case when ${sql<SqlBool>`lower(title) like ${titlePattern} escape '\\'`} then 0 else 1 end`)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()) as Hit[];
    countAll = async () => Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  }
  if (hits.length > 0) {
    const total = Number(hits[0].total_count);
    return { rows: hits.map(({ total_count: _t, ...row }) => row as DocumentRow), total };
  }
  return { rows: [], total: offset === 0 ? 0 : await countAll() };
}
