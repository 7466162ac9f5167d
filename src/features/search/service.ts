import { page, type Pagination } from '../../http/pagination.js';
import { badRequest } from '../../http/errors.js';
import type { AppContext } from '../../runtime/context.js';
import type { Viewer } from '../visibility/service.js';
import { documentTexts, messageTexts, rowTexts, searchHits, type Hit, type HitKind } from './queries.js';
import { parseTerms, plainText, snippetOf, type Term } from './terms.js';

// GET /api/search (the README's "Search across kinds"): the query's terms,
// one ranked page of what the caller may read (queries.ts), then each hit's title, snippet and
// highlights from its text.

export interface SearchResult {
  kind: HitKind;
  id: string;
  listId: string | null;
  title: string;
  snippet: string;
  highlights: [number, number][];
  routePath: string;
  updatedAt: string;
}

const TYPE_KINDS: Record<string, HitKind> = { messages: 'message', documents: 'document', rows: 'row' };
export const SEARCH_TYPES = Object.keys(TYPE_KINDS);
export const MAX_QUERY_LENGTH = 200;

/** The kinds a `types` parameter names (default all); anything else is 400. */
export function kindsOf(types: string | undefined): Set<HitKind> {
  if (types === undefined) return new Set(Object.values(TYPE_KINDS));
  const kinds = types.split(',').map((t) => TYPE_KINDS[t.trim()]);
  if (kinds.length === 0 || kinds.some((k) => k === undefined)) throw badRequest(`types must be a comma list of ${SEARCH_TYPES.join(', ')}`);
  return new Set(kinds);
}

/** `q` trimmed, 1 to 200 characters (code points), else 400. */
export function queryText(q: string): string {
  const text = q.trim();
  const length = [...text].length;
  if (length === 0 || length > MAX_QUERY_LENGTH) throw badRequest(`q must be 1 to ${MAX_QUERY_LENGTH} characters after trimming`);
  return text;
}

/** The first `n` characters (code points) of a text. */
const firstChars = (text: string, n: number) => [...text].slice(0, n).join('');
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A row's cells as text, in the row's own order. */
function rowText(data: string | Record<string, unknown>): string {
  const cells = typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>) : data;
  return Object.values(cells)
    .flatMap((v) => (v === null || v === undefined || v === '' ? [] : [typeof v === 'object' ? JSON.stringify(v) : String(v)]))
    .join(' · ');
}

/** The snippet of the first of `texts` in which a term is found (else the first text's start). */
function bestSnippet(texts: string[], terms: Term[]) {
  for (const text of texts) {
    const found = snippetOf(text, terms);
    if (found.highlights.length > 0) return found;
  }
  return snippetOf(texts[0], []);
}

/** Paths of the web client (features/web/paths.ts): a message, a document, a row's list. */
const ROUTE: Record<HitKind, (hit: Hit) => string> = {
  message: (hit) => `/messages/${hit.id}`,
  document: (hit) => `/documents/${hit.id}`,
  row: (hit) => `/lists/${hit.list_id}`,
};

export async function searchEverything(
  ctx: AppContext,
  viewer: NonNullable<Viewer>,
  query: { q: string; types?: string; limit: number; offset: number },
): Promise<{ results: SearchResult[]; pagination: Pagination }> {
  const q = queryText(query.q);
  const kinds = kindsOf(query.types);
  const terms = parseTerms(q);
  const { limit, offset } = query;
  if (terms.length === 0) return { results: [], pagination: page([], 0, limit, offset) };
  const db = ctx.db.kysely;
  const input = { engine: ctx.db.engine, viewer, terms, kinds, limit, offset };
  const { hits, total } = await searchHits(db, input);

  const idsOf = (kind: HitKind) => hits.filter((h) => h.kind === kind).map((h) => h.id);
  const [messages, documents, rows] = await Promise.all([messageTexts(db, idsOf('message')), documentTexts(db, idsOf('document')), rowTexts(db, idsOf('row'))]);
  const shown = new Map<string, { title: string; snippet: string; highlights: [number, number][] }>();
  for (const m of messages) shown.set(`message:${m.id}`, { title: firstChars(m.content, 80), ...bestSnippet([oneLine(m.content)], terms) });
  for (const d of documents) shown.set(`document:${d.id}`, { title: d.title, ...bestSnippet([plainText(d.content), oneLine(d.title)], terms) });
  for (const r of rows) shown.set(`row:${r.id}`, { title: r.title, ...bestSnippet([oneLine(rowText(r.data))], terms) });

  // A hit deleted between the two reads is left out of the page (its total stays as counted).
  const results = hits.flatMap((hit): SearchResult[] => {
    const text = shown.get(`${hit.kind}:${hit.id}`);
    if (!text) return [];
    return [{ kind: hit.kind, id: hit.id, listId: hit.list_id, ...text, routePath: ROUTE[hit.kind](hit), updatedAt: hit.updated_at }];
  });
  return { results, pagination: page(hits, total, limit, offset) };
}
