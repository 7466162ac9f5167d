import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, addRow, bearerOf, call, cookieOf, createList, expectError } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

describe('POST and PUT /api/lists/{id}/data', () => {
  it('adds a row: 201 { message, data: row } keyed by column key, defaults applied, every column present', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const res = await call(t, 'POST', `/api/lists/${list.id}/data`, bearerOf(me), { data: { title: 'Dune', pages: 412, tags: ['sf'], owned: false } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'message']);
    expect(Object.keys(body.data).sort()).toEqual(['createdAt', 'data', 'id', 'updatedAt', 'updatedBy']);
    expect(body.data.data).toEqual({ title: 'Dune', pages: 412, status: 'to read', tags: ['sf'], priority: null, finished: null, isbn: null, owned: false });
  });

  it('the answer to an add (made from what was written, not read back) equals the row read back, every column type', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const sent = [
      { title: 'Dune', pages: 412, tags: ['sf', 'classic'], priority: 'high', finished: '2024-02-29', isbn: '978-0', owned: true, status: 'done' },
      { title: 'Only a title' },
      { title: 'Cleared', pages: null, tags: [], priority: null, finished: null, isbn: '', owned: false },
    ];
    for (const data of sent) {
      const res = await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(me), { data });
      expect(res.statusCode, res.body).toBe(201);
      const page = await call(t, 'GET', `/api/lists/${list.id}/data?limit=100`, cookieOf(me));
      const readBack = page.json().data.find((r: { id: string }) => r.id === res.json().data.id);
      expect(res.json().data).toEqual(readBack);
    }
  });

  it('a validation failure is 400 validation_failed with every message, first as error', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const res = await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(me), { data: { pages: 0, status: 'lost', owned: 'yes' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Title is required',
      code: 'validation_failed',
      errors: ['Title is required', 'Pages must be at least 1', 'Status must be one of: to read, reading, done ("lost" is not)', 'Owned must be true or false'],
    });
    const unknown = await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(me), { data: { title: 'x', nope: 1 } });
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', errors: ['nope is not a column of this list'] });
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(me), { data: 'x' }), 400);
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(me), {}), 400);
  });

  it('edits a row: sent keys replace cells, null clears, the rest stay; validated; owner only', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const row = await addRow(t, cookieOf(me), list.id, { title: 'Dune', pages: 412 });
    t.clock.advance(1000);
    const res = await call(t, 'PUT', `/api/lists/${list.id}/data`, bearerOf(me), { rowId: row.id, data: { status: 'done', pages: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({ title: 'Dune', pages: null, status: 'done' });
    expect(res.json().data.updatedAt > res.json().data.createdAt).toBe(true);
    const bad = await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(me), { rowId: row.id, data: { title: '' } });
    expect(bad.json()).toEqual({ error: 'Title is required', code: 'validation_failed', errors: ['Title is required'] });
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(other), { rowId: row.id, data: { title: 'x' } }), 404);
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(me), { rowId: 'nope', data: { title: 'x' } }), 404);
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/data`, undefined, { rowId: row.id, data: { title: 'x' } }), 401);
  });

  it('another user cannot add rows to my list (404), anonymous 401', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data`, bearerOf(other), { data: { title: 'x' } }), 404);
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data`, undefined, { data: { title: 'x' } }), 401);
  });
});

describe('unique columns', () => {
  it('a second row with the same value is 409 unique_violation on add and edit; an empty value is no clash', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    await addRow(t, cookieOf(me), list.id, { title: 'A', isbn: '123' });
    const b = await addRow(t, cookieOf(me), list.id, { title: 'B' });
    await addRow(t, cookieOf(me), list.id, { title: 'C' });
    const dup = await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(me), { data: { title: 'D', isbn: '123' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ISBN must be unique', code: 'unique_violation', errors: ['ISBN must be unique'] });
    const edit = await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(me), { rowId: b.id, data: { isbn: '123' } });
    expectError(edit, 409, 'unique_violation');
  });

  it('two simultaneous adds of the same value leave one row', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(me), { data: { title: `T${i}`, isbn: 'same' } })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().errors).toEqual(['ISBN must be unique']);
    const rows = (await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(me))).json();
    expect(rows.pagination.total).toBe(1);
  });

  it('simultaneous adds, some failing, each answer their own outcome; only the good ones are written (SQLite writes them in one transaction)', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const second = await createList(t, cookieOf(me));
    const theirs = await createList(t, cookieOf(other));
    const add = (listId: string, data: Record<string, unknown>, who = me) => call(t, 'POST', `/api/lists/${listId}/data`, cookieOf(who), { data });
    const titles = async (listId: string, who = me) => (await call(t, 'GET', `/api/lists/${listId}/data`, cookieOf(who))).json().data.map((r: { data: { title: string } }) => r.data.title);
    // Pages read (and cached) before: the adds must move the lists' versions on.
    for (const [id, who] of [[list.id, me], [second.id, me], [theirs.id, other]] as const) expect(await titles(id, who)).toEqual([]);
    const results = await Promise.all([
      add(list.id, { title: 'Good 1', isbn: 'a' }),
      add(list.id, { pages: 0 }), // invalid
      add(list.id, { title: 'Clash', isbn: 'a' }), // the first one's isbn: one of the two wins
      add(theirs.id, { title: 'Not mine' }), // another user's list: 404
      add(second.id, { title: 'Elsewhere', isbn: 'a' }), // another list: no clash
      add(list.id, { title: 'Good 2', isbn: 'b' }),
      add(theirs.id, { title: 'Theirs' }, other),
    ]);
    const [won, lost] = results[0].statusCode === 201 ? [0, 2] : [2, 0];
    expect([results[won].statusCode, results[lost].statusCode, ...[1, 3, 4, 5, 6].map((i) => results[i].statusCode)]).toEqual([201, 409, 400, 404, 201, 201, 201]);
    expect(results[1].json()).toMatchObject({ code: 'validation_failed', errors: ['Title is required', 'Pages must be at least 1'] });
    expect(results[lost].json()).toMatchObject({ code: 'unique_violation', errors: ['ISBN must be unique'] });
    const winner = won === 0 ? 'Good 1' : 'Clash';
    expect((await titles(list.id)).sort()).toEqual([winner, 'Good 2'].sort());
    expect(await titles(second.id)).toEqual(['Elsewhere']);
    expect(await titles(theirs.id, other)).toEqual(['Theirs']);
    // Each answer is its row as read back.
    const rows = (await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(me))).json().data;
    for (const i of [won, 5]) expect(rows).toContainEqual(results[i].json().data);
  });

  it('a deleted row frees its value; restoring it while the value is taken is 409', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const a = await addRow(t, cookieOf(me), list.id, { title: 'A', isbn: '9' });
    expect((await call(t, 'DELETE', `/api/lists/${list.id}/data/${a.id}`, cookieOf(me))).statusCode).toBe(200);
    const b = await addRow(t, cookieOf(me), list.id, { title: 'B', isbn: '9' });
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data/${a.id}/restore`, cookieOf(me)), 409, 'unique_violation');
    await call(t, 'DELETE', `/api/lists/${list.id}/data/${b.id}`, cookieOf(me));
    const restored = await call(t, 'POST', `/api/lists/${list.id}/data/${a.id}/restore`, bearerOf(me));
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id: a.id, data: { title: 'A', isbn: '9' } });
  });
});

describe('trash', () => {
  it('DELETE moves a row to the trash (listed with deletedAt), restorable for 30 days, gone after', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const a = await addRow(t, cookieOf(me), list.id, { title: 'A' });
    const b = await addRow(t, cookieOf(me), list.id, { title: 'B' });
    expectError(await call(t, 'DELETE', `/api/lists/${list.id}/data/${a.id}`, cookieOf(other)), 404);
    expectError(await call(t, 'DELETE', `/api/lists/${list.id}/data/${a.id}`), 401);
    const del = await call(t, 'DELETE', `/api/lists/${list.id}/data/${a.id}`, bearerOf(me));
    expect(del.json()).toEqual({ message: expect.any(String) });
    expectError(await call(t, 'DELETE', `/api/lists/${list.id}/data/${a.id}`, cookieOf(me)), 404);
    const rows = (await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(me))).json();
    expect(rows.data.map((r: any) => r.id)).toEqual([b.id]);
    const trash = await call(t, 'GET', `/api/lists/${list.id}/trash`, bearerOf(me));
    expect(trash.statusCode).toBe(200);
    expect(trash.json()).toMatchObject({ data: [{ id: a.id, data: { title: 'A' }, deletedAt: t.clock.now().toISOString() }], pagination: { total: 1 } });
    expectError(await call(t, 'GET', `/api/lists/${list.id}/trash`, cookieOf(other)), 404);
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data/${a.id}/restore`, cookieOf(other)), 404);

    // 31 days later (moving the row's deletion back: the test sessions last 30 days).
    const longAgo = new Date(t.clock.now().getTime() - 31 * 24 * 3600_000).toISOString();
    await t.db.kysely.updateTable('list_rows').set({ deleted_at: longAgo }).where('id', '=', a.id).execute();
    expect((await call(t, 'GET', `/api/lists/${list.id}/trash`, cookieOf(me))).json().data).toEqual([]);
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data/${a.id}/restore`, cookieOf(me)), 404);
  });
});

describe('GET /api/lists/{id}/data: paging, sort, filter, q', () => {
  async function seeded() {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const books = [
      { title: 'Dune', pages: 412, status: 'done', tags: ['sf', 'classic'], priority: 'high', finished: '2024-03-01', owned: true },
      { title: 'Emma', pages: 320, status: 'reading', tags: ['classic'], priority: 'low', owned: false },
      { title: 'Neuromancer', pages: 271, status: 'to read', tags: ['sf'], priority: 'urgent', finished: '2023-01-10' },
      { title: 'Walden', pages: 352, tags: ['essay'], priority: 'medium' },
      { title: 'Ulysses' },
    ];
    const ids: Record<string, string> = {};
    for (const b of books) {
      t.clock.advance(1000);
      ids[b.title] = (await addRow(t, cookieOf(me), list.id, b)).id;
    }
    const titles = async (query: string) => {
      const res = await call(t, 'GET', `/api/lists/${list.id}/data?${query}`, bearerOf(me));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: any) => r.data.title);
    };
    return { me, list, ids, titles };
  }

  it('pages in creation order by default with a pagination object', async () => {
    const { me, list } = await seeded();
    const res = (await call(t, 'GET', `/api/lists/${list.id}/data?limit=2&offset=2`, cookieOf(me))).json();
    expect(res.data.map((r: any) => r.data.title)).toEqual(['Neuromancer', 'Walden']);
    expect(res.pagination).toEqual({ total: 5, limit: 2, offset: 2, hasMore: true });
  });

  it('sorts by a column (empty last either way), by priority order, by createdAt and descending', async () => {
    const { titles } = await seeded();
    expect(await titles('sort=pages')).toEqual(['Neuromancer', 'Emma', 'Walden', 'Dune', 'Ulysses']);
    expect(await titles('sort=-pages')).toEqual(['Dune', 'Walden', 'Emma', 'Neuromancer', 'Ulysses']);
    expect(await titles('sort=title')).toEqual(['Dune', 'Emma', 'Neuromancer', 'Ulysses', 'Walden']);
    expect(await titles('sort=-priority')).toEqual(['Neuromancer', 'Dune', 'Walden', 'Emma', 'Ulysses']);
    expect(await titles('sort=-createdAt')).toEqual(['Ulysses', 'Walden', 'Neuromancer', 'Emma', 'Dune']);
    expect(await titles('sort=finished')).toEqual(['Neuromancer', 'Dune', 'Emma', 'Walden', 'Ulysses']);
    // Pages that straddle the rows with a value and the empty ones.
    expect(await titles('sort=pages&limit=2&offset=3')).toEqual(['Dune', 'Ulysses']);
    expect(await titles('sort=pages&limit=2&offset=4')).toEqual(['Ulysses']);
    expect(await titles('sort=finished&limit=2&offset=2')).toEqual(['Emma', 'Walden']);
    expect(await titles('sort=-finished')).toEqual(['Dune', 'Neuromancer', 'Ulysses', 'Walden', 'Emma']);
    expect(await titles('sort=-finished&limit=10&offset=3')).toEqual(['Walden', 'Emma']);
  });

  it('sorts by updatedAt: the last edited first, descending; combines with a filter', async () => {
    const { me, list, ids, titles } = await seeded();
    t.clock.advance(1000);
    expect((await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(me), { rowId: ids.Emma, data: { pages: 321 } })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(me), { rowId: ids.Dune, data: { pages: 413 } })).statusCode).toBe(200);
    expect(await titles('sort=-updatedAt')).toEqual(['Dune', 'Emma', 'Ulysses', 'Walden', 'Neuromancer']);
    expect(await titles('sort=updatedAt&limit=2&offset=3')).toEqual(['Emma', 'Dune']);
    expect(await titles(`sort=-updatedAt&${f([{ field: 'pages', operator: 'isNotEmpty' }])}`)).toEqual(['Dune', 'Emma', 'Walden', 'Neuromancer']);
  });

  const f = (conds: unknown[]) => `filter=${encodeURIComponent(JSON.stringify(conds))}`;
  const cases: [string, unknown[], string[]][] = [
    ['equals text', [{ field: 'status', operator: 'equals', value: 'done' }], ['Dune']],
    ['equals number', [{ field: 'pages', operator: 'equals', value: 320 }], ['Emma']],
    ['equals boolean', [{ field: 'owned', operator: 'equals', value: false }], ['Emma']],
    ['notEquals (empty counts as not equal)', [{ field: 'status', operator: 'notEquals', value: 'to read' }], ['Dune', 'Emma']],
    ['contains text, case-insensitive', [{ field: 'title', operator: 'contains', value: 'MAN' }], ['Neuromancer']],
    ['contains multiselect', [{ field: 'tags', operator: 'contains', value: 'classic' }], ['Dune', 'Emma']],
    ['notContains multiselect', [{ field: 'tags', operator: 'notContains', value: 'sf' }], ['Emma', 'Walden', 'Ulysses']],
    ['greaterThan number', [{ field: 'pages', operator: 'greaterThan', value: 320 }], ['Dune', 'Walden']],
    ['lessThan number', [{ field: 'pages', operator: 'lessThan', value: 320 }], ['Neuromancer']],
    ['greaterThanOrEqual number', [{ field: 'pages', operator: 'greaterThanOrEqual', value: 320 }], ['Dune', 'Emma', 'Walden']],
    ['lessThanOrEqual date', [{ field: 'finished', operator: 'lessThanOrEqual', value: '2024-03-01' }], ['Dune', 'Neuromancer']],
    ['greaterThan date', [{ field: 'finished', operator: 'greaterThan', value: '2023-06-01' }], ['Dune']],
    ['isEmpty', [{ field: 'pages', operator: 'isEmpty' }], ['Ulysses']],
    ['isNotEmpty', [{ field: 'finished', operator: 'isNotEmpty' }], ['Dune', 'Neuromancer']],
    [
      'two conditions, all must hold',
      [
        { field: 'tags', operator: 'contains', value: 'sf' },
        { field: 'pages', operator: 'greaterThan', value: 300 },
      ],
      ['Dune'],
    ],
  ];
  it.each(cases)('filter: %s', async (_n, conds, expected) => {
    const { titles } = await seeded();
    expect(await titles(f(conds))).toEqual(expected);
  });

  it('q finds case-insensitive text in any text-like column; combines with sort and filter', async () => {
    const { titles } = await seeded();
    expect(await titles('q=EMM')).toEqual(['Emma']);
    expect(await titles('q=read')).toEqual(['Emma', 'Neuromancer', 'Walden', 'Ulysses']);
    expect(await titles(`q=%25`)).toEqual([]);
    expect(await titles(`q=e&sort=-pages&${f([{ field: 'pages', operator: 'isNotEmpty' }])}`)).toEqual(['Dune', 'Walden', 'Emma', 'Neuromancer']);
  });

  it('an unknown column or operator, a malformed filter, a value of the wrong kind or a page out of range is 400', async () => {
    const { me, list } = await seeded();
    for (const query of [
      'sort=nope',
      f([{ field: 'nope', operator: 'equals', value: 1 }]),
      f([{ field: 'title', operator: 'like', value: 1 }]),
      'filter=not-json',
      'filter=%7B%7D',
      f([{ field: 'pages', operator: 'equals', value: 'many' }]),
      f([{ field: 'owned', operator: 'greaterThan', value: true }]),
      'limit=x',
      // Pages of 1 to 200 (the house rule: refused, not clamped).
      'limit=0',
      'limit=201',
      'offset=-1',
    ]) {
      expectError(await call(t, 'GET', `/api/lists/${list.id}/data?${query}`, cookieOf(me)), 400);
    }
  });

  it('another user gets 404; anonymous 401', async () => {
    const { list } = await seeded();
    const other = await activeUser(t);
    expectError(await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(other)), 404);
    expectError(await call(t, 'GET', `/api/lists/${list.id}/data`), 401);
  });

  it('saved views: CRUD, and ?view= applies sort, filter and hidden columns', async () => {
    const { me, list, titles } = await seeded();
    const other = await activeUser(t);
    const created = await call(t, 'POST', `/api/lists/${list.id}/views`, bearerOf(me), {
      name: 'Long sf',
      sort: '-pages',
      filter: [{ field: 'tags', operator: 'contains', value: 'sf' }],
      hiddenColumns: ['isbn'],
    });
    expect(created.statusCode).toBe(201);
    const view = created.json().view;
    expect(view).toEqual({
      id: expect.any(String),
      name: 'Long sf',
      sort: '-pages',
      filter: [{ field: 'tags', operator: 'contains', value: 'sf' }],
      hiddenColumns: ['isbn'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await titles(`view=${view.id}`)).toEqual(['Dune', 'Neuromancer']);
    const viewed = (await call(t, 'GET', `/api/lists/${list.id}/data?view=${view.id}`, cookieOf(me))).json();
    expect(Object.keys(viewed.data[0].data)).not.toContain('isbn');
    expect(await titles(`view=${view.id}&sort=title`)).toEqual(['Dune', 'Neuromancer']);

    expect((await call(t, 'GET', `/api/lists/${list.id}/views`, cookieOf(me))).json()).toEqual({ views: [view] });
    const put = await call(t, 'PUT', `/api/lists/${list.id}/views/${view.id}`, cookieOf(me), { sort: 'pages' });
    expect(put.json().view.sort).toBe('pages');
    expect(await titles(`view=${view.id}`)).toEqual(['Neuromancer', 'Dune']);
    expectError(await call(t, 'POST', `/api/lists/${list.id}/views`, cookieOf(me), { name: 'x', sort: 'nope' }), 400);
    expectError(await call(t, 'POST', `/api/lists/${list.id}/views`, cookieOf(me), { name: 'x', filter: [{ field: 'pages', operator: 'near' }] }), 400);
    expectError(await call(t, 'GET', `/api/lists/${list.id}/views`, cookieOf(other)), 404);
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/views/${view.id}`, cookieOf(other), { name: 'x' }), 404);
    expectError(await call(t, 'DELETE', `/api/lists/${list.id}/views/${view.id}`, cookieOf(other)), 404);
    expectError(await call(t, 'GET', `/api/lists/${list.id}/views`), 401);
    expect((await call(t, 'DELETE', `/api/lists/${list.id}/views/${view.id}`, bearerOf(me))).statusCode).toBe(200);
    expectError(await call(t, 'GET', `/api/lists/${list.id}/data?view=${view.id}`, cookieOf(me)), 404);
  });
});
