import { ApiError, conflictDocument, type ApiClient, type PullResult } from './api.js';
import type { RunLedger } from './ledger.js';
import { conflictPath, deleteLocal, joinPath, readLocal, safeSegment, sha256, writeLocal, type LocalTree } from './local.js';
import type { Mode } from './plan-types.js';
import type { SharedEntry } from './state.js';
import { headingTitle } from './title.js';

// Documents other users share with this account (the pull's `shared`), kept apart from the
// account's own tree: each is a file under `Shared/<owner username>/`, tracked in the state's
// `shared`. A pull writes a new or changed one (a file edited here meanwhile keeps its edits: the
// server's version goes beside it, as for own documents); a revoke (a tombstone) removes the
// file, unless it was edited here, in which case the file stays and is no longer synced. An
// editor's edits here are pushed back by id with the revision they are based on; a viewer's are
// reported, never pushed. Files under `Shared/` are never sent as the account's own documents.

export const SHARED_DIR = 'Shared';

type SharedDoc = PullResult['shared'][number];

/** Whether a local path is in the shared area (and not a document of the account's own tree). */
export function isSharedPath(path: string): boolean {
  return path === SHARED_DIR || path.startsWith(`${SHARED_DIR}/`);
}

/**
 * Takes the shared area out of a local scan, so the plan of the account's own tree never sees it;
 * paths of the account's own documents (a folder of its own named `Shared`) stay.
 */
export function withoutSharedArea(local: LocalTree, ownPaths: Iterable<string>): LocalTree {
  const own = new Set(ownPaths);
  const ownDirs = new Set<string>();
  for (const p of own) for (let d = p; d.includes('/'); ) ownDirs.add((d = d.slice(0, d.lastIndexOf('/'))));
  const files = new Map([...local.files].filter(([p]) => !isSharedPath(p) || own.has(p)));
  const dirs = new Set([...local.dirs].filter((d) => !isSharedPath(d) || ownDirs.has(d)));
  return { files, dirs, conflicts: local.conflicts };
}

/** A free local path for a newly shared document: `Shared/<owner>/<title>.md`, then ` (2)`... */
async function freshPath(ledger: RunLedger, doc: SharedDoc, taken: Set<string>): Promise<string | null> {
  if (!safeSegment(doc.owner.username)) return null;
  const stem = [...doc.title.replace(/[/\\\0]/g, '-').trim()].slice(0, 100).join('') || doc.id;
  for (let n = 1; ; n++) {
    const name = `${stem}${n > 1 ? ` (${n})` : ''}.md`;
    if (!safeSegment(name)) return null;
    const path = joinPath(SHARED_DIR, doc.owner.username, name);
    if (!taken.has(path) && (await readLocal(ledger.root, path)) === null) return path;
  }
}

/** The shared part of a run; answers whether it left server changes untaken (the cursor must stay). */
export async function syncShared(ledger: RunLedger, api: ApiClient, pull: PullResult, mode: Mode): Promise<boolean> {
  const base = { ...(ledger.base.shared ?? {}) };
  const next: Record<string, SharedEntry> = { ...base };
  ledger.next.shared = next;
  const fromServer = new Set<string>();
  if (mode !== 'push') {
    const taken = new Set(Object.values(next).map((e) => e.path));
    for (const doc of pull.shared) {
      fromServer.add(doc.id);
      await takeFromServer(ledger, next, doc, taken);
    }
  }
  if (mode !== 'pull') {
    for (const [id, entry] of Object.entries(next)) if (!fromServer.has(id)) await sendLocalEdit(ledger, api, next, id, entry);
  }
  return mode === 'push' && pull.shared.length > 0;
}

async function takeFromServer(ledger: RunLedger, next: Record<string, SharedEntry>, doc: SharedDoc, taken: Set<string>): Promise<void> {
  const { root, report } = ledger;
  const known = next[doc.id];
  const local = known ? await readLocal(root, known.path) : null;
  const editedHere = known !== undefined && local !== null && sha256(local) !== known.hash;
  if (doc.deletedAt !== null) {
    if (!known) return;
    delete next[doc.id];
    if (editedHere) {
      report.warn(`${known.path}: ${doc.owner.username} no longer shares this document with you; your edits stay in the file, which is no longer synced`);
      return;
    }
    await deleteLocal(root, known.path);
    ledger.prune.add(known.path.slice(0, known.path.lastIndexOf('/')));
    ledger.changes++;
    report.line(`unshared        ${known.path} (removed here)`);
    return;
  }
  const entry = { owner: doc.owner.username, role: doc.role, revision: doc.revision, hash: sha256(doc.content) };
  if (known && known.revision === doc.revision && known.hash === entry.hash) {
    next[doc.id] = { ...known, role: doc.role };
    return;
  }
  if (editedHere && sha256(local!) !== entry.hash) {
    // Edited on both sides: the server's version beside the file; the local edits wait until the copy is removed.
    const copy = await conflictPath(root, known.path, ledger.now());
    await writeLocal(root, copy, doc.content);
    next[doc.id] = { ...known, ...entry, hash: known.hash, conflict: copy };
    ledger.conflict(`${known.path}: changed here and by ${doc.owner.username}; their version is in ${copy}`);
    return;
  }
  const path = known?.path ?? (await freshPath(ledger, doc, taken));
  if (path === null) {
    report.warn(`not written: a document shared by ${doc.owner.username} has no safe file name (${doc.id})`);
    return;
  }
  taken.add(path);
  await writeLocal(root, path, doc.content);
  next[doc.id] = { path, ...entry };
  ledger.changes++;
  report.line(`download        ${path}${known ? '' : ` (shared by ${doc.owner.username}, ${doc.role})`}`);
}

/** A tracked shared file edited here: an editor's edit goes to the server by id; a viewer's is reported. */
async function sendLocalEdit(ledger: RunLedger, api: ApiClient, next: Record<string, SharedEntry>, id: string, entry: SharedEntry): Promise<void> {
  const { root, report } = ledger;
  const local = await readLocal(root, entry.path);
  if (local === null) {
    // Only the owner deletes a shared document: it is written again when it next changes there.
    report.warn(`${entry.path}: deleted here; a shared document is not deleted on the server (only ${entry.owner} may), and comes back when it changes there`);
    delete next[id];
    return;
  }
  const hash = sha256(local);
  if (hash === entry.hash) return;
  if (entry.conflict && (await readLocal(root, entry.conflict)) !== null) {
    ledger.conflict(`${entry.path}: unresolved conflict; remove ${entry.conflict} once merged`);
    return;
  }
  if (entry.role !== 'editor') {
    report.warn(`not pushed: ${entry.path} is shared with you as a viewer; your edits stay here`);
    return;
  }
  const content = local.toString('utf8');
  const title = headingTitle(content);
  try {
    await api.push([{ op: 'update', type: 'document', path: entry.path, data: { id, content, baseRevision: entry.revision, ...(title ? { title } : {}) } }]);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const current = err.code === 'revision_conflict' ? conflictDocument(err) : undefined;
    if (current) {
      const copy = await conflictPath(root, entry.path, ledger.now());
      await writeLocal(root, copy, current.content);
      next[id] = { ...entry, revision: current.revision, conflict: copy };
      ledger.conflict(`${entry.path}: changed here and by someone else; the server's version is in ${copy}`);
    } else {
      report.warn(`not pushed: ${entry.path}: ${err.message}`);
    }
    return;
  }
  const { conflict: _resolved, ...rest } = entry;
  next[id] = { ...rest, revision: entry.revision + 1, hash };
  ledger.changes++;
  report.line(`upload          ${entry.path} (to ${entry.owner}'s document)`);
}
