import { describe, expect, it } from 'vitest';
import { IdList } from '../../src/features/lists/cache.js';
import { newId } from '../../src/lib/ids.js';

// The row orders cached per list version (features/lists/cache.ts) hold their ids packed, 16
// bytes each, when every one is a lowercase UUID (as the service makes them), and as given
// otherwise: either way a slice gives back exactly the ids put in. test/lists/cache.test.ts and
// rows.test.ts read pages through those orders over HTTP.

const ids = Array.from({ length: 40 }, () => newId());

describe('IdList', () => {
  it('packs the service’s ids 16 bytes each and gives every slice back as it was', () => {
    const list = IdList.of(ids);
    expect(list.length).toBe(40);
    expect(list.bytes).toBe(40 * 16);
    expect(list.slice(0, 40)).toEqual(ids);
    expect(list.slice(5, 9)).toEqual(ids.slice(5, 9));
    expect(list.slice(38, 100)).toEqual(ids.slice(38));
    expect(list.slice(-3, 2)).toEqual(ids.slice(0, 2));
    expect(list.slice(40, 50)).toEqual([]);
  });

  it('packs every hex digit and keeps the dashes where a UUID has them', () => {
    const all = ['01234567-89ab-cdef-0123-456789abcdef', 'fedcba98-7654-3210-fedc-ba9876543210', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
    const list = IdList.of(all);
    expect(list.bytes).toBe(4 * 16);
    expect(list.slice(0, 4)).toEqual(all);
  });

  it.each([
    ['upper-case hex', '01234567-89AB-cdef-0123-456789abcdef'],
    ['a letter past f', '01234567-89ab-cdeg-0123-456789abcdef'],
    ['a non-hex first digit of a pair', 'x1234567-89ab-cdef-0123-456789abcdef'],
    ['a non-ASCII digit', '0123456٧-89ab-cdef-0123-456789abcdef'],
    ['the first character past ASCII', '0123456\u0080-89ab-cdef-0123-456789abcdef'],
    ['a digit where the first dash goes', '01234567089ab-cdef-0123-456789abcdef'],
    ['a digit where the second dash goes', '01234567-89ab0cdef-0123-456789abcdef'],
    ['a digit where the third dash goes', '01234567-89ab-cdef00123-456789abcdef'],
    ['a digit where the last dash goes', '01234567-89ab-cdef-01230456789abcdef'],
    ['one character short', '01234567-89ab-cdef-0123-456789abcde'],
    ['one character long', '01234567-89ab-cdef-0123-456789abcdef0'],
    ['no dashes', '0123456789abcdef0123456789abcdef'],
  ])('keeps the ids as given when one is not a lowercase UUID (%s)', (_, odd) => {
    const given = [ids[0], odd, ids[1]];
    const list = IdList.of(given);
    expect(list.length).toBe(3);
    expect(list.bytes).toBe(3 * 64);
    expect(list.slice(0, 3)).toEqual(given);
    expect(list.slice(1, 2)).toEqual([odd]);
  });

  it('an empty order is empty', () => {
    const list = IdList.of([]);
    expect(list.length).toBe(0);
    expect(list.slice(0, 50)).toEqual([]);
  });
});
