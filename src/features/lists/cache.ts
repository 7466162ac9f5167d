import type { AppContext } from '../../runtime/context.js';
import { VersionedLru } from '../../lib/versioned-lru.js';
import { AppState } from '../../runtime/state.js';

// In-process caches of what a list's reads derive from its rows and columns, keyed by the list's
// version counters (migration 009): `rows_version` is bumped by every row write and
// `schema_version` by every column change, each in the writing transaction. A request reads the
// counters with the list, so after a write commits no request (in this or any other instance)
// can build the key of an older entry: the cache is exact without any invalidation message.
// Entries of older versions are dropped as soon as a newer one is stored.
//
// - columns: the parsed column definitions (and whatever is compiled from them), per schema_version;
// - row orders: in row-orders.ts, patched from one version to the next rather than kept per version;
// - pages: a page as answered (rows and total), so reading it again reads no row at all.

export interface CachedPage<R> {
  rows: R[];
  total: number;
  /** About what the page holds in memory (its JSON length, twice). */
  bytes: number;
}

export interface ListCaches<C, R> {
  columns: VersionedLru<C>;
  pages: VersionedLru<CachedPage<R>>;
}

const PAGES_BYTES = 32 * 1024 * 1024;
const COLUMNS_BYTES = 16 * 1024 * 1024;


/** The version of a list its cached reads belong to: both counters, read with the list. */
export function listVersion(list: { rows_version: number; schema_version: number }): string {
  return `${list.rows_version}.${list.schema_version}`;
}

/** This app's caches (per app, as two instances would each have their own). */
export const listCachesState = new AppState<ListCaches<unknown, unknown>>('lists.caches', () => ({
  columns: new VersionedLru<unknown>(COLUMNS_BYTES, () => 4096),
  pages: new VersionedLru<CachedPage<unknown>>(PAGES_BYTES, (p) => p.bytes),
}));

export function listCaches<C = unknown, R = unknown>(ctx: AppContext): ListCaches<C, R> {
  return ctx.state(listCachesState) as ListCaches<C, R>;
}
