import type { AppContext } from '../../runtime/context.js';
import { listCaches, listVersion } from './cache.js';
import { parseFilter, type FilterCondition } from './filter.js';
import { presentRow, type PresentedRow } from './presenter.js';
import { liveRowsByIds, rowSelection, rowsInListOrder, type ListRecord, type StoredColumn, type StoredRow } from './queries/index.js';
import { rowOrder } from './row-orders.js';
import { getList } from './service.js';
import { getView, withView } from './views.js';

// Pages of a list's live rows, sorted, filtered and searched. A page is cheap in one of two ways:
// - no filter and no q, sorted by createdAt: an index walk of `limit` rows, and the total the
//   length of the order of every live row (row-orders.ts);
// - otherwise: the ids of every matching row in order (row-orders.ts: computed once, then patched
//   from the rows written since as the list changes); the total is their number and a page at
//   any offset is a slice of it, its rows read by primary key.
// And the page as answered is kept per list version: a repeat reads no row until the list changes.

export interface RowQuery {
  limit: number;
  offset: number;
  sort?: string;
  filter?: FilterCondition[];
  q?: string;
}

/** A row query as a request sends it: `filter` still the JSON text of the query parameter. */
export type RowRequest = Omit<RowQuery, 'filter'> & { filter?: string };

/**
 * A page of the caller's list's rows. With `view`, that saved view applies: its sort (unless the
 * request sorts), its filter, and its hidden columns left out of `data`.
 */
export async function readOwnRows(ctx: AppContext, userId: string, listId: string, request: RowRequest & { view?: string }) {
  const { list, columns } = await getList(ctx, userId, listId);
  const query = { ...request, filter: parseFilter(request.filter) };
  if (!request.view) return readRows(ctx, list, columns, query);
  const view = await getView(ctx, list.id, request.view);
  return readRows(ctx, list, columns, withView(query, view), new Set(view.hiddenColumns));
}

/**
 * A page of a list's live rows, presented (the list already checked by the caller, read with its
 * version counters). The page is kept as presented: presenting 50 rows of ten columns costs
 * about 15 µs, a fair part of a cached read, which then serialises the rows it holds and no more.
 */
export async function readRows(ctx: AppContext, list: ListRecord, columns: StoredColumn[], query: RowQuery, hidden?: ReadonlySet<string>): Promise<{ rows: PresentedRow[]; total: number }> {
  const key = JSON.stringify([query.sort ?? '', query.filter ?? [], query.q?.trim() ?? '', query.offset, query.limit, hidden ? [...hidden].sort() : []]);
  const page = await listCaches<unknown, PresentedRow>(ctx).pages.getOrCompute(list.id, listVersion(list), key, async () => {
    const { rows, total } = await queryRows(ctx, list, columns, query);
    const presented = rows.map((r) => presentRow(columns, r, hidden));
    return { rows: presented, total, bytes: 2 * JSON.stringify(presented).length };
  });
  return { rows: page.rows, total: page.total };
}

/** One page of live rows and the total matching. */
async function queryRows(ctx: AppContext, list: ListRecord, columns: readonly StoredColumn[], query: RowQuery): Promise<{ rows: StoredRow[]; total: number }> {
  const db = ctx.db.kysely;
  const selection = rowSelection(ctx.db.engine, list.id, columns, query);
  if (selection.listOrder) {
    // The list's own order: its index gives the page. The total is the length of the order of
    // every live row, kept and patched like any other (a count reads every index entry again
    // after each write: ten times longer at ten times the rows).
    const [rows, total] = await Promise.all([
      rowsInListOrder(db, selection, query.limit, query.offset),
      rowOrder(ctx, list, selection, `live ${selection.sortText}`).then((order) => order.rows.length),
    ]);
    return { rows, total };
  }
  const key = JSON.stringify([selection.sortText, query.filter ?? [], query.q?.trim() ?? '']);
  const { rows: ids } = await rowOrder(ctx, list, selection, key);
  const pageIds = ids.slice(query.offset, query.offset + query.limit);
  if (pageIds.length === 0) return { rows: [], total: ids.length };
  return { rows: await liveRowsByIds(db, list.id, pageIds), total: ids.length };
}
