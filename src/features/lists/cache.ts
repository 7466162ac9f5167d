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

/** Row ids in order, packed 16 bytes each when they are UUIDs (every id this service makes is). */
export class IdList {
  private constructor(
    private readonly packed: Buffer | null,
    private readonly plain: string[] | null,
    readonly length: number,
  ) {}

  static of(ids: readonly string[]): IdList {
    const buf = Buffer.allocUnsafe(ids.length * 16);
    for (let i = 0; i < ids.length; i++) if (!packUuid(ids[i], buf, i * 16)) return new IdList(null, [...ids], ids.length);
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

  /** Where `id` is, or -1. */
  indexOf(id: string): number {
    if (this.plain) return this.plain.indexOf(id);
    const needle = Buffer.allocUnsafe(16);
    if (!packUuid(id, needle, 0)) return -1;
    // A match must start on a 16-byte boundary; one that straddles two ids is skipped.
    for (let at = this.packed!.indexOf(needle); at >= 0; at = this.packed!.indexOf(needle, at + 1)) if (at % 16 === 0) return at / 16;
    return -1;
  }

  /** Every id, as text (a pass over the whole list: for large changes only). */
  all(): string[] {
    return this.slice(0, this.length);
  }

  /** A new list made of runs of this one's ids and added ids, in the order of `pieces` (a few copies, whatever the length). */
  rebuild(pieces: readonly OrderPiece[], added: readonly string[]): IdList {
    const length = pieces.reduce((n, p) => n + ('add' in p ? 1 : p.to - p.from), 0);
    if (this.plain || !added.every((id) => packUuid(id, SCRATCH, 0))) {
      const old = this.plain ?? this.all();
      return new IdList(null, pieces.flatMap((p) => ('add' in p ? [added[p.add]] : old.slice(p.from, p.to))), length);
    }
    const buf = Buffer.allocUnsafe(length * 16);
    let at = 0;
    for (const p of pieces) {
      if ('add' in p) packUuid(added[p.add], buf, at * 16);
      else this.packed!.copy(buf, at * 16, p.from * 16, p.to * 16);
      at += 'add' in p ? 1 : p.to - p.from;
    }
    return new IdList(buf, null, length);
  }
}

/** A part of a patched order: the old order's entries [from, to), or the added entry `add`. */
export type OrderPiece = { from: number; to: number } | { add: number };

const SCRATCH = Buffer.alloc(16);

// Packing is on the cold path of every filtered or sorted page (100,000 ids for a sort of the
// bench list): one pass over the characters costs about a tenth of what a regular expression
// test, a replace and a hex write per id did (8-12 ms against 55-160 ms for 100,000 ids).
const HEX_DIGIT = new Int8Array(128).fill(-1);
[...'0123456789abcdef'].forEach((digit, value) => (HEX_DIGIT[digit.charCodeAt(0)] = value));
/** Where each of a UUID's 16 bytes starts in its text (two hex digits each), and where its dashes are. */
const BYTE_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const DASH_AT = [8, 13, 18, 23];
const DASH = '-'.charCodeAt(0);

/** Writes a lowercase UUID's 16 bytes at `at`; false (the buffer then undefined there) for any other text. */
function packUuid(id: string, buf: Buffer, at: number): boolean {
  if (id.length !== 36 || DASH_AT.some((k) => id.charCodeAt(k) !== DASH)) return false;
  for (let b = 0; b < 16; b++) {
    const hi = hexDigit(id.charCodeAt(BYTE_AT[b]));
    const lo = hexDigit(id.charCodeAt(BYTE_AT[b] + 1));
    if (hi < 0 || lo < 0) return false;
    buf[at + b] = (hi << 4) | lo;
  }
  return true;
}

const hexDigit = (code: number) => (code < 128 ? HEX_DIGIT[code] : -1);

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
