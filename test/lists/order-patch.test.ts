import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { activeUser, BOOKS_SCHEMA, cookieOf, createList, type Auth } from './support.js';

// A cached row order (features/lists/row-orders.ts) is patched from the rows written since its
// version rather than computed again. Here one instance keeps its orders across random adds,
// edits, deletes and restores, and every page it answers must equal the page a fresh instance
// (no cached order at all) computes from scratch, for sorts on every column type and both
// directions, filters (equals, ranges, contains) and q.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => {
  await t.close();
});

/** A seeded generator, so that a failure is the same failure again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Titles that order differently by UTF-16 unit and by code point (an astral emoji against U+FFxx),
// with case, accents and CJK, and repeats so that ties fall to creation time and id.
const TITLES = ['Dune', 'dune', 'Émile', 'Emma', 'walden', '東京', '🐳 whale', '\uff21 wide', 'Zed', 'a', 'Dune'];
const SCHEMA = { ...BOOKS_SCHEMA, fields: [...BOOKS_SCHEMA.fields, { key: 'seen', type: 'datetime', label: 'Seen' }] };
const STATUSES = ['to read', 'reading', 'done'];
const TAGS = [['sf'], ['classic'], ['sf', 'essay'], []];
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];

function rowData(rnd: () => number): Record<string, unknown> {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const maybe = <T>(v: T) => (rnd() < 0.2 ? null : v);
  return {
    title: pick(TITLES),
    pages: maybe(1 + Math.floor(rnd() * 6) * 50),
    status: maybe(pick(STATUSES)),
    tags: pick(TAGS),
    priority: maybe(pick(PRIORITIES)),
    finished: maybe(`2024-0${1 + Math.floor(rnd() * 3)}-1${Math.floor(rnd() * 3)}`),
    owned: maybe(rnd() < 0.5),
    seen: maybe(`2024-05-0${1 + Math.floor(rnd() * 3)}T10:00:0${Math.floor(rnd() * 3)}.${Math.floor(rnd() * 3)}00Z`),
  };
}

const f = (conds: unknown[]) => `&filter=${encodeURIComponent(JSON.stringify(conds))}`;
const SORTS = ['title', '-title', 'pages', '-pages', 'status', 'tags', '-tags', 'priority', '-priority', 'finished', '-finished', 'owned', '-owned', 'seen', '-seen', 'updatedAt', '-updatedAt', 'createdAt', '-createdAt'];
const FILTERS = [
  '',
  f([{ field: 'pages', operator: 'greaterThanOrEqual', value: 100 }]),
  f([{ field: 'status', operator: 'equals', value: 'reading' }]),
  f([{ field: 'title', operator: 'contains', value: 'dun' }]),
  f([{ field: 'tags', operator: 'contains', value: 'sf' }, { field: 'pages', operator: 'lessThan', value: 250 }]),
  f([{ field: 'priority', operator: 'greaterThan', value: 'low' }]),
  f([{ field: 'seen', operator: 'lessThanOrEqual', value: '2024-05-02T10:00:01Z' }]),
  '&q=e',
];
// Every sort with no filter, and every filter under a few sorts (and in creation order).
const QUERIES = [...SORTS.map((s) => `sort=${s}`), ...FILTERS.filter(Boolean).flatMap((x) => ['sort=createdAt', 'sort=-pages', 'sort=title'].map((s) => `${s}${x}`))];

async function page(app: FastifyInstance, auth: Auth, listId: string, query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/lists/${listId}/data?${query}&limit=100`, headers: { ...auth } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.data.map((r: { id: string }) => r.id) as string[], total: body.pagination.total as number };
}

async function send(auth: Auth, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { ...auth }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

describe('row orders patched after writes', () => {
  it('answer every page as a fresh instance computes it, after random adds, edits, deletes and restores', async () => {
    const rnd = random(37);
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const list = await createList(t, auth, { schema: SCHEMA });
    const live: string[] = [];
    const trashed: string[] = [];
    const add = async () => {
      // Rows are often created at the same time: their order is then their ids'.
      if (rnd() < 0.5) t.clock.advance(1000);
      live.push((await send(auth, 'POST', `/api/lists/${list.id}/data`, { data: rowData(rnd) })).data.id);
    };
    for (let i = 0; i < 30; i++) await add();
    const write = async () => {
      const r = rnd();
      if (r < 0.3 || live.length < 5) return add();
      t.clock.advance(500);
      if (r < 0.7) {
        const id = live[Math.floor(rnd() * live.length)];
        const data = rowData(rnd);
        // An edit sends some cells only; the others keep their values.
        for (const k of Object.keys(data)) if (rnd() < 0.5) delete data[k];
        return send(auth, 'PUT', `/api/lists/${list.id}/data`, { rowId: id, data });
      }
      if (r < 0.85 || trashed.length === 0) {
        const id = live.splice(Math.floor(rnd() * live.length), 1)[0];
        trashed.push(id);
        return send(auth, 'DELETE', `/api/lists/${list.id}/data/${id}`);
      }
      const id = trashed.splice(Math.floor(rnd() * trashed.length), 1)[0];
      live.push(id);
      return send(auth, 'POST', `/api/lists/${list.id}/data/${id}/restore`);
    };

    // Fill this instance's orders, then write and compare, in rounds of 1 to 80 writes (past 64,
    // the patch finds the rows taken out by one pass over the order).
    for (const q of QUERIES) await page(t.app, auth, list.id, q);
    for (const writes of [1, 1, 2, 3, 1, 5, 80, 1, 2]) {
      for (let i = 0; i < writes; i++) await write();
      const fresh = await secondInstance(t);
      try {
        for (const q of QUERIES) {
          const expected = await page(fresh, auth, list.id, q);
          expect(await page(t.app, auth, list.id, q), q).toEqual(expected);
        }
      } finally {
        await fresh.close();
      }
    }
    // The rows are all there: the pages above were not trivially empty.
    expect((await page(t.app, auth, list.id, 'sort=title')).total).toBe(live.length);
  });

  it('stay exact under writers at the same time through two instances (each its own connections on PostgreSQL)', async () => {
    const rnd = random(7);
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const list = await createList(t, auth, { schema: SCHEMA });
    const other = await secondInstance(t, { ownConnection: true });
    try {
      const add = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: `/api/lists/${list.id}/data`, headers: { ...auth }, payload: { data: rowData(rnd) } }).then((res) => {
          expect(res.statusCode, res.body).toBe(201);
          return res.json().data.id as string;
        });
      const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => add(i % 2 ? other : t.app)));
      for (const q of QUERIES) await page(t.app, auth, list.id, q);
      // Adds and edits from both instances at once, while this one reads (and patches) between them.
      const writes = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ?
          add(i % 2 ? other : t.app)
        : (i % 2 ? other : t.app).inject({ method: 'PUT', url: `/api/lists/${list.id}/data`, headers: { ...auth }, payload: { rowId: ids[i % ids.length], data: { pages: 1 + i * 7, title: TITLES[i % TITLES.length] } } }),
      );
      const reads = QUERIES.slice(0, 6).map((q) => page(t.app, auth, list.id, q));
      await Promise.all([...writes, ...reads]);
      const fresh = await secondInstance(t);
      try {
        for (const q of QUERIES) expect(await page(t.app, auth, list.id, q), q).toEqual(await page(fresh, auth, list.id, q));
      } finally {
        await fresh.close();
      }
    } finally {
      await other.close();
    }
  });
});
