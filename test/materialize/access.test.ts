import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { expectError, member, type Member } from '../messages/helpers.js';
import { addRow, makeDocument, makeList, materialize, materializeApp, post, subscriberMember, written } from './support.js';

// Who may materialize, and what is refused: 401, the subscriber gate (403 with the spec's
// words), probation for the targets that create; 400 for every malformed request; 404 for an id
// in any position that is missing or not the caller's, one foreign id among own ones included,
// with nothing created.

let t: TestApp;
let ada: Member;
let bob: Member;
const own: Record<string, string> = {};
const bobs: Record<string, string> = {};

const listConfig = { title: 'L', fields: [{ propertyKey: 'a', propertyName: 'A', propertyType: 'text', sourceKey: null }] };

beforeAll(async () => {
  t = await materializeApp();
  ada = await subscriberMember(t);
  bob = await subscriberMember(t);
  for (const [who, ids] of [
    [ada, own],
    [bob, bobs],
  ] as const) {
    ids.message = (await post(t, who, { content: 'mine', publiclyVisible: true })).id;
    ids.list = (await makeList(t, who)).id;
    ids.row = (await addRow(t, who, ids.list, { title: 'r' })).id;
    ids.document = (await makeDocument(t, who, 'Doc', '- item\n')).id;
  }
  // Bob's document is public: readable by Ada, but not hers to materialize.
  const shared = await t.app.inject({ method: 'PUT', url: `/api/documents/${bobs.document}`, headers: { cookie: bob.cookie }, payload: { isPublic: true } });
  expect(shared.statusCode, shared.body).toBe(200);
});
afterAll(() => t.close());

const sourceOf = (ids: Record<string, string>) => ({
  messages: { kind: 'messages', messageIds: [ids.message] },
  lists: { kind: 'lists', listIds: [ids.list] },
  rows: { kind: 'rows', listId: ids.list, rowIds: [ids.row] },
  document: { kind: 'document', documentId: ids.document },
  docElements: { kind: 'docElements', documentId: ids.document, markdown: '- item' },
});

describe('who may materialize', () => {
  it('401 without credentials', async () => {
    expectError(await materialize(t, null, { target: 'message', source: sourceOf(own).messages }), 401);
  });

  it('403 for a free account, saying a subscription is required, before the body is read', async () => {
    const free = await member(t, { customer_status: 'free' });
    const res = await materialize(t, free, { target: 'nonsense' });
    expectError(res, 403, 'subscription_required');
    expect(res.json().error).toMatch(/active subscription is required/);
  });

  it('every subscriber tier; by session or by bearer token', async () => {
    for (const tier of ['subscriber:monthly', 'subscriber:annual']) {
      const m = await subscriberMember(t, { customer_status: tier });
      const id = (await post(t, m, { content: 'hi' })).id;
      const res = await materialize(t, m, { target: 'message', source: { kind: 'messages', messageIds: [id] } }, true);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('an account in probation may draft a message but not create a list or a document', async () => {
    const p = await subscriberMember(t, { account_status: 'probation' });
    await t.db.kysely.updateTable('users').set({ account_status: 'active' }).where('id', '=', p.user.id).execute();
    const id = (await post(t, p, { content: 'hi' })).id;
    await t.db.kysely.updateTable('users').set({ account_status: 'probation' }).where('id', '=', p.user.id).execute();
    expect((await materialize(t, p, { target: 'message', source: { kind: 'messages', messageIds: [id] } })).statusCode).toBe(200);
    expectError(await materialize(t, p, { target: 'list', source: { kind: 'messages', messageIds: [id] }, listConfig }), 403, 'account_probation_feature');
  });
});

describe('malformed requests: 400, nothing created', () => {
  it.each([
    ['no target', { source: { kind: 'messages', messageIds: ['x'] } }],
    ['no source', { target: 'message' }],
    ['an unknown target', { target: 'poem', source: { kind: 'messages', messageIds: ['x'] } }],
    ['an unknown kind', { target: 'message', source: { kind: 'tweets', messageIds: ['x'] } }],
    ['ids that are not an array', { target: 'message', source: { kind: 'messages', messageIds: 'x' } }],
    ['ids that are not strings', { target: 'message', source: { kind: 'messages', messageIds: [1, 2] } }],
    ['listIds not an array', { target: 'message', source: { kind: 'lists', listIds: { a: 1 } } }],
    ['rowIds not an array', { target: 'message', source: { kind: 'rows', listId: 'x', rowIds: 'y' } }],
    ['a kind without its ids', { target: 'message', source: { kind: 'messages' } }],
    ['rows without listId', { target: 'message', source: { kind: 'rows', rowIds: ['x'] } }],
    ['docElements without markdown', { target: 'message', source: { kind: 'docElements', documentId: 'x' } }],
    ['an empty id array', { target: 'message', source: { kind: 'messages', messageIds: [] } }],
    ['source not an object', { target: 'message', source: 'messages' }],
    ['an unknown top-level key', { target: 'message', source: { kind: 'messages', messageIds: ['x'] }, extra: 1 }],
    ['a body that is not an object', [1, 2]],
  ])('%s', async (_name, body) => {
    const before = await written(t);
    expectError(await materialize(t, ada, body), 400);
    expect(await written(t)).toEqual(before);
  });

  it('a body that is not JSON: 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/materialize', headers: { cookie: ada.cookie, 'content-type': 'application/json' }, payload: '{"target":' });
    expectError(res, 400);
  });
});

describe('ownership: 404 for every id position, nothing created', () => {
  const kinds = ['messages', 'lists', 'rows', 'document', 'docElements'] as const;
  const targets = [
    { target: 'list', listConfig },
    { target: 'doc', docConfig: { title: 'D' } },
    { target: 'both', listConfig, docConfig: { title: 'D' } },
    { target: 'message' },
  ];

  it.each(kinds.flatMap((kind) => targets.map((extra) => [kind, extra.target, extra] as const)))("another user's %s → target %s: 404", async (kind, _target, extra) => {
    const before = await written(t);
    expectError(await materialize(t, ada, { ...extra, source: sourceOf(bobs)[kind] }), 404);
    expect(await written(t)).toEqual(before);
  });

  it.each(kinds.flatMap((kind) => targets.map((extra) => [kind, extra.target, extra] as const)))('own %s → target %s: created (or drafted)', async (kind, target, extra) => {
    const res = await materialize(t, ada, { ...extra, source: sourceOf(own)[kind] });
    expect(res.statusCode, res.body).toBe(target === 'message' ? 200 : 201);
  });

  it.each([
    ['one foreign message among own', () => ({ kind: 'messages', messageIds: [own.message, bobs.message] })],
    ['one foreign list among own', () => ({ kind: 'lists', listIds: [own.list, bobs.list] })],
    ["a foreign row in the caller's list", () => ({ kind: 'rows', listId: own.list, rowIds: [own.row, bobs.row] })],
    ["the caller's row under a foreign list", () => ({ kind: 'rows', listId: bobs.list, rowIds: [own.row] })],
    ['a missing message', () => ({ kind: 'messages', messageIds: [own.message, 'missing'] })],
    ['a missing document', () => ({ kind: 'document', documentId: 'missing' })],
    ['a deleted row', () => ({ kind: 'rows', listId: own.list, rowIds: ['missing'] })],
  ])('%s: 404, nothing created', async (_name, source) => {
    const before = await written(t);
    expectError(await materialize(t, ada, { target: 'both', source: source(), listConfig, docConfig: { title: 'D' } }), 404);
    expect(await written(t)).toEqual(before);
  });
});
