import type { AppContext } from '../../context.js';
import { SingleFlight } from '../../lib/single-flight.js';

// In-process caches of what a list's reads derive from its rows and columns, keyed by the list's
// version counters (migration 009): `rows_version` is bumped by every row write and
// `schema_version` by every column change, each in the writing transaction. A request reads the
// counters with the list, so after a write commits no request (in this or any other instance)
// can build the key of an older entry: the cache is exact without any invalidation message.
// Entries of older versions are dropped as soon as a newer one is stored.
//
// - columns: the parsed column definitions (and whatever is compiled from them), per schema_version;
// - orders: for a (filter, q, sort), the ids of every matching row in order, so the total is its
//   length and any page, however deep, is a slice; per (rows_version, schema_version);
// - pages: a page as answered (rows and total), so reading it again reads no row at all.

/** Row ids in order, packed 16 bytes each when they are UUIDs (every id this service makes is). */
export class IdList {
  private constructor(
    private readonly packed: Buffer | null,
    private readonly plain: string[] | null,
    readonly length: number,
  ) {}

  static of(ids: readonly string[]): IdList {
    if (!ids.every((id) => UUID.test(id))) return new IdList(null, [...ids], ids.length);
    const buf = Buffer.allocUnsafe(ids.length * 16);
    ids.forEach((id, i) => buf.write(id.replace(/-/g, ''), i * 16, 16, 'hex'));
    return new IdList(buf, null, ids.length);
  }

  slice(start: number, end: number): string[] {
    if (this.plain) return this.plain.slice(start, end);
    const out: string[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) {
      const h = this.packed!.toString('hex', i * 16, i * 16 + 16);
      out.push(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
    }
    return out;
  }

  get bytes(): number {
    return this.packed ? this.packed.length : this.length * 64;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A byte-bounded LRU whose entries belong to one version of one list. */
class VersionedLru<V> {
  private readonly entries = new Map<string, { list: string; version: string; value: V; bytes: number }>();
  private readonly latest = new Map<string, string>();
  /** Computations under way: requests that miss together wait for one query, not one each. */
  private readonly flights = new SingleFlight<V>();
  private used = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly size: (v: V) => number,
  ) {}

  get(list: string, version: string, key: string): V | undefined {
    const k = `${list}\u0000${version}\u0000${key}`;
    const e = this.entries.get(k);
    if (!e) return undefined;
    this.entries.delete(k);
    this.entries.set(k, e);
    return e.value;
  }

  /** The cached value, else the one `compute` gives (started once however many ask at the same time). */
  async getOrCompute(list: string, version: string, key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(list, version, key);
    if (hit !== undefined) return hit;
    return this.flights.run(`${list}\u0000${version}\u0000${key}`, async () => {
      const value = await compute();
      this.set(list, version, key, value);
      return value;
    });
  }

  set(list: string, version: string, key: string, value: V): void {
    const seen = this.latest.get(list);
    if (seen !== undefined && seen !== version) {
      // A reader that started before a write may still finish after it: only the newer version stays.
      if (newer(seen, version)) return;
      for (const [k, e] of this.entries) if (e.list === list) this.remove(k, e.bytes);
    }
    if (this.latest.size > 100_000) this.latest.clear();
    this.latest.set(list, version);
    const k = `${list}\u0000${version}\u0000${key}`;
    const old = this.entries.get(k);
    if (old) this.remove(k, old.bytes);
    const bytes = this.size(value) + k.length;
    if (bytes > this.maxBytes) return;
    this.entries.set(k, { list, version, value, bytes });
    this.used += bytes;
    for (const [oldest, e] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.remove(oldest, e.bytes);
    }
  }

  private remove(k: string, bytes: number): void {
    this.entries.delete(k);
    this.used -= bytes;
  }
}

/** Versions are dot-separated counters that only grow ("rows.schema"): whether `a` is past `b`. */
function newer(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  return x.every((v, i) => v >= y[i]) && x.some((v, i) => v > y[i]);
}

export interface CachedPage<R> {
  rows: R[];
  total: number;
  /** About what the page holds in memory (its JSON length, twice). */
  bytes: number;
}

export interface ListCaches<C, R> {
  columns: VersionedLru<C>;
  /** Row orders, and plain totals (a number) where the order comes from an index. */
  orders: VersionedLru<IdList | number>;
  pages: VersionedLru<CachedPage<R>>;
}

// 64 MB of row orders is 4 million ids: forty orders of a 100,000-row list.
const ORDERS_BYTES = 64 * 1024 * 1024;
const PAGES_BYTES = 32 * 1024 * 1024;
const COLUMNS_BYTES = 16 * 1024 * 1024;

const perApp = new WeakMap<AppContext, ListCaches<unknown, unknown>>();

/** The version of a list its cached reads belong to: both counters, read with the list. */
export function listVersion(list: { rows_version: number; schema_version: number }): string {
  return `${list.rows_version}.${list.schema_version}`;
}

/** This app instance's caches (one per AppContext, as two instances would each have their own). */
export function listCaches<C = unknown, R = unknown>(ctx: AppContext): ListCaches<C, R> {
  let c = perApp.get(ctx);
  if (!c) {
    c = {
      columns: new VersionedLru<unknown>(COLUMNS_BYTES, () => 4096),
      orders: new VersionedLru<IdList | number>(ORDERS_BYTES, (v) => (typeof v === 'number' ? 16 : v.bytes)),
      pages: new VersionedLru<CachedPage<unknown>>(PAGES_BYTES, (p) => p.bytes),
    };
    perApp.set(ctx, c);
  }
  return c as ListCaches<C, R>;
}
