import type { AppContext } from '../../runtime/context.js';
import { AppState } from '../../runtime/state.js';
import { SingleFlight } from '../../lib/single-flight.js';
import { OrderList } from './order-list.js';
import { matchingRowOrder, rowsWrittenSince, type ListRecord, type OrderedRow, type RowSelection, type SortKeyKind } from './queries/index.js';

// The ids of every row matching a (filter, q, sort), in order: the total of a filtered or sorted
// page is their number and any page a slice. Computing one reads every row of the list (about
// 250 ms at 100,000 rows); so the latest order of each (list, filter, q, sort) is kept with
// what it is sorted by, and when the list's rows_version has moved it is patched from the rows
// written since (stamped past it, migration 035: an index range): each is taken out, and put
// back at its place (a binary search) if it matches now. A change of the columns, a large patch,
// or rows deleted outright (which move schema_version) compute the order anew. The order is an
// OrderList (order-list.ts): packed, and patched by copying the few chunks a patch touches.

/** An order of rows and the list version it is exact for. */
export interface RowOrder {
  /** Per row, in order: its id, its sort key (null when empty, or when the sort is by a time) and its time. */
  rows: OrderList;
  rowsVersion: number;
  schemaVersion: number;
}

// Past this many rows written since, the order is computed anew (a patch of n rows costs a
// pass over the order and n binary searches; a recomputation reads every row).
const PATCH_LIMIT = 2000;
// 192 MB of orders: five orders of a 1,000,000-row list sorted by a number or in row order (32
// or 24 MB each), or two beside one sorted by a text column (about 110 MB), so that the queries
// of one large list in turn do not evict each other (each recomputation is a pass over every row).
const ORDERS_BYTES = 192 * 1024 * 1024;

class RowOrders {
  private readonly entries = new Map<string, { order: RowOrder; bytes: number }>();
  private used = 0;
  readonly flights = new SingleFlight<RowOrder>();
  /** The bytes the orders may hold (a test narrows it to see them evicted). */
  budget = ORDERS_BYTES;

  get(listId: string, key: string): RowOrder | undefined {
    const k = `${listId}\u0000${key}`;
    const e = this.entries.get(k);
    if (!e) return undefined;
    this.entries.delete(k);
    this.entries.set(k, e);
    return e.order;
  }

  /** Keeps `order` unless a newer one of the same key is there. */
  set(listId: string, key: string, order: RowOrder): void {
    const k = `${listId}\u0000${key}`;
    const old = this.entries.get(k);
    if (old) {
      if (old.order.schemaVersion > order.schemaVersion || old.order.rowsVersion > order.rowsVersion) return;
      this.entries.delete(k);
      this.used -= old.bytes;
    }
    const bytes = order.rows.bytes + k.length;
    if (bytes > this.budget) return;
    this.entries.set(k, { order, bytes });
    this.used += bytes;
    for (const [oldest, e] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      this.used -= e.bytes;
    }
  }
}

export const rowOrdersState = new AppState<RowOrders>('lists.row-orders', () => new RowOrders());

/** The order of the rows `selection` matches, exact for the list's version (read with it). */
export async function rowOrder(ctx: AppContext, list: ListRecord, selection: RowSelection, key: string): Promise<RowOrder> {
  const store = ctx.state(rowOrdersState);
  const cached = store.get(list.id, key);
  if (cached && cached.rowsVersion === list.rows_version && cached.schemaVersion === list.schema_version) return cached;
  return store.flights.run(`${list.id}\u0000${list.rows_version}.${list.schema_version}\u0000${key}`, async () => {
    const patching = cached && cached.schemaVersion === list.schema_version && cached.rowsVersion < list.rows_version && patchable(ctx);
    const order = (patching && (await patched(ctx, list, selection, cached))) || (await computed(ctx, list, selection));
    store.set(list.id, key, order);
    return order;
  });
}

async function computed(ctx: AppContext, list: ListRecord, selection: RowSelection): Promise<RowOrder> {
  const rows = await matchingRowOrder(ctx.db.kysely, selection);
  if (selection.keyKind === 'number') for (const r of rows) r.k = r.k === null ? null : Number(r.k);
  return { rows: OrderList.of(rows), rowsVersion: list.rows_version, schemaVersion: list.schema_version };
}

/** `order` brought up to the list's version from the rows written since; null when that would be a large patch. */
async function patched(ctx: AppContext, list: ListRecord, selection: RowSelection, order: RowOrder): Promise<RowOrder | null> {
  const written = await rowsWrittenSince(ctx.db.kysely, list.id, selection, order.rowsVersion, PATCH_LIMIT + 1);
  if (written.length > PATCH_LIMIT) return null;
  const compare = comparator(selection.keyKind, selection.desc);
  const added = written
    .filter((r) => r.m === 1)
    .map((r) => ({ id: r.id, k: r.k === null || selection.keyKind !== 'number' ? r.k : Number(r.k), t: r.t }))
    .sort(compare);
  // Each added row's place in the old order (rows taken out still hold their old places there,
  // consistent with the rest).
  let after = 0;
  const places = added.map((row) => (after = order.rows.placeOf(row, compare, after)));
  return {
    rows: order.rows.patched(order.rows.positionsOf(written.map((r) => r.id)), added, places),
    rowsVersion: list.rows_version,
    schemaVersion: list.schema_version,
  };
}

/**
 * Whether an order is patched rather than computed again: on SQLite. There a row's stamp is
 * written with the row (one writer: the version its write will bump to is known), and text sorts
 * by code point (BINARY), as the patch compares. On PostgreSQL the stamp could only be set after
 * the bump (under the list row's lock), a second write of every written row and of its index
 * entries, which cut row adds to a tenth at 100,000 rows; until a stamp is written with its row
 * there, PostgreSQL computes each version's order once, as before.
 */
function patchable(ctx: AppContext): boolean {
  return ctx.db.engine === 'sqlite';
}

/** The order matchingRowOrder gives, in JavaScript: rows with a key first (by it), then by time and id. */
function comparator(kind: SortKeyKind, desc: boolean): (a: OrderedRow, b: OrderedRow) => number {
  const sign = desc ? -1 : 1;
  return (a, b) => {
    if (kind !== 'none') {
      if ((a.k === null) !== (b.k === null)) return a.k === null ? 1 : -1;
      const byKey = compareValues(a.k, b.k);
      if (byKey !== 0) return sign * byKey;
    }
    return sign * (compareText(a.t, b.t) || compareText(a.id, b.id));
  };
}

/** SQLite's order of values: numbers before text. */
function compareValues(a: number | string | null, b: number | string | null): number {
  if (a === null || b === null) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return compareText(a, b);
}

/** Code point order (UTF-8 bytes' order), where JavaScript's < compares UTF-16 units. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800-DFFF) stand for code points above U+FFFF: after every other unit.
    const hx = x >= 0xd800 && x <= 0xdfff ? x + 0x10000 : x;
    const hy = y >= 0xd800 && y <= 0xdfff ? y + 0x10000 : y;
    return hx < hy ? -1 : 1;
  }
  return a.length - b.length;
}
