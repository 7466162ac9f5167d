import type { OrderedRow } from './queries/index.js';

// A cached row order (row-orders.ts) held compactly and patched without a pass over it. The rows
// are in chunks of about CHUNK; a chunk keeps each of its columns (id, sort key, time) packed in
// a typed array when every value of it packs (a lowercase UUID in 16 bytes, a number or null in
// 8, an ISO time as its epoch milliseconds in 8), and as JavaScript values otherwise: 32 bytes a
// row sorted by a number, where an array of objects, strings and numbers took over 150. An
// order is never changed: a patch makes a new one that shares every chunk it does not touch, and
// copies the few it does with typed-array copies (an edit of one row over 1,000,000 copies one
// chunk, not the whole order, and a page still holding the old order reads it unchanged).

const CHUNK = 4096;
// Up to this many ids are looked for one by one with the native search; more, in one pass.
const FIND_EACH = 8;

type Packed = Uint32Array | Float64Array;
/** A chunk's column: packed, plain values, or null when every value is null (sort keys only). */
type Column<V> = Packed | V[] | null;

interface Codec<V> {
  /** Numbers an entry takes in the packed array. */
  width: number;
  make(n: number): Packed;
  /** Packs `value` as entry `at`; false when it does not pack. */
  encode(value: V, into: Packed, at: number): boolean;
  decode(from: Packed, at: number): V;
  /** About the bytes a plain value takes (its slot, and a string's characters). */
  plainBytes(value: V): number;
  /** Whether a column of nulls only is kept as null. */
  nullable: boolean;
}

interface Chunk {
  n: number;
  ids: Column<string>;
  keys: Column<number | string | null>;
  times: Column<string>;
  bytes: number;
}

/** A part of a chunk after a patch: its entries [from, to), or the added row `add`. */
type Piece = { from: number; to: number } | { add: number };

/** An order of rows (id, sort key, time), in chunks; read by position, patched into a new one. */
export class OrderList {
  private constructor(
    private readonly chunks: readonly Chunk[],
    /** Where each chunk starts in the order. */
    private readonly starts: readonly number[],
    readonly length: number,
    /** About what the order holds in memory. */
    readonly bytes: number,
  ) {}

  static of(rows: readonly OrderedRow[]): OrderList {
    return OrderList.from(chunked(rows));
  }

  private static from(chunks: Chunk[]): OrderList {
    const starts: number[] = [];
    let length = 0;
    let bytes = 0;
    for (const c of chunks) {
      starts.push(length);
      length += c.n;
      bytes += c.bytes;
    }
    return new OrderList(chunks, starts, length, bytes);
  }

  /** The ids of the rows at positions [start, end). */
  slice(start: number, end: number): string[] {
    const out: string[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) {
      const [c, at] = this.locate(i);
      out.push(valueAt(ID, c.ids, at));
    }
    return out;
  }

  /** The row at position i (0 <= i < length). */
  at(i: number): OrderedRow {
    const [c, at] = this.locate(i);
    return { id: valueAt(ID, c.ids, at), k: valueAt(KEY, c.keys, at), t: valueAt(TIME, c.times, at) };
  }

  /** Where `row` goes (the first position whose row compares at or after it), searching from `from`. */
  placeOf(row: OrderedRow, compare: (a: OrderedRow, b: OrderedRow) => number, from = 0): number {
    let lo = from;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.at(mid), row) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The positions of those of `ids` that are in the order, ascending: one pass looking up a
   * 32-bit word of each packed id in a bitmap of the wanted ones (a few ms over 1,000,000 rows,
   * whatever their number), the rest compared only where that word matches.
   */
  positionsOf(ids: readonly string[]): number[] {
    const texts = new Set(ids);
    // Keyed by an id's last word: random in the service's ids (UUIDv7), where the first is a time shared by many.
    const wanted = new Map<number, Uint32Array[]>();
    const bits = new Uint8Array(8192);
    for (const id of ids) {
      const words = new Uint32Array(4);
      if (!ID.encode(id, words, 0)) continue;
      wanted.set(words[3], [...(wanted.get(words[3]) ?? []), words]);
      bits[(words[3] & 0xffff) >>> 3] |= 1 << (words[3] & 7);
    }
    const needles = [...wanted.values()].flat().map((words) => Buffer.from(words.buffer, words.byteOffset, words.byteLength));
    const out: number[] = [];
    for (let ci = 0; ci < this.chunks.length; ci++) {
      const c = this.chunks[ci];
      const start = this.starts[ci];
      if (Array.isArray(c.ids)) {
        c.ids.forEach((id, i) => texts.has(id) && out.push(start + i));
        continue;
      }
      const words = c.ids as Uint32Array;
      if (needles.length <= FIND_EACH) {
        // A few: the native search of each in the chunk's bytes (a match must start on an id's 16 bytes).
        const bytes = Buffer.from(words.buffer, words.byteOffset, words.byteLength);
        const found: number[] = [];
        for (const needle of needles) {
          for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
            if (at % 16 === 0) {
              found.push(start + at / 16);
              break;
            }
          }
        }
        out.push(...found.sort((a, b) => a - b));
        continue;
      }
      for (let i = 0, n = c.n; i < n; i++) {
        const w = words[4 * i + 3];
        if (!(bits[(w & 0xffff) >>> 3] & (1 << (w & 7)))) continue;
        const same = wanted.get(w)?.some((x) => x[0] === words[4 * i] && x[1] === words[4 * i + 1] && x[2] === words[4 * i + 2]);
        if (same) out.push(start + i);
      }
    }
    return out;
  }

  /**
   * A new order: this one without the rows at `removed` (ascending positions), with `added[j]`
   * put at position `places[j]` of this one (ascending; before the row there, after the rows
   * removed up to it). Chunks no edit falls in are shared.
   */
  patched(removed: readonly number[], added: readonly OrderedRow[], places: readonly number[]): OrderList {
    if (this.chunks.length === 0) return OrderList.of(added);
    const out: Chunk[] = [];
    let r = 0;
    let a = 0;
    this.chunks.forEach((c, ci) => {
      const start = this.starts[ci];
      const end = start + c.n;
      const last = ci === this.chunks.length - 1;
      const pieces: Piece[] = [];
      const edits = r + a;
      let from = 0;
      // Merge the chunk's removals and additions by position (an addition first at a tie: it goes before that row).
      for (;;) {
        const nextAdd = a < places.length && (places[a] < end || last) ? places[a] - start : Infinity;
        const nextRemove = r < removed.length && removed[r] < end ? removed[r] - start : Infinity;
        const next = Math.min(nextAdd, nextRemove);
        if (next === Infinity) break;
        if (next > from) pieces.push({ from, to: next });
        from = next;
        if (nextAdd <= nextRemove) pieces.push({ add: a++ });
        else {
          r++;
          from++;
        }
      }
      if (r + a === edits) {
        out.push(c);
        return;
      }
      if (from < c.n) pieces.push({ from, to: c.n });
      out.push(...rebuilt(c, pieces, added));
    });
    return OrderList.from(out);
  }

  private locate(i: number): [Chunk, number] {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return [this.chunks[lo], i - this.starts[lo]];
  }
}

/** Rows in chunks of CHUNK. */
function chunked(rows: readonly OrderedRow[]): Chunk[] {
  const out: Chunk[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(chunkOf(rows.slice(i, i + CHUNK)));
  return out;
}

function chunkOf(rows: readonly OrderedRow[]): Chunk {
  const ids = columnOf(ID, rows.map((r) => r.id));
  const keys = columnOf(KEY, rows.map((r) => r.k));
  const times = columnOf(TIME, rows.map((r) => r.t));
  return withBytes({ n: rows.length, ids, keys, times, bytes: 0 });
}

function withBytes(c: Chunk): Chunk {
  c.bytes = 64 + columnBytes(ID, c.ids) + columnBytes(KEY, c.keys) + columnBytes(TIME, c.times);
  return c;
}

/** A chunk after its pieces: copied runs and packed additions; past 2 * CHUNK rows, split. */
function rebuilt(c: Chunk, pieces: readonly Piece[], added: readonly OrderedRow[]): Chunk[] {
  const n = pieces.reduce((sum, p) => sum + ('add' in p ? 1 : p.to - p.from), 0);
  if (n === 0) return [];
  if (n > 2 * CHUNK) {
    const rows = pieces.flatMap((p) => ('add' in p ? [added[p.add]] : Array.from({ length: p.to - p.from }, (_, i) => rowAt(c, p.from + i))));
    return chunked(rows);
  }
  return [
    withBytes({
      n,
      ids: columnRebuilt(ID, c.ids, pieces, (j) => added[j].id, n),
      keys: columnRebuilt(KEY, c.keys, pieces, (j) => added[j].k, n),
      times: columnRebuilt(TIME, c.times, pieces, (j) => added[j].t, n),
      bytes: 0,
    }),
  ];
}

function rowAt(c: Chunk, at: number): OrderedRow {
  return { id: valueAt(ID, c.ids, at), k: valueAt(KEY, c.keys, at), t: valueAt(TIME, c.times, at) };
}

function valueAt<V>(codec: Codec<V>, column: Column<V>, at: number): V {
  if (column === null) return null as V;
  if (Array.isArray(column)) return column[at];
  return codec.decode(column as Packed, at);
}

function columnOf<V>(codec: Codec<V>, values: readonly V[]): Column<V> {
  if (codec.nullable && values.every((v) => v === null)) return null;
  const packed = codec.make(values.length);
  for (let i = 0; i < values.length; i++) if (!codec.encode(values[i], packed, i)) return [...values];
  return packed;
}

/** A column made of runs of `old` and added values: copies of the packed runs while every added value packs. */
function columnRebuilt<V>(codec: Codec<V>, old: Column<V>, pieces: readonly Piece[], addedValue: (j: number) => V, n: number): Column<V> {
  if (old === null && codec.nullable && pieces.every((p) => !('add' in p) || addedValue(p.add) === null)) return null;
  if (old !== null && !Array.isArray(old)) {
    const w = codec.width;
    const packed = codec.make(n);
    let at = 0;
    const ok = pieces.every((p) => {
      if ('add' in p) return codec.encode(addedValue(p.add), packed, at++);
      packed.set((old as Packed).subarray(p.from * w, p.to * w), at * w);
      at += p.to - p.from;
      return true;
    });
    if (ok) return packed;
  }
  // A column that changes form (or was plain): its values, packed again if they all pack.
  const values = pieces.flatMap((p) => ('add' in p ? [addedValue(p.add)] : Array.from({ length: p.to - p.from }, (_, i) => valueAt(codec, old, p.from + i))));
  return columnOf(codec, values);
}

function columnBytes<V>(codec: Codec<V>, column: Column<V>): number {
  if (column === null) return 0;
  if (Array.isArray(column)) return column.reduce((sum: number, v) => sum + codec.plainBytes(v), 0);
  return (column as Packed).byteLength;
}

const plainBytes = (v: unknown) => 8 + (typeof v === 'string' ? 24 + 2 * v.length : 0);

// Ids: a lowercase UUID as four 32-bit words (its hex digits in groups of eight, dashes left out).
const HEX_DIGIT = new Int8Array(128).fill(-1);
[...'0123456789abcdef'].forEach((digit, value) => (HEX_DIGIT[digit.charCodeAt(0)] = value));
/** Where each of a UUID's 32 hex digits is in its text. */
const DIGIT_AT = [...Array(36).keys()].filter((i) => ![8, 13, 18, 23].includes(i));
const DASH = '-'.charCodeAt(0);

const ID: Codec<string> = {
  width: 4,
  make: (n) => new Uint32Array(4 * n),
  encode(id, into, at) {
    if (id.length !== 36 || id.charCodeAt(8) !== DASH || id.charCodeAt(13) !== DASH || id.charCodeAt(18) !== DASH || id.charCodeAt(23) !== DASH) return false;
    for (let w = 0; w < 4; w++) {
      let word = 0;
      for (let d = 0; d < 8; d++) {
        const code = id.charCodeAt(DIGIT_AT[w * 8 + d]);
        const v = code < 128 ? HEX_DIGIT[code] : -1;
        if (v < 0) return false;
        word = word * 16 + v;
      }
      into[4 * at + w] = word;
    }
    return true;
  },
  decode(from, at) {
    const h = [0, 1, 2, 3].map((w) => from[4 * at + w].toString(16).padStart(8, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  },
  plainBytes,
  nullable: false,
};

// Sort keys: a number, or null as NaN (a NaN key itself stays plain).
const KEY: Codec<number | string | null> = {
  width: 1,
  make: (n) => new Float64Array(n),
  encode(k, into, at) {
    if (k === null) into[at] = NaN;
    else if (typeof k === 'number' && !Number.isNaN(k)) into[at] = k;
    else return false;
    return true;
  },
  decode: (from, at) => (Number.isNaN(from[at]) ? null : from[at]),
  plainBytes,
  nullable: true,
};

// Times: ISO 8601 UTC text with milliseconds, as the service writes them, kept as epoch
// milliseconds, packed only when that gives the same text back (parsed by hand: Date.parse and
// toISOString on every row of a 1,000,000-row order cost seconds).
const TIME: Codec<string> = {
  width: 1,
  make: (n) => new Float64Array(n),
  encode(t, into, at) {
    const ms = isoMillis(t);
    if (Number.isNaN(ms)) return false;
    into[at] = ms;
    return true;
  },
  decode: (from, at) => new Date(from[at]).toISOString(),
  plainBytes,
  nullable: false,
};

const COLON = ':'.charCodeAt(0);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The epoch milliseconds of `YYYY-MM-DDTHH:MM:SS.mmmZ` (years 1000-9999, a valid date), NaN for any other text. */
export function isoMillis(t: string): number {
  if (t.length !== 24 || t.charCodeAt(4) !== DASH || t.charCodeAt(7) !== DASH || t[10] !== 'T' || t.charCodeAt(13) !== COLON || t.charCodeAt(16) !== COLON || t[19] !== '.' || t[23] !== 'Z') return NaN;
  const y = digits(t, 0, 4);
  const mo = digits(t, 5, 7);
  const d = digits(t, 8, 10);
  const h = digits(t, 11, 13);
  const mi = digits(t, 14, 16);
  const s = digits(t, 17, 19);
  const ms = digits(t, 20, 23);
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59 || ms < 0) return NaN;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > DAYS_IN_MONTH[mo - 1] + (mo === 2 && leap ? 1 : 0)) return NaN;
  return ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60_000 + s * 1000 + ms;
}

function digits(t: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const c = t.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
