import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { documentElements } from '../../src/features/materialize/markdown.js';
import { expectError, type Member } from '../messages/helpers.js';
import { addRow, getDocument, makeDocument, makeList, materialize, materializeApp, post, rowsOf, subscriberMember, written } from './support.js';

// Target doc (and both): the markdown produced, compared whole for each listStyle and
// rowDataStyle; user content with markdown characters reads back as the same text; `both` writes
// a list and a document in one transaction, or neither.

let t: TestApp;
let ada: Member;
let listId: string;
let rowIds: string[];

const SCHEMA = {
  name: 'Books',
  fields: [
    { key: 'title', type: 'text', label: 'Title', required: true },
    { key: 'pages', type: 'number', label: 'Pages' },
    { key: 'genre', type: 'select', label: 'Genre', options: ['fiction', 'essay'] },
  ],
};

beforeAll(async () => {
  t = await materializeApp();
  ada = await subscriberMember(t);
  listId = (await makeList(t, ada, 'Books', SCHEMA, 'What I read')).id;
  rowIds = [
    (await addRow(t, ada, listId, { title: 'Dune', pages: 412, genre: 'fiction' })).id,
    (await addRow(t, ada, listId, { title: 'Essays', genre: 'essay' })).id,
  ];
});
afterAll(() => t.close());

async function docOf(body: Record<string, unknown>) {
  const res = await materialize(t, ada, { target: 'doc', ...body });
  expect(res.statusCode, res.body).toBe(201);
  expect(Object.keys(res.json())).toEqual(['document']);
  return getDocument(t, ada, res.json().document.id);
}

describe('target doc', () => {
  it.each([
    ['bulleted', 'inline', '# Reading\n\n## Books\n\nWhat I read\n\n- Dune — Pages: 412; Genre: fiction\n- Essays — Genre: essay\n'],
    ['numbered', 'inline', '# Reading\n\n## Books\n\nWhat I read\n\n1. Dune — Pages: 412; Genre: fiction\n2. Essays — Genre: essay\n'],
    ['bulleted', 'sub-items', '# Reading\n\n## Books\n\nWhat I read\n\n- Dune\n  - Pages: 412\n  - Genre: fiction\n- Essays\n  - Genre: essay\n'],
    ['numbered', 'sub-items', '# Reading\n\n## Books\n\nWhat I read\n\n1. Dune\n   - Pages: 412\n   - Genre: fiction\n2. Essays\n   - Genre: essay\n'],
  ])('lists as %s items with %s row data', async (listStyle, rowDataStyle, expected) => {
    const doc = await docOf({ source: { kind: 'lists', listIds: [listId] }, docConfig: { title: 'Reading', listStyle, rowDataStyle } });
    expect(doc.content).toBe(expected);
    expect(doc).toMatchObject({ title: 'Reading', isPublic: false });
  });

  it('rows: the selected rows under their list', async () => {
    const doc = await docOf({ source: { kind: 'rows', listId, rowIds: [rowIds[1]] }, docConfig: { title: 'One', isPublic: true, relativePath: 'one.md' } });
    expect(doc).toMatchObject({ content: '# One\n\n## Books\n\nWhat I read\n\n- Essays — Genre: essay\n', isPublic: true, relativePath: 'one.md' });
  });

  it('messages: each message an item, its attributes inline; markdown characters in it stay text', async () => {
    const tricky = '# not a heading *not bold* [not](a link) 1. <b>x</b> & _y_ `z` | ~w~ \\';
    const m1 = await post(t, ada, { content: tricky });
    const m2 = await post(t, ada, { content: '- not a list\nsecond line', tags: ['t'] });
    const doc = await docOf({ source: { kind: 'messages', messageIds: [m1.id, m2.id] }, docConfig: { title: 'Posts #1', listStyle: 'numbered', rowDataStyle: 'sub-items' } });
    const { sections } = documentElements(doc.content);
    expect(sections[0].heading).toBe('Posts #1');
    const items = sections.flatMap((s) => s.items).filter((i) => !/^(Author|Created|Tags|Digs|Replies|Link): /.test(i.text));
    expect(items.map((i) => i.text)).toEqual([tricky, '- not a list second line']);
    expect(doc.content).toContain(`2. \\- not a list second line\n   - Author: @${ada.user.username}\n   - Created: ${m2.createdAt}\n   - Tags: t\n   - Digs: 0\n   - Replies: 0\n   - Link: `);
  });

  it('document and docElements: headings as sections, items in the chosen style', async () => {
    const source = await makeDocument(t, ada, 'Trip', '# Packing\n\nBring little.\n\n- Tent\n- Stove\n\n# Route\n\n1. North\n2. South\n');
    const whole = await docOf({ source: { kind: 'document', documentId: source.id }, docConfig: { title: 'Trip copy', listStyle: 'numbered' } });
    expect(whole.content).toBe('# Trip copy\n\n## Packing\n\nBring little.\n\n1. Tent\n2. Stove\n\n## Route\n\n1. North\n2. South\n');
    const part = await docOf({ source: { kind: 'docElements', documentId: source.id, markdown: '- Tent\n- Stove' }, docConfig: { title: 'Gear' } });
    expect(part.content).toBe('# Gear\n\n- Tent\n- Stove\n');
  });

  it('a docElements selection not in the document: 400, nothing created', async () => {
    const source = await makeDocument(t, ada, 'Short', 'Only this.\n');
    const before = await written(t);
    expectError(await materialize(t, ada, { target: 'doc', source: { kind: 'docElements', documentId: source.id, markdown: 'Not there' }, docConfig: { title: 'X' } }), 400, 'selection_not_found');
    expectError(await materialize(t, ada, { target: 'doc', source: { kind: 'docElements', documentId: source.id, markdown: '   ' }, docConfig: { title: 'X' } }), 400, 'selection_not_found');
    expect(await written(t)).toEqual(before);
  });

  it('a missing docConfig or a bad style: 400', async () => {
    expectError(await materialize(t, ada, { target: 'doc', source: { kind: 'lists', listIds: [listId] } }), 400);
    expectError(await materialize(t, ada, { target: 'doc', source: { kind: 'lists', listIds: [listId] }, docConfig: { title: 'X', listStyle: 'stars' } }), 400, 'bad_request');
    expectError(await materialize(t, ada, { target: 'doc', source: { kind: 'lists', listIds: [listId] }, docConfig: { title: 'X', relativePath: 'a/b.md' } }), 400, 'invalid_name');
  });
});

describe('target both', () => {
  const listConfig = { title: 'Copy', fields: [{ propertyKey: 'name', propertyName: 'Name', propertyType: 'text', sourceKey: 'title' }] };

  it('a list and a document from one request', async () => {
    const res = await materialize(t, ada, { target: 'both', source: { kind: 'rows', listId, rowIds }, listConfig, docConfig: { title: 'Copy doc', relativePath: 'copy.md' } });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['document', 'list']);
    expect(body.list).toMatchObject({ title: 'Copy', rowCount: 2 });
    expect(await rowsOf(t, ada, body.list.id)).toEqual([{ name: 'Dune' }, { name: 'Essays' }]);
    expect((await getDocument(t, ada, body.document.id)).content).toContain('- Dune — Pages: 412; Genre: fiction');
  });

  it('the document refused after the list is written: neither is created', async () => {
    const before = await written(t);
    // copy.md exists now: the document's insert fails inside the transaction that wrote the list.
    const res = await materialize(t, ada, { target: 'both', source: { kind: 'rows', listId, rowIds }, listConfig, docConfig: { title: 'Again', relativePath: 'copy.md' } });
    expectError(res, 409);
    expect(await written(t)).toEqual(before);
  });
});
