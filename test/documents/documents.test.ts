import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createDoc, createFolder, DOCUMENT_FIELDS, expectStatus, writer, type Method } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

describe('POST /api/documents', () => {
  it('creates a document with exactly the summary fields plus revision 1, by cookie or Bearer', async () => {
    const a = await writer(t);
    for (const via of ['cookie', 'bearer'] as const) {
      const res = await call(t, a, 'POST', '/api/documents', { title: `Notes ${via}`, content: '# Hi', relativePath: `notes-${via}.md`, isPublic: true }, via);
      const { document } = expectStatus(res, 201);
      expect(Object.keys(res.json())).toEqual(['document']);
      expect(Object.keys(document).sort()).toEqual(DOCUMENT_FIELDS);
      expect(document).toMatchObject({ title: `Notes ${via}`, content: '# Hi', relativePath: `notes-${via}.md`, isPublic: true, folderId: null, revision: 1 });
      expect(document.createdAt).toBe(t.clock.now().toISOString());
      expect(document.updatedAt).toBe(document.createdAt);
    }
  });

  it('defaults content to empty, isPublic to false, and derives a free relativePath from the title', async () => {
    const a = await writer(t);
    const first = await createDoc(t, a, { title: 'Trip: Kyoto/Osaka' });
    expect(first).toMatchObject({ content: '', isPublic: false, relativePath: 'Trip- Kyoto-Osaka.md' });
    const second = await createDoc(t, a, { title: 'Trip: Kyoto/Osaka' });
    expect(second.relativePath).toBe('Trip- Kyoto-Osaka (2).md');
  });

  it('refuses an explicit relativePath already used in the folder (409), whatever its case', async () => {
    const a = await writer(t);
    await createDoc(t, a, { title: 'A', relativePath: 'same.md' });
    expectStatus(await call(t, a, 'POST', '/api/documents', { title: 'B', relativePath: 'SAME.md' }), 409, 'path_taken');
    // Another user may use the same name.
    const b = await writer(t);
    await createDoc(t, b, { title: 'B', relativePath: 'same.md' });
  });

  it('is subscriber-only: a free user gets 403 with the subscription text, a probation account 403 account_probation_feature', async () => {
    const free = await writer(t, { customer_status: 'free' });
    const res = await call(t, free, 'POST', '/api/documents', { title: 'x' });
    expectStatus(res, 403, 'subscription_required');
    expect(res.json().error).toMatch(/active subscription is required/);
    const probation = await writer(t, { account_status: 'probation' });
    expectStatus(await call(t, probation, 'POST', '/api/documents', { title: 'x' }), 403, 'account_probation_feature');
    const suspended = await writer(t, { account_status: 'suspended' });
    expectStatus(await call(t, suspended, 'POST', '/api/documents', { title: 'x' }), 403, 'account_suspended');
    for (const tier of ['subscriber:monthly', 'subscriber:annual']) {
      const paid = await writer(t, { customer_status: tier });
      expectStatus(await call(t, paid, 'POST', '/api/documents', { title: 'x' }), 201);
    }
    const count = await t.db.kysely.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', [free.user.id, probation.user.id, suspended.user.id]).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('answers 401 without credentials', async () => {
    expectStatus(await call(t, null, 'POST', '/api/documents', { title: 'x' }), 401);
  });

  it.each([
    ['no title', { content: 'x' }],
    ['empty title', { title: '' }],
    ['blank title', { title: '   ' }],
    ['title too long', { title: 'x'.repeat(501) }],
    ['title not a string', { title: 5 }],
    ['unknown field', { title: 'x', owner: 'me' }],
    ['isPublic not boolean', { title: 'x', isPublic: 'yes' }],
    ['relativePath with a slash', { title: 'x', relativePath: 'a/b.md' }],
    ['relativePath ..', { title: 'x', relativePath: '..' }],
    ['relativePath too long', { title: 'x', relativePath: `${'a'.repeat(300)}.md` }],
    ['content too long', { title: 'x', content: 'x'.repeat(500_001) }],
    ['body an array', [{ title: 'x' }]],
  ])('400 for %s', async (_name, body) => {
    const a = await writer(t);
    const res = await call(t, a, 'POST', '/api/documents', body);
    expectStatus(res, 400);
  });

  it('takes a document of 500,000 CJK characters (1.5 MB of JSON, over the service-wide 1 MiB body limit) and gives it back whole', async () => {
    const a = await writer(t);
    const content = '漢字かな한'.repeat(100_000);
    expect(content.length).toBe(500_000);
    const res = await call(t, a, 'POST', '/api/documents', { title: 'Long', content });
    expectStatus(res, 201);
    const id = res.json().document.id;
    const read = await call(t, a, 'GET', `/api/documents/${id}`);
    expect(read.json().document.content).toBe(content);
    const edited = await call(t, a, 'PUT', `/api/documents/${id}`, { content: `${content.slice(1)}!` });
    expectStatus(edited, 200);
    expect(edited.json().document.content.length).toBe(500_000);
  });

  it('a body beyond the documents’ 4 MiB limit is 413 payload_too_large; other routes keep 1 MiB', async () => {
    const a = await writer(t);
    const big = await call(t, a, 'POST', '/api/documents', { title: 'x', content: 'x'.repeat(4 * 1024 * 1024) });
    expectStatus(big, 413);
    expect(big.json().code).toBe('payload_too_large');
    const elsewhere = await call(t, a, 'PATCH', '/api/user', { displayName: 'x'.repeat(1024 * 1024 + 10) });
    expectStatus(elsewhere, 413);
  });

  it('404 for a folderId that is not the caller’s', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const folder = await createFolder(t, b, 'Theirs');
    expectStatus(await call(t, a, 'POST', '/api/documents', { title: 'x', folderId: folder.id }), 404);
  });
});

describe('GET /api/documents and /api/documents/{id}', () => {
  it('lists only the caller’s live root-level documents', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const folder = await createFolder(t, a, 'F');
    const root = await createDoc(t, a, { title: 'Root' });
    await createDoc(t, a, { title: 'Inside', folderId: folder.id });
    const gone = await createDoc(t, a, { title: 'Gone' });
    await createDoc(t, b, { title: 'Theirs' });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${gone.id}`), 200);
    const body = expectStatus(await call(t, a, 'GET', '/api/documents'), 200);
    expect(body.documents.map((d: any) => d.id)).toEqual([root.id]);
    expectStatus(await call(t, null, 'GET', '/api/documents'), 401);
  });

  it('reads the owner’s document; another user’s private one is 404, a public one readable (free users too)', async () => {
    const a = await writer(t);
    const other = await writer(t, { customer_status: 'free' });
    const priv = await createDoc(t, a, { title: 'Private' });
    const pub = await createDoc(t, a, { title: 'Public', isPublic: true });
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${priv.id}`, undefined, 'cookie'), 200)).toEqual({ document: priv });
    expectStatus(await call(t, other, 'GET', `/api/documents/${priv.id}`), 404);
    expect(expectStatus(await call(t, other, 'GET', `/api/documents/${pub.id}`), 200).document.id).toBe(pub.id);
    expectStatus(await call(t, null, 'GET', `/api/documents/${pub.id}`), 401);
    expectStatus(await call(t, a, 'GET', '/api/documents/no-such-id'), 404);
    expectStatus(await call(t, a, 'GET', `/api/documents/${'x'.repeat(65)}`), 400);
  });
});

describe('PUT and PATCH /api/documents/{id}', () => {
  for (const method of ['PUT', 'PATCH'] as Method[]) {
    it(`${method} changes fields and adds one to the revision each time`, async () => {
      const a = await writer(t);
      const folder = await createFolder(t, a, 'Dest');
      const doc = await createDoc(t, a, { title: 'T', content: 'one' });
      t.clock.advance(1000);
      const r1 = expectStatus(await call(t, a, method, `/api/documents/${doc.id}`, { content: 'two' }), 200).document;
      expect(r1).toMatchObject({ id: doc.id, content: 'two', title: 'T', revision: 2 });
      expect(r1.updatedAt).toBe(t.clock.now().toISOString());
      expect(r1.createdAt).toBe(doc.createdAt);
      const r2 = expectStatus(
        await call(t, a, method, `/api/documents/${doc.id}`, { title: 'T2', isPublic: true, folderId: folder.id, relativePath: 'moved.md' }),
        200,
      ).document;
      expect(r2).toMatchObject({ id: doc.id, title: 'T2', isPublic: true, folderId: folder.id, relativePath: 'moved.md', revision: 3 });
      const r3 = expectStatus(await call(t, a, method, `/api/documents/${doc.id}`, { folderId: null }), 200).document;
      expect(r3).toMatchObject({ id: doc.id, folderId: null, revision: 4 });
      // Nothing changed: no new revision.
      const r4 = expectStatus(await call(t, a, method, `/api/documents/${doc.id}`, { title: 'T2' }), 200).document;
      expect(r4.revision).toBe(4);
    });
  }

  it('with a current baseRevision applies; with a stale one answers 409 revision_conflict with the current document and changes nothing', async () => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'T', content: 'v1' });
    const ok = expectStatus(await call(t, a, 'PUT', `/api/documents/${doc.id}`, { content: 'v2', baseRevision: 1 }), 200).document;
    expect(ok.revision).toBe(2);
    const res = await call(t, a, 'PATCH', `/api/documents/${doc.id}`, { content: 'stale edit', baseRevision: 1 });
    const body = expectStatus(res, 409, 'revision_conflict');
    expect(body.document).toEqual(ok);
    const now = expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}`), 200).document;
    expect(now).toEqual(ok);
  });

  it('authorization: 401 anonymous, 404 for another user’s document (public too), 404 when deleted, 403 when read-only', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const doc = await createDoc(t, a, { title: 'T', isPublic: true });
    expectStatus(await call(t, null, 'PUT', `/api/documents/${doc.id}`, { content: 'x' }), 401);
    expectStatus(await call(t, b, 'PUT', `/api/documents/${doc.id}`, { content: 'x' }), 404);
    expectStatus(await call(t, b, 'DELETE', `/api/documents/${doc.id}`), 404);
    const restricted = await writer(t);
    const theirs = await createDoc(t, restricted, { title: 'R' });
    await t.db.kysely.updateTable('users').set({ account_status: 'restricted' }).where('id', '=', restricted.user.id).execute();
    expectStatus(await call(t, restricted, 'PATCH', `/api/documents/${theirs.id}`, { content: 'x' }), 403, 'account_restricted');
    expectStatus(await call(t, restricted, 'GET', `/api/documents/${theirs.id}`), 200);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${doc.id}`), 200);
    expectStatus(await call(t, a, 'PUT', `/api/documents/${doc.id}`, { content: 'x' }), 404);
  });

  it.each([
    ['an empty body', {}],
    ['an unknown field', { owner: 'x' }],
    ['a zero baseRevision', { baseRevision: 0 }],
    ['a string baseRevision', { baseRevision: 'one' }],
    ['a folderId number', { folderId: 5 }],
  ])('400 for %s', async (_n, body) => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'T' });
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${doc.id}`, body), 400);
  });

  it('moving into a folder where the file name is taken is 409; into another user’s folder 404', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const folder = await createFolder(t, a, 'F');
    await createDoc(t, a, { title: 'x', relativePath: 'x.md', folderId: folder.id });
    const doc = await createDoc(t, a, { title: 'x', relativePath: 'x.md' });
    expectStatus(await call(t, a, 'PUT', `/api/documents/${doc.id}`, { folderId: folder.id }), 409, 'path_taken');
    const theirs = await createFolder(t, b, 'Theirs');
    expectStatus(await call(t, a, 'PUT', `/api/documents/${doc.id}`, { folderId: theirs.id }), 404);
  });
});

describe('DELETE /api/documents/{id}', () => {
  it('soft-deletes: gone from reads, listings and search, kept in the table', async () => {
    const a = await writer(t);
    const folder = await createFolder(t, a, 'F');
    const doc = await createDoc(t, a, { title: 'Findable zebra', folderId: folder.id, isPublic: true });
    const res = await call(t, a, 'DELETE', `/api/documents/${doc.id}`);
    expect(expectStatus(res, 200)).toEqual({ message: expect.any(String) });
    expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}`), 404);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${doc.id}`), 404);
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/folders/${folder.id}/documents`), 200).documents).toEqual([]);
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/folders'), 200).folders[0].documents).toEqual([]);
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/search?q=zebra'), 200).documents).toEqual([]);
    expect(expectStatus(await call(t, null, 'GET', `/api/users/${a.user.username}/documents`), 200).documents).toEqual([]);
    const row = await t.db.kysely.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBe(t.clock.now().toISOString());
    expectStatus(await call(t, null, 'DELETE', `/api/documents/${doc.id}`), 401);
  });
});

describe('GET /api/users/{username}/documents', () => {
  it('lists public documents only, paged, newest first, without authentication', async () => {
    const a = await writer(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      ids.push((await createDoc(t, a, { title: `Pub ${i}`, isPublic: true })).id);
      await createDoc(t, a, { title: `Priv ${i}` });
    }
    const page1 = expectStatus(await call(t, null, 'GET', `/api/users/${a.user.username}/documents?limit=2`), 200);
    expect(page1.documents.map((d: any) => d.id)).toEqual([ids[4], ids[3]]);
    expect(page1.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
    const page3 = expectStatus(await call(t, null, 'GET', `/api/users/${a.user.username.toUpperCase()}/documents?limit=2&offset=4`), 200);
    expect(page3.documents.map((d: any) => d.id)).toEqual([ids[0]]);
    expect(page3.pagination.hasMore).toBe(false);
    expect(page3.documents[0].isPublic).toBe(true);
  });

  it('404 user_not_found for an unknown user; the singular namespace is not this route; bad paging 400', async () => {
    expectStatus(await call(t, null, 'GET', '/api/users/nobody_here_at_all/documents'), 404, 'user_not_found');
    expectStatus(await call(t, null, 'GET', '/api/user/nobody_here_at_all/documents'), 404);
    const a = await writer(t);
    expectStatus(await call(t, null, 'GET', `/api/users/${a.user.username}/documents?limit=101`), 400);
    expectStatus(await call(t, null, 'GET', `/api/users/${a.user.username}/documents?offset=-1`), 400);
  });
});
