import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { activeUser, addRow, cookieOf, createList, type Auth } from './support.js';

// Totals and row orders are cached in each process per list version (features/lists/cache.ts).
// Two app instances share one database here: every write through one must show at once in the
// other's reads, whose caches were filled before the write.

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  other = await secondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function on(app: FastifyInstance, method: Method, url: string, auth: Auth, payload?: unknown) {
  const res = await app.inject({ method, url, headers: { ...auth }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

const filter = (conds: unknown[]) => `filter=${encodeURIComponent(JSON.stringify(conds))}`;

function multipart(csv: string) {
  const boundary = '----listscache1';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nvalid-rows\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('cached totals and row orders across two app instances', () => {
  it('every row write, import and column change through one instance shows at once in the other', async () => {
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const list = await createList(t, auth);
    for (const [i, title] of ['Dune', 'Emma', 'Walden', 'Ulysses'].entries()) {
      t.clock.advance(1000);
      await addRow(t, auth, list.id, { title, pages: [412, 320, 352, 730][i], tags: i % 2 === 0 ? ['sf'] : ['classic'] });
    }
    // Read on `t` (filling its caches), write on `other`, read on `t` again.
    const long = `${filter([{ field: 'pages', operator: 'greaterThan', value: 340 }])}&sort=-pages`;
    const read = async (query: string) => {
      const body = await on(t.app, 'GET', `/api/lists/${list.id}/data?${query}`, auth);
      return { titles: body.data.map((r: { data: { title: string } }) => r.data.title), total: body.pagination.total };
    };
    const all = async () => read('');
    expect(await read(long)).toEqual({ titles: ['Ulysses', 'Dune', 'Walden'], total: 3 });
    expect(await read(`${long}&limit=1&offset=2`)).toEqual({ titles: ['Walden'], total: 3 });
    expect(await read('q=dun')).toEqual({ titles: ['Dune'], total: 1 });
    expect((await all()).total).toBe(4);

    // Add.
    t.clock.advance(1000);
    const added = (await on(other, 'POST', `/api/lists/${list.id}/data`, auth, { data: { title: 'Middlemarch', pages: 880 } })).data;
    expect(await read(long)).toEqual({ titles: ['Middlemarch', 'Ulysses', 'Dune', 'Walden'], total: 4 });
    expect(await read(`${long}&limit=1&offset=2`)).toEqual({ titles: ['Dune'], total: 4 });
    expect(await all()).toEqual({ titles: ['Dune', 'Emma', 'Walden', 'Ulysses', 'Middlemarch'], total: 5 });

    // Edit: out of the filter, then a title `q` finds.
    await on(other, 'PUT', `/api/lists/${list.id}/data`, auth, { rowId: added.id, data: { pages: 100, title: 'Dune Messiah' } });
    expect(await read(long)).toEqual({ titles: ['Ulysses', 'Dune', 'Walden'], total: 3 });
    expect(await read('q=dun')).toEqual({ titles: ['Dune', 'Dune Messiah'], total: 2 });

    // Delete, then restore.
    await on(other, 'DELETE', `/api/lists/${list.id}/data/${added.id}`, auth);
    expect(await read('q=dun')).toEqual({ titles: ['Dune'], total: 1 });
    expect((await all()).total).toBe(4);
    await on(other, 'POST', `/api/lists/${list.id}/data/${added.id}/restore`, auth);
    expect(await read('q=dun')).toEqual({ titles: ['Dune', 'Dune Messiah'], total: 2 });
    expect((await all()).total).toBe(5);

    // Import (one valid line, one invalid).
    const m = multipart('title,pages\nBleak House,1017\n,12\n');
    const started = await other.inject({ method: 'POST', url: `/api/lists/${list.id}/import`, payload: m.payload, headers: { ...m.headers, ...auth } });
    expect(started.statusCode, started.body).toBe(202);
    let job = { status: 'queued', inserted: 0 };
    for (let i = 0; i < 500 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      job = (await on(other, 'GET', `/api/lists/${list.id}/imports/${started.json().job.id}`, auth)).job;
    }
    expect(job).toMatchObject({ status: 'done', inserted: 1 });
    expect(await read(long)).toEqual({ titles: ['Bleak House', 'Ulysses', 'Dune', 'Walden'], total: 4 });
    expect((await all()).total).toBe(6);

    // Re-key a column: the same filter now names a column that no longer exists, the new key works.
    const fields = (await on(t.app, 'GET', `/api/lists/${list.id}`, auth)).data.schema.fields;
    const properties = fields.map((f: Record<string, unknown>) => (f.key === 'pages' ? { ...f, key: 'length', label: 'Length' } : f));
    await on(other, 'PUT', `/api/lists/${list.id}/schema`, auth, { properties });
    const gone = await t.app.inject({ method: 'GET', url: `/api/lists/${list.id}/data?${long}`, headers: { ...auth } });
    expect(gone.statusCode).toBe(400);
    expect(await read(`${filter([{ field: 'length', operator: 'greaterThan', value: 340 }])}&sort=-length`)).toEqual({
      titles: ['Bleak House', 'Ulysses', 'Dune', 'Walden'],
      total: 4,
    });
    const row = (await on(t.app, 'GET', `/api/lists/${list.id}/data?limit=1`, auth)).data[0];
    expect(row.data).toMatchObject({ title: 'Dune', length: 412 });
    expect(row.data).not.toHaveProperty('pages');

    // Destructive rebuild: no rows, the new columns.
    await on(other, 'PUT', `/api/lists/${list.id}/schema`, auth, { name: 'Films', fields: [{ key: 'title', type: 'text', label: 'Title' }] });
    expect(await read('q=dun')).toEqual({ titles: [], total: 0 });
    expect(await all()).toEqual({ titles: [], total: 0 });
  });

  it('the public rows page follows the owner’s writes too', async () => {
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const list = await createList(t, auth, { isPublic: true });
    await addRow(t, auth, list.id, { title: 'Dune', pages: 412 });
    const url = `/api/users/${me.user.username}/lists/${list.id}/data?sort=-pages&${filter([{ field: 'pages', operator: 'isNotEmpty' }])}`;
    const publicTitles = async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return [res.json().data.map((r: { data: { title: string } }) => r.data.title), res.json().pagination.total];
    };
    expect(await publicTitles()).toEqual([['Dune'], 1]);
    await on(other, 'POST', `/api/lists/${list.id}/data`, auth, { data: { title: 'Emma', pages: 500 } });
    expect(await publicTitles()).toEqual([['Emma', 'Dune'], 2]);
  });

  it('pages sliced from a cached order equal the whole order, at every offset', async () => {
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const list = await createList(t, auth);
    for (let i = 0; i < 23; i++) {
      t.clock.advance(1000);
      await addRow(t, auth, list.id, { title: `Book ${i}`, pages: (i * 7) % 11 === 0 ? null : ((i * 37) % 13) + 1 });
    }
    const query = `sort=-pages&${filter([{ field: 'title', operator: 'contains', value: 'book' }])}`;
    const whole = (await on(t.app, 'GET', `/api/lists/${list.id}/data?${query}&limit=200`, auth)).data.map((r: { id: string }) => r.id);
    expect(whole).toHaveLength(23);
    for (const limit of [1, 4, 5]) {
      const paged: string[] = [];
      for (let offset = 0; offset < 25; offset += limit) {
        const body = await on(t.app, 'GET', `/api/lists/${list.id}/data?${query}&limit=${limit}&offset=${offset}`, auth);
        expect(body.pagination).toEqual({ total: 23, limit, offset, hasMore: offset + body.data.length < 23 });
        paged.push(...body.data.map((r: { id: string }) => r.id));
      }
      expect(paged).toEqual(whole);
    }
  });
});
