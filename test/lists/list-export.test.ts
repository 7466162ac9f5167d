import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, addRow, bearerOf, call, cookieOf, createList, expectError, importCsvFile, type Auth } from './support.js';

// GET /api/lists/{id}/export: one list as the CSV its import reads, so that an export imports
// back into a list of the same schema as it was.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

/** A column of every type, with labels the import could not find back (so the header names those by key). */
const EVERY_TYPE = {
  name: 'Everything',
  fields: [
    { key: 'title', type: 'text', label: 'Title', required: true },
    { key: 'notes', type: 'textarea', label: '=Notes' },
    { key: 'amount', type: 'number', label: 'Amount' },
    { key: 'done', type: 'boolean', label: 'Done' },
    { key: 'due', type: 'date', label: 'Due' },
    { key: 'at', type: 'datetime', label: 'At' },
    { key: 'mail', type: 'email', label: 'Contact' },
    { key: 'site', type: 'url', label: 'Contact' },
    { key: 'phone', type: 'tel', label: 'mail' },
    { key: 'status', type: 'select', label: 'Status', options: ['open', '-closed'] },
    { key: 'labels', type: 'multiselect', label: 'Labels', options: ['red', 'green', '+blue', 'two words'] },
    { key: 'urgency', type: 'priority', label: 'Urgency' },
  ],
};

const ROWS: Record<string, unknown>[] = [
  {
    title: '=SUM(A1:A9)',
    notes: 'line one\nline two, "quoted"',
    amount: -12.5,
    done: true,
    due: '2026-02-28',
    at: '2026-03-01T09:30:00+01:00',
    mail: 'ada@example.org',
    site: 'https://example.org/a?b=1,2',
    phone: '+44 20 7946 0958',
    status: '-closed',
    labels: ['red', '+blue', 'two words'],
    urgency: 'urgent',
  },
  { title: "'=already quoted", notes: '\tindented', amount: 0, done: false, labels: ['green'], urgency: 'low' },
  { title: '@mention 日本語 🎉', amount: 1e21, at: '2026-12-31T23:59:59.123Z', status: 'open' },
  { title: "'plain apostrophe", notes: '-', amount: 0.1 },
];

const rowsOf = async (auth: Auth, listId: string) => (await call(t, 'GET', `/api/lists/${listId}/data?limit=100`, auth)).json().data as { data: Record<string, unknown> }[];

async function listWithRows(auth: Auth) {
  const list = await createList(t, auth, { title: 'Everything', schema: EVERY_TYPE });
  for (const data of ROWS) await addRow(t, auth, list.id, data);
  // A deleted row is not part of the list's export.
  const gone = await addRow(t, auth, list.id, { title: 'deleted' });
  expect((await call(t, 'DELETE', `/api/lists/${list.id}/data/${gone.id}`, auth)).statusCode).toBe(200);
  return list;
}

describe('GET /api/lists/{id}/export', () => {
  it('a column per column key under its label, multiselect joined with ;, formula cells neutralised', async () => {
    const me = await activeUser(t);
    const list = await listWithRows(cookieOf(me));
    const res = await call(t, 'GET', `/api/lists/${list.id}/export`, bearerOf(me));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Everything.csv"');
    const [header, ...lines] = parse(res.body, { relax_column_count: false }) as string[][];
    // Labels, except where the import would take one for another column: a label two columns
    // share (Contact) and a label that is another column's key (mail) give way to the key.
    expect(header).toEqual(['Title', "'=Notes", 'Amount', 'Done', 'Due', 'At', 'mail', 'site', 'phone', 'Status', 'Labels', 'Urgency']);
    expect(lines).toEqual([
      [
        "'=SUM(A1:A9)",
        'line one\nline two, "quoted"',
        "'-12.5",
        'true',
        '2026-02-28',
        '2026-03-01T09:30:00+01:00',
        'ada@example.org',
        'https://example.org/a?b=1,2',
        "'+44 20 7946 0958",
        "'-closed",
        'red;+blue;two words',
        'urgent',
      ],
      ["''=already quoted", "'\tindented", '0', 'false', '', '', '', '', '', '', 'green', 'low'],
      ["'@mention 日本語 🎉", '', '1e+21', '', '', '2026-12-31T23:59:59.123Z', '', '', '', 'open', '', ''],
      ["'plain apostrophe", "'-", '0.1', '', '', '', '', '', '', '', '', ''],
    ]);
  });

  it('round trip: the export imports into a fresh list of the same schema as equal rows', async () => {
    const me = await activeUser(t);
    const list = await listWithRows(bearerOf(me));
    const exported = await call(t, 'GET', `/api/lists/${list.id}/export`, bearerOf(me));
    expect(exported.statusCode).toBe(200);

    const copy = await createList(t, bearerOf(me), { title: 'Copy', schema: EVERY_TYPE });
    const job = await importCsvFile(t, bearerOf(me), copy.id, exported.body);
    expect(job).toMatchObject({ status: 'done', total: ROWS.length, inserted: ROWS.length, skipped: 0, errors: [] });

    const original = (await rowsOf(bearerOf(me), list.id)).map((r) => r.data);
    expect(original).toHaveLength(ROWS.length);
    expect((await rowsOf(bearerOf(me), copy.id)).map((r) => r.data)).toEqual(original);
    // And what was stored is what was sent.
    expect(original[0]).toEqual(ROWS[0]);
    expect(original[1]).toMatchObject(ROWS[1]);
  });

  it('an empty list exports its header line; a title outside ASCII is kept in filename*', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me), { title: 'Résumé "2026"', schema: EVERY_TYPE });
    const res = await call(t, 'GET', `/api/lists/${list.id}/export`, cookieOf(me));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("Title,'=Notes,Amount,Done,Due,At,mail,site,phone,Status,Labels,Urgency\n");
    expect(res.headers['content-disposition']).toBe(`attachment; filename="R_sum_ _2026_.csv"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%222026%22.csv`);
  });

  it('only the owner: another user and an unknown id are 404, no credentials 401', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    expect((await call(t, 'GET', `/api/lists/${list.id}/export`, cookieOf(me))).statusCode).toBe(200);
    expect(expectError(await call(t, 'GET', `/api/lists/${list.id}/export`, bearerOf(other)), 404, 'not_found').error).toBe('List not found');
    expectError(await call(t, 'GET', `/api/lists/${list.id}/export`, cookieOf(other)), 404, 'not_found');
    expectError(await call(t, 'GET', '/api/lists/0190f5c2-0000-7000-8000-00000000dead/export', cookieOf(me)), 404, 'not_found');
    expectError(await call(t, 'GET', `/api/lists/${list.id}/export`), 401);
  });
});

describe('the import says how multiselect cells are separated', () => {
  it('a cell with values separated otherwise is refused naming the value and the separator', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me), { title: 'Everything', schema: EVERY_TYPE });
    const job = await importCsvFile(t, cookieOf(me), list.id, 'Title,Labels\nX,"red, green"\nY,red;green\n');
    expect(job).toMatchObject({
      status: 'failed',
      errors: [{ line: 2, messages: [`Labels must be one of: red, green, +blue, two words ("red, green" is not; a CSV cell separates a multiselect's values with ;)`] }],
    });
    // Through the API, the same value is refused without the CSV note.
    const res = await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(me), { data: { title: 'Z', labels: ['red', 'purple'] } });
    expect(res.json()).toEqual({
      error: 'Labels must be one of: red, green, +blue, two words ("purple" is not)',
      code: 'validation_failed',
      errors: ['Labels must be one of: red, green, +blue, two words ("purple" is not)'],
    });
  });
});
