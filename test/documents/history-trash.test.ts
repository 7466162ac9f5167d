import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { purgeDocumentTrash } from '../../src/features/documents/history.js';
import { call, createDoc, createFolder, expectStatus, writer } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const MIN = 60_000;
const DAY = 24 * 3600_000;

describe('revisions', () => {
  it('keeps who, when and the content; edits by the same editor within 10 minutes collapse into one entry, never into revision 1', async () => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'T', content: 'v1' });
    const created = t.clock.now().toISOString();
    t.clock.advance(2 * MIN);
    // Within ten minutes of the first revision, and still a new entry: revision 1 is kept.
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${doc.id}`, { content: 'v2' }), 200);
    const first = t.clock.now().toISOString();
    t.clock.advance(5 * MIN);
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${doc.id}`, { content: 'v3' }), 200);
    t.clock.advance(6 * MIN); // 11 minutes after the entry began: a new entry
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${doc.id}`, { content: 'v4', title: 'T4' }), 200);
    const second = t.clock.now().toISOString();
    t.clock.advance(1 * MIN);
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${doc.id}`, { content: 'v5' }), 200);
    const list = expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions`), 200);
    const editor = { id: a.user.id, username: a.user.username };
    expect(list).toEqual({
      revisions: [
        { revision: 5, title: 'T4', createdAt: second, editor },
        { revision: 3, title: 'T', createdAt: first, editor },
        { revision: 1, title: 'T', createdAt: created, editor },
      ],
      pagination: { total: 3, limit: 20, offset: 0, hasMore: false },
    });
    const r3 = expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions/3`), 200);
    expect(r3).toEqual({ revision: { revision: 3, title: 'T', content: 'v3', createdAt: first, editor } });
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions/1`), 200).revision.content).toBe('v1');
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions/5`), 200).revision.content).toBe('v5');
    // Collapsed-away and unknown numbers are 404.
    for (const n of [2, 4, 6]) expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions/${n}`), 404);
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}`), 200).document.revision).toBe(5);
  });

  it('restoring a revision makes a new revision with its title and content', async () => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'Orig', content: 'first' });
    t.clock.advance(11 * MIN);
    expectStatus(await call(t, a, 'PUT', `/api/documents/${doc.id}`, { title: 'Changed', content: 'second' }), 200);
    const res = await call(t, a, 'POST', `/api/documents/${doc.id}/revisions/1/restore`);
    const restored = expectStatus(res, 200).document;
    expect(restored).toMatchObject({ id: doc.id, title: 'Orig', content: 'first', revision: 3 });
    const list = expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions`), 200).revisions;
    // The restore is its own entry, even within ten minutes of the edit before it.
    expect(list.map((r: any) => [r.revision, r.title])).toEqual([
      [3, 'Orig'],
      [2, 'Changed'],
      [1, 'Orig'],
    ]);
    expectStatus(await call(t, a, 'POST', `/api/documents/${doc.id}/revisions/9/restore`), 404);
  });

  it('pages newest first', async () => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'T', content: '0' });
    for (let i = 1; i <= 4; i++) {
      t.clock.advance(11 * MIN);
      expectStatus(await call(t, a, 'PATCH', `/api/documents/${doc.id}`, { content: String(i) }), 200);
    }
    const page = expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions?limit=2&offset=1`), 200);
    expect(page.revisions.map((r: any) => r.revision)).toEqual([4, 3]);
    expect(page.pagination).toEqual({ total: 5, limit: 2, offset: 1, hasMore: true });
  });

  it('authorization: 401 anonymous; another user’s document (even public) and deleted documents are 404; restore needs write access', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const doc = await createDoc(t, a, { title: 'T', isPublic: true });
    for (const url of [`/api/documents/${doc.id}/revisions`, `/api/documents/${doc.id}/revisions/1`]) {
      expectStatus(await call(t, null, 'GET', url), 401);
      expectStatus(await call(t, b, 'GET', url), 404);
    }
    expectStatus(await call(t, null, 'POST', `/api/documents/${doc.id}/revisions/1/restore`), 401);
    expectStatus(await call(t, b, 'POST', `/api/documents/${doc.id}/revisions/1/restore`), 404);
    expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions/0`), 400);
    expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions/abc`), 400);
    await t.db.kysely.updateTable('users').set({ account_status: 'suspended' }).where('id', '=', a.user.id).execute();
    expectStatus(await call(t, a, 'POST', `/api/documents/${doc.id}/revisions/1/restore`), 403, 'account_suspended');
    await t.db.kysely.updateTable('users').set({ account_status: 'active' }).where('id', '=', a.user.id).execute();
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${doc.id}`), 200);
    expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}/revisions`), 404);
  });
});

describe('trash', () => {
  it('lists deleted documents and folders with deletedAt, most recent first, paged; restores a document', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const f = await createFolder(t, a, 'F');
    const d1 = await createDoc(t, a, { title: 'd1' });
    const d2 = await createDoc(t, a, { title: 'd2' });
    await createDoc(t, b, { title: 'theirs' });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${d1.id}`), 200);
    t.clock.advance(1000);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${f.id}`), 200);
    t.clock.advance(1000);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${d2.id}`), 200);
    const trash = expectStatus(await call(t, a, 'GET', '/api/documents/trash'), 200);
    expect(Object.keys(trash).sort()).toEqual(['documents', 'folders', 'pagination']);
    expect(trash.documents.map((d: any) => d.id)).toEqual([d2.id, d1.id]);
    expect(trash.documents[0]).toMatchObject({ title: 'd2', revision: 2, deletedAt: t.clock.now().toISOString() });
    expect(trash.folders).toEqual([{ id: f.id, name: 'F', parentId: null, deletedAt: expect.any(String) }]);
    expect(trash.pagination).toEqual({ total: 3, limit: 20, offset: 0, hasMore: false });
    const page = expectStatus(await call(t, a, 'GET', '/api/documents/trash?limit=1&offset=1'), 200);
    expect(page.documents).toEqual([]);
    expect(page.folders.map((x: any) => x.id)).toEqual([f.id]);
    expect(page.pagination).toEqual({ total: 3, limit: 1, offset: 1, hasMore: true });
    expect(expectStatus(await call(t, b, 'GET', '/api/documents/trash'), 200).documents).toEqual([]);
    expectStatus(await call(t, null, 'GET', '/api/documents/trash'), 401);

    expectStatus(await call(t, b, 'POST', `/api/documents/${d1.id}/restore`), 404);
    expectStatus(await call(t, null, 'POST', `/api/documents/${d1.id}/restore`), 401);
    const restored = expectStatus(await call(t, a, 'POST', `/api/documents/${d1.id}/restore`), 200).document;
    expect(restored).toMatchObject({ id: d1.id, title: 'd1', revision: 3 });
    expectStatus(await call(t, a, 'GET', `/api/documents/${d1.id}`), 200);
    expectStatus(await call(t, a, 'POST', `/api/documents/${d1.id}/restore`), 404);
    const sync = expectStatus(await call(t, a, 'GET', '/api/documents/sync'), 200);
    expect(sync.documents.map((d: any) => d.id)).toEqual([d1.id]);
  });

  it('a document whose folder is still deleted comes back at the root; a name taken there is 409', async () => {
    const a = await writer(t);
    const f = await createFolder(t, a, 'F');
    const inside = await createDoc(t, a, { title: 'inside', folderId: f.id, relativePath: 'note.md' });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${f.id}`), 200);
    const back = expectStatus(await call(t, a, 'POST', `/api/documents/${inside.id}/restore`), 200).document;
    expect(back).toMatchObject({ id: inside.id, folderId: null, relativePath: 'note.md' });
    const twin = await createDoc(t, a, { title: 'twin', relativePath: 'twin.md' });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${twin.id}`), 200);
    await createDoc(t, a, { title: 'new twin', relativePath: 'twin.md' });
    expectStatus(await call(t, a, 'POST', `/api/documents/${twin.id}/restore`), 409, 'path_taken');
  });

  it('restoring a folder brings back what was deleted with it, not what was deleted before; at the root when its parent is deleted', async () => {
    const a = await writer(t);
    const top = await createFolder(t, a, 'Top');
    const mid = await createFolder(t, a, 'Mid', top.id);
    const leaf = await createFolder(t, a, 'Leaf', mid.id);
    const early = await createDoc(t, a, { title: 'early', folderId: mid.id });
    const withIt = await createDoc(t, a, { title: 'with it', folderId: mid.id });
    const deep = await createDoc(t, a, { title: 'deep', folderId: leaf.id });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${early.id}`), 200);
    t.clock.advance(1000);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${top.id}`), 200);
    // Mid first: its parent Top is still deleted, so it comes back at the root with its subtree.
    const res = expectStatus(await call(t, a, 'POST', `/api/documents/folders/${mid.id}/restore`), 200);
    expect(res.folder).toEqual({ id: mid.id, name: 'Mid', parentId: null, documents: [{ id: withIt.id, title: 'with it', relativePath: 'with it.md' }] });
    const leafRead = expectStatus(await call(t, a, 'GET', `/api/documents/folders/${leaf.id}`), 200).folder;
    expect(leafRead).toMatchObject({ parentId: mid.id, path: 'Mid/Leaf', documents: [{ id: deep.id, title: 'deep', relativePath: 'deep.md' }] });
    expectStatus(await call(t, a, 'GET', `/api/documents/${early.id}`), 404);
    expectStatus(await call(t, a, 'GET', `/api/documents/folders/${top.id}`), 404);
    // Top now: only itself is left in its batch.
    const topBack = expectStatus(await call(t, a, 'POST', `/api/documents/folders/${top.id}/restore`), 200).folder;
    expect(topBack).toEqual({ id: top.id, name: 'Top', parentId: null, documents: [] });
    expectStatus(await call(t, a, 'POST', `/api/documents/folders/${top.id}/restore`), 404);
    // A live sibling with the name: 409.
    const x = await createFolder(t, a, 'X');
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${x.id}`), 200);
    await createFolder(t, a, 'X');
    expectStatus(await call(t, a, 'POST', `/api/documents/folders/${x.id}/restore`), 409, 'name_taken');
    const b = await writer(t);
    expectStatus(await call(t, b, 'POST', `/api/documents/folders/${x.id}/restore`), 404);
    expectStatus(await call(t, null, 'POST', `/api/documents/folders/${x.id}/restore`), 401);
  });

  it('purgeDocumentTrash erases what was deleted more than 30 days ago (content and history), keeping a tombstone for sync', async () => {
    const a = await writer(t);
    const oldCursor = expectStatus(await call(t, a, 'GET', '/api/documents/sync'), 200).lastSyncAt;
    const f = await createFolder(t, a, 'Old folder');
    const inF = await createDoc(t, a, { title: 'purge me too', folderId: f.id, content: 'secret one' });
    const old = await createDoc(t, a, { title: 'purgeable old', content: 'secret two' });
    const recent = await createDoc(t, a, { title: 'purgeable recent' });
    const live = await createDoc(t, a, { title: 'purgeable live' });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${old.id}`), 200);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${f.id}`), 200);
    t.clock.advance(2 * DAY);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${recent.id}`), 200);
    t.clock.advance(29 * DAY); // old: 31 days in the trash; recent: 29
    // The same pull before and after the purge (an answer kept for a cursor is never the old text).
    const pullOld = () => call(t, a, 'GET', `/api/documents/sync?lastSyncAt=${encodeURIComponent(oldCursor)}`);
    const beforePurge = expectStatus(await pullOld(), 200);
    expect(beforePurge.documents.find((d: any) => d.id === old.id)).toMatchObject({ title: 'purgeable old', content: 'secret two' });
    const first = await purgeDocumentTrash(t.app.ctx);
    expect(first.documents).toBeGreaterThanOrEqual(2);
    expect(first.folders).toBeGreaterThanOrEqual(1);
    const rows = await t.db.kysely.selectFrom('documents').selectAll().where('id', 'in', [old.id, inF.id]).execute();
    expect(rows.map((r) => [r.title, r.content, r.delete_batch])).toEqual([
      ['', '', 'purged'],
      ['', '', 'purged'],
    ]);
    const revs = await t.db.kysely.selectFrom('document_revisions').select('document_id').where('document_id', 'in', [old.id, inF.id]).execute();
    expect(revs).toEqual([]);
    const trash = expectStatus(await call(t, a, 'GET', '/api/documents/trash'), 200);
    expect(trash.documents.map((d: any) => d.id)).toEqual([recent.id]);
    expect(trash.folders).toEqual([]);
    expect(trash.pagination.total).toBe(1);
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/search?q=secret'), 200).documents).toEqual([]);
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/search?q=purgeable'), 200).documents.map((d: any) => d.id)).toEqual([live.id]);
    expectStatus(await call(t, a, 'POST', `/api/documents/${old.id}/restore`), 404);
    expectStatus(await call(t, a, 'POST', `/api/documents/folders/${f.id}/restore`), 404);
    // A client that last synced before all this still learns of every deletion.
    const pulled = expectStatus(await pullOld(), 200);
    expect(pulled.documents.find((d: any) => d.id === old.id)).toMatchObject({ title: '', content: '' });
    expect(pulled.lastSyncAt > beforePurge.lastSyncAt).toBe(true);
    const tombstones = pulled.documents.filter((d: any) => d.deletedAt !== null).map((d: any) => d.id).sort();
    expect(tombstones).toEqual([inF.id, old.id, recent.id].sort());
    expect(pulled.folders).toEqual([expect.objectContaining({ id: f.id, deletedAt: expect.any(String) })]);
    // An edit by id from such a client is refused; its delete is done.
    const push = await call(t, a, 'POST', '/api/documents/sync', { operations: [{ op: 'update', type: 'document', path: 'x.md', data: { id: old.id, content: 'back?' } }] });
    expectStatus(push, 409, 'document_deleted');
    expectStatus(await call(t, a, 'POST', '/api/documents/sync', { operations: [{ op: 'delete', type: 'document', path: 'x.md', data: { id: old.id } }] }), 200);
    // Running again purges nothing more until the recent one ages out.
    expect(await purgeDocumentTrash(t.app.ctx)).toEqual({ documents: 0, folders: 0, documentIds: [] });
    t.clock.advance(2 * DAY);
    expect((await purgeDocumentTrash(t.app.ctx)).documents).toBeGreaterThanOrEqual(1);
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/trash'), 200).documents).toEqual([]);
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${live.id}`), 200).document.title).toBe('purgeable live');
  });
});
