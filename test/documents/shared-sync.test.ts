import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { join, newOrg } from '../orgs/helpers.js';
import type { SignedIn } from '../users/fixtures.js';
import { call, createDoc, expectStatus, writer } from './helpers.js';

// Document sync carries shared documents (CONTRACT, Sharing and collaboration): `shared` in the
// pull's delta with the caller's role and the owner, tombstones for every way a share ends, an
// editor's update by data.id with revision conflicts, and a viewer's update failing its batch.

let t: TestApp;
// A PostgreSQL scratch database takes a while to migrate on a busy machine.
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
}, 120_000);
afterAll(async () => t.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Pulled {
  folders: any[];
  documents: any[];
  shared: any[];
  lastSyncAt: string;
}

async function pull(who: SignedIn, lastSyncAt?: string): Promise<Pulled> {
  const url = lastSyncAt === undefined ? '/api/documents/sync' : `/api/documents/sync?lastSyncAt=${encodeURIComponent(lastSyncAt)}`;
  const body = expectStatus(await call(t, who, 'GET', url), 200);
  expect(Object.keys(body).sort()).toEqual(['documents', 'folders', 'lastSyncAt', 'shared']);
  expect(body.lastSyncAt).toMatch(ISO);
  return body;
}

const push = (who: SignedIn, operations: unknown[]) => call(t, who, 'POST', '/api/documents/sync', { operations });

async function shareDoc(owner: SignedIn, docId: string, body: Record<string, unknown>): Promise<string> {
  return expectStatus(await call(t, owner, 'POST', `/api/documents/${docId}/collaborators`, body), 201).collaborator.id;
}

/** An owner's document shared with a new user in `role`. */
async function sharedWithNew(role: 'viewer' | 'editor') {
  const owner = await writer(t);
  const other = await writer(t);
  const doc = await createDoc(t, owner, { title: 'Plans', content: 'v1' });
  const grant = await shareDoc(owner, doc.id, { username: other.user.username, role });
  t.clock.advance(5);
  return { owner, other, doc, grant };
}

const content = async (who: SignedIn, id: string) => expectStatus(await call(t, who, 'GET', `/api/documents/${id}`), 200).document;

describe('GET /api/documents/sync: shared', () => {
  it('carries a shared document with the role and the owner, then only what changed', async () => {
    const { owner, other, doc } = await sharedWithNew('editor');
    const first = await pull(other);
    expect(first.documents).toEqual([]);
    expect(first.shared).toEqual([
      { id: doc.id, title: 'Plans', content: 'v1', revision: 1, role: 'editor', owner: { username: owner.user.username }, updatedAt: doc.updatedAt, deletedAt: null },
    ]);
    expect((await pull(other, first.lastSyncAt)).shared).toEqual([]);
    // The owner's own pull has no `shared` of theirs.
    expect((await pull(owner)).shared).toEqual([]);

    t.clock.advance(5);
    expectStatus(await call(t, owner, 'PATCH', `/api/documents/${doc.id}`, { content: 'v2' }), 200);
    const second = await pull(other, first.lastSyncAt);
    expect(second.shared.map((d) => [d.id, d.content, d.revision, d.deletedAt])).toEqual([[doc.id, 'v2', 2, null]]);
    expect(second.lastSyncAt > first.lastSyncAt).toBe(true);
    expect((await pull(other, second.lastSyncAt)).shared).toEqual([]);
  });

  it('a role change comes as a change, without any edit of the document', async () => {
    const { owner, other, doc, grant } = await sharedWithNew('viewer');
    const first = await pull(other);
    expect(first.shared.map((d) => d.role)).toEqual(['viewer']);
    t.clock.advance(5);
    expectStatus(await call(t, owner, 'PATCH', `/api/documents/${doc.id}/collaborators/${grant}`, { role: 'editor' }), 200);
    expect((await pull(other, first.lastSyncAt)).shared.map((d) => [d.id, d.role, d.deletedAt])).toEqual([[doc.id, 'editor', null]]);
  });

  it('a collaborator removed gets a tombstone, on every client that could have had the document', async () => {
    const { owner, other, doc, grant } = await sharedWithNew('viewer');
    const laptop = await pull(other);
    const phone = await pull(other);
    t.clock.advance(5);
    expectStatus(await call(t, owner, 'DELETE', `/api/documents/${doc.id}/collaborators/${grant}`), 200);
    const later = await pull(other, laptop.lastSyncAt);
    expect(later.shared).toEqual([
      { id: doc.id, title: 'Plans', content: '', revision: 1, role: 'viewer', owner: { username: owner.user.username }, updatedAt: doc.updatedAt, deletedAt: expect.stringMatching(ISO) },
    ]);
    expect((await pull(other, phone.lastSyncAt)).shared.map((d) => [d.id, d.deletedAt !== null])).toEqual([[doc.id, true]]);
    // Once told, never again; a full pull has only what is live.
    expect((await pull(other, later.lastSyncAt)).shared).toEqual([]);
    expect((await pull(other)).shared).toEqual([]);

    // Shared again: the document comes back in the delta though it did not change.
    t.clock.advance(5);
    await shareDoc(owner, doc.id, { username: other.user.username, role: 'editor' });
    expect((await pull(other, later.lastSyncAt)).shared.map((d) => [d.id, d.content, d.role, d.deletedAt])).toEqual([[doc.id, 'v1', 'editor', null]]);
  });

  it('leaving an organization, or the owner deleting the document, ends the share with a tombstone', async () => {
    const owner = await writer(t);
    const orgOwner = await writer(t);
    const member = await writer(t);
    const org = await newOrg(t, orgOwner);
    await join(t, org, member, 'member');
    const viaOrg = await createDoc(t, owner, { title: 'Org doc', content: 'o' });
    const direct = await createDoc(t, owner, { title: 'Direct doc', content: 'd' });
    await shareDoc(owner, viaOrg.id, { orgSlug: org.slug, role: 'editor' });
    await shareDoc(owner, direct.id, { username: member.user.username, role: 'viewer' });
    const first = await pull(member);
    expect(first.shared.map((d) => [d.title, d.role]).sort()).toEqual([
      ['Direct doc', 'viewer'],
      ['Org doc', 'editor'],
    ]);

    t.clock.advance(5);
    expectStatus(await call(t, member, 'DELETE', `/api/orgs/${org.slug}/members/${member.user.username}`, undefined, 'cookie'), 200);
    const second = await pull(member, first.lastSyncAt);
    expect(second.shared.map((d) => [d.id, d.deletedAt !== null])).toEqual([[viaOrg.id, true]]);

    t.clock.advance(5);
    expectStatus(await call(t, owner, 'DELETE', `/api/documents/${direct.id}`), 200);
    const third = await pull(member, second.lastSyncAt);
    expect(third.shared.map((d) => [d.id, d.deletedAt !== null])).toEqual([[direct.id, true]]);
  });

  it('an owner edit in progress during a pull is in that pull or the next (the owner stamp is raised to the cursor)', async () => {
    const { owner, other, doc } = await sharedWithNew('viewer');
    const first = await pull(other);
    // The owner's clock-stamped write could otherwise fall at or below the reader's cursor.
    t.clock.advance(-1000);
    expectStatus(await call(t, owner, 'PATCH', `/api/documents/${doc.id}`, { content: 'late' }), 200);
    t.clock.advance(1000);
    expect((await pull(other, first.lastSyncAt)).shared.map((d) => [d.id, d.content])).toEqual([[doc.id, 'late']]);
  });
});

describe('POST /api/documents/sync: shared documents by data.id', () => {
  it("an editor's update applies in the owner's tree, with revision conflicts and the editor in the history", async () => {
    const { owner, other, doc } = await sharedWithNew('editor');
    const ownerFirst = await pull(owner);
    t.clock.advance(5);
    // The path is the owner's business: it is ignored.
    const res = await push(other, [{ op: 'update', type: 'document', path: 'Shared/whatever.md', data: { id: doc.id, content: 'by editor', title: 'Plans 2', baseRevision: 1 } }]);
    expect(expectStatus(res, 200).lastSyncAt).toMatch(ISO);
    const now = await content(owner, doc.id);
    expect([now.title, now.content, now.revision, now.relativePath, now.folderId]).toEqual(['Plans 2', 'by editor', 2, doc.relativePath, null]);
    expect((await pull(owner, ownerFirst.lastSyncAt)).documents.map((d) => [d.id, d.content])).toEqual([[doc.id, 'by editor']]);
    const history = expectStatus(await call(t, owner, 'GET', `/api/documents/${doc.id}/revisions`), 200);
    expect(history.revisions[0].editor).toEqual({ id: other.user.id, username: other.user.username });

    // A stale base revision: 409 with the current document, nothing changed.
    const stale = await push(other, [{ op: 'update', type: 'document', path: 'x.md', data: { id: doc.id, content: 'stale', baseRevision: 1 } }]);
    expectStatus(stale, 409, 'revision_conflict');
    expect(stale.json().error).toMatch(/^operations\[0\]: /);
    expect((await content(owner, doc.id)).content).toBe('by editor');
  });

  it('an editor may not move, publish or delete it: 403 forbidden naming the operation', async () => {
    const { owner, other, doc } = await sharedWithNew('editor');
    for (const [i, op] of [
      { op: 'update', type: 'document', path: 'x.md', data: { id: doc.id, isPublic: true } },
      { op: 'update', type: 'document', path: 'x.md', data: { id: doc.id, relativePath: 'y.md' } },
      { op: 'delete', type: 'document', path: 'x.md', data: { id: doc.id } },
    ].entries()) {
      const res = await push(other, [{ op: 'create', type: 'folder', path: `mine-${i}` }, op]);
      expectStatus(res, 403, 'forbidden');
      expect(res.json().error).toMatch(/^operations\[1\]: /);
    }
    expect(await content(owner, doc.id)).toMatchObject({ revision: 1, isPublic: false, relativePath: doc.relativePath });
    expect((await pull(other)).folders).toEqual([]);
  });

  it("a viewer's update fails the whole batch: 403 forbidden, operations[i], nothing applied", async () => {
    const { owner, other, doc } = await sharedWithNew('viewer');
    const res = await push(other, [
      { op: 'create', type: 'document', path: 'mine.md', data: { content: 'own' } },
      { op: 'update', type: 'document', path: 'Plans.md', data: { id: doc.id, content: 'viewer edit', baseRevision: 1 } },
    ]);
    expectStatus(res, 403, 'forbidden');
    expect(res.json().error).toMatch(/^operations\[1\]: /);
    expect((await pull(other)).documents).toEqual([]);
    expect(await content(owner, doc.id)).toMatchObject({ content: 'v1', revision: 1 });
  });

  it('someone with no access gets the answer of an unknown id', async () => {
    const { owner, doc } = await sharedWithNew('editor');
    const stranger = await writer(t);
    const res = await push(stranger, [{ op: 'update', type: 'document', path: 'x.md', data: { id: doc.id, content: 'no' } }]);
    expectStatus(res, 400, 'unknown_target');
    expect(res.json().error).toBe(`operations[0]: No document with id ${doc.id}`);
    expect((await content(owner, doc.id)).content).toBe('v1');
  });
});
