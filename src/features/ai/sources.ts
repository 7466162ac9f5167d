import type { AppContext } from '../../runtime/context.js';
import { AppError, unprocessable } from '../../http/errors.js';
import { AppState } from '../../runtime/state.js';
import { readDocument } from '../documents/service.js';
import { presentSchema, readOwnRows } from '../lists/index.js';
import { getList } from '../lists/service.js';
import type { SuggestContext } from './schemas.js';

// The material a derived mode of powered_document reads (spec, AI: context): the caller's list
// (its schema and up to 50 rows), the caller's document, or a web page fetched by the server.
// A reference that is missing or not the caller's, and a URL refused or not fetched, are 422
// invalid_input, before any provider call. Server-fetched text is cut to a fixed size.

/** A fetched page as readable text. */
export interface FetchedPage {
  url: string;
  text: string;
  title?: string | null;
}

/**
 * Fetches a user-supplied URL: the guarded outbound fetcher (http and https only, private
 * addresses refused, every redirect re-checked, size and time caps). It rejects a URL it refuses
 * or cannot fetch; research_url turns any rejection into 422 invalid_input.
 */
export type PageFetcher = (url: string) => Promise<FetchedPage>;

/**
 * This app's page fetcher. Null until the guarded fetcher is wired here; research_url then
 * answers 422 invalid_input and calls no provider.
 */
/** A fetcher set in place of the guarded outbound fetcher (null: that one). */
export const pageFetcher = new AppState<{ fetch: PageFetcher | null }>('ai.page-fetcher', () => ({ fetch: null }));

/** Server-fetched and loaded text is cut to this many characters before it reaches a prompt. */
export const SOURCE_TEXT_MAX = 20_000;
export const SOURCE_ROWS_MAX = 50;

export type Source =
  | { kind: 'list'; title: string; schema: unknown; rows: Record<string, unknown>[] }
  | { kind: 'article'; title: string; body: string }
  | { kind: 'page'; url: string; title: string | null; text: string };

const invalidInput = (message: string) => unprocessable(message, 'invalid_input');

/** A 404 of another feature's lookup is the caller's reference being missing or not theirs. */
async function ownOrInvalid<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw invalidInput(`${what} was not found among your own`);
    throw err;
  }
}

export function cut(text: string, max = SOURCE_TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** The http(s) URL of research_url, or 422 invalid_input. */
export function researchUrl(raw: string | undefined): URL {
  if (!raw) throw invalidInput('context.url is required for research_url');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidInput('context.url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidInput('context.url must be an http or https URL');
  return url;
}

/** The material of powered_document's mode (null for `article`, which reads only the input). */
export async function loadSource(ctx: AppContext, userId: string, context: SuggestContext): Promise<Source | null> {
  switch (context.mode ?? 'article') {
    case 'article':
      return null;
    case 'from_list': {
      if (!context.listId) throw invalidInput('context.listId is required for from_list');
      const listId = context.listId;
      const view = await ownOrInvalid('The list', () => getList(ctx, userId, listId));
      const { rows } = await readOwnRows(ctx, userId, listId, { limit: SOURCE_ROWS_MAX, offset: 0 });
      return { kind: 'list', title: view.list.title, schema: presentSchema(view.list, view.columns), rows: rows.map((r) => r.data) };
    }
    case 'from_article': {
      if (!context.documentId) throw invalidInput('context.documentId is required for from_article');
      const documentId = context.documentId;
      const doc = await ownOrInvalid('The document', () => readDocument(ctx, userId, documentId));
      // readDocument also answers anyone's public document: only the caller's own is a source.
      if (doc.user_id !== userId) throw invalidInput('The document was not found among your own');
      return { kind: 'article', title: doc.title, body: cut(doc.content) };
    }
    case 'research_url': {
      const url = researchUrl(context.url);
      // The guarded outbound fetcher (src/adapters/outbound-fetch) unless another is set in its place.
      const fetch: PageFetcher = ctx.state(pageFetcher).fetch ?? ((u) => ctx.outbound.fetchReadableText(u));
      let page: FetchedPage;
      try {
        page = await fetch(url.href);
      } catch (err) {
        ctx.log.info({ reason: err instanceof Error ? err.message : String(err) }, 'research URL refused or not fetched');
        throw invalidInput('The URL was refused or could not be fetched');
      }
      return { kind: 'page', url: page.url || url.href, title: page.title ?? null, text: cut(page.text) };
    }
  }
}
