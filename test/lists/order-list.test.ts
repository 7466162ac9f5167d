import { describe, expect, it } from 'vitest';
import { isoMillis, OrderList } from '../../src/features/lists/order-list.js';
import type { OrderedRow } from '../../src/features/lists/queries/index.js';
import { compareText } from '../../src/features/lists/row-orders.js';
import { newId } from '../../src/lib/ids.js';

// The row orders cached per list (features/lists/row-orders.ts) are OrderLists: rows in chunks of
// 4,096, each column packed when its values pack (UUIDs, numbers and null, ISO times) and kept
// as given otherwise. Whatever the form, a read gives back exactly what was put in, and a patch
// gives exactly the order an array would. test/lists/order-patch.test.ts drives them over HTTP.

/** A seeded generator, so that a failure is the same failure again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const BASE = Date.UTC(2026, 0, 1);
const row = (i: number, k: number | string | null = i % 7 === 0 ? null : i % 100): OrderedRow => ({ id: newId(), k, t: new Date(BASE + i * 1000).toISOString() });
const byKeyTimeId = (a: OrderedRow, b: OrderedRow) => {
  if ((a.k === null) !== (b.k === null)) return a.k === null ? 1 : -1;
  if (a.k !== null && b.k !== null && a.k !== b.k) return a.k < b.k ? -1 : 1;
  return compareText(a.t, b.t) || compareText(a.id, b.id);
};
const all = (list: OrderList) => Array.from({ length: list.length }, (_, i) => list.at(i));

describe('OrderList', () => {
  it('gives back every row and slice as put in, across chunks, packed at 32 bytes a row', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => row(i)).sort(byKeyTimeId);
    const list = OrderList.of(rows);
    expect(list.length).toBe(10_000);
    expect(all(list)).toEqual(rows);
    expect(list.slice(4090, 4100)).toEqual(rows.slice(4090, 4100).map((r) => r.id));
    expect(list.slice(9_990, 10_050)).toEqual(rows.slice(9_990).map((r) => r.id));
    expect(list.slice(-3, 2)).toEqual(rows.slice(0, 2).map((r) => r.id));
    // Three chunks of 64 bytes of bookkeeping each, and 16 + 8 + 8 bytes a row.
    expect(list.bytes).toBe(3 * 64 + 10_000 * 32);
  });

  it('keeps as given a column whose values do not pack, and those alone', () => {
    const odd = [
      { id: '01234567-89AB-cdef-0123-456789abcdef', k: 'Dune', t: '2026-01-01T00:00:00.000Z' },
      { id: 'not-a-uuid', k: '🐳', t: '2026-01-01T00:00:00Z' },
      { id: newId(), k: '', t: '2026-02-29T00:00:00.000Z' },
      { id: newId(), k: null, t: '2024-02-29T23:59:59.999Z' },
    ];
    const list = OrderList.of(odd);
    expect(all(list)).toEqual(odd);
    expect(list.positionsOf([odd[1].id, odd[3].id, newId()])).toEqual([1, 3]);
    const numbers = [
      { id: newId(), k: 1.5, t: '2026-01-01T00:00:00.000Z' },
      { id: newId(), k: Number.NaN, t: '2026-01-01T00:00:00.000Z' },
      { id: newId(), k: null, t: '2026-01-01T00:00:00.000Z' },
    ];
    expect(all(OrderList.of(numbers))).toEqual(numbers);
  });

  it.each([
    ['upper-case hex', '01234567-89AB-cdef-0123-456789abcdef'],
    ['a letter past f', '01234567-89ab-cdeg-0123-456789abcdef'],
    ['a non-ASCII digit', '0123456٧-89ab-cdef-0123-456789abcdef'],
    ['the first character past ASCII', '0123456\u0080-89ab-cdef-0123-456789abcdef'],
    ['a digit where a dash goes', '01234567-89ab0cdef-0123-456789abcdef'],
    ['one character short', '01234567-89ab-cdef-0123-456789abcde'],
    ['no dashes', '0123456789abcdef0123456789abcdef'],
  ])('keeps an id as given when it is not a lowercase UUID (%s)', (_, id) => {
    const given = [row(1), { ...row(2), id }, row(3)];
    const list = OrderList.of(given);
    expect(list.slice(0, 3)).toEqual(given.map((r) => r.id));
    expect(list.positionsOf([id])).toEqual([1]);
  });

  it('packs every hex digit of a UUID', () => {
    const ids = ['01234567-89ab-cdef-0123-456789abcdef', 'fedcba98-7654-3210-fedc-ba9876543210', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
    const list = OrderList.of(ids.map((id) => ({ id, k: null, t: '2026-01-01T00:00:00.000Z' })));
    expect(list.slice(0, 4)).toEqual(ids);
    expect(list.bytes).toBe(64 + 4 * 24);
  });

  it('reads ISO times as Date.parse does, and refuses every other text', () => {
    const rnd = random(3);
    for (let i = 0; i < 2000; i++) {
      // Any millisecond of the years 1000 to 9999.
      const low = Date.UTC(1000, 0, 1);
      const iso = new Date(low + Math.floor(rnd() * (Date.UTC(10000, 0, 1) - low))).toISOString();
      expect(isoMillis(iso), iso).toBe(Date.parse(iso));
    }
    for (const bad of ['2026-02-29T00:00:00.000Z', '2100-02-29T00:00:00.000Z', '2026-13-01T00:00:00.000Z', '2026-04-31T00:00:00.000Z', '2026-01-01T24:00:00.000Z', '2026-01-01T00:60:00.000Z', '0999-01-01T00:00:00.000Z', '2026-01-01T00:00:00Z', '2026-01-01 00:00:00.000Z', '2026-01-01T00:00:00.000+', '2026-0a-01T00:00:00.000Z']) {
      expect(isoMillis(bad), bad).toBeNaN();
    }
    expect(isoMillis('2000-02-29T12:00:00.000Z')).toBe(Date.parse('2000-02-29T12:00:00.000Z'));
  });

  it('patches as an array does: rows taken out and put back across chunks, sharing what it does not touch', () => {
    const rnd = random(37);
    let rows = Array.from({ length: 20_000 }, (_, i) => row(i)).sort(byKeyTimeId);
    let list = OrderList.of(rows);
    let next = 20_000;
    for (const writes of [1, 1, 3, 50, 400, 2000, 1, 9000]) {
      // Rows written: some taken out for good, some moved (a new key), some added.
      const touched = Array.from({ length: writes }, () => rows[Math.floor(rnd() * rows.length)]).filter((r, i, xs) => xs.indexOf(r) === i);
      const gone = new Set(touched.map((r) => r.id));
      const moved = touched.filter(() => rnd() < 0.5).map((r) => ({ ...r, k: rnd() < 0.2 ? null : Math.floor(rnd() * 100) }));
      const fresh = Array.from({ length: Math.floor(writes / 2) }, () => row(next++, rnd() < 0.1 ? null : Math.floor(rnd() * 100)));
      const added = [...moved, ...fresh].sort(byKeyTimeId);
      const positions = list.positionsOf([...touched.map((r) => r.id), ...fresh.map((r) => r.id)]);
      expect(positions.map((p) => rows[p].id).sort()).toEqual([...gone].sort());
      let after = 0;
      const places = added.map((r) => (after = list.placeOf(r, byKeyTimeId, after)));
      const patched = list.patched(positions, added, places);
      rows = [...rows.filter((r) => !gone.has(r.id)), ...added].sort(byKeyTimeId);
      expect(patched.length).toBe(rows.length);
      expect(all(patched)).toEqual(rows);
      // The order patched from is unchanged (a page may still be reading it).
      expect(list.length + added.length - positions.length).toBe(rows.length);
      list = patched;
    }
  });

  it('splits a chunk that a patch grows past two chunks, and shares the others', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => row(i, i)).sort(byKeyTimeId);
    const list = OrderList.of(rows);
    // 9,000 rows sorting before every other: all put into the first chunk.
    const front = Array.from({ length: 9000 }, (_, i) => row(20_000 + i, -1)).sort(byKeyTimeId);
    const patched = list.patched([5, 4200], front, front.map(() => 0));
    const expected = [...front, ...rows.filter((_, i) => i !== 5 && i !== 4200)];
    expect(all(patched)).toEqual(expected);
    expect(patched.slice(8999, 9001)).toEqual([front[8999].id, rows[0].id]);
    expect(patched.positionsOf([rows[9999].id, front[0].id])).toEqual([0, expected.length - 1]);
  });

  it('an empty order is empty, and takes rows added to it', () => {
    const empty = OrderList.of([]);
    expect(empty.length).toBe(0);
    expect(empty.slice(0, 50)).toEqual([]);
    expect(empty.positionsOf([newId()])).toEqual([]);
    const one = row(1);
    expect(all(empty.patched([], [one], [0]))).toEqual([one]);
    expect(all(OrderList.of([one]).patched([0], [], [])).length).toBe(0);
  });
});
