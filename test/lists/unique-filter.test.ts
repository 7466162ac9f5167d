import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadColumnsOf, rowSelection } from '../../src/features/lists/queries/index.js';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.js';
import { activeUser, addRow, bearerOf, call, cookieOf, createList } from './support.js';

// An `equals` filter on a unique column (spec, Lists: row queries; CONTRACT: `unique`) is served
// by list_unique_values, whose primary key is (property, value): the page reads the one row that
// claims the value instead of every row's JSON. The answers are the condition's own: e-mail
// claims are lower-cased but `equals` stays exact; a row in the trash or edited away is not found.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => {
  await t.close();
});

const SCHEMA = {
  name: 'Tickets',
  fields: [
    { key: 'title', type: 'text', label: 'Title', required: true },
    { key: 'code', type: 'text', label: 'Code', unique: true },
    { key: 'owner', type: 'email', label: 'Owner', unique: true },
    { key: 'seq', type: 'number', label: 'Seq', unique: true },
    { key: 'due', type: 'date', label: 'Due', unique: true },
    { key: 'lane', type: 'select', label: 'Lane', options: ['a', 'b', 'c'], unique: true },
    { key: 'at', type: 'datetime', label: 'At', unique: true },
    { key: 'note', type: 'text', label: 'Note' },
  ],
};

const f = (conds: unknown[]) => `filter=${encodeURIComponent(JSON.stringify(conds))}`;
const eq = (field: string, value: unknown) => f([{ field, operator: 'equals', value }]);

async function seeded() {
  const me = await activeUser(t);
  const list = await createList(t, cookieOf(me), { title: 'Tickets', schema: SCHEMA });
  const rows = [
    { title: 'first', code: 'A-1', owner: 'ada@example.org', seq: 7, due: '2024-05-01', lane: 'a', at: '2024-01-01T00:00:00.0009Z', note: 'x' },
    { title: 'second', code: 'A-2', owner: 'bob@example.org', seq: 7.5, due: '2024-05-02', lane: 'b', note: 'x' },
    { title: 'third', code: 'A-3', seq: 1000000, note: 'y' },
  ];
  const ids: Record<string, string> = {};
  for (const r of rows) {
    t.clock.advance(1000);
    ids[r.title] = (await addRow(t, cookieOf(me), list.id, r)).id;
  }
  const read = async (query: string) => {
    const res = await call(t, 'GET', `/api/lists/${list.id}/data?${query}`, bearerOf(me));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { titles: body.data.map((r: { data: { title: string } }) => r.data.title), total: body.pagination.total };
  };
  return { me, list, ids, read };
}

describe('GET /api/lists/{id}/data with equals on a unique column', () => {
  it('finds the row holding the value, in every unique type, and nothing for a value no row holds', async () => {
    const { read } = await seeded();
    expect(await read(eq('code', 'A-2'))).toEqual({ titles: ['second'], total: 1 });
    expect(await read(eq('code', 'A-9'))).toEqual({ titles: [], total: 0 });
    expect(await read(eq('owner', 'ada@example.org'))).toEqual({ titles: ['first'], total: 1 });
    expect(await read(eq('seq', 7))).toEqual({ titles: ['first'], total: 1 });
    expect(await read(eq('seq', '7.5'))).toEqual({ titles: ['second'], total: 1 });
    expect(await read(eq('seq', 1e6))).toEqual({ titles: ['third'], total: 1 });
    expect(await read(eq('due', '2024-05-02'))).toEqual({ titles: ['second'], total: 1 });
    expect(await read(eq('lane', 'a'))).toEqual({ titles: ['first'], total: 1 });
  });

  it('stays exact where the claim is not: e-mail claims are lower-cased, equals is not', async () => {
    const { read } = await seeded();
    expect(await read(eq('owner', 'Ada@Example.org'))).toEqual({ titles: [], total: 0 });
  });

  it('combines with the other conditions, all of which must hold', async () => {
    const { read } = await seeded();
    expect(await read(f([{ field: 'code', operator: 'equals', value: 'A-1' }, { field: 'note', operator: 'equals', value: 'x' }]))).toEqual({ titles: ['first'], total: 1 });
    expect(await read(f([{ field: 'code', operator: 'equals', value: 'A-1' }, { field: 'note', operator: 'equals', value: 'y' }]))).toEqual({ titles: [], total: 0 });
    expect(await read(f([{ field: 'code', operator: 'equals', value: 'A-1' }, { field: 'seq', operator: 'equals', value: 7.5 }]))).toEqual({ titles: [], total: 0 });
  });

  it('leaves the other operators on a unique column as they were', async () => {
    const { read } = await seeded();
    expect(await read(f([{ field: 'code', operator: 'notEquals', value: 'A-1' }]))).toEqual({ titles: ['second', 'third'], total: 2 });
    expect(await read(f([{ field: 'code', operator: 'contains', value: 'a-' }]))).toEqual({ titles: ['first', 'second', 'third'], total: 3 });
    expect(await read(f([{ field: 'seq', operator: 'greaterThan', value: 7 }]))).toEqual({ titles: ['second', 'third'], total: 2 });
  });

  it('follows the row: edited away, in the trash, restored', async () => {
    const { me, list, ids, read } = await seeded();
    t.clock.advance(1000);
    expect((await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(me), { rowId: ids.second, data: { code: 'B-2' } })).statusCode).toBe(200);
    expect(await read(eq('code', 'A-2'))).toEqual({ titles: [], total: 0 });
    expect(await read(eq('code', 'B-2'))).toEqual({ titles: ['second'], total: 1 });
    expect((await call(t, 'DELETE', `/api/lists/${list.id}/data/${ids.second}`, cookieOf(me))).statusCode).toBe(200);
    expect(await read(eq('code', 'B-2'))).toEqual({ titles: [], total: 0 });
    expect((await call(t, 'POST', `/api/lists/${list.id}/data/${ids.second}/restore`, cookieOf(me))).statusCode).toBe(200);
    expect(await read(eq('code', 'B-2'))).toEqual({ titles: ['second'], total: 1 });
  });

  it('datetimes are compared by the condition alone: below a millisecond SQLite rounds and PostgreSQL floors', async () => {
    // The claim is JavaScript's reading of the value (it drops the .0009 s); the condition is the engine's.
    const { read } = await seeded();
    expect(await read(eq('at', '2024-01-01T00:00:00.001Z'))).toEqual(ENGINE === 'sqlite' ? { titles: ['first'], total: 1 } : { titles: [], total: 0 });
    expect(await read(eq('at', '2024-01-01T00:00:00.000Z'))).toEqual(ENGINE === 'sqlite' ? { titles: [], total: 0 } : { titles: ['first'], total: 1 });
  });

  it('is planned on the primary key of list_unique_values (property, value)', async () => {
    const { list } = await seeded();
    const columns = (await loadColumnsOf(t.db.kysely, [list.id])).get(list.id)!;
    const plan = async (filter: unknown[]) => {
      const selection = rowSelection(t.db.engine, list.id, columns, { filter: filter as never });
      const query = sql`select r.id from list_rows r where ${selection.where}`;
      if (t.db.engine === 'sqlite') {
        const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(t.db.kysely);
        return rows.map((r) => r.detail).join('\n');
      }
      // Tables of a few rows are scanned whole whatever the indexes: ask for the plan an index gives.
      return t.db.kysely.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    };
    const byClaim = await plan([{ field: 'code', operator: 'equals', value: 'A-1' }]);
    if (t.db.engine === 'sqlite') expect(byClaim).toMatch(/SEARCH u USING PRIMARY KEY \(property_id=\? AND value=\?\)/);
    else expect(byClaim).toMatch(/Index Scan using list_unique_values_pk on list_unique_values u[^\n]*\n\s+Index Cond: \(\(property_id = '[^']+'::text\) AND \(value = 'A-1'::text\)\)/);
    for (const other of [
      [{ field: 'code', operator: 'notEquals', value: 'A-1' }],
      [{ field: 'note', operator: 'equals', value: 'x' }],
      [{ field: 'at', operator: 'equals', value: '2024-01-01T00:00:00.001Z' }],
    ]) {
      expect(await plan(other)).not.toContain('list_unique_values');
    }
  });
});
