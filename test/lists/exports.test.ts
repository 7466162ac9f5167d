import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, addRow, bearerOf, call, cookieOf, createList, expectError } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

describe('list exports (Session only)', () => {
  it('GET /api/exports/lists: the caller’s lists as CSV with their schemas and row counts', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me), { title: '=HYPERLINK("x")' });
    await addRow(t, cookieOf(me), list.id, { title: 'A' });
    await createList(t, cookieOf(other), { title: 'Not mine' });
    const res = await call(t, 'GET', '/api/exports/lists', cookieOf(me));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: list.id, title: `'=HYPERLINK("x")`, isPublic: 'false', rowCount: '1' });
    expect(JSON.parse(rows[0].schema)).toEqual(list.schema);
  });

  it('GET /api/exports/list-data-rows: every live row, data keyed by column key, formula cells neutralised', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const a = await addRow(t, cookieOf(me), list.id, { title: '+cmd|calc' });
    const b = await addRow(t, cookieOf(me), list.id, { title: 'Deleted' });
    await call(t, 'DELETE', `/api/lists/${list.id}/data/${b.id}`, cookieOf(me));
    const res = await call(t, 'GET', '/api/exports/list-data-rows', cookieOf(me));
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.rowId)).toEqual([a.id]);
    expect(rows[0]).toMatchObject({ listId: list.id, listTitle: 'Books' });
    expect(JSON.parse(rows[0].data)).toMatchObject({ title: '+cmd|calc' });
  });

  it('anonymous and Bearer callers are 401', async () => {
    const me = await activeUser(t);
    for (const path of ['/api/exports/lists', '/api/exports/list-data-rows']) {
      expectError(await call(t, 'GET', path), 401);
      expectError(await call(t, 'GET', path, bearerOf(me)), 401);
    }
  });
});
