import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context.js';
import { containsInsensitive, escapeLike } from '../../db/dialect.js';
import type { DocumentRow } from './presenter.js';

// Search over the caller's live documents, title and content, title matches first.
//
// SQLite: the FTS5 table documents_fts (trigram tokenizer) answers a quoted phrase, which is a
// substring match in any script (CJK included). Trigrams need 3 characters: a 1- or 2-character
// term (common in CJK: 日本, 한국) is matched by LIKE over the user's documents instead.
// PostgreSQL: `lower(col) LIKE '%term%'`, answered by the pg_trgm GIN indexes on lower(title) and
// lower(content) (PostgreSQL rechecks every candidate, so short and CJK terms are exact too).

export async function searchDocuments(ctx: AppContext, userId: string, q: string, limit: number, offset: number): Promise<{ rows: DocumentRow[]; total: number }> {
  const term = q.trim();
  if (term === '') return { rows: [], total: 0 };
  const db = ctx.db.kysely;
  const useFts = ctx.db.engine === 'sqlite' && [...term].length >= 3;
  const titleHit = sql<SqlBool>`lower(title) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`;

  const base = db
    .selectFrom('documents')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      useFts ?
        sql<SqlBool>`fts_rowid in (select rowid from documents_fts where documents_fts match ${`"${term.replace(/"/g, '""')}"`})`
      : eb.or([containsInsensitive(eb.ref('title'), term), containsInsensitive(eb.ref('content'), term)]),
    );
  const [{ n }] = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).execute();
  const total = Number(n);
  if (total === 0 || offset >= total) return { rows: [], total };
  const rows = await base
    .selectAll()
    .orderBy(sql`case when ${titleHit} then 0 else 1 end`)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}
