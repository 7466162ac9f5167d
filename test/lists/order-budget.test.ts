import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowOrdersState } from '../../src/features/lists/row-orders.js';
import { createTestApp, queriesDuring, secondInstance, type TestApp } from '../helpers/app.js';
import { activeUser, call, cookieOf, createList, importCsvFile, type Auth } from './support.js';

// The row orders of one list's queries share the orders' budget (features/lists/row-orders.ts),
// each held packed (order-list.ts: 32 bytes a row sorted by a number, 24 by a time or in row
// order). Here the budget is narrowed to 128 bytes a row of the list: four such queries read in
// turn must all stay cached (an order computed again is a pass over every row), through adds,
// edits, trashes, restores and an import, every page and total the one a fresh instance
// computes; a fifth query, sorted by text, does not fit beside them and evicts the oldest.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => {
  await t.close();
});

const ROWS = 400;
const f = (conds: unknown[]) => `&filter=${encodeURIComponent(JSON.stringify(conds))}`;
// Sorted by a number (all rows, and the half with 100 pages or more), by a time, and in row order (its total).
const FOUR = [`sort=-pages${f([{ field: 'pages', operator: 'greaterThanOrEqual', value: 100 }])}`, 'sort=pages', 'sort=-updatedAt', ''];
const BY_TITLE = 'sort=title';

function csv(from: number, to: number): string {
  const lines = Array.from({ length: to - from }, (_, j) => `Book ${from + j},${from + j < ROWS / 2 ? 50 + ((from + j) % 50) : 100 + ((from + j) * 7) % 900}`);
  return `title,pages\n${lines.join('\n')}\n`;
}

// Each read at its own offset: a page read again at one list version is served whole from the pages cache.
async function page(app: TestApp['app'], auth: Auth, listId: string, query: string, offset = 0) {
  const res = await app.inject({ method: 'GET', url: `/api/lists/${listId}/data?${query}&limit=20&offset=${offset}`, headers: { ...auth } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.data.map((r: { id: string }) => r.id) as string[], total: body.pagination.total as number };
}

/** This instance's page, and whether it computed its order (read every matching row) to answer it. */
async function read(auth: Auth, listId: string, query: string, offset: number) {
  let answered: Awaited<ReturnType<typeof page>> | undefined;
  const ran = await queriesDuring(t.db, async () => {
    answered = await page(t.app, auth, listId, query, offset);
  });
  return { page: answered!, computed: ran.some((q) => /from \(select r\.id as id, /.test(q)) };
}

async function send(auth: Auth, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await call(t, method, url, auth, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

describe('the row orders of one list read in turn', () => {
  it('four stay cached within 128 bytes a row through every kind of write, exact; a fifth evicts the oldest', async () => {
    const auth = cookieOf(await activeUser(t));
    const list = await createList(t, auth);
    expect((await importCsvFile(t, auth, list.id, csv(0, ROWS))).status).toBe('done');
    t.app.ctx.state(rowOrdersState).budget = 128 * ROWS;
    const fresh = await secondInstance(t);
    try {
      /** The four in turn, twice: every page as the fresh instance computes it, and none computed in the second turn. */
      const inTurn = async (step: string) => {
        for (const round of [1, 2]) {
          for (const q of FOUR) {
            const { page: answered, computed } = await read(auth, list.id, q, round * 10);
            expect(answered, `${step}: ${q}`).toEqual(await page(fresh, auth, list.id, q, round * 10));
            if (round === 2) expect({ step, q, computed }).toEqual({ step, q, computed: false });
          }
        }
      };
      await inTurn('first reads');
      expect((await page(t.app, auth, list.id, '')).total).toBe(ROWS);

      t.clock.advance(1000);
      const added = (await send(auth, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'Added', pages: 500 } })).data.id as string;
      await inTurn('after an add');
      t.clock.advance(1000);
      const first = (await page(t.app, auth, list.id, 'sort=pages')).ids[0];
      await send(auth, 'PUT', `/api/lists/${list.id}/data`, { rowId: first, data: { pages: 999 } });
      await inTurn('after an edit');
      t.clock.advance(1000);
      await send(auth, 'DELETE', `/api/lists/${list.id}/data/${added}`);
      await inTurn('after a trash');
      t.clock.advance(1000);
      await send(auth, 'POST', `/api/lists/${list.id}/data/${added}/restore`);
      await inTurn('after a restore');
      t.clock.advance(1000);
      expect((await importCsvFile(t, auth, list.id, csv(ROWS, ROWS + 20))).status).toBe('done');
      await inTurn('after an import');
      expect((await page(t.app, auth, list.id, '')).total).toBe(ROWS + 21);

      // Sorted by text (its titles kept as strings), beside the four: past the budget, the
      // least recently read (the first of the four) is evicted and computed again.
      expect((await read(auth, list.id, BY_TITLE, 0)).computed).toBe(true);
      expect((await read(auth, list.id, FOUR[3], 30)).computed).toBe(false);
      const again = await read(auth, list.id, FOUR[0], 30);
      expect(again).toEqual({ page: await page(fresh, auth, list.id, FOUR[0], 30), computed: true });
    } finally {
      await fresh.close();
    }
  });
});
