import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { expectError, type Member } from '../messages/helpers.js';
import { addRow, getList, makeDocument, makeList, materialize, materializeApp, post, rowsOf, subscriberMember, written } from './support.js';

// Target list from every source kind: the columns of listConfig, a row per source item with the
// values its sourceKeys name, derived on the server (values the client sends are ignored), values
// the new list refuses left empty and counted; a bad field config refused with nothing created.

let t: TestApp;
let ada: Member;

beforeAll(async () => {
  t = await materializeApp();
  ada = await subscriberMember(t);
});
afterAll(() => t.close());

const field = (propertyKey: string, propertyType: string, sourceKey: string | null, extra: Record<string, unknown> = {}) => ({
  propertyKey,
  propertyName: propertyKey.toUpperCase(),
  propertyType,
  sourceKey,
  ...extra,
});

describe('target list', () => {
  it('messages: every sourceKey (content, createdAt, tags, digCount, replyCount, author, url) in the order asked', async () => {
    const first = await post(t, ada, { content: 'First post', tags: ['a', 'b'] });
    const second = await post(t, ada, { content: 'Second post' });
    await post(t, ada, { content: 'A reply', parentId: first.id });
    const res = await materialize(t, ada, {
      target: 'list',
      source: { kind: 'messages', messageIds: [second.id, first.id], content: 'client text is ignored' },
      listConfig: {
        title: 'My posts',
        description: 'From messages',
        isPublic: true,
        fields: [
          field('content', 'textarea', 'content'),
          field('created', 'datetime', 'createdAt'),
          field('day', 'date', 'createdAt'),
          field('tags', 'text', 'tags'),
          field('digs', 'number', 'digCount'),
          field('replies', 'number', 'replyCount'),
          field('author', 'text', 'author'),
          field('link', 'url', 'url'),
          field('note', 'text', null),
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['list']);
    expect(body.list).toEqual({ id: expect.any(String), title: 'My posts', rowCount: 2, emptiedValues: 0, skippedRows: 0 });
    const list = await getList(t, ada, body.list.id);
    expect(list).toMatchObject({ title: 'My posts', description: 'From messages', isPublic: true });
    expect(list.schema.fields.map((f: any) => [f.key, f.type, f.label])).toEqual([
      ['content', 'textarea', 'CONTENT'],
      ['created', 'datetime', 'CREATED'],
      ['day', 'date', 'DAY'],
      ['tags', 'text', 'TAGS'],
      ['digs', 'number', 'DIGS'],
      ['replies', 'number', 'REPLIES'],
      ['author', 'text', 'AUTHOR'],
      ['link', 'url', 'LINK'],
      ['note', 'text', 'NOTE'],
    ]);
    const rows = await rowsOf(t, ada, body.list.id);
    expect(rows).toEqual([
      {
        content: 'Second post',
        created: second.createdAt,
        day: second.createdAt.slice(0, 10),
        tags: null,
        digs: 0,
        replies: 0,
        author: ada.user.username,
        link: `${t.config.publicUrl}/api/messages/${second.id}`,
        note: null,
      },
      {
        content: 'First post',
        created: first.createdAt,
        day: first.createdAt.slice(0, 10),
        tags: 'a, b',
        digs: 0,
        replies: 1,
        author: ada.user.username,
        link: `${t.config.publicUrl}/api/messages/${first.id}`,
        note: null,
      },
    ]);
  });

  it('rows: the selected rows by column key; a sourceKey may rename and retype a column', async () => {
    const books = await makeList(t, ada);
    const dune = await addRow(t, ada, books.id, { title: 'Dune', pages: 412, genre: 'fiction', tags: ['classic'] });
    await addRow(t, ada, books.id, { title: 'Skipped', pages: 10 });
    const essays = await addRow(t, ada, books.id, { title: 'Essays', pages: 200, genre: 'essay' });
    const res = await materialize(t, ada, {
      target: 'list',
      source: { kind: 'rows', listId: books.id, rowIds: [essays.id, dune.id], data: { title: 'forged' } },
      listConfig: {
        title: 'Picked',
        fields: [field('name', 'text', 'title', { isRequired: true }), field('pages', 'text', 'pages'), field('tags', 'multiselect', 'tags', { options: ['classic', 'new'] })],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().list).toMatchObject({ title: 'Picked', rowCount: 2, emptiedValues: 0 });
    expect(await rowsOf(t, ada, res.json().list.id)).toEqual([
      { name: 'Essays', pages: '200', tags: null },
      { name: 'Dune', pages: '412', tags: ['classic'] },
    ]);
  });

  it('lists: a row per list with title, description and row count', async () => {
    const a = await makeList(t, ada, 'Alpha', BOOKS(), 'The first');
    const b = await makeList(t, ada, 'Beta', BOOKS());
    await addRow(t, ada, a.id, { title: 'x' });
    await addRow(t, ada, a.id, { title: 'y' });
    const res = await materialize(t, ada, {
      target: 'list',
      source: { kind: 'lists', listIds: [a.id, b.id] },
      listConfig: { title: 'Index', fields: [field('name', 'text', 'title'), field('about', 'textarea', 'description'), field('size', 'number', 'rowCount')] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowsOf(t, ada, res.json().list.id)).toEqual([
      { name: 'Alpha', about: 'The first', size: 2 },
      { name: 'Beta', about: null, size: 0 },
    ]);
  });

  it('document and docElements: a row per bullet item with its heading and the title', async () => {
    const doc = await makeDocument(t, ada, 'Trip', '# Packing\n\n- Tent\n- Stove *gas*\n\n# Route\n\nSome words.\n\n1. North\n2. South\n');
    const res = await materialize(t, ada, {
      target: 'list',
      source: { kind: 'document', documentId: doc.id },
      listConfig: { title: 'Trip items', fields: [field('doc', 'text', 'title'), field('section', 'text', 'heading'), field('thing', 'text', 'item')] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowsOf(t, ada, res.json().list.id)).toEqual([
      { doc: 'Trip', section: 'Packing', thing: 'Tent' },
      { doc: 'Trip', section: 'Packing', thing: 'Stove gas' },
      { doc: 'Trip', section: 'Route', thing: 'North' },
      { doc: 'Trip', section: 'Route', thing: 'South' },
    ]);
    const part = await materialize(t, ada, {
      target: 'list',
      source: { kind: 'docElements', documentId: doc.id, markdown: '# Route\n\nSome words.\n\n1. North' },
      listConfig: { title: 'Route', fields: [field('section', 'text', 'heading'), field('thing', 'text', 'item')] },
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(await rowsOf(t, ada, part.json().list.id)).toEqual([{ section: 'Route', thing: 'North' }]);
  });

  it('includeData false: the columns only', async () => {
    const m = await post(t, ada, { content: 'Only columns' });
    const res = await materialize(t, ada, {
      target: 'list',
      source: { kind: 'messages', messageIds: [m.id] },
      listConfig: { title: 'Empty', includeData: false, fields: [field('content', 'text', 'content'), field('stars', 'priority', null)] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().list).toMatchObject({ rowCount: 0, emptiedValues: 0, skippedRows: 0 });
    const list = await getList(t, ada, res.json().list.id);
    expect(list.schema.fields.map((f: any) => f.key)).toEqual(['content', 'stars']);
    expect(await rowsOf(t, ada, res.json().list.id)).toEqual([]);
  });

  it('values the new list refuses are left empty and counted; a row missing a required value is left out', async () => {
    const ok = await post(t, ada, { content: 'fiction' });
    const bad = await post(t, ada, { content: 'not an option' });
    const res = await materialize(t, ada, {
      target: 'list',
      source: { kind: 'messages', messageIds: [ok.id, bad.id] },
      listConfig: {
        title: 'Checked',
        fields: [field('genre', 'select', 'content', { options: ['fiction', 'essay'] }), field('mail', 'email', 'content'), field('who', 'text', 'author')],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Both contents are not e-mail addresses (2), and one is not an option (1).
    expect(res.json().list).toMatchObject({ rowCount: 2, emptiedValues: 3, skippedRows: 0 });
    expect(await rowsOf(t, ada, res.json().list.id)).toEqual([
      { genre: 'fiction', mail: null, who: ada.user.username },
      { genre: null, mail: null, who: ada.user.username },
    ]);
    const strict = await materialize(t, ada, {
      target: 'list',
      source: { kind: 'messages', messageIds: [ok.id, bad.id] },
      listConfig: { title: 'Strict', fields: [field('genre', 'select', 'content', { options: ['fiction'], isRequired: true })] },
    });
    expect(strict.statusCode, strict.body).toBe(201);
    expect(strict.json().list).toMatchObject({ rowCount: 1, emptiedValues: 1, skippedRows: 1 });
  });

  it.each([
    ['an unknown propertyType', [field('a', 'colour', 'content')], 'bad_request'],
    ['an unknown sourceKey', [field('a', 'text', 'nope')], 'bad_field_config'],
    ['a sourceKey of another kind', [field('a', 'text', 'rowCount')], 'bad_field_config'],
    ['a duplicate key', [field('a', 'text', 'content'), field('a', 'text', 'author')], 'bad_request'],
    ['a select without options', [field('a', 'select', 'content')], 'bad_request'],
    ['no fields', [], 'bad_request'],
    ['a field without propertyName', [{ propertyKey: 'a', propertyType: 'text', sourceKey: null }], 'bad_request'],
  ])('%s: 400, nothing created', async (_name, fields, code) => {
    const m = await post(t, ada, { content: 'x' });
    const before = await written(t);
    const res = await materialize(t, ada, { target: 'list', source: { kind: 'messages', messageIds: [m.id] }, listConfig: { title: 'Bad', fields } });
    expectError(res, 400, code);
    expect(await written(t)).toEqual(before);
  });

  it('a missing listConfig: 400', async () => {
    const m = await post(t, ada, { content: 'x' });
    expectError(await materialize(t, ada, { target: 'list', source: { kind: 'messages', messageIds: [m.id] } }), 400);
    expectError(await materialize(t, ada, { target: 'both', source: { kind: 'messages', messageIds: [m.id] }, docConfig: { title: 'D' } }), 400);
  });
});

function BOOKS() {
  return { name: 'B', fields: [{ key: 'title', type: 'text', label: 'Title' }] };
}
