import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE, page, PageQuery, pageQuery, pageWindow, PAGE, ROW_PAGE } from '../../src/http/pagination.js';

// The one pagination module (src/http/pagination.ts): the query fields, the window a request asks
// for, and the pagination object.

describe('page', () => {
  it('hasMore: items beyond this page exist (counted from what the page holds, not from limit)', () => {
    expect(page([1, 2], 5, 2, 0)).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
    expect(page([5], 5, 2, 4)).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false });
    expect(page([4, 5], 5, 2, 3)).toEqual({ total: 5, limit: 2, offset: 3, hasMore: false });
    expect(page([], 5, 2, 10)).toEqual({ total: 5, limit: 2, offset: 10, hasMore: false });
    expect(page([], 0, 20, 0)).toEqual({ total: 0, limit: 20, offset: 0, hasMore: false });
  });

  it('numbered: the 1-based page of the offset', () => {
    expect(page([1, 2, 3], 10, 3, 0, { numbered: true })).toEqual({ total: 10, limit: 3, offset: 0, page: 1, hasMore: true });
    expect(page([1], 10, 3, 9, { numbered: true }).page).toBe(4);
    expect(page([1, 2], 10, 3, 7, { numbered: true }).page).toBe(3);
  });
});

describe('pageWindow', () => {
  it('defaults limit and offset by the page size', () => {
    expect(pageWindow({})).toEqual({ limit: PAGE.default, offset: 0 });
    expect(pageWindow({}, ROW_PAGE)).toEqual({ limit: 50, offset: 0 });
    expect(pageWindow({ limit: 7, offset: 3 })).toEqual({ limit: 7, offset: 3 });
  });

  it('clamps only where the size says so (the administration listings)', () => {
    expect(pageWindow({ limit: 1000 }, ADMIN_PAGE)).toEqual({ limit: 100, offset: 0 });
    expect(pageWindow({ limit: 0 }, ADMIN_PAGE)).toEqual({ limit: 1, offset: 0 });
    expect(pageWindow({}, ADMIN_PAGE)).toEqual({ limit: 25, offset: 0 });
  });
});

describe('pageQuery', () => {
  it('limit and offset are optional, with their defaults and bounds; refusing sizes bound limit, clamping ones do not', () => {
    expect(PageQuery.required).toBeUndefined();
    expect(PageQuery.properties.limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(PageQuery.properties.offset).toMatchObject({ minimum: 0, default: 0 });
    const admin = pageQuery({}, ADMIN_PAGE).properties.limit;
    expect(admin).toMatchObject({ default: 25 });
    expect(admin).not.toHaveProperty('maximum');
    expect(pageQuery({ q: Type.String() }).required).toEqual(['q']);
  });
});
