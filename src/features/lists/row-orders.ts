import type { AppContext } from '../../runtime/context.js';
import { AppState } from '../../runtime/state.js';
import { SingleFlight } from '../../lib/single-flight.js';
import { OrderList } from './order-list.js';
import {
  matchingRowOrder,
  rowsWrittenSince,
  sortedByCollation,
  unseenNow,
  type ListRecord,
  type OrderedRow,
  type RowSelection,
  type SortKeyKind,
  type Unseen,
} from './queries/index.js';

// The ids of every row matching a (filter, q, sort), in order: the total of a filtered or sorted
// page is their number and any page a slice. Computing one reads every row of the list (about
// 250 ms at 100,000 rows); so the latest order of each (list, filter, q, sort) is kept with
// what it is sorted by, and when the list's rows_version has moved it is patched from the rows
// written since (by their `stamp`, migrations 035 and 038: an index range): each is taken out,
// and put back at its place (a binary search) if it matches now. A change of the columns, a
// large patch, or rows deleted outright (which move schema_version) compute the order anew. The
// order is an OrderList (order-list.ts): packed, and patched by copying the few chunks it touches.
//
// Which rows were written since (`unseen`, read before or with the order's own query):
// - SQLite has one writer: a row's stamp is the list version its write commits as, so the rows
//   written after an order of version v are those stamped past v, or not yet stamped (a write
//   still open on the one connection): `from` v + 1, none running.
// - PostgreSQL has concurrent writers, whose list versions are taken at their commit, after their
//   rows are written: a version written with the row cannot tell the commit order. So a row's
//   stamp is its writer's transaction id (pg_current_xact_id(), in the row's own INSERT or
//   UPDATE), and an order keeps what the snapshot it was read with (or an earlier one) did not
//   see: the ids from its xmax on (not begun) and its in-flight ids (xip). Any other transaction
//   had ended before that snapshot, so what it committed is in the order; any write the order
//   does not hold is by a transaction of those, and the patch reads exactly their rows (an index
//   range and a few index lookups). None is missed, even a row whose writer took its id before a
//   writer that committed earlier (it was in flight); a row read again that the order already
//   holds is taken out and put back the same. A transaction left open elsewhere in the database
//   (another list's, another database's) costs one index lookup, not a wider range.

/** An order of rows and the list version it is exact for. */
export interface RowOrder {
  /** Per row, in order: its id, its sort key (null when empty, or when the sort is by a time) and its time. */
  rows: OrderList;
  rowsVersion: number;
  schemaVersion: number;
  /** Every row written after what this order holds has a stamp of at least `from`, or one of `running` (or none yet, on SQLite). */
  unseen: Unseen;
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
  /** PostgreSQL: whether its text order is the patch's (asked once). */
  codePointText: Promise<boolean> | null = null;
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
    const patching = cached && cached.schemaVersion === list.schema_version && cached.rowsVersion < list.rows_version && (await patchable(ctx));
    const order = (patching && (await patched(ctx, list, selection, cached))) || (await computed(ctx, list, selection));
    store.set(list.id, key, order);
    return order;
  });
}

async function computed(ctx: AppContext, list: ListRecord, selection: RowSelection): Promise<RowOrder> {
  const unseen = await unseenFrom(ctx, list);
  const rows = await matchingRowOrder(ctx.db.kysely, selection);
  if (selection.keyKind === 'number') for (const r of rows) r.k = r.k === null ? null : Number(r.k);
  return { rows: OrderList.of(rows), rowsVersion: list.rows_version, schemaVersion: list.schema_version, unseen };
}

/** The `unseen` of an order whose rows are read after this (see the top of this file). */
async function unseenFrom(ctx: AppContext, list: ListRecord): Promise<Unseen> {
  // A statement of its own before the order's: its cost is small beside a pass over every row.
  return ctx.db.engine === 'postgres' ? unseenNow(ctx.db.kysely) : { from: list.rows_version + 1, running: [] };
}

/** `order` brought up to the list's version from the rows written since; null when that would be a large patch. */
async function patched(ctx: AppContext, list: ListRecord, selection: RowSelection, order: RowOrder): Promise<RowOrder | null> {
  const { written, unseen } = await rowsWrittenSince(ctx.db.kysely, list.id, selection, order.unseen, PATCH_LIMIT + 1);
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
    unseen: unseen ?? { from: list.rows_version + 1, running: [] },
  };
}

// Texts whose order differs between code points and the usual linguistic collations (case,
// accents, punctuation, digits, CJK, an astral emoji against U+FF21).
const COLLATION_PROBE = ['a', 'B', 'b', 'A', 'é', 'e', 'f', 'Z', '_x', ' x', 'a b', 'ab', 'a-c', 'ac', '10', '9', '東京', '🐳', '\uff21', 'ǅ'];

/**
 * Whether an order is patched rather than computed again: where the database sorts text as the
 * patch compares it, by code point. SQLite's BINARY does; on PostgreSQL it depends on the
 * database's collation ("C" and glibc's C.UTF-8 do, en_US does not), so the first patch asks it
 * to sort a few texts once, and any other collation computes each version's order anew.
 */
async function patchable(ctx: AppContext): Promise<boolean> {
  if (ctx.db.engine === 'sqlite') return true;
  const store = ctx.state(rowOrdersState);
  store.codePointText ??= sortedByCollation(ctx.db.kysely, COLLATION_PROBE).then(
    (sorted) => sorted.join('\u0000') === [...COLLATION_PROBE].sort(compareText).join('\u0000'),
    () => {
      // Asked again next time; this order is computed.
      store.codePointText = null;
      return false;
    },
  );
  return store.codePointText;
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
