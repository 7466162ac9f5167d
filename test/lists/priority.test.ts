import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, addRow, call, cookieOf, createList, expectError, type Auth } from './support.js';

// Priority columns compare and sort by the order of their options (low < medium < high < urgent
// by default, or the column's own options in their order), never by the labels' text: the
// comparison operators of `filter` and `sort`, on the default and on custom options, and after
// the options are reordered (the cached orders are keyed by the schema version).

let t: TestApp;
let me: Auth;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  me = cookieOf(await activeUser(t));
});
afterAll(async () => t.close());

const f = (conds: unknown[]) => `filter=${encodeURIComponent(JSON.stringify(conds))}`;

async function titles(listId: string, query: string): Promise<string[]> {
  const res = await call(t, 'GET', `/api/lists/${listId}/data?limit=100&${query}`, me);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { data: { title: string } }) => r.data.title);
}

/** A list whose `p` column is a priority with these options (default when undefined), one row per value (named by it), and one empty. */
async function seed(options: string[] | undefined, values: string[]) {
  const list = await createList(t, me, {
    schema: { name: 'Tasks', fields: [{ key: 'title', type: 'text', label: 'Title', required: true }, { key: 'p', type: 'priority', label: 'P', ...(options ? { options } : {}) }] },
  });
  for (const v of values) await addRow(t, me, list.id, { title: v, p: v });
  await addRow(t, me, list.id, { title: 'none' });
  return list;
}

// Rows are added in an order that is neither the option order nor the text order.
const DEFAULT_ROWS = ['high', 'low', 'urgent', 'medium'];
const CUSTOM = ['zeta', 'beta', 'alpha']; // text order is the reverse of option order
const CUSTOM_ROWS = ['alpha', 'zeta', 'beta'];

const cases: { name: string; options?: string[]; rows: string[]; query: string; expected: string[] }[] = [
  { name: 'default: greaterThan medium', rows: DEFAULT_ROWS, query: f([{ field: 'p', operator: 'greaterThan', value: 'medium' }]), expected: ['high', 'urgent'] },
  { name: 'default: greaterThanOrEqual medium', rows: DEFAULT_ROWS, query: f([{ field: 'p', operator: 'greaterThanOrEqual', value: 'medium' }]), expected: ['high', 'urgent', 'medium'] },
  { name: 'default: lessThan high', rows: DEFAULT_ROWS, query: f([{ field: 'p', operator: 'lessThan', value: 'high' }]), expected: ['low', 'medium'] },
  { name: 'default: lessThanOrEqual low', rows: DEFAULT_ROWS, query: f([{ field: 'p', operator: 'lessThanOrEqual', value: 'low' }]), expected: ['low'] },
  { name: 'default: greaterThan urgent', rows: DEFAULT_ROWS, query: f([{ field: 'p', operator: 'greaterThan', value: 'urgent' }]), expected: [] },
  { name: 'default: a range', rows: DEFAULT_ROWS, query: f([{ field: 'p', operator: 'greaterThan', value: 'low' }, { field: 'p', operator: 'lessThan', value: 'urgent' }]), expected: ['high', 'medium'] },
  { name: 'default: sort ascending (empty last)', rows: DEFAULT_ROWS, query: 'sort=p', expected: ['low', 'medium', 'high', 'urgent', 'none'] },
  { name: 'default: sort descending (empty last)', rows: DEFAULT_ROWS, query: 'sort=-p', expected: ['urgent', 'high', 'medium', 'low', 'none'] },
  { name: 'default: filter and sort', rows: DEFAULT_ROWS, query: `sort=-p&${f([{ field: 'p', operator: 'lessThanOrEqual', value: 'high' }])}`, expected: ['high', 'medium', 'low'] },
  { name: 'custom: greaterThan zeta', options: CUSTOM, rows: CUSTOM_ROWS, query: f([{ field: 'p', operator: 'greaterThan', value: 'zeta' }]), expected: ['alpha', 'beta'] },
  { name: 'custom: lessThan alpha', options: CUSTOM, rows: CUSTOM_ROWS, query: f([{ field: 'p', operator: 'lessThan', value: 'alpha' }]), expected: ['zeta', 'beta'] },
  { name: 'custom: greaterThanOrEqual beta', options: CUSTOM, rows: CUSTOM_ROWS, query: f([{ field: 'p', operator: 'greaterThanOrEqual', value: 'beta' }]), expected: ['alpha', 'beta'] },
  { name: 'custom: lessThanOrEqual beta', options: CUSTOM, rows: CUSTOM_ROWS, query: f([{ field: 'p', operator: 'lessThanOrEqual', value: 'beta' }]), expected: ['zeta', 'beta'] },
  { name: 'custom: sort ascending', options: CUSTOM, rows: CUSTOM_ROWS, query: 'sort=p', expected: ['zeta', 'beta', 'alpha', 'none'] },
  { name: 'custom: sort descending', options: CUSTOM, rows: CUSTOM_ROWS, query: 'sort=-p', expected: ['alpha', 'beta', 'zeta', 'none'] },
];

describe('priority columns compare and sort by option order', () => {
  it.each(cases)('$name', async ({ options, rows, query, expected }) => {
    const list = await seed(options, rows);
    expect(await titles(list.id, query)).toEqual(expected);
  });

  it('a comparison with a value that is not an option is 400', async () => {
    const list = await seed(undefined, DEFAULT_ROWS);
    for (const value of ['critical', 3, null]) {
      expectError(await call(t, 'GET', `/api/lists/${list.id}/data?${f([{ field: 'p', operator: 'greaterThan', value }])}`, me), 400, 'bad_request');
    }
  });

  it('follows the options when they are reordered (cached orders are not reused)', async () => {
    const list = await seed(undefined, DEFAULT_ROWS);
    const above = f([{ field: 'p', operator: 'greaterThan', value: 'medium' }]);
    expect(await titles(list.id, above)).toEqual(['high', 'urgent']);
    expect(await titles(list.id, 'sort=p')).toEqual(['low', 'medium', 'high', 'urgent', 'none']);
    const fields = list.schema.fields as unknown as Record<string, unknown>[];
    const properties = fields.map((c) => (c.key === 'p' ? { ...c, options: ['urgent', 'high', 'medium', 'low'] } : c));
    const res = await call(t, 'PUT', `/api/lists/${list.id}/schema`, me, { properties });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles(list.id, above)).toEqual(['low']);
    expect(await titles(list.id, 'sort=p')).toEqual(['urgent', 'high', 'medium', 'low', 'none']);
  });
});
