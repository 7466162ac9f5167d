import { describe, expect, it } from 'vitest';
import type { PullResult, RemoteDocument } from '../../src/cli/sync/api.js';
import { sha256, type LocalTree } from '../../src/cli/sync/local.js';
import { makePlan, massDeletes, type Mode, type Plan } from '../../src/cli/sync/plan.js';
import type { SyncState } from '../../src/cli/sync/state.js';

// The three-way plan, case by case: one document `a.md` (id A, revision 1, content "one") that
// each side kept, edited, moved or deleted.

const T = '2026-01-01T00:00:00.000Z';
const ONE = 'one';

function base(): SyncState {
  return {
    version: 1,
    server: 'http://x',
    cursor: T,
    folders: { F: { name: 'dir', parentId: null } },
    documents: { A: { path: 'a.md', folderId: null, relativePath: 'a.md', revision: 1, hash: sha256(ONE) } },
  };
}

function localTree(files: Record<string, string>, dirs: string[] = ['dir']): LocalTree {
  return { files: new Map(Object.entries(files).map(([p, c]) => [p, { hash: sha256(c) }])), dirs: new Set(dirs), conflicts: new Set() };
}

function remoteDoc(fields: Partial<RemoteDocument>): RemoteDocument {
  return { id: 'A', title: 'a', content: ONE, folderId: null, relativePath: 'a.md', isPublic: false, revision: 2, updatedAt: T, deletedAt: null, ...fields };
}

function pull(documents: RemoteDocument[] = []): PullResult {
  return { folders: [], documents, shared: [], lastSyncAt: T };
}

/** The plan's items as short strings (kind and path; the fields a case is about). */
function summary(plan: Plan): string[] {
  return plan.items.map((i) => {
    switch (i.kind) {
      case 'upload':
        return `upload ${i.path}${i.contentChanged ? ' content' : ''}${i.moved ? ' moved' : ''} @${i.baseRevision}`;
      case 'delete-remote':
        return `delete-remote ${i.path} @${i.baseRevision}`;
      case 'download':
        return `download ${i.path}${i.from && i.from !== i.path ? ` from ${i.from}` : ''}${i.note ? ' (restored)' : ''}`;
      case 'move-local':
        return `move-local ${i.from} -> ${i.to}`;
      case 'conflict':
        return `conflict ${i.path}`;
      case 'move-folder':
        return `move-folder ${i.from} -> ${i.to} [${i.documents.map((d) => d.path).join(', ')}]`;
      case 'mkdir':
      case 'create-folder':
      case 'delete-local':
      case 'create-remote':
      case 'adopt':
      case 'forget':
      case 'held':
      case 'delete-folder':
        return `${i.kind} ${i.path}`;
    }
  });
}

const cases: { name: string; local: Record<string, string>; remote: RemoteDocument[]; mode?: Mode; expected: string[]; skipped?: boolean }[] = [
  { name: 'nothing changed', local: { 'a.md': ONE }, remote: [], expected: [] },
  { name: 'the server sends back what we have (same revision)', local: { 'a.md': ONE }, remote: [remoteDoc({ revision: 1 })], expected: [] },
  { name: 'edited here', local: { 'a.md': 'two' }, remote: [], expected: ['upload a.md content @1'] },
  { name: 'deleted here', local: {}, remote: [], expected: ['delete-remote a.md @1'] },
  { name: 'moved here', local: { 'dir/b.md': ONE }, remote: [], expected: ['upload dir/b.md moved @1'] },
  { name: 'edited on the server', local: { 'a.md': ONE }, remote: [remoteDoc({ content: 'two' })], expected: ['download a.md'] },
  { name: 'deleted on the server', local: { 'a.md': ONE }, remote: [remoteDoc({ deletedAt: T })], expected: ['delete-local a.md'] },
  { name: 'moved on the server', local: { 'a.md': ONE }, remote: [remoteDoc({ folderId: 'F', relativePath: 'b.md' })], expected: ['move-local a.md -> dir/b.md'] },
  { name: 'edited on both sides', local: { 'a.md': 'mine' }, remote: [remoteDoc({ content: 'theirs' })], expected: ['conflict a.md'] },
  { name: 'edited on both sides alike', local: { 'a.md': 'same' }, remote: [remoteDoc({ content: 'same' })], expected: ['adopt a.md'] },
  { name: 'deleted here, edited there: restored', local: {}, remote: [remoteDoc({ content: 'two' })], expected: ['download a.md (restored)'] },
  { name: 'edited here, deleted there: created again', local: { 'a.md': 'two' }, remote: [remoteDoc({ deletedAt: T })], expected: ['forget a.md', 'create-remote a.md'] },
  { name: 'deleted on both sides', local: {}, remote: [remoteDoc({ deletedAt: T })], expected: ['forget a.md'] },
  { name: 'moved here, edited there', local: { 'dir/b.md': ONE }, remote: [remoteDoc({ content: 'two' })], expected: ['download dir/b.md', 'upload dir/b.md moved @2'] },
  { name: 'edited here, moved there', local: { 'a.md': 'two' }, remote: [remoteDoc({ folderId: 'F', relativePath: 'b.md' })], expected: ['move-local a.md -> dir/b.md', 'upload dir/b.md content @2'] },
  { name: 'new on the server', local: { 'a.md': ONE }, remote: [remoteDoc({ id: 'B', relativePath: 'b.md', revision: 1 })], expected: ['download b.md'] },
  { name: 'new here', local: { 'a.md': ONE, 'dir/new.md': 'x' }, remote: [], expected: ['create-remote dir/new.md'] },
  { name: 'new on both sides at one path, different', local: { 'a.md': ONE, 'b.md': 'x' }, remote: [remoteDoc({ id: 'B', relativePath: 'b.md', revision: 1, content: 'y' })], expected: ['conflict b.md'] },
  { name: 'pull: an edit here stays here', mode: 'pull', local: { 'a.md': 'two' }, remote: [], expected: [] },
  { name: 'pull: a delete here stays here', mode: 'pull', local: {}, remote: [], expected: [] },
  { name: 'pull: new here stays here', mode: 'pull', local: { 'a.md': ONE, 'n.md': 'x' }, remote: [], expected: [] },
  { name: 'push: an edit there waits for a pull', mode: 'push', local: { 'a.md': ONE }, remote: [remoteDoc({ content: 'two' })], expected: [], skipped: true },
  { name: 'push: edited on both sides is still a conflict', mode: 'push', local: { 'a.md': 'mine' }, remote: [remoteDoc({ content: 'theirs' })], expected: ['conflict a.md'], skipped: false },
];

describe('makePlan', () => {
  it.each(cases)('$name', ({ local, remote, mode, expected, skipped }) => {
    const plan = makePlan(base(), localTree(local), pull(remote), mode ?? 'sync');
    expect(summary(plan)).toEqual(expected);
    if (skipped !== undefined) expect(plan.remoteSkipped).toBe(skipped);
  });

  it('an unresolved conflict holds the local edit while its copy exists, and lets it go once removed', () => {
    const state = base();
    state.documents.A.conflict = 'a.conflict-2026-01-01T000000Z.md';
    const tree = localTree({ 'a.md': 'mine' });
    tree.conflicts.add('a.conflict-2026-01-01T000000Z.md');
    expect(summary(makePlan(state, tree, pull(), 'sync'))).toEqual(['held a.md']);
    expect(summary(makePlan(state, localTree({ 'a.md': 'mine' }), pull(), 'sync'))).toEqual(['upload a.md content @1']);
  });

  it('a folder renamed on the server moves the files under it; a folder deleted here is deleted there', () => {
    const state = base();
    state.documents.B = { path: 'dir/b.md', folderId: 'F', relativePath: 'b.md', revision: 1, hash: sha256('b') };
    const renamed = makePlan(state, localTree({ 'a.md': ONE, 'dir/b.md': 'b' }), { folders: [{ id: 'F', name: 'renamed', parentId: null, path: 'renamed', updatedAt: T, deletedAt: null }], documents: [], shared: [], lastSyncAt: T }, 'sync');
    expect(summary(renamed)).toEqual(['move-local dir/b.md -> renamed/b.md']);
    expect(renamed.prune).toEqual(['dir']);

    const gone = makePlan(state, localTree({ 'a.md': ONE }, []), pull(), 'sync');
    expect(summary(gone)).toEqual(['delete-remote dir/b.md @1', 'delete-folder dir']);
  });

  it('a folder renamed here is one move of the folder (its id kept), not a move of each document', () => {
    const state = base();
    state.folders.G = { name: 'sub', parentId: 'F' };
    state.documents.B = { path: 'dir/b.md', folderId: 'F', relativePath: 'b.md', revision: 3, hash: sha256('b') };
    state.documents.C = { path: 'dir/sub/c.md', folderId: 'G', relativePath: 'c.md', revision: 1, hash: sha256('c') };
    const moved = makePlan(state, localTree({ 'a.md': ONE, 'new/place/b.md': 'b', 'new/place/sub/c.md': 'c' }, ['new', 'new/place', 'new/place/sub']), pull(), 'sync');
    expect(summary(moved)).toEqual(['move-folder dir -> new/place [new/place/b.md, new/place/sub/c.md]', 'create-folder new']);
    // A document stayed behind in dir: dir stays; its subfolder, moved whole, moves.
    const partly = makePlan(state, localTree({ 'a.md': ONE, 'dir/b.md': 'b', 'new/sub/c.md': 'c' }, ['dir', 'new', 'new/sub']), pull(), 'sync');
    expect(summary(partly).filter((l) => l.startsWith('move-folder'))).toEqual(['move-folder dir/sub -> new/sub [new/sub/c.md]']);
  });

  it('a path from the server that would leave the folder is skipped with a warning', () => {
    const plan = makePlan(base(), localTree({ 'a.md': ONE }), pull([remoteDoc({ id: 'B', relativePath: '..', revision: 1 })]), 'sync');
    expect(plan.items).toEqual([]);
    expect(plan.warnings[0]).toContain('not a safe local path');
  });

  it.each([
    [1, 5, false],
    [2, 5, true],
    [50, 1000, false],
    [51, 1000, true],
    [0, 0, false],
  ])('mass delete guard: %i of %i files is %s', (n, total, refused) => {
    const plan = { deletes: { local: n, localTotal: total, remote: 0, remoteTotal: total } } as Plan;
    expect(massDeletes(plan).length > 0).toBe(refused);
  });
});
