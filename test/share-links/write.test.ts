import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { Member } from '../messages/helpers.js';
import { expectAnswer, makeDocument, makeLink, makeList, makeRow, send, verified, type MadeLink } from './support.js';

// Writing through an edit link (CONTRACT, "Writing through an edit link"): a signed-in account
// with a verified e-mail, under the list's own row rules and the document's revision conflicts,
// the change the holder's own; a view link is 403 read_only_link.

let t: TestApp;
let owner: Member;
let holder: Member;
let list: string;
let edit: MadeLink;
let view: MadeLink;

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  owner = await verified(t);
  holder = await verified(t);
  list = await makeList(t, owner);
  edit = await makeLink(t, owner, 'list', list, { access: 'edit' });
  view = await makeLink(t, owner, 'list', list, { access: 'view' });
});
afterAll(async () => t.close());

const data = (token: string, rest = '') => `/api/shared/${token}/data${rest}`;
const ownRows = async () => expectAnswer(await send(t, owner, 'GET', `/api/lists/${list}/data?limit=200`), 200).data as { id: string; data: Record<string, unknown> }[];

describe('list rows through an edit link', () => {
  it('POST: 201 { message, data: row } as the list’s own add, the holder named in updatedBy; the owner sees the row', async () => {
    const res = expectAnswer(await send(t, holder, 'POST', data(edit.token), { data: { title: 'Dune', pages: 412 } }), 201);
    expect(res).toEqual({
      message: 'Row added',
      data: {
        id: expect.any(String),
        data: expect.objectContaining({ title: 'Dune', pages: 412, status: 'to read' }),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        updatedBy: { id: holder.user.id, username: holder.user.username },
      },
    });
    expect((await ownRows()).find((r) => r.id === res.data.id)?.data).toEqual(res.data.data);
  });

  it('PUT: 200 as the list’s own edit (the keys sent replace those cells), the holder named in updatedBy', async () => {
    const rowId = await makeRow(t, owner, list, { title: 'Emma', pages: 300 });
    const res = expectAnswer(await send(t, holder, 'PUT', data(edit.token), { rowId, data: { status: 'done' } }), 200);
    const by = { id: holder.user.id, username: holder.user.username };
    expect(res).toMatchObject({ message: 'Row updated', data: { id: rowId, data: { title: 'Emma', pages: 300, status: 'done' }, updatedBy: by } });
    expect((await ownRows()).find((r) => r.id === rowId)).toMatchObject({ data: { status: 'done' }, updatedBy: by });
  });

  it('DELETE: 200 { message }; the row is in the owner’s trash', async () => {
    const rowId = await makeRow(t, owner, list, { title: 'To go' });
    expect(expectAnswer(await send(t, holder, 'DELETE', data(edit.token, `/${rowId}`)), 200)).toEqual({ message: 'Row deleted' });
    expect((await ownRows()).map((r) => r.id)).not.toContain(rowId);
    const trash = expectAnswer(await send(t, owner, 'GET', `/api/lists/${list}/trash`), 200).data;
    expect(trash.map((r: { id: string }) => r.id)).toContain(rowId);
  });

  it('the list’s row rules apply: validation_failed, unique_violation, unknown rows; nothing changes', async () => {
    await makeRow(t, owner, list, { title: 'Unique', isbn: '978-0' });
    const before = await ownRows();
    const invalid = expectAnswer(await send(t, holder, 'POST', data(edit.token), { data: { pages: 0, status: 'lost' } }), 400, 'validation_failed');
    expect(invalid.errors.length).toBeGreaterThanOrEqual(2);
    expectAnswer(await send(t, holder, 'POST', data(edit.token), { data: { title: 'Copy', isbn: '978-0' } }), 409, 'unique_violation');
    expectAnswer(await send(t, holder, 'PUT', data(edit.token), { rowId: before[0].id, data: { title: null } }), 400, 'validation_failed');
    expectAnswer(await send(t, holder, 'PUT', data(edit.token), { rowId: 'no-such-row', data: { title: 'x' } }), 404, 'not_found');
    expectAnswer(await send(t, holder, 'DELETE', data(edit.token, '/no-such-row')), 404, 'not_found');
    // A row of another list is not this list's.
    const elsewhere = await makeList(t, owner, { title: 'Elsewhere' });
    const foreign = await makeRow(t, owner, elsewhere, { title: 'Not here' });
    expectAnswer(await send(t, holder, 'PUT', data(edit.token), { rowId: foreign, data: { title: 'x' } }), 404, 'not_found');
    expectAnswer(await send(t, holder, 'DELETE', data(edit.token, `/${foreign}`)), 404, 'not_found');
    expectAnswer(await send(t, holder, 'POST', data(edit.token), { nope: 1 }), 400, 'bad_request');
    expect(await ownRows()).toEqual(before);
  });

  it('a codehost-backed list stays read-only through a link: 409 read_only_list', async () => {
    const synced = await makeList(t, owner, { title: 'Synced' });
    const rowId = await makeRow(t, owner, synced, { title: 'From the provider' });
    await t.db.kysely.updateTable('lists').set({ source: JSON.stringify({ provider: 'codehost', kind: 'repositories', repository: null }) }).where('id', '=', synced).execute();
    const link = await makeLink(t, owner, 'list', synced, { access: 'edit' });
    expectAnswer(await send(t, holder, 'POST', data(link.token), { data: { title: 'x' } }), 409, 'read_only_list');
    expectAnswer(await send(t, holder, 'PUT', data(link.token), { rowId, data: { title: 'x' } }), 409, 'read_only_list');
    expectAnswer(await send(t, holder, 'DELETE', data(link.token, `/${rowId}`)), 409, 'read_only_list');
  });

  it('a view link: 403 read_only_link on every write, nothing changes', async () => {
    const rowId = await makeRow(t, owner, list, { title: 'Kept' });
    const before = await ownRows();
    expectAnswer(await send(t, holder, 'POST', data(view.token), { data: { title: 'x' } }), 403, 'read_only_link');
    expectAnswer(await send(t, holder, 'PUT', data(view.token), { rowId, data: { title: 'x' } }), 403, 'read_only_link');
    expectAnswer(await send(t, holder, 'DELETE', data(view.token, `/${rowId}`)), 403, 'read_only_link');
    expect(await ownRows()).toEqual(before);
    // A refused write is no use of the link.
    expect((await t.db.kysely.selectFrom('share_links').select('last_used_at').where('id', '=', view.id).executeTakeFirstOrThrow()).last_used_at).toBeNull();
  });

  it('anonymous: 401; an unverified e-mail: 403 email_not_verified; an unknown token: the link’s 404', async () => {
    const rowId = await makeRow(t, owner, list, { title: 'Kept too' });
    const unverified = await verified(t, { email_verified: false });
    const before = await ownRows();
    for (const [method, rest, body] of [['POST', '', { data: { title: 'x' } }], ['PUT', '', { rowId, data: { title: 'x' } }], ['DELETE', `/${rowId}`, undefined]] as const) {
      expectAnswer(await send(t, null, method, data(edit.token, rest), body), 401, 'unauthorized');
      expectAnswer(await send(t, unverified, method, data(edit.token, rest), body), 403, 'email_not_verified');
      expectAnswer(await send(t, holder, method, data('0'.repeat(64), rest), body), 404, 'not_found');
    }
    expect(await ownRows()).toEqual(before);
  });

  it('a document’s link has no rows to write: 404', async () => {
    const doc = await makeDocument(t, owner, { title: 'No rows' });
    const link = await makeLink(t, owner, 'document', doc.id, { access: 'edit' });
    expectAnswer(await send(t, holder, 'POST', data(link.token), { data: { title: 'x' } }), 404, 'not_found');
    expectAnswer(await send(t, holder, 'DELETE', data(link.token, '/x')), 404, 'not_found');
  });
});

describe('a document through an edit link', () => {
  it('PATCH: the title and content change, the revision goes up, the history names the holder', async () => {
    const doc = await makeDocument(t, owner, { title: 'Minutes', content: 'first' });
    const link = await makeLink(t, owner, 'document', doc.id, { access: 'edit' });
    const res = expectAnswer(await send(t, holder, 'PATCH', `/api/shared/${link.token}`, { title: 'Minutes (edited)', content: 'second', baseRevision: doc.revision }), 200);
    expect(res).toEqual({ document: { id: doc.id, title: 'Minutes (edited)', content: 'second', revision: doc.revision + 1, updatedAt: t.clock.now().toISOString() } });
    const own = expectAnswer(await send(t, owner, 'GET', `/api/documents/${doc.id}`), 200).document;
    expect(own).toMatchObject({ title: 'Minutes (edited)', content: 'second', revision: doc.revision + 1 });
    const { revisions } = expectAnswer(await send(t, owner, 'GET', `/api/documents/${doc.id}/revisions`), 200);
    expect(revisions[0].editor).toEqual({ id: holder.user.id, username: holder.user.username });
    expect(revisions.at(-1).editor).toEqual({ id: owner.user.id, username: owner.user.username });
    // Through the link's read, the same document.
    expect(expectAnswer(await send(t, null, 'GET', `/api/shared/${link.token}`), 200).document).toEqual(res.document);
  });

  it('a stale baseRevision: 409 revision_conflict with the current document, nothing changes', async () => {
    const doc = await makeDocument(t, owner, { title: 'Draft', content: 'v1' });
    const link = await makeLink(t, owner, 'document', doc.id, { access: 'edit' });
    expectAnswer(await send(t, owner, 'PATCH', `/api/documents/${doc.id}`, { content: 'v2 by the owner' }), 200);
    const conflict = expectAnswer(await send(t, holder, 'PATCH', `/api/shared/${link.token}`, { content: 'v2 by the holder', baseRevision: doc.revision }), 409, 'revision_conflict');
    expect(conflict.document).toMatchObject({ id: doc.id, content: 'v2 by the owner', revision: doc.revision + 1 });
    expect(expectAnswer(await send(t, owner, 'GET', `/api/documents/${doc.id}`), 200).document).toMatchObject({ content: 'v2 by the owner', revision: doc.revision + 1 });
    // Without baseRevision, or with the current one, the change applies.
    expectAnswer(await send(t, holder, 'PATCH', `/api/shared/${link.token}`, { content: 'v3', baseRevision: doc.revision + 1 }), 200);
  });

  it('refuses a bad body (400), a view link (403 read_only_link), a list’s link (404); anonymous 401, unverified 403', async () => {
    const doc = await makeDocument(t, owner, { title: 'Guarded', content: 'as is' });
    const editLink = await makeLink(t, owner, 'document', doc.id, { access: 'edit' });
    const viewLink = await makeLink(t, owner, 'document', doc.id, { access: 'view' });
    const unverified = await verified(t, { email_verified: false });
    for (const body of [{}, { title: '' }, { title: '   ' }, { isPublic: true }, { folderId: null }, { relativePath: 'x.md' }, { baseRevision: 0 }, { content: 5 }]) {
      expectAnswer(await send(t, holder, 'PATCH', `/api/shared/${editLink.token}`, body), 400, 'bad_request');
    }
    expectAnswer(await send(t, holder, 'PATCH', `/api/shared/${viewLink.token}`, { content: 'x' }), 403, 'read_only_link');
    expectAnswer(await send(t, holder, 'PATCH', `/api/shared/${edit.token}`, { content: 'x' }), 404, 'not_found');
    expectAnswer(await send(t, null, 'PATCH', `/api/shared/${editLink.token}`, { content: 'x' }), 401, 'unauthorized');
    expectAnswer(await send(t, unverified, 'PATCH', `/api/shared/${editLink.token}`, { content: 'x' }), 403, 'email_not_verified');
    expect(expectAnswer(await send(t, owner, 'GET', `/api/documents/${doc.id}`), 200).document).toMatchObject({ title: 'Guarded', content: 'as is', revision: doc.revision });
  });

  it('a Bearer sync token may write too (signed in either way)', async () => {
    const doc = await makeDocument(t, owner, { title: 'By token', content: 'a' });
    const link = await makeLink(t, owner, 'document', doc.id, { access: 'edit' });
    const res = await t.app.inject({ method: 'PATCH', url: `/api/shared/${link.token}`, headers: { authorization: holder.bearer }, payload: { content: 'b' } });
    expect(expectAnswer(res, 200).document.content).toBe('b');
  });
});
