import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.js';
import { nextStamp } from '../../src/features/documents/queries/index.js';
import type { SignedIn } from '../users/fixtures.js';
import { call, createDoc, createFolder, expectStatus, writer } from './helpers.js';
import { startedEarly } from '../../src/lib/promises.js';
import { gunzipSync } from 'node:zlib';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function pull(who: SignedIn, lastSyncAt?: string, via: 'cookie' | 'bearer' = 'bearer') {
  const url = lastSyncAt === undefined ? '/api/documents/sync' : `/api/documents/sync?lastSyncAt=${encodeURIComponent(lastSyncAt)}`;
  const body = expectStatus(await call(t, who, 'GET', url, undefined, via), 200);
  expect(Object.keys(body).sort()).toEqual(['documents', 'folders', 'lastSyncAt', 'shared']);
  expect(body.lastSyncAt).toMatch(ISO);
  return body as { folders: any[]; documents: any[]; lastSyncAt: string };
}

function push(who: SignedIn, operations: unknown[], via: 'cookie' | 'bearer' = 'bearer') {
  return call(t, who, 'POST', '/api/documents/sync', { operations }, via);
}

describe('GET /api/documents/sync', () => {
  it('without lastSyncAt returns everything live in the contract shape', async () => {
    const a = await writer(t);
    const f = await createFolder(t, a, 'Work');
    const sub = await createFolder(t, a, 'Sub', f.id);
    const d = await createDoc(t, a, { title: 'Plan', content: 'x', folderId: sub.id, relativePath: 'plan.md' });
    const gone = await createDoc(t, a, { title: 'Gone' });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${gone.id}`), 200);
    const body = await pull(a);
    expect(body.folders).toEqual([
      { id: f.id, name: 'Work', parentId: null, path: 'Work', updatedAt: expect.stringMatching(ISO), deletedAt: null },
      { id: sub.id, name: 'Sub', parentId: f.id, path: 'Work/Sub', updatedAt: expect.stringMatching(ISO), deletedAt: null },
    ]);
    expect(body.documents).toEqual([
      { id: d.id, title: 'Plan', content: 'x', folderId: sub.id, relativePath: 'plan.md', isPublic: false, revision: 1, updatedAt: d.updatedAt, deletedAt: null },
    ]);
  });

  it('with lastSyncAt returns only what changed since, deletions as tombstones', async () => {
    const a = await writer(t);
    const f = await createFolder(t, a, 'F');
    const keep = await createDoc(t, a, { title: 'Keep' });
    const edit = await createDoc(t, a, { title: 'Edit', folderId: f.id });
    const del = await createDoc(t, a, { title: 'Del' });
    const first = await pull(a);
    expect((await pull(a, first.lastSyncAt)).documents).toEqual([]);
    t.clock.advance(5);
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${edit.id}`, { content: 'new' }), 200);
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${del.id}`), 200);
    const second = await pull(a, first.lastSyncAt);
    expect(second.documents.map((d) => [d.id, d.revision, d.deletedAt === null])).toEqual([
      [edit.id, 2, true],
      [del.id, 2, false],
    ]);
    expect(second.documents.find((d) => d.id === del.id).deletedAt).toBe(t.clock.now().toISOString());
    expect(second.documents.map((d) => d.id)).not.toContain(keep.id);
    expect(second.folders).toEqual([]);
    // A folder delete: tombstones for the folder and the documents in it.
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${f.id}`), 200);
    const third = await pull(a, second.lastSyncAt);
    expect(third.folders.map((x) => [x.id, x.path, x.deletedAt !== null])).toEqual([[f.id, 'F', true]]);
    expect(third.documents.map((x) => [x.id, x.deletedAt !== null])).toEqual([[edit.id, true]]);
  });

  it('never shows another user’s changes; 401 anonymous; 400 for a malformed cursor', async () => {
    const a = await writer(t);
    const b = await writer(t);
    await createDoc(t, b, { title: 'Theirs', isPublic: true });
    const body = await pull(a);
    expect(body.documents).toEqual([]);
    expect(body.folders).toEqual([]);
    expectStatus(await call(t, null, 'GET', '/api/documents/sync'), 401);
    for (const bad of ['yesterday', '2024-13-45T00:00:00Z', '1']) {
      expectStatus(await call(t, a, 'GET', `/api/documents/sync?lastSyncAt=${bad}`), 400);
    }
  });

  it('does not miss writes made in the same millisecond as a pull', async () => {
    const a = await writer(t);
    // The clock stands still: every write and pull below happens in the same millisecond.
    const d1 = await createDoc(t, a, { title: 'one' });
    const p1 = await pull(a);
    const d2 = await createDoc(t, a, { title: 'two' });
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${d1.id}`, { content: 'edited' }), 200);
    const p2 = await pull(a, p1.lastSyncAt);
    expect(p2.documents.map((d) => d.id).sort()).toEqual([d1.id, d2.id].sort());
    const d3 = await createDoc(t, a, { title: 'three' });
    const p3 = await pull(a, p2.lastSyncAt);
    expect(p3.documents.map((d) => d.id)).toEqual([d3.id]);
    expect((await pull(a, p3.lastSyncAt)).documents).toEqual([]);
  });

  it('does not miss a write that was still uncommitted during a pull (out-of-order commits)', async () => {
    const a = await writer(t);
    const d1 = await createDoc(t, a, { title: 'slow' });
    const d2 = await createDoc(t, a, { title: 'fast' });
    const before = await pull(a);
    if (ENGINE === 'sqlite') {
      // One connection, one writer: a pull cannot run while a write is open; it waits for it.
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const slow = t.db.kysely.transaction().execute(async (trx) => {
        const stamp = await nextStamp(trx, a.user.id, t.clock.now().getTime());
        await trx.updateTable('documents').set({ content: 'slow edit', revision: 2, change_ms: stamp }).where('id', '=', d1.id).execute();
        await gate;
      });
      const reading = startedEarly(pull(a, before.lastSyncAt));
      release();
      await slow;
      const seen = await reading;
      expect(seen.documents.map((d) => d.id)).toEqual([d1.id]);
      return;
    }
    // PostgreSQL: a write takes its stamp, then stalls before committing.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let stamped!: () => void;
    const hasStamp = new Promise<void>((r) => (stamped = r));
    const slow = startedEarly(t.db.kysely.transaction().execute(async (trx) => {
      const stamp = await nextStamp(trx, a.user.id, t.clock.now().getTime());
      await trx.updateTable('documents').set({ content: 'slow edit', revision: 2, change_ms: stamp }).where('id', '=', d1.id).execute();
      stamped();
      await gate;
    }));
    await hasStamp;
    // A second write starts meanwhile: it waits for the first (it cannot commit before it).
    const fast = startedEarly(call(t, a, 'PATCH', `/api/documents/${d2.id}`, { content: 'fast edit' }));
    await new Promise((r) => setTimeout(r, 50));
    // The pull runs while both are uncommitted: it sees neither, and its cursor stays before them.
    const during = await pull(a, before.lastSyncAt);
    expect(during.documents).toEqual([]);
    release();
    await slow;
    expectStatus(await fast, 200);
    const after = await pull(a, during.lastSyncAt);
    expect(after.documents.map((d) => [d.id, d.content]).sort()).toEqual(
      [
        [d1.id, 'slow edit'],
        [d2.id, 'fast edit'],
      ].sort(),
    );
  });
});

describe('POST /api/documents/sync', () => {
  it('applies folder and document operations addressed by path and answers { lastSyncAt }', async () => {
    const a = await writer(t);
    const res = await push(a, [
      { op: 'create', type: 'folder', path: 'notes/work' },
      { op: 'create', type: 'document', path: 'notes/work/plan.md', data: { title: 'Plan', content: '# Plan' } },
      { op: 'create', type: 'document', path: 'deep/new/dir/todo.md' },
      { op: 'create', type: 'document', path: 'root.md', data: { content: 'at root', isPublic: true } },
    ]);
    const body = expectStatus(res, 200);
    expect(Object.keys(body)).toEqual(['lastSyncAt']);
    expect(body.lastSyncAt).toMatch(ISO);
    const all = await pull(a);
    expect(all.folders.map((f) => f.path).sort()).toEqual(['deep', 'deep/new', 'deep/new/dir', 'notes', 'notes/work']);
    const byPath = new Map(all.documents.map((d) => [`${all.folders.find((f) => f.id === d.folderId)?.path ?? ''}/${d.relativePath}`, d]));
    expect(byPath.get('notes/work/plan.md')).toMatchObject({ title: 'Plan', content: '# Plan', revision: 1 });
    expect(byPath.get('deep/new/dir/todo.md')).toMatchObject({ title: 'todo', content: '' });
    expect(byPath.get('/root.md')).toMatchObject({ title: 'root', content: 'at root', isPublic: true, folderId: null });

    // Update and delete by path; the folder create is idempotent.
    expectStatus(
      await push(a, [
        { op: 'create', type: 'folder', path: 'notes/work' },
        { op: 'update', type: 'document', path: 'notes/work/plan.md', data: { content: 'v2', baseRevision: 1 } },
        { op: 'delete', type: 'document', path: 'root.md' },
        { op: 'update', type: 'folder', path: 'deep/new', data: { name: 'old' } },
        { op: 'delete', type: 'folder', path: 'deep/old/dir' },
      ]),
      200,
    );
    const after = await pull(a, body.lastSyncAt);
    expect(after.documents.find((d) => d.title === 'Plan')).toMatchObject({ content: 'v2', revision: 2 });
    expect(after.documents.find((d) => d.title === 'root').deletedAt).not.toBeNull();
    expect(after.documents.find((d) => d.title === 'todo').deletedAt).not.toBeNull();
    expect(after.folders.find((f) => f.name === 'old')).toMatchObject({ path: 'deep/old', deletedAt: null });
    expect(after.folders.find((f) => f.name === 'dir')).toMatchObject({ path: 'deep/old/dir', deletedAt: expect.stringMatching(ISO) });
  });

  it('is all or nothing: a failing operation rolls back the whole batch and the 400 names its index', async () => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'Existing', relativePath: 'existing.md' });
    const before = await pull(a);
    const res = await push(a, [
      { op: 'create', type: 'folder', path: 'made' },
      { op: 'create', type: 'document', path: 'made/a.md' },
      { op: 'update', type: 'document', path: 'existing.md', data: { content: 'changed' } },
      { op: 'update', type: 'document', path: 'missing.md', data: { content: 'x' } },
    ]);
    const err = expectStatus(res, 400, 'unknown_target');
    expect(err.error).toMatch(/^operations\[3\]: /);
    const after = await pull(a);
    expect(after.folders).toEqual(before.folders);
    expect(after.documents).toEqual(before.documents);
    expect(after.documents[0]).toMatchObject({ id: doc.id, content: '', revision: 1 });
    // A path conflict is named the same way (409).
    const clash = await push(a, [
      { op: 'create', type: 'document', path: 'fresh.md' },
      { op: 'create', type: 'document', path: 'EXISTING.md' },
    ]);
    expect(expectStatus(clash, 409, 'path_taken').error).toMatch(/^operations\[1\]: /);
    expect((await pull(a)).documents).toHaveLength(1);
  });

  it('refuses a stale baseRevision with 409 and the current document, and never applies it', async () => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'Shared', relativePath: 'shared.md', content: 'v1' });
    expectStatus(await push(a, [{ op: 'update', type: 'document', path: 'shared.md', data: { content: 'v2', baseRevision: 1 } }]), 200);
    const res = await push(a, [
      { op: 'create', type: 'document', path: 'side.md' },
      { op: 'update', type: 'document', path: 'shared.md', data: { content: 'lost?', baseRevision: 1 } },
    ]);
    const body = expectStatus(res, 409, 'revision_conflict');
    expect(body.error).toMatch(/^operations\[1\]: /);
    expect(body.document).toMatchObject({ id: doc.id, content: 'v2', revision: 2 });
    const now = await pull(a);
    expect(now.documents.map((d) => [d.relativePath, d.content])).toEqual([['shared.md', 'v2']]);
  });

  it('interleaved writes from two clients of one account: each sees the other’s, a stale write is refused', async () => {
    const a = await writer(t);
    const [one, two] = [
      { via: 'cookie' as const, cursor: '' },
      { via: 'bearer' as const, cursor: '' },
    ];
    expectStatus(
      await push(a, [
        { op: 'create', type: 'document', path: 'a.md', data: { content: 'a1' } },
        { op: 'create', type: 'document', path: 'b.md', data: { content: 'b1' } },
      ], one.via),
      200,
    );
    for (const c of [one, two]) c.cursor = (await pull(a, undefined, c.via)).lastSyncAt;
    t.clock.advance(1);
    expectStatus(await push(a, [{ op: 'update', type: 'document', path: 'a.md', data: { content: 'a2 by one', baseRevision: 1 } }], one.via), 200);
    expectStatus(await push(a, [{ op: 'update', type: 'document', path: 'b.md', data: { content: 'b2 by two', baseRevision: 1 } }], two.via), 200);
    // Client two edits a.md from the revision it last saw: refused, nothing lost.
    const stale = await push(a, [{ op: 'update', type: 'document', path: 'a.md', data: { content: 'a2 by two', baseRevision: 1 } }], two.via);
    expect(expectStatus(stale, 409, 'revision_conflict').document).toMatchObject({ content: 'a2 by one', revision: 2 });
    expectStatus(await push(a, [{ op: 'create', type: 'document', path: 'c.md', data: { content: 'c1 by one' } }], one.via), 200);
    const seenByTwo = await pull(a, two.cursor, two.via);
    expect(seenByTwo.documents.map((d) => [d.relativePath, d.content, d.revision]).sort()).toEqual([
      ['a.md', 'a2 by one', 2],
      ['b.md', 'b2 by two', 2],
      ['c.md', 'c1 by one', 1],
    ]);
    const seenByOne = await pull(a, one.cursor, one.via);
    expect(seenByOne.documents.map((d) => d.relativePath).sort()).toEqual(['a.md', 'b.md', 'c.md']);
  });

  it('a delete on one side and an edit on the other: neither silently wins', async () => {
    const a = await writer(t);
    const x = await createDoc(t, a, { title: 'x', relativePath: 'x.md', content: 'x1' });
    const y = await createDoc(t, a, { title: 'y', relativePath: 'y.md', content: 'y1' });
    // Deleted first, then edited by id from the other side: 409 document_deleted, the tombstone stays.
    expectStatus(await push(a, [{ op: 'delete', type: 'document', path: 'x.md', data: { baseRevision: 1 } }]), 200);
    const edit = await push(a, [{ op: 'update', type: 'document', path: 'x.md', data: { id: x.id, content: 'x2', baseRevision: 1 } }]);
    expect(expectStatus(edit, 409, 'document_deleted').error).toMatch(/^operations\[0\]: /);
    const row = await t.db.kysely.selectFrom('documents').selectAll().where('id', '=', x.id).executeTakeFirstOrThrow();
    expect(row.content).toBe('x1');
    expect(row.deleted_at).not.toBeNull();
    // Deleting it again from the other side is already done.
    expectStatus(await push(a, [{ op: 'delete', type: 'document', path: 'x.md', data: { id: x.id } }]), 200);
    // Edited first, then deleted from the revision the other side saw: 409, the edit survives.
    expectStatus(await push(a, [{ op: 'update', type: 'document', path: 'y.md', data: { content: 'y2', baseRevision: 1 } }]), 200);
    const del = await push(a, [{ op: 'delete', type: 'document', path: 'y.md', data: { id: y.id, baseRevision: 1 } }]);
    expect(expectStatus(del, 409, 'revision_conflict').document).toMatchObject({ id: y.id, content: 'y2', revision: 2 });
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${y.id}`), 200).document.content).toBe('y2');
  });

  it('a rename plus an edit keeps the id: one document, new path, new content, no tombstone', async () => {
    const a = await writer(t);
    const dest = await createFolder(t, a, 'archive');
    const doc = await createDoc(t, a, { title: 'Draft', relativePath: 'draft.md', content: 'v1' });
    const before = await pull(a);
    expectStatus(
      await push(a, [
        { op: 'update', type: 'document', path: 'draft.md', data: { id: doc.id, relativePath: 'final.md', folderId: dest.id, title: 'Final', content: 'v2', baseRevision: 1 } },
      ]),
      200,
    );
    const changes = await pull(a, before.lastSyncAt);
    expect(changes.documents).toEqual([
      expect.objectContaining({ id: doc.id, relativePath: 'final.md', folderId: dest.id, title: 'Final', content: 'v2', revision: 2, deletedAt: null }),
    ]);
    // A folder rename and move keep ids too; the documents' paths follow.
    const sub = await createFolder(t, a, 'sub');
    const mark = (await pull(a)).lastSyncAt;
    expectStatus(await push(a, [{ op: 'update', type: 'folder', path: 'archive', data: { name: 'kept', parentId: sub.id } }]), 200);
    const moved = await pull(a, mark);
    expect(moved.folders).toEqual([expect.objectContaining({ id: dest.id, name: 'kept', parentId: sub.id, path: 'sub/kept' })]);
    expectStatus(await push(a, [{ op: 'update', type: 'document', path: 'sub/kept/final.md', data: { content: 'v3', baseRevision: 2 } }]), 200);
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}`), 200).document).toMatchObject({ content: 'v3', revision: 3 });
  });

  it('an update addressed by data.id takes the path as the new location: rename and move by path, folders made on the way', async () => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'Note', relativePath: 'note.md', content: 'v1' });
    const folder = await createFolder(t, a, 'inbox');
    const mark = (await pull(a)).lastSyncAt;
    expectStatus(
      await push(a, [
        { op: 'update', type: 'document', path: 'projects/2025/renamed.md', data: { id: doc.id, content: 'v2', baseRevision: 1 } },
        { op: 'update', type: 'folder', path: 'projects/inbox-old', data: { id: folder.id } },
      ]),
      200,
    );
    const changes = await pull(a, mark);
    const paths = new Map(changes.folders.map((f) => [f.id, f.path]));
    expect(changes.documents).toEqual([expect.objectContaining({ id: doc.id, relativePath: 'renamed.md', content: 'v2', revision: 2, deletedAt: null })]);
    expect(paths.get(changes.documents[0].folderId)).toBe('projects/2025');
    expect(paths.get(folder.id)).toBe('projects/inbox-old');
    // The same path again changes nothing but the content.
    expectStatus(await push(a, [{ op: 'update', type: 'document', path: 'projects/2025/renamed.md', data: { id: doc.id, content: 'v3' } }]), 200);
    expect(expectStatus(await call(t, a, 'GET', `/api/documents/${doc.id}`), 200).document).toMatchObject({ relativePath: 'renamed.md', content: 'v3', revision: 3 });
    // A folder moved under itself by path is refused.
    const parent = await createFolder(t, a, 'p');
    await createFolder(t, a, 'c', parent.id);
    expectStatus(await push(a, [{ op: 'update', type: 'folder', path: 'p/c/p', data: { id: parent.id } }]), 400, 'invalid_move');
  });

  it('deleting a folder already deleted, by id, is done; by a path that no longer exists, 400', async () => {
    const a = await writer(t);
    const f = await createFolder(t, a, 'gone');
    expectStatus(await push(a, [{ op: 'delete', type: 'folder', path: 'gone' }]), 200);
    expectStatus(await push(a, [{ op: 'delete', type: 'folder', path: 'gone', data: { id: f.id } }]), 200);
    expectStatus(await push(a, [{ op: 'delete', type: 'folder', path: 'gone' }]), 400, 'unknown_target');
    // Updating it is refused.
    expectStatus(await push(a, [{ op: 'update', type: 'folder', path: 'back', data: { id: f.id } }]), 400, 'unknown_target');
  });

  it('creating documents is subscriber-only (folders are not); probation is refused', async () => {
    const free = await writer(t, { customer_status: 'free' });
    expectStatus(await push(free, [{ op: 'create', type: 'document', path: 'x.md' }]), 403, 'subscription_required');
    expectStatus(await push(free, [{ op: 'create', type: 'folder', path: 'x' }]), 200);
    const probation = await writer(t, { account_status: 'probation' });
    expectStatus(await push(probation, [{ op: 'create', type: 'document', path: 'x.md' }]), 403, 'account_probation_feature');
    const banned = await writer(t, { account_status: 'banned' });
    expectStatus(await push(banned, [{ op: 'create', type: 'folder', path: 'x' }]), 403, 'account_banned');
    expectStatus(await call(t, null, 'POST', '/api/documents/sync', { operations: [] }), 401);
  });

  it('another user’s ids are unknown targets; paths never reach another user', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const theirs = await createDoc(t, b, { title: 't', relativePath: 't.md' });
    const folder = await createFolder(t, b, 'tf');
    expectStatus(await push(a, [{ op: 'update', type: 'document', path: 't.md', data: { id: theirs.id, content: 'mine' } }]), 400, 'unknown_target');
    expectStatus(await push(a, [{ op: 'update', type: 'document', path: 't.md', data: { content: 'mine' } }]), 400, 'unknown_target');
    expectStatus(await push(a, [{ op: 'delete', type: 'folder', path: 'tf', data: { id: folder.id } }]), 400, 'unknown_target');
    expectStatus(await push(a, [{ op: 'create', type: 'document', path: 'x.md', data: { folderId: folder.id } }]), 404);
    expect(expectStatus(await call(t, b, 'GET', `/api/documents/${theirs.id}`), 200).document.content).toBe('');
  });

  it.each([
    ['no operations field', {}],
    ['operations not an array', { operations: 'x' }],
    ['an unknown op', { operations: [{ op: 'rename', type: 'document', path: 'a.md' }] }],
    ['an unknown type', { operations: [{ op: 'create', type: 'file', path: 'a.md' }] }],
    ['an unknown data field', { operations: [{ op: 'create', type: 'document', path: 'a.md', data: { owner: 'x' } }] }],
    ['an unknown operation field', { operations: [{ op: 'create', type: 'document', path: 'a.md', extra: 1 }] }],
    ['an empty path', { operations: [{ op: 'create', type: 'document', path: '' }] }],
    ['a .. segment', { operations: [{ op: 'create', type: 'document', path: 'a/../b.md' }] }],
    ['a path of slashes', { operations: [{ op: 'create', type: 'folder', path: '///' }] }],
    ['too many operations', { operations: Array.from({ length: 1001 }, () => ({ op: 'create', type: 'folder', path: 'x' })) }],
    ['a folder update without a change', { operations: [{ op: 'create', type: 'folder', path: 'x' }, { op: 'update', type: 'folder', path: 'x' }] }],
    ['document fields on a folder', { operations: [{ op: 'create', type: 'folder', path: 'x', data: { content: 'x' } }] }],
    ['an id on create', { operations: [{ op: 'create', type: 'document', path: 'x.md', data: { id: 'abc' } }] }],
    ['a baseRevision of 0', { operations: [{ op: 'update', type: 'document', path: 'x.md', data: { baseRevision: 0 } }] }],
  ])('400 for %s', async (_n, body) => {
    const a = await writer(t);
    const res = await call(t, a, 'POST', '/api/documents/sync', body);
    expectStatus(res, 400);
    expect((await pull(a)).folders).toEqual([]);
  });

  it('an empty batch changes nothing and still answers a lastSyncAt', async () => {
    const a = await writer(t);
    expect(expectStatus(await push(a, []), 200).lastSyncAt).toMatch(ISO);
  });
});

describe('GET /api/documents/sync, gzipped', () => {
  const get = (who: SignedIn, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url: '/api/documents/sync', headers: { authorization: who.bearer, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

  it('a large pull goes gzipped to a client that takes gzip, the same JSON once inflated; as is to one that does not', async () => {
    const a = await writer(t);
    // Well over the 16 KiB from which answers are compressed: 12 documents of about 2 KB.
    for (let i = 0; i < 12; i++) await createDoc(t, a, { title: `Long ${i}`, content: `Paragraph ${i}. `.repeat(150) });
    const plain = await get(a);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);

    for (const accepted of ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.5', '*']) {
      const zipped = await get(a, accepted);
      expect(zipped.statusCode, accepted).toBe(200);
      expect(zipped.headers['content-encoding'], accepted).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    for (const refused of ['gzip;q=0', 'deflate, br', 'identity']) {
      const res = await get(a, refused);
      expect(res.headers['content-encoding'], refused).toBeUndefined();
      expect(res.json(), refused).toEqual(plain.json());
    }
  });

  it('a small pull goes as is, whatever the client takes', async () => {
    const a = await writer(t);
    await createDoc(t, a, { title: 'Short', content: 'x' });
    const res = await get(a, 'gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().documents).toHaveLength(1);
  });
});
