import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, addRow, bearerOf, call, cookieOf, createList, expectError } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const fieldsOf = (list: any) => list.schema.fields as { propertyId: string; key: string; [k: string]: unknown }[];

describe('PUT /api/lists/{id}/schema: destructive rebuild', () => {
  it('wipes and recreates the columns and rows; the name becomes the title', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    await addRow(t, cookieOf(me), list.id, { title: 'Dune' });
    const res = await call(t, 'PUT', `/api/lists/${list.id}/schema`, bearerOf(me), { name: 'Films', fields: [{ key: 'name', type: 'text', label: 'Name' }] });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.title).toBe('Films');
    expect(data.schema).toMatchObject({ name: 'Films', fields: [{ key: 'name', type: 'text', label: 'Name' }] });
    expect(fieldsOf(data)[0].propertyId).not.toBe(fieldsOf(list)[0].propertyId);
    expect((await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(me))).json().pagination.total).toBe(0);
    const props = await t.db.kysely.selectFrom('list_properties').select('property_key').where('list_id', '=', list.id).execute();
    expect(props).toEqual([{ property_key: 'name' }]);
  });

  it('refuses an invalid schema with the spec errors; owner only', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const body = expectError(await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), { name: 'x', fields: [] }), 400, 'bad_request');
    expect(body.error).toBe('Invalid schema: DSL must have at least one field');
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), { fields: [{ key: 'a', type: 'text', label: 'A' }] }), 400, 'bad_request');
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(other), { name: 'x', fields: [{ key: 'a', type: 'text', label: 'A' }] }), 404);
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/schema`, undefined, { name: 'x', fields: [{ key: 'a', type: 'text', label: 'A' }] }), 401);
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), { name: 'x', fields: [{ key: 'a', type: 'text', label: 'A' }], extra: 1 }), 400);
  });
});

describe('PUT /api/lists/{id}/schema: non-destructive properties edit', () => {
  async function setup() {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me), {
      schema: {
        name: 'Books',
        fields: [
          { key: 'title', type: 'text', label: 'Title', required: true },
          { key: 'pages', type: 'text', label: 'Pages' },
          { key: 'note', type: 'text', label: 'Note' },
        ],
      },
    });
    const row = await addRow(t, cookieOf(me), list.id, { title: 'Dune', pages: '412', note: 'great' });
    const [title, pages, note] = fieldsOf(list);
    return { me, list, row, title, pages, note };
  }

  it('renames, re-keys, reorders, adds and removes columns, keeping the kept columns’ data', async () => {
    const { me, list, row, title, pages, note } = await setup();
    const res = await call(t, 'PUT', `/api/lists/${list.id}/schema`, bearerOf(me), {
      properties: [
        { propertyId: pages.propertyId, key: 'length', type: 'text', label: 'Length' },
        { propertyId: title.propertyId, key: 'title', type: 'text', label: 'Book title', required: true },
        { key: 'rating', type: 'number', label: 'Rating' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const fields = fieldsOf(res.json().data);
    expect(fields.map((f) => [f.key, f.label])).toEqual([
      ['length', 'Length'],
      ['title', 'Book title'],
      ['rating', 'Rating'],
    ]);
    expect(fields[0].propertyId).toBe(pages.propertyId);
    expect(fields[1].propertyId).toBe(title.propertyId);
    const rows = (await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(me))).json().data;
    expect(rows).toEqual([expect.objectContaining({ id: row.id, data: { length: '412', title: 'Dune', rating: null } })]);
    expect(await t.db.kysely.selectFrom('list_properties').select('id').where('id', '=', note.propertyId).execute()).toEqual([]);
    // The re-keyed column is still sortable and filterable.
    const filtered = await call(t, 'GET', `/api/lists/${list.id}/data?filter=${encodeURIComponent(JSON.stringify([{ field: 'length', operator: 'equals', value: '412' }]))}`, cookieOf(me));
    expect(filtered.json().pagination.total).toBe(1);
  });

  it('a type change is refused unless every stored value fits, and allowed when they do', async () => {
    const { me, list, title, pages } = await setup();
    const refused = await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), {
      properties: [
        { propertyId: title.propertyId, key: 'title', type: 'number', label: 'Title' },
        { propertyId: pages.propertyId, key: 'pages', type: 'text', label: 'Pages' },
      ],
    });
    expect(expectError(refused, 400).error).toBe('Cannot change Title to type number: 1 stored value does not fit');
    const ok = await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), {
      properties: [
        { propertyId: title.propertyId, key: 'title', type: 'textarea', label: 'Title' },
        { propertyId: pages.propertyId, key: 'pages', type: 'tel', label: 'Pages' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(fieldsOf(ok.json().data).map((f) => f.type)).toEqual(['textarea', 'tel']);
  });

  it('making a column unique over duplicate values is 409; unknown propertyId and bad definitions are 400', async () => {
    const { me, list, title } = await setup();
    await addRow(t, cookieOf(me), list.id, { title: 'Dune' });
    const dup = await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), { properties: [{ propertyId: title.propertyId, key: 'title', type: 'text', label: 'Title', unique: true }] });
    expectError(dup, 409, 'unique_violation');
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), { properties: [{ propertyId: 'nope', key: 'a', type: 'text', label: 'A' }] }), 400, 'bad_request');
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), { properties: [] }), 400, 'bad_request');
    expectError(await call(t, 'PUT', `/api/lists/${list.id}/schema`, cookieOf(me), { properties: [{ key: 'a', type: 'x', label: 'A' }] }), 400, 'bad_request');
    // Nothing changed.
    expect(fieldsOf((await call(t, 'GET', `/api/lists/${list.id}`, cookieOf(me))).json().data)).toHaveLength(3);
  });
});

describe('list folders', () => {
  it('CRUD with soft delete; owner only; lists can be filed in a folder', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const created = await call(t, 'POST', '/api/folders', bearerOf(me), { name: 'Reading' });
    expect(created.statusCode).toBe(201);
    const folder = created.json().folder;
    expect(folder).toEqual({ id: expect.any(String), name: 'Reading', parentId: null, createdAt: expect.any(String) });
    const child = (await call(t, 'POST', '/api/folders', cookieOf(me), { name: 'Novels', parentId: folder.id })).json().folder;
    expect(child.parentId).toBe(folder.id);
    expectError(await call(t, 'POST', '/api/folders', cookieOf(other), { name: 'x', parentId: folder.id }), 404);
    expectError(await call(t, 'PUT', `/api/folders/${folder.id}`, cookieOf(me), { parentId: child.id }), 400);

    const list = await createList(t, cookieOf(me), { folderId: child.id });
    expect(list.folderId).toBe(child.id);
    expect((await call(t, 'GET', `/api/lists?folderId=${child.id}`, cookieOf(me))).json().data.map((l: any) => l.id)).toEqual([list.id]);

    const got = await call(t, 'GET', '/api/folders', cookieOf(me));
    expect(got.json().folders.map((f: any) => f.name)).toEqual(['Novels', 'Reading']);
    expect((await call(t, 'GET', '/api/folders', cookieOf(other))).json()).toEqual({ folders: [] });
    expectError(await call(t, 'GET', '/api/folders'), 401);

    const renamed = await call(t, 'PUT', `/api/folders/${folder.id}`, cookieOf(me), { name: 'Books' });
    expect(renamed.json().folder.name).toBe('Books');
    expectError(await call(t, 'PUT', `/api/folders/${folder.id}`, cookieOf(other), { name: 'x' }), 404);
    expectError(await call(t, 'DELETE', `/api/folders/${folder.id}`, cookieOf(other)), 404);

    expect((await call(t, 'DELETE', `/api/folders/${folder.id}`, bearerOf(me))).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/folders', cookieOf(me))).json()).toEqual({ folders: [] });
    const stored = await t.db.kysely.selectFrom('list_folders').select(['deleted_at']).where('user_id', '=', me.user.id).execute();
    expect(stored.every((f) => f.deleted_at !== null)).toBe(true);
    expect((await call(t, 'GET', `/api/lists/${list.id}`, cookieOf(me))).json().data.folderId).toBeNull();
  });
});

describe('public lists', () => {
  it('GET /api/users/{username}/lists, /lists/{id} and /lists/{id}/data show public lists only; private ones are 404', async () => {
    const me = await activeUser(t);
    const pub = await createList(t, cookieOf(me), { title: 'Public books', isPublic: true });
    const priv = await createList(t, cookieOf(me), { title: 'Private' });
    await addRow(t, cookieOf(me), pub.id, { title: 'Dune', pages: 412 });
    await addRow(t, cookieOf(me), pub.id, { title: 'Emma', pages: 320 });
    await addRow(t, cookieOf(me), priv.id, { title: 'Secret' });
    const name = me.user.username;

    const lists = await call(t, 'GET', `/api/users/${name.toUpperCase()}/lists`);
    expect(lists.statusCode).toBe(200);
    expect(lists.json()).toMatchObject({ data: [{ id: pub.id }], pagination: { total: 1, limit: 50, offset: 0, hasMore: false } });

    const one = await call(t, 'GET', `/api/users/${name}/lists/${pub.id}`);
    expect(one.statusCode).toBe(200);
    const data = one.json().data;
    expect(Object.keys(data).sort()).toEqual(['createdAt', 'description', 'id', 'isPublic', 'owner', 'schema', 'title']);
    expect(data.owner).toEqual({ username: name, displayName: me.user.display_name });
    expect(typeof data.schema).toBe('string');
    expect(JSON.parse(data.schema)).toEqual(pub.schema);

    const rows = await call(t, 'GET', `/api/users/${name}/lists/${pub.id}/data?sort=-pages&limit=1`);
    expect(rows.statusCode).toBe(200);
    expect(rows.json()).toMatchObject({ data: [{ data: { title: 'Dune' } }], pagination: { total: 2, limit: 1, offset: 0, hasMore: true } });
    const filtered = await call(t, 'GET', `/api/users/${name}/lists/${pub.id}/data?q=emm`);
    expect(filtered.json().data.map((r: any) => r.data.title)).toEqual(['Emma']);

    expectError(await call(t, 'GET', `/api/users/${name}/lists/${priv.id}`), 404);
    expectError(await call(t, 'GET', `/api/users/${name}/lists/${priv.id}/data`), 404);
    expectError(await call(t, 'GET', `/api/users/${name}/lists/${priv.id}`, cookieOf(me)), 404);
    expect(expectError(await call(t, 'GET', `/api/users/nobody_here/lists`), 404).error).toBe('user_not_found');
    const other = await activeUser(t);
    expectError(await call(t, 'GET', `/api/users/${other.user.username}/lists/${pub.id}`), 404);
    expectError(await call(t, 'GET', `/api/user/${name}/lists`), 404);
  });
});
