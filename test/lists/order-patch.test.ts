import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEarly } from '../../src/lib/promises.js';
import { createTestApp, ENGINE, queriesDuring, secondInstance, type TestApp } from '../helpers/app.js';
import { activeUser, BOOKS_SCHEMA, cookieOf, createList, importCsvFile, type Auth } from './support.js';

// A cached row order (features/lists/row-orders.ts) is patched from the rows written since its
// version rather than computed again. Here one instance keeps its orders across random adds,
// edits, deletes and restores, and every page it answers must equal the page a fresh instance
// (no cached order at all) computes from scratch, for sorts on every column type and both
// directions, filters (equals, ranges, contains) and q. Which way a page's order was made is
// read from the SQL it ran (the rows written since, by stamp; or every matching row), on both
// engines.

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

/** A page of this instance's, and whether its order was patched (the rows stamped since) or computed (every matching row). */
async function pageAndPath(auth: Auth, listId: string, query: string) {
  let answered: Awaited<ReturnType<typeof page>> | undefined;
  const ran = await queriesDuring(t.db, async () => {
    answered = await page(t.app, auth, listId, query);
  });
  return { page: answered!, patched: ran.some((q) => /r\.stamp >= /.test(q)), computed: ran.some((q) => /from \(select r\.id as id, /.test(q)) };
}

/** Every query's page as this instance answers it (patched, not computed) and as a fresh instance computes it. */
async function expectPatchedAsFresh(auth: Auth, listId: string, queries: readonly string[], after: string) {
  const fresh = await secondInstance(t);
  try {
    for (const q of queries) {
      const { page: answered, patched, computed } = await pageAndPath(auth, listId, q);
      expect({ after, q, patched, computed }).toEqual({ after, q, patched: true, computed: false });
      expect(answered, `${after}: ${q}`).toEqual(await page(fresh, auth, listId, q));
    }
  } finally {
    await fresh.close();
  }
}

/** Adds a row through `app` (either instance); its id. */
async function addRow(app: FastifyInstance, auth: Auth, listId: string, data: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `/api/lists/${listId}/data`, headers: { ...auth }, payload: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
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
    // About 180 writes each followed by a fresh instance on PostgreSQL: 22-25 s on a busy machine.
  }, 90_000);

  it('stay exact under writers at the same time through two instances (each its own connections on PostgreSQL)', async () => {
    const rnd = random(7);
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const list = await createList(t, auth, { schema: SCHEMA });
    const other = await secondInstance(t, { ownConnection: true });
    try {
      const add = (app: FastifyInstance) => addRow(app, auth, list.id, rowData(rnd));
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
  it('patch the page right after each kind of write (add, edit, trash, restore, import, upsert import): sorted and filtered, by title, in row order, totals', async () => {
    const rnd = random(38);
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const list = await createList(t, auth, { schema: SCHEMA });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      t.clock.advance(1000);
      ids.push((await send(auth, 'POST', `/api/lists/${list.id}/data`, { data: { ...rowData(rnd), isbn: `isbn-${i}` } })).data.id);
    }
    const checked = [
      `sort=-pages${f([{ field: 'pages', operator: 'greaterThanOrEqual', value: 100 }, { field: 'status', operator: 'equals', value: 'reading' }])}`,
      'sort=title',
      'sort=createdAt',
      'sort=-updatedAt&q=e',
    ];
    const writes: [string, () => Promise<unknown>][] = [
      ['add', () => send(auth, 'POST', `/api/lists/${list.id}/data`, { data: { ...rowData(rnd), title: 'Added', pages: 150, status: 'reading' } })],
      ['edit', () => send(auth, 'PUT', `/api/lists/${list.id}/data`, { rowId: ids[3], data: { title: 'Aaa edited', pages: 300, status: 'reading' } })],
      ['trash', () => send(auth, 'DELETE', `/api/lists/${list.id}/data/${ids[5]}`)],
      ['restore', () => send(auth, 'POST', `/api/lists/${list.id}/data/${ids[5]}/restore`)],
      ['import', () => importCsvFile(t, auth, list.id, 'title,pages,status\nImported one,200,reading\nImported two,50,done\nÉmile imported,400,reading\n')],
      ['upsert import', () => importCsvFile(t, auth, list.id, 'isbn,title,pages,status\nisbn-1,Upserted,250,reading\nisbn-2,dune,100,reading\nisbn-new,Zed new,120,reading\n', { upsertKey: 'isbn' })],
    ];
    for (const q of checked) await page(t.app, auth, list.id, q);
    for (const [name, write] of writes) {
      t.clock.advance(1000);
      await write();
      await expectPatchedAsFresh(auth, list.id, checked, name);
    }
    expect((await page(t.app, auth, list.id, 'sort=title')).total).toBe(20 + 1 + 3 + 1);
  });

  it('stay exact and patched while several row adds are in flight as pages are read (two instances)', async () => {
    const rnd = random(11);
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const list = await createList(t, auth, { schema: SCHEMA });
    const other = await secondInstance(t, { ownConnection: true });
    try {
      const add = (app: FastifyInstance) => addRow(app, auth, list.id, rowData(rnd));
      const checked = ['sort=title', 'sort=createdAt', `sort=-pages${f([{ field: 'pages', operator: 'greaterThanOrEqual', value: 100 }])}`];
      for (let i = 0; i < 5; i++) await add(t.app);
      for (const q of checked) await page(t.app, auth, list.id, q);
      // Rounds of eight adds from both instances at once, with this one's pages read among them.
      const added: string[] = [];
      for (let round = 0; round < 4; round++) {
        const adds = Array.from({ length: 8 }, (_, i) => add(i % 2 ? other : t.app));
        const reads = checked.map((q) => page(t.app, auth, list.id, q));
        const [ids] = await Promise.all([Promise.all(adds), Promise.all(reads)]);
        added.push(...ids);
        // One more add, so that the orders kept during the round (whichever version they are of) are patched.
        added.push(await add(other));
        await expectPatchedAsFresh(auth, list.id, checked, `round ${round}`);
      }
      const all = await page(t.app, auth, list.id, 'sort=createdAt');
      expect(all.total).toBe(5 + added.length);
      expect(all.ids).toEqual(expect.arrayContaining(added));
    } finally {
      await other.close();
    }
  });

  // PostgreSQL's writers run at once: a row is stamped with its transaction's id when written,
  // and that transaction may commit after a later one. SQLite has one writer, so no such order.
  if (ENGINE === 'postgres') {
    it('PostgreSQL: keep a row whose writer took its id before another writer but committed after an order was read', async () => {
      const rnd = random(5);
      const me = await activeUser(t);
      const auth = cookieOf(me);
      const list = await createList(t, auth, { schema: SCHEMA });
      const isbn = list.schema.fields.find((c) => c.key === 'isbn')!.propertyId;
      const other = await secondInstance(t, { ownConnection: true });
      const holder = new pg.Client({ connectionString: t.dbUrl! });
      await holder.connect();
      try {
        const first = (await send(auth, 'POST', `/api/lists/${list.id}/data`, { data: rowData(rnd) })).data.id as string;
        const checked = ['sort=title', 'sort=createdAt', `sort=-pages${f([{ field: 'pages', operator: 'greaterThanOrEqual', value: 1 }])}`];
        for (const q of checked) await page(t.app, auth, list.id, q);
        // An uncommitted claim of the ISBN "held": an add claiming it writes its row (taking its
        // transaction's id as its stamp) and then waits on the claim, in flight.
        await holder.query('begin');
        await holder.query('insert into list_unique_values (property_id, value, row_id) values ($1, $2, $3)', [isbn, 'held', first]);
        const early = startedEarly(t.app.inject({ method: 'POST', url: `/api/lists/${list.id}/data`, headers: { ...auth }, payload: { data: { title: 'Early', pages: 10, isbn: 'held' } } }).then((res) => res));
        const waiting = async () => {
          const { rows } = await holder.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          return rows[0].n as number;
        };
        while ((await waiting()) === 0) await new Promise((r) => setTimeout(r, 10));
        // A later writer commits; the orders are read (and kept) while the early one is in flight.
        const late = await other.inject({ method: 'POST', url: `/api/lists/${list.id}/data`, headers: { ...auth }, payload: { data: { title: 'Late', pages: 20 } } });
        expect(late.statusCode, late.body).toBe(201);
        for (const q of checked) expect((await page(t.app, auth, list.id, q)).ids).toContain(late.json().data.id);
        expect((await page(t.app, auth, list.id, 'sort=title')).total).toBe(2);
        // The claim is let go: the early add commits, after the orders above were kept.
        await holder.query('rollback');
        const res = await early;
        expect(res.statusCode, res.body).toBe(201);
        const earlyId = res.json().data.id as string;
        await expectPatchedAsFresh(auth, list.id, checked, 'the early add');
        for (const q of checked) expect((await page(t.app, auth, list.id, q)).ids).toContain(earlyId);
      } finally {
        await holder.end();
        await other.close();
      }
    });
  }
});
