import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createDoc, createFolder, expectStatus, writer } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

describe('folders', () => {
  it('lists every live folder as { id, name, parentId, documents: [{ id, title, relativePath }] }', async () => {
    const a = await writer(t, { customer_status: 'free' }); // folders are open to free users
    const b = await writer(t);
    const top = await createFolder(t, a, 'Top');
    expect(top).toEqual({ id: expect.any(String), name: 'Top', parentId: null, documents: [] });
    const sub = await createFolder(t, a, 'Sub', top.id);
    await createFolder(t, b, 'Not mine');
    const paid = await writer(t);
    const res = expectStatus(await call(t, a, 'GET', '/api/documents/folders'), 200);
    expect(Object.keys(res)).toEqual(['folders']);
    expect(res.folders).toEqual([
      { id: sub.id, name: 'Sub', parentId: top.id, documents: [] },
      { id: top.id, name: 'Top', parentId: null, documents: [] },
    ]);
    const f = await createFolder(t, paid, 'P');
    const d = await createDoc(t, paid, { title: 'Doc', folderId: f.id, relativePath: 'doc.md' });
    const mine = expectStatus(await call(t, paid, 'GET', '/api/documents/folders', undefined, 'cookie'), 200);
    expect(mine.folders).toEqual([{ id: f.id, name: 'P', parentId: null, documents: [{ id: d.id, title: 'Doc', relativePath: 'doc.md' }] }]);
    expectStatus(await call(t, null, 'GET', '/api/documents/folders'), 401);
  });

  it('reads a folder with its children and documents; another user’s folder is 404', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const top = await createFolder(t, a, 'Top');
    const child = await createFolder(t, a, 'Child', top.id);
    const doc = await createDoc(t, a, { title: 'In top', folderId: top.id });
    const inChild = await createDoc(t, a, { title: 'In child', folderId: child.id });
    const body = expectStatus(await call(t, a, 'GET', `/api/documents/folders/${top.id}`), 200);
    expect(body.folder).toMatchObject({
      id: top.id,
      name: 'Top',
      parentId: null,
      path: 'Top',
      documents: [{ id: doc.id, title: 'In top', relativePath: 'In top.md' }],
      children: [{ id: child.id, name: 'Child', parentId: top.id, documents: [{ id: inChild.id, title: 'In child', relativePath: 'In child.md' }] }],
    });
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/folders/${child.id}`), 200).folder.path).toBe('Top/Child');
    expectStatus(await call(t, b, 'GET', `/api/documents/folders/${top.id}`), 404);
    expectStatus(await call(t, b, 'GET', `/api/documents/folders/${top.id}/documents`), 404);
    expectStatus(await call(t, null, 'GET', `/api/documents/folders/${top.id}`), 401);
    const docs = expectStatus(await call(t, a, 'GET', `/api/documents/folders/${top.id}/documents`), 200);
    expect(docs.documents.map((d: any) => d.id)).toEqual([doc.id]);
  });

  it('creates documents in a folder (subscriber-only, folder must be the caller’s)', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const folder = await createFolder(t, a, 'F');
    const res = await call(t, a, 'POST', `/api/documents/folders/${folder.id}/documents`, { title: 'Hello', content: 'x', relativePath: 'hello.md', isPublic: false });
    expect(expectStatus(res, 201).document).toMatchObject({ folderId: folder.id, relativePath: 'hello.md', revision: 1 });
    expectStatus(await call(t, b, 'POST', `/api/documents/folders/${folder.id}/documents`, { title: 'x' }), 404);
    const free = await writer(t, { customer_status: 'free' });
    const theirs = await createFolder(t, free, 'Free');
    expectStatus(await call(t, free, 'POST', `/api/documents/folders/${theirs.id}/documents`, { title: 'x' }), 403, 'subscription_required');
    expectStatus(await call(t, null, 'POST', `/api/documents/folders/${folder.id}/documents`, { title: 'x' }), 401);
  });

  it('two live siblings may not share a name (409, case-insensitive); other parents and deleted siblings do not count', async () => {
    const a = await writer(t);
    const top = await createFolder(t, a, 'Top');
    await createFolder(t, a, 'Notes', top.id);
    expectStatus(await call(t, a, 'POST', '/api/documents/folders', { name: 'notes', parentId: top.id }), 409, 'name_taken');
    await createFolder(t, a, 'Notes'); // at the root: fine
    const other = await createFolder(t, a, 'Other', top.id);
    expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${other.id}`, { name: 'NOTES' }), 409, 'name_taken');
    const old = await createFolder(t, a, 'Old', top.id);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${old.id}`), 200);
    await createFolder(t, a, 'Old', top.id);
  });

  it('renames and moves, keeping the id; a move under itself or a descendant is 400; unknown parent 404', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const x = await createFolder(t, a, 'X');
    const y = await createFolder(t, a, 'Y', x.id);
    const z = await createFolder(t, a, 'Z', y.id);
    const doc = await createDoc(t, a, { title: 'd', folderId: z.id });
    const renamed = expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${z.id}`, { name: 'Zed' }), 200).folder;
    expect(renamed).toEqual({ id: z.id, name: 'Zed', parentId: y.id, documents: [{ id: doc.id, title: 'd', relativePath: 'd.md' }] });
    const moved = expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${z.id}`, { parentId: null }), 200).folder;
    expect(moved).toMatchObject({ id: z.id, parentId: null });
    expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${z.id}`, { parentId: y.id }), 200);
    expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${x.id}`, { parentId: z.id }), 400, 'invalid_move');
    expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${x.id}`, { parentId: x.id }), 400, 'invalid_move');
    expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${y.id}`, { parentId: 'nope' }), 404);
    const theirs = await createFolder(t, b, 'Theirs');
    expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${y.id}`, { parentId: theirs.id }), 404);
    expectStatus(await call(t, b, 'PUT', `/api/documents/folders/${y.id}`, { name: 'mine now' }), 404);
    expectStatus(await call(t, null, 'PUT', `/api/documents/folders/${y.id}`, { name: 'q' }), 401);
    // The document's id is stable through all of it.
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}`), 200).document.folderId).toBe(z.id);
  });

  it.each([
    ['empty name', { name: '' }],
    ['blank name', { name: '   ' }],
    ['a slash', { name: 'a/b' }],
    ['a backslash', { name: 'a\\b' }],
    ['..', { name: '..' }],
    ['too long', { name: 'n'.repeat(256) }],
    ['unknown field', { name: 'ok', color: 'red' }],
    ['parentId a number', { name: 'ok', parentId: 3 }],
  ])('400 for a folder with %s', async (_n, body) => {
    const a = await writer(t);
    expectStatus(await call(t, a, 'POST', '/api/documents/folders', body), 400);
    const f = await createFolder(t, a, 'F');
    expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${f.id}`, body), 400);
  });

  it('an empty update is 400', async () => {
    const a = await writer(t);
    const f = await createFolder(t, a, 'F');
    expectStatus(await call(t, a, 'PUT', `/api/documents/folders/${f.id}`, {}), 400);
  });

  it('a delete cascades to child folders and their documents, which vanish from every read', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const top = await createFolder(t, a, 'Top');
    const child = await createFolder(t, a, 'Child', top.id);
    const grand = await createFolder(t, a, 'Grand', child.id);
    const keep = await createFolder(t, a, 'Keep');
    const d1 = await createDoc(t, a, { title: 'quokka one', folderId: top.id, isPublic: true });
    const d2 = await createDoc(t, a, { title: 'quokka two', folderId: grand.id });
    const d3 = await createDoc(t, a, { title: 'quokka three', folderId: keep.id });
    expectStatus(await call(t, b, 'DELETE', `/api/documents/folders/${top.id}`), 404);
    expect(expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${top.id}`), 200)).toEqual({ message: expect.any(String) });
    for (const id of [top.id, child.id, grand.id]) {
      expectStatus(await call(t, a, 'GET', `/api/documents/folders/${id}`), 404);
      expectStatus(await call(t, a, 'GET', `/api/documents/folders/${id}/documents`), 404);
      expectStatus(await call(t, a, 'POST', `/api/documents/folders/${id}/documents`, { title: 'late' }), 404);
    }
    for (const id of [d1.id, d2.id]) expectStatus(await call(t, a, 'GET', `/api/documents/${id}`), 404);
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/folders'), 200).folders.map((f: any) => f.id)).toEqual([keep.id]);
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/search?q=quokka'), 200).documents.map((d: any) => d.id)).toEqual([d3.id]);
    expect(expectStatus(await call(t, null, 'GET', `/api/users/${a.user.username}/documents`), 200).documents).toEqual([]);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${top.id}`), 404);
    expectStatus(await call(t, null, 'DELETE', `/api/documents/folders/${keep.id}`), 401);
    // Moving a document into a deleted folder is refused.
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${d3.id}`, { folderId: child.id }), 404);
  });
});
