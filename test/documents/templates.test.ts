import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { DEFAULT_TEMPLATES } from '../../src/features/documents/templates.js';
import { call, createFolder, expectStatus, writer } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const templatesFolders = (userId: string) =>
  t.db.kysely.selectFrom('document_folders').selectAll().where('user_id', '=', userId).where('name', '=', '_templates').where('deleted_at', 'is', null).execute();

describe('templates', () => {
  it('GET ensures the _templates root folder exists (once) and lists its documents; free users may read', async () => {
    const a = await writer(t, { customer_status: 'free' });
    expect(await templatesFolders(a.user.id)).toHaveLength(0);
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/templates'), 200)).toEqual({ documents: [] });
    expectStatus(await call(t, a, 'GET', '/api/documents/templates', undefined, 'cookie'), 200);
    const folders = await templatesFolders(a.user.id);
    expect(folders).toHaveLength(1);
    expect(folders[0].parent_id).toBeNull();
    const listing = expectStatus(await call(t, a, 'GET', '/api/documents/folders'), 200).folders;
    expect(listing).toEqual([{ id: folders[0].id, name: '_templates', parentId: null, documents: [] }]);
    expectStatus(await call(t, null, 'GET', '/api/documents/templates'), 401);
  });

  it('a read-only account gets the list without a folder being made', async () => {
    const a = await writer(t, { account_status: 'suspended' });
    expect(expectStatus(await call(t, a, 'GET', '/api/documents/templates'), 200)).toEqual({ documents: [] });
    expect(await templatesFolders(a.user.id)).toHaveLength(0);
  });

  it('concurrent first calls make one _templates folder', async () => {
    const a = await writer(t);
    const results = await Promise.all(Array.from({ length: 5 }, () => call(t, a, 'GET', '/api/documents/templates')));
    for (const r of results) expectStatus(r, 200);
    expect(await templatesFolders(a.user.id)).toHaveLength(1);
  });

  it('seed-defaults adds the default set idempotently (201 both times)', async () => {
    const a = await writer(t);
    const first = expectStatus(await call(t, a, 'POST', '/api/documents/templates/seed-defaults'), 201);
    expect(first.documents.map((d: any) => d.relativePath).sort()).toEqual(DEFAULT_TEMPLATES.map((d) => d.relativePath).sort());
    for (const d of first.documents) expect(d.content.length).toBeGreaterThan(20);
    const [folder] = await templatesFolders(a.user.id);
    expect(first.documents.every((d: any) => d.folderId === folder.id && d.isPublic === false)).toBe(true);
    // The user edits one and deletes another; seeding again restores only the missing one.
    const edited = first.documents[0];
    const removed = first.documents[1];
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${edited.id}`, { content: 'mine now' }), 200);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${removed.id}`), 200);
    const second = expectStatus(await call(t, a, 'POST', '/api/documents/templates/seed-defaults'), 201);
    expect(second.documents).toHaveLength(DEFAULT_TEMPLATES.length);
    expect(second.documents.find((d: any) => d.id === edited.id).content).toBe('mine now');
    expect(second.documents.map((d: any) => d.id)).not.toContain(removed.id);
    const third = expectStatus(await call(t, a, 'POST', '/api/documents/templates/seed-defaults'), 201);
    expect(third.documents.map((d: any) => d.id).sort()).toEqual(second.documents.map((d: any) => d.id).sort());
    expect(await templatesFolders(a.user.id)).toHaveLength(1);
    const listed = expectStatus(await call(t, a, 'GET', '/api/documents/templates'), 200).documents;
    expect(listed.map((d: any) => d.id).sort()).toEqual(third.documents.map((d: any) => d.id).sort());
  });

  it('seed-defaults creates documents: subscriber-only, not on probation; 401 anonymous', async () => {
    const free = await writer(t, { customer_status: 'free' });
    expectStatus(await call(t, free, 'POST', '/api/documents/templates/seed-defaults'), 403, 'subscription_required');
    const probation = await writer(t, { account_status: 'probation' });
    expectStatus(await call(t, probation, 'POST', '/api/documents/templates/seed-defaults'), 403, 'account_probation_feature');
    expectStatus(await call(t, null, 'POST', '/api/documents/templates/seed-defaults'), 401);
  });

  it('from-template copies a template into a folder or the root as a new private document', async () => {
    const a = await writer(t);
    const [tpl] = expectStatus(await call(t, a, 'POST', '/api/documents/templates/seed-defaults'), 201).documents;
    const target = await createFolder(t, a, 'Meetings');
    const inFolder = expectStatus(await call(t, a, 'POST', '/api/documents/from-template', { templateDocumentId: tpl.id, targetFolderId: target.id }), 201).document;
    expect(inFolder).toMatchObject({ title: tpl.title, content: tpl.content, folderId: target.id, isPublic: false, revision: 1 });
    expect(inFolder.id).not.toBe(tpl.id);
    const atRoot = expectStatus(await call(t, a, 'POST', '/api/documents/from-template', { templateDocumentId: tpl.id }), 201).document;
    expect(atRoot.folderId).toBeNull();
    const again = expectStatus(await call(t, a, 'POST', '/api/documents/from-template', { templateDocumentId: tpl.id, targetFolderId: null }), 201).document;
    expect(again.relativePath).not.toBe(atRoot.relativePath);
    // The template itself is unchanged.
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${tpl.id}`), 200).document.revision).toBe(1);
  });

  it('from-template: 404 for a document outside _templates, another user’s template or folder; 400 for bad bodies; 403 free; 401', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const [mine] = expectStatus(await call(t, a, 'POST', '/api/documents/templates/seed-defaults'), 201).documents;
    const [theirs] = expectStatus(await call(t, b, 'POST', '/api/documents/templates/seed-defaults'), 201).documents;
    const plain = expectStatus(await call(t, a, 'POST', '/api/documents', { title: 'plain' }), 201).document;
    const theirFolder = await createFolder(t, b, 'Theirs');
    expectStatus(await call(t, a, 'POST', '/api/documents/from-template', { templateDocumentId: plain.id }), 404);
    expectStatus(await call(t, a, 'POST', '/api/documents/from-template', { templateDocumentId: theirs.id }), 404);
    expectStatus(await call(t, a, 'POST', '/api/documents/from-template', { templateDocumentId: mine.id, targetFolderId: theirFolder.id }), 404);
    for (const body of [{}, { templateDocumentId: 5 }, { templateDocumentId: mine.id, extra: true }, { templateDocumentId: 'x'.repeat(65) }]) {
      expectStatus(await call(t, a, 'POST', '/api/documents/from-template', body), 400);
    }
    const free = await writer(t, { customer_status: 'free' });
    expectStatus(await call(t, free, 'POST', '/api/documents/from-template', { templateDocumentId: mine.id }), 403, 'subscription_required');
    expectStatus(await call(t, null, 'POST', '/api/documents/from-template', { templateDocumentId: mine.id }), 401);
  });
});
