import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, member } from '../messages/helpers.js';
import { documentOwner, share } from '../sharing/helpers.js';
import { pullAll } from './helpers.js';

// Events of documents and folders, through the HTTP API: the owner gets every change of their tree,
// a collaborator the changes of the document shared with them (until the share is revoked), a
// stranger nothing; a deleted folder is a tombstone for itself and for each document in it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
}, 120_000);
afterAll(async () => t.close());

const ok = async (who: Parameters<typeof call>[1], method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: Record<string, unknown>) => {
  const res = await call(t, who, method, url, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? res.json() : {};
};

const summary = (events: Record<string, any>[]) => events.map((e) => [e.type, e.data.documentId ?? e.data.folderId]);

describe('events of documents and folders', () => {
  it('owner, collaborator and stranger each get what they may read, and the tombstones of a deleted folder', async () => {
    const owner = await documentOwner(t);
    const [editor, stranger] = [await member(t), await member(t)];
    const { folder } = await ok(owner, 'POST', '/api/documents/folders', { name: 'Plans' });
    const { document: doc } = await ok(owner, 'POST', '/api/documents', { title: 'Roadmap', content: 'one', folderId: folder.id });
    const { document: other } = await ok(owner, 'POST', '/api/documents', { title: 'Private notes', content: 'mine', folderId: folder.id });
    await ok(owner, 'PATCH', `/api/documents/${doc.id}`, { content: 'two' });
    const grant = await share(t, owner, 'documents', doc.id, { username: editor.user.username, role: 'editor' });
    // The collaborator's own edit: both get it, with the revision and the collaborator as actor.
    await ok(editor, 'PATCH', `/api/documents/${doc.id}`, { content: 'three' });

    const ownerEvents = await pullAll(t, owner, 'document.*,folder.*');
    expect(summary(ownerEvents)).toEqual([
      ['folder.created', folder.id],
      ['document.created', doc.id],
      ['document.created', other.id],
      ['document.updated', doc.id],
      ['document.updated', doc.id],
    ]);
    expect(ownerEvents[1].data).toMatchObject({ title: 'Roadmap', folderId: folder.id, revision: 1 });
    expect(ownerEvents[4].data).toMatchObject({ revision: 3 });
    expect(ownerEvents[4].actor).toEqual({ id: editor.user.id, username: editor.user.username });
    const editorEvents = await pullAll(t, editor, 'document.*,folder.*');
    expect(summary(editorEvents)).toEqual([['document.updated', doc.id]]);
    expect(JSON.stringify(editorEvents)).not.toContain('Private notes');

    // Deleting the folder: tombstones for both documents and the folder to the owner, for the shared one to the editor.
    await ok(owner, 'DELETE', `/api/documents/folders/${folder.id}`);
    const tombstones = (await pullAll(t, owner, 'document.deleted,folder.deleted')).map((e) => [e.type, e.data.documentId ?? e.data.folderId, e.data.reason]);
    expect(tombstones).toEqual(
      expect.arrayContaining([
        ['document.deleted', doc.id, 'deleted'],
        ['document.deleted', other.id, 'deleted'],
        ['folder.deleted', folder.id, 'deleted'],
      ]),
    );
    expect(tombstones).toHaveLength(3);
    const editorTombstones = await pullAll(t, editor, 'document.deleted');
    expect(editorTombstones.map((e) => e.data.documentId)).toEqual([doc.id]);
    expect(Number.isNaN(Date.parse(editorTombstones[0].data.deletedAt))).toBe(false);
    expect(await pullAll(t, stranger)).toEqual([]);

    // After a revoke, nothing more of the document reaches the former collaborator.
    const { document: again } = await ok(owner, 'POST', '/api/documents', { title: 'Shared again', content: 'x' });
    const second = await share(t, owner, 'documents', again.id, { username: editor.user.username, role: 'editor' });
    expect((await call(t, owner, 'DELETE', `/api/documents/${again.id}/collaborators/${second.id}`)).statusCode).toBe(200);
    const seen = (await pullAll(t, editor)).length;
    await ok(owner, 'PATCH', `/api/documents/${again.id}`, { content: 'after the revoke' });
    expect((await pullAll(t, editor)).length).toBe(seen);
    expect(grant.id).toBeTruthy();
  });

  it('folder renames and a sync push are events too', async () => {
    const owner = await documentOwner(t);
    const { folder } = await ok(owner, 'POST', '/api/documents/folders', { name: 'Drafts' });
    await ok(owner, 'PUT', `/api/documents/folders/${folder.id}`, { name: 'Published' });
    const push = await call(t, owner, 'POST', '/api/documents/sync', {
      operations: [{ op: 'create', type: 'document', path: 'Published/from-sync.md', data: { title: 'From the sync client', content: 'hi' } }],
    });
    expect(push.statusCode, push.body).toBe(200);
    const events = await pullAll(t, owner, 'document.*,folder.*');
    expect(events.map((e) => e.type)).toEqual(['folder.created', 'folder.updated', 'document.created']);
    expect(events[1].data).toMatchObject({ folderId: folder.id, name: 'Published' });
    expect(events[2].data).toMatchObject({ title: 'From the sync client', folderId: folder.id, revision: 1 });
  });
});
