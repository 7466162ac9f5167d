import { Type, type ObjectOptions, type Static, type TProperties } from '@sinclair/typebox';
import { ref } from './openapi.js';

// Paged lists, the one way (spec: "Paged lists use query parameters limit and offset and return a
// pagination object"): the query fields, the response shape and the pagination object's builder.
// An operation picks its page size by name below; `limit` and `offset` are always optional in the
// document, since the service defaults them.

/** How an operation sizes its pages. */
export interface PageSize {
  /** The page size when `limit` is not sent. */
  default: number;
  /** The largest page. */
  max: number;
  /**
   * What a `limit` outside 1..max gets: `refuse` is 400 bad_request (the house rule), `clamp`
   * brings it into range.
   */
  outOfRange: 'refuse' | 'clamp';
}

/** The house rule, and the spec's for message search: pages of 20, at most 100, anything else 400. */
export const PAGE: PageSize = { default: 20, max: 100, outOfRange: 'refuse' };
/** The search across messages, documents and lists (the README): pages of 20, at most 50. */
export const SEARCH_PAGE: PageSize = { default: 20, max: 50, outOfRange: 'refuse' };
/** Administration listings (spec, e-mail log: "limit (default 25, clamped to 100)"): never refused. */
export const ADMIN_PAGE: PageSize = { default: 25, max: 100, outOfRange: 'clamp' };
/** Lists and their rows: pages of 50, at most 200 (a table shows more at once than a feed). */
export const ROW_PAGE: PageSize = { default: 50, max: 200, outOfRange: 'refuse' };
/** A message's replies, read as a whole thread: 200 at once, at most 500. */
export const REPLY_PAGE: PageSize = { default: 200, max: 500, outOfRange: 'refuse' };

/** Beyond any listing's end, and an integer on both engines. */
export const MAX_OFFSET = 1_000_000_000;

function limitField(size: PageSize) {
  return size.outOfRange === 'refuse'
    ? Type.Integer({ minimum: 1, maximum: size.max, default: size.default, description: `Page size: 1 to ${size.max}, default ${size.default}` })
    : Type.Integer({ default: size.default, description: `Page size, default ${size.default}; values outside 1..${size.max} are brought into that range` });
}

const offsetField = Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: 'How many items to skip, default 0' });

/**
 * The query string of a paged operation: its own `fields`, then `limit` and `offset` (optional,
 * sized by `size`).
 */
export function pageQuery<T extends TProperties>(fields: T, size: PageSize = PAGE, options: ObjectOptions = {}) {
  return Type.Object({ ...fields, limit: Type.Optional(limitField(size)), offset: Type.Optional(offsetField) }, options);
}

/** The query string of a paged operation that takes nothing else. */
export const PageQuery = pageQuery({});

/** The page a request asks for: its `limit` defaulted (and clamped, where the size says so) and `offset`. */
export function pageWindow(query: { limit?: number; offset?: number }, size: PageSize = PAGE): { limit: number; offset: number } {
  const limit = query.limit ?? size.default;
  return { limit: size.outOfRange === 'clamp' ? Math.min(size.max, Math.max(1, limit)) : limit, offset: query.offset ?? 0 };
}

export const Pagination = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 0 }),
    offset: Type.Integer({ minimum: 0 }),
    hasMore: Type.Boolean(),
    page: Type.Optional(Type.Integer({ minimum: 1, description: 'The 1-based page number (numbered listings only)' })),
  },
  { $id: 'Pagination', description: 'Where a page sits in the whole result' },
);
export type Pagination = Static<typeof Pagination>;

/** A paged response: `fields` (the items array and whatever goes beside it) and `pagination`. */
export function Paged<T extends TProperties>(fields: T, description: string) {
  return Type.Object({ ...fields, pagination: ref(Pagination) }, { description });
}

/**
 * The pagination object of a page of `items` out of `total`. `numbered` adds the 1-based `page`
 * (the administration users list, which also takes `page`).
 */
export function page(items: readonly unknown[], total: number, limit: number, offset: number, options: { numbered?: boolean } = {}): Pagination {
  const hasMore = offset + items.length < total;
  return options.numbered ? { total, limit, offset, page: Math.floor(offset / limit) + 1, hasMore } : { total, limit, offset, hasMore };
}
