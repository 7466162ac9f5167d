import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { ManualClock } from '../../src/lib/clock.js';
import { hashToken } from '../../src/lib/crypto.js';
import { blankDatabase, ENGINE, testPasswords } from '../helpers/app.js';

// Migration 009 moves lists from a value table (list_row_values) to filters on the row JSON and
// a table of unique claims. Rows written before it must read, filter, sort and keep their unique
// values afterwards, on both engines (PostgreSQL turns `data` into jsonb).

const NOW = '2026-01-01T00:00:00.000Z';
const ids = {
  user: '00000000-0000-7000-8000-000000000001',
  list: '00000000-0000-7000-8000-000000000002',
  title: '00000000-0000-7000-8000-000000000003',
  isbn: '00000000-0000-7000-8000-000000000004',
  pages: '00000000-0000-7000-8000-000000000005',
  rows: ['00000000-0000-7000-8000-000000000010', '00000000-0000-7000-8000-000000000011', '00000000-0000-7000-8000-000000000012'],
};
const TOKEN = 'c'.repeat(64);

/** A list of books as migration 008 stored it: row JSON plus a typed copy of every cell. */
async function seedOldForm(k: Kysely<any>): Promise<void> {
  await k
    .insertInto('users')
    .values({ id: ids.user, email: 'old@example.com', username: 'old', username_key: 'old', display_name: 'Old', created_at: NOW, updated_at: NOW })
    .execute();
  await k
    .insertInto('lists')
    .values({ id: ids.list, user_id: ids.user, title: 'Books', description: null, is_public: true, folder_id: null, schema_name: 'Books', schema_description: null, created_at: NOW, updated_at: NOW })
    .execute();
  const column = (id: string, key: string, type: string, position: number, extra: Record<string, unknown> = {}) => ({
    id,
    list_id: ids.list,
    property_key: key,
    property_name: key,
    property_type: type,
    position,
    created_at: NOW,
    definition: JSON.stringify({
      key,
      type,
      label: key,
      required: false,
      unique: false,
      defaultValue: null,
      options: null,
      placeholder: null,
      helpText: null,
      validation: null,
      visible: true,
      visibility: null,
      displayOrder: position,
      ...extra,
    }),
  });
  await k
    .insertInto('list_properties')
    .values([column(ids.title, 'title', 'text', 0), column(ids.isbn, 'isbn', 'text', 1, { unique: true }), column(ids.pages, 'pages', 'number', 2)])
    .execute();
  const books = [
    { title: 'Dune', isbn: '111', pages: 412, deleted: false },
    { title: 'Emma', isbn: '222', pages: 320, deleted: false },
    { title: 'Gone', isbn: '333', pages: 500, deleted: true },
  ];
  for (const [i, b] of books.entries()) {
    const at = new Date(Date.parse(NOW) + i * 1000).toISOString();
    await k
      .insertInto('list_rows')
      .values({ id: ids.rows[i], list_id: ids.list, data: JSON.stringify({ [ids.title]: b.title, [ids.isbn]: b.isbn, [ids.pages]: b.pages }), created_at: at, updated_at: at, deleted_at: b.deleted ? at : null })
      .execute();
    await k
      .insertInto('list_row_values')
      .values([
        { row_id: ids.rows[i], property_id: ids.title, v_text: b.title, v_num: null, v_unique: null },
        { row_id: ids.rows[i], property_id: ids.isbn, v_text: b.isbn, v_num: null, v_unique: b.deleted ? null : b.isbn },
        { row_id: ids.rows[i], property_id: ids.pages, v_text: null, v_num: b.pages, v_unique: null },
      ])
      .execute();
  }
}

let target: { db: Db; drop(): Promise<void> };
let app: FastifyInstance;
beforeAll(async () => {
  target = await blankDatabase();
  // The rows are written right after 008 ran (in the migrations' one transaction), so 009 finds them.
  await migrateToLatest(target.db, { afterMigrationBody: async (name, k) => (name === '008_jobs' ? seedOldForm(k) : undefined) });
  await target.db.kysely.updateTable('users').set({ account_status: 'active', email_verified: true }).where('id', '=', ids.user).execute();
  await target.db.kysely
    .insertInto('sessions')
    .values({ id: '00000000-0000-7000-8000-000000000020', user_id: ids.user, token_hash: hashToken(TOKEN), created_at: NOW, expires_at: '2099-01-01T00:00:00.000Z', last_used_at: NOW, user_agent: null })
    .execute();
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
  app = await buildApp(config, { db: target.db, clock: new ManualClock(new Date(NOW)), passwords: testPasswords, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await target?.drop();
});

describe('migration 009 (list rows filtered on their JSON)', () => {
  const auth = { cookie: `service-session=${TOKEN}` };
  const get = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/lists/${ids.list}/data?${query}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('rows written before it read, filter and sort as before', async () => {
    const page = await get('sort=-pages');
    expect(page.data.map((r: { data: unknown }) => r.data)).toEqual([
      { title: 'Dune', isbn: '111', pages: 412 },
      { title: 'Emma', isbn: '222', pages: 320 },
    ]);
    expect(page.pagination.total).toBe(2);
    const filtered = await get(`filter=${encodeURIComponent(JSON.stringify([{ field: 'pages', operator: 'lessThan', value: 400 }]))}`);
    expect(filtered.data.map((r: { id: string }) => r.id)).toEqual([ids.rows[1]]);
    if (ENGINE === 'postgres') {
      const type = await sql<{ t: string }>`select data_type as t from information_schema.columns where table_name = 'list_rows' and column_name = 'data'`.execute(target.db.kysely);
      expect(type.rows[0].t).toBe('jsonb');
    }
  });

  it('live rows keep their unique values; the trashed row’s value is free', async () => {
    expect(await target.db.kysely.selectFrom('list_unique_values').select(['property_id', 'value', 'row_id']).orderBy('value').execute()).toEqual([
      { property_id: ids.isbn, value: '111', row_id: ids.rows[0] },
      { property_id: ids.isbn, value: '222', row_id: ids.rows[1] },
    ]);
    const taken = await app.inject({ method: 'POST', url: `/api/lists/${ids.list}/data`, headers: auth, payload: { data: { title: 'Copy', isbn: '111' } } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'unique_violation', errors: ['isbn must be unique'] });
    const free = await app.inject({ method: 'POST', url: `/api/lists/${ids.list}/data`, headers: auth, payload: { data: { title: 'Again', isbn: '333' } } });
    expect(free.statusCode, free.body).toBe(201);
    const restore = await app.inject({ method: 'POST', url: `/api/lists/${ids.list}/data/${ids.rows[2]}/restore`, headers: auth });
    expect(restore.statusCode).toBe(409);
  });
});
