import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { call as docCall, createDoc, expectStatus, writer } from '../documents/helpers.js';
import { activeUser, addRow, call, cookieOf, createList, importFinished, uploadCsv } from './support.js';

// Attribution (CONTRACT, "Sharing and collaboration"): list rows carry `updatedBy: { id, username }`,
// who last added, edited or restored the row, on every read of a row (a page, the public page,
// the trash, the answers of the writes), null for rows written before attribution and once that
// account is deleted; and a document revision's `editor` is who made it, on every write path.

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
}, 120_000);
afterAll(async () => t?.close());

const page = async (listId: string, who: Parameters<typeof cookieOf>[0]) => (await call(t, 'GET', `/api/lists/${listId}/data?limit=100`, cookieOf(who))).json().data as Record<string, any>[];

describe('updatedBy on list rows', () => {
  it('every write answers its row with its writer, and every read of the row says the same', async () => {
    const owner = await activeUser(t);
    const me = { id: owner.user.id, username: owner.user.username };
    const list = await createList(t, cookieOf(owner), { isPublic: true });
    const added = await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(owner), { data: { title: 'Dune' } });
    expect(added.json().data.updatedBy).toEqual(me);
    const rowId = added.json().data.id;
    const edited = await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(owner), { rowId, data: { pages: 412 } });
    expect(edited.json().data.updatedBy).toEqual(me);
    expect((await page(list.id, owner)).map((r) => r.updatedBy)).toEqual([me]);
    const publicPage = await call(t, 'GET', `/api/users/${owner.user.username}/lists/${list.id}/data`);
    expect(publicPage.json().data[0].updatedBy).toEqual(me);
    expect((await call(t, 'DELETE', `/api/lists/${list.id}/data/${rowId}`, cookieOf(owner))).statusCode).toBe(200);
    const trash = await call(t, 'GET', `/api/lists/${list.id}/trash`, cookieOf(owner));
    expect(trash.json().data[0]).toMatchObject({ id: rowId, updatedBy: me });
    const restored = await call(t, 'POST', `/api/lists/${list.id}/data/${rowId}/restore`, cookieOf(owner));
    expect(restored.json().data.updatedBy).toEqual(me);
  });

  it('a row written before attribution says null', async () => {
    const owner = await activeUser(t);
    const list = await createList(t, cookieOf(owner));
    const row = await addRow(t, cookieOf(owner), list.id, { title: 'Old' });
    await t.db.kysely.updateTable('list_rows').set({ updated_by: null }).where('id', '=', row.id).execute();
    await t.db.kysely.updateTable('lists').set({ rows_version: 1000 }).where('id', '=', list.id).execute();
    expect((await page(list.id, owner))[0]).toMatchObject({ id: row.id, updatedBy: null });
  });

  it('rows an import inserts or updates name the importer', async () => {
    const owner = await activeUser(t);
    const list = await createList(t, cookieOf(owner));
    const old = await addRow(t, cookieOf(owner), list.id, { title: 'Old', isbn: 'X-1' });
    await t.db.kysely.updateTable('list_rows').set({ updated_by: null }).where('id', '=', old.id).execute();
    const res = await uploadCsv(t, cookieOf(owner), list.id, 'title,isbn\nRenamed,X-1\nNew,X-2\n', { upsertKey: 'isbn' });
    expect((await importFinished(t, cookieOf(owner), list.id, res.json().job.id)).status).toBe('done');
    const rows = await page(list.id, owner);
    expect(rows.map((r) => [r.data.title, r.updatedBy])).toEqual([
      ['Renamed', { id: owner.user.id, username: owner.user.username }],
      ['New', { id: owner.user.id, username: owner.user.username }],
    ]);
  });

  it('an account deleted leaves the rows it wrote in others’ lists, attributed to no one, on every read at once', async () => {
    const owner = await activeUser(t);
    const editor = await activeUser(t);
    const list = await createList(t, cookieOf(owner));
    const row = await addRow(t, cookieOf(owner), list.id, { title: 'Shared' });
    const own = await addRow(t, cookieOf(owner), list.id, { title: 'Own' });
    // Last edited by someone else (a collaborator's edit, once there are collaborators).
    await t.db.kysely.updateTable('list_rows').set({ updated_by: editor.user.id }).where('id', '=', row.id).execute();
    await t.db.kysely.updateTable('lists').set({ rows_version: 2000 }).where('id', '=', list.id).execute();
    const before = await page(list.id, owner);
    expect(before.find((r) => r.id === row.id)!.updatedBy).toEqual({ id: editor.user.id, username: editor.user.username });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${editor.user.id}`, headers: { cookie: t.admin.cookie } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await page(list.id, owner);
    expect(after.map((r) => [r.id, r.updatedBy])).toEqual([
      [row.id, null],
      [own.id, { id: owner.user.id, username: owner.user.username }],
    ]);
    expect(after.find((r) => r.id === row.id)!.data.title).toBe('Shared');
  });
});

describe('revision editors', () => {
  it('every write path of a document names its editor in the history: create, PUT, PATCH, sync, restore', async () => {
    const owner = await writer(t);
    const doc = await createDoc(t, owner, { title: 'Plan', content: 'v1', relativePath: 'plan.md' });
    const gap = () => t.clock.advance(11 * 60_000); // past the window that folds one editor's edits together
    gap();
    expectStatus(await docCall(t, owner, 'PUT', `/api/documents/${doc.id}`, { content: 'v2' }), 200);
    gap();
    expectStatus(await docCall(t, owner, 'PATCH', `/api/documents/${doc.id}`, { title: 'Plan B' }), 200);
    gap();
    expectStatus(await docCall(t, owner, 'POST', '/api/documents/sync', { operations: [{ op: 'update', type: 'document', path: 'plan.md', data: { content: 'v4' } }] }), 200);
    gap();
    expectStatus(await docCall(t, owner, 'POST', `/api/documents/${doc.id}/revisions/1/restore`), 200);
    const { revisions } = expectStatus(await docCall(t, owner, 'GET', `/api/documents/${doc.id}/revisions`), 200);
    expect(revisions.length).toBe(5);
    for (const r of revisions) expect(r.editor).toEqual({ id: owner.user.id, username: owner.user.username });
  });
});
