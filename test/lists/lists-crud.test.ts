import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setUserFields, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../users/fixtures.js';
import { activeUser, addRow, bearerOf, BOOKS_SCHEMA, call, cookieOf, createList, expectError } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const LIST_FIELDS = ['createdAt', 'description', 'folderId', 'id', 'isPublic', 'lastSyncedAt', 'schema', 'source', 'syncTruncated', 'title', 'updatedAt'];

describe('POST /api/lists', () => {
  it('creates a list: { message, data } with the schema, each column with its propertyId and property record', async () => {
    const me = await activeUser(t);
    const res = await call(t, 'POST', '/api/lists', cookieOf(me), { title: 'Books', isPublic: true, schema: BOOKS_SCHEMA });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'message']);
    expect(Object.keys(body.data).sort()).toEqual(LIST_FIELDS);
    expect(body.data).toMatchObject({ title: 'Books', description: 'What I read', isPublic: true, folderId: null, source: null, lastSyncedAt: null, syncTruncated: false });
    expect(body.data.schema.name).toBe('Books');
    expect(body.data.schema.fields.map((f: any) => f.key)).toEqual(BOOKS_SCHEMA.fields.map((f) => f.key));
    const status = body.data.schema.fields[2];
    expect(status).toEqual({
      propertyId: expect.any(String),
      key: 'status',
      type: 'select',
      label: 'Status',
      required: false,
      unique: false,
      defaultValue: 'to read',
      options: ['to read', 'reading', 'done'],
      placeholder: null,
      helpText: null,
      validation: null,
      visible: true,
      visibility: null,
      displayOrder: 2,
    });
    expect(body.data.schema.fields[4].options).toEqual(['low', 'medium', 'high', 'urgent']);
    const props = await t.db.kysely.selectFrom('list_properties').selectAll().where('list_id', '=', body.data.id).orderBy('position').execute();
    expect(props.map((p) => [p.id, p.property_key, p.property_name, p.property_type])).toEqual(
      body.data.schema.fields.map((f: any) => [f.propertyId, f.key, f.label, f.type]),
    );
  });

  it('takes the title from the schema name when none is sent, and works with a Bearer token', async () => {
    const me = await activeUser(t);
    const res = await call(t, 'POST', '/api/lists', bearerOf(me), { schema: { name: 'Films', fields: [{ key: 'n', type: 'text', label: 'N' }] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ title: 'Films', isPublic: false });
  });

  const invalid: [string, unknown, string | RegExp][] = [
    ['no schema', undefined, /^Invalid schema: /],
    ['schema a string', 'x', /^Invalid schema: /],
    ['empty fields', { name: 'n', fields: [] }, 'Invalid schema: DSL must have at least one field'],
    ['duplicate keys', { name: 'n', fields: [{ key: 'a', type: 'text', label: 'A' }, { key: 'a', type: 'text', label: 'B' }] }, 'Invalid schema: Duplicate field keys found: a'],
    ['unknown type', { name: 'n', fields: [{ key: 'a', type: 'money', label: 'A' }] }, /^Invalid schema: Field "a" has invalid type "money". Valid types: text, textarea, number, boolean, date, datetime, email, url, tel, select, multiselect, priority$/],
    ['select without options', { name: 'n', fields: [{ key: 'a', type: 'select', label: 'A' }] }, 'Invalid schema: Field "a" of type select must have options'],
  ];
  it.each(invalid)('400 bad_request for an invalid schema: %s', async (_n, schema, message) => {
    const me = await activeUser(t);
    const res = await call(t, 'POST', '/api/lists', cookieOf(me), { title: 'x', ...(schema !== undefined ? { schema } : {}) });
    const body = expectError(res, 400, 'bad_request');
    if (typeof message === 'string') expect(body.error).toBe(message);
    else expect(body.error).toMatch(message);
  });

  it('bad bodies are 400, never 500', async () => {
    const me = await activeUser(t);
    for (const payload of [{ title: 5, schema: BOOKS_SCHEMA }, { title: 'x'.repeat(201), schema: BOOKS_SCHEMA }, { title: 'x', schema: BOOKS_SCHEMA, extra: 1 }, { title: 'x', schema: { name: 'n', fields: [{ key: 'a'.repeat(101), type: 'text', label: 'A' }] } }]) {
      expect((await call(t, 'POST', '/api/lists', cookieOf(me), payload)).statusCode).toBe(400);
    }
  });

  it('anonymous 401; probation 403 account_probation_feature; restricted 403', async () => {
    expectError(await call(t, 'POST', '/api/lists', undefined, { title: 'x', schema: BOOKS_SCHEMA }), 401);
    const probation = await signedInUser(t);
    expectError(await call(t, 'POST', '/api/lists', cookieOf(probation), { title: 'x', schema: BOOKS_SCHEMA }), 403, 'account_probation_feature');
    expectError(await call(t, 'POST', '/api/lists', bearerOf(probation), { title: 'x', schema: BOOKS_SCHEMA }), 403, 'account_probation_feature');
    const restricted = await activeUser(t);
    await setUserFields(t.db, restricted.user.id, { account_status: 'restricted' });
    expectError(await call(t, 'POST', '/api/lists', cookieOf(restricted), { title: 'x', schema: BOOKS_SCHEMA }), 403, 'account_restricted');
  });
});

describe('reading, updating and deleting lists', () => {
  it('GET /api/lists pages the caller’s own lists, newest first', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const a = await createList(t, cookieOf(me), { title: 'A' });
    t.clock.advance(1000);
    const b = await createList(t, cookieOf(me), { title: 'B' });
    await createList(t, cookieOf(other), { title: 'Not mine' });
    const res = await call(t, 'GET', '/api/lists?limit=1', bearerOf(me));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: expect.any(String), data: [{ id: b.id }], pagination: { total: 2, limit: 1, offset: 0, hasMore: true } });
    const all = (await call(t, 'GET', '/api/lists', cookieOf(me))).json();
    expect(all.data.map((l: any) => l.id)).toEqual([b.id, a.id]);
    expect(all.data[0].schema.fields).toHaveLength(BOOKS_SCHEMA.fields.length);
    expectError(await call(t, 'GET', '/api/lists'), 401);
  });

  it('GET, PATCH and DELETE /api/lists/{id}: the owner only (another user gets 404), with cookie or Bearer', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const got = await call(t, 'GET', `/api/lists/${list.id}`, bearerOf(me));
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(list);
    expectError(await call(t, 'GET', `/api/lists/${list.id}`, cookieOf(other)), 404);
    expectError(await call(t, 'GET', `/api/lists/${list.id}`), 401);
    expectError(await call(t, 'GET', '/api/lists/nope', cookieOf(me)), 404);

    expectError(await call(t, 'PATCH', `/api/lists/${list.id}`, cookieOf(other), { title: 'Mine now' }), 404);
    t.clock.advance(1000);
    const patched = await call(t, 'PATCH', `/api/lists/${list.id}`, bearerOf(me), { title: 'Read', description: null, isPublic: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ title: 'Read', description: null, isPublic: true });
    expect(patched.json().data.updatedAt > list.updatedAt).toBe(true);
    expectError(await call(t, 'PATCH', `/api/lists/${list.id}`, cookieOf(me), {}), 400);
    expectError(await call(t, 'PATCH', `/api/lists/${list.id}`, cookieOf(me), { folderId: 'nope' }), 404);

    expectError(await call(t, 'DELETE', `/api/lists/${list.id}`, cookieOf(other)), 404);
    await addRow(t, cookieOf(me), list.id, { title: 'Dune' });
    const del = await call(t, 'DELETE', `/api/lists/${list.id}`, bearerOf(me));
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: expect.any(String) });
    expectError(await call(t, 'GET', `/api/lists/${list.id}`, cookieOf(me)), 404);
    expect(await t.db.kysely.selectFrom('list_rows').select('id').where('list_id', '=', list.id).execute()).toEqual([]);
  });

  it('writes by a restricted account are 403; its reads still work', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    await setUserFields(t.db, me.user.id, { account_status: 'restricted' });
    expectError(await call(t, 'PATCH', `/api/lists/${list.id}`, cookieOf(me), { title: 'x' }), 403, 'account_restricted');
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data`, bearerOf(me), { data: { title: 'x' } }), 403, 'account_restricted');
    expectError(await call(t, 'DELETE', `/api/lists/${list.id}`, cookieOf(me)), 403, 'account_restricted');
    expect((await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(me))).statusCode).toBe(200);
  });
});
