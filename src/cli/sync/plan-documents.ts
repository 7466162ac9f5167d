import type { PullResult, RemoteDocument } from './api.js';
import { sha256, type LocalTree } from './local.js';
import type { Draft, RemoteInfo } from './plan-types.js';
import { documentPath, type StateDocument, type SyncState } from './state.js';

// The documents of a plan: each document of the base compared on both sides, then the documents
// new on the server, then the files new here.

/** The server's side of a document (a pulled one, or the one a refusal carries) as the base records it. */
export function remoteInfo(doc: { folderId: string | null; relativePath: string; revision: number; content: string }): RemoteInfo {
  return { folderId: doc.folderId, relativePath: doc.relativePath, revision: doc.revision, hash: sha256(doc.content) };
}

function baseInfo(st: StateDocument): RemoteInfo {
  return { folderId: st.folderId, relativePath: st.relativePath, revision: st.revision, hash: st.hash };
}

/** Local files no document of the base is at (new files, or files moved there), and which of them a document took. */
export interface Untracked {
  /** Path → content hash. */
  hashes: Map<string, string>;
  claimed: Set<string>;
}

export function untrackedFiles(state: SyncState, local: LocalTree): Untracked {
  const trackedPaths = new Set(Object.values(state.documents).map((st) => st.path));
  const hashes = new Map<string, string>();
  for (const [path, f] of local.files) if (!trackedPaths.has(path)) hashes.set(path, f.hash);
  return { hashes, claimed: new Set() };
}

/**
 * A missing file of the base whose exact content is now at an untracked path was moved there
 * (document id → its new path). The path is claimed, so it is not also a new file.
 */
export function detectLocalMoves(state: SyncState, local: LocalTree, untracked: Untracked): Map<string, string> {
  const movedTo = new Map<string, string>();
  for (const [id, st] of Object.entries(state.documents).sort((a, b) => a[1].path.localeCompare(b[1].path))) {
    if (local.files.has(st.path)) continue;
    for (const [path, hash] of untracked.hashes) {
      if (hash === st.hash && !untracked.claimed.has(path)) {
        movedTo.set(id, path);
        untracked.claimed.add(path);
        break;
      }
    }
  }
  return movedTo;
}

/** How one document of the base stands on each side since the base. */
interface Sides {
  id: string;
  st: StateDocument;
  /** The server's change to it (a newer revision, or its delete). */
  rd: RemoteDocument | undefined;
  remoteDeleted: boolean;
  /** The server's side as the base will record it (the base's own when unchanged or deleted there). */
  remote: RemoteInfo;
  /** Its local path from the server's location (null: not a safe local path). */
  remotePath: string | null;
  remoteMoved: boolean;
  remoteEdited: boolean;
  remoteChanged: boolean;
  /** Where its file is here now (null: deleted here), and that file's hash. */
  localPath: string | null;
  localHash: string | null;
  localMoved: boolean;
  localEdited: boolean;
  /** Edited on both sides, to different content: a conflict. */
  editedOnBoth: boolean;
}

function compareSides(id: string, st: StateDocument, pulled: RemoteDocument | undefined, draft: Draft, local: LocalTree, movedTo: Map<string, string>): Sides {
  // A document the pull sends back at the base's revision is unchanged there.
  const rd = pulled && (pulled.deletedAt !== null || pulled.revision > st.revision) ? pulled : undefined;
  const remoteDeleted = rd?.deletedAt != null;
  const remote = rd && !remoteDeleted ? remoteInfo(rd) : baseInfo(st);
  const remotePath = documentPath(draft.folders, remote.folderId, remote.relativePath);
  const remoteMoved = !remoteDeleted && remotePath !== st.path;
  const remoteEdited = remote.hash !== st.hash;

  const here = local.files.get(st.path);
  const localPath = here ? st.path : (movedTo.get(id) ?? null);
  const localHash = here ? here.hash : localPath ? st.hash : null;
  const localEdited = localPath !== null && localHash !== st.hash;
  return {
    id,
    st,
    rd,
    remoteDeleted,
    remote,
    remotePath,
    remoteMoved,
    remoteEdited,
    remoteChanged: rd !== undefined || remoteMoved,
    localPath,
    localHash,
    localMoved: localPath !== null && localPath !== st.path,
    localEdited,
    editedOnBoth: localEdited && remoteEdited && !remoteDeleted && localHash !== remote.hash,
  };
}

export function planTrackedDocuments(draft: Draft, state: SyncState, local: LocalTree, pull: PullResult, movedTo: Map<string, string>): void {
  const pulled = new Map(pull.documents.map((d) => [d.id, d]));
  for (const [id, st] of Object.entries(state.documents)) {
    const s = compareSides(id, st, pulled.get(id), draft, local, movedTo);
    if (!s.remoteDeleted && s.remotePath === null) {
      draft.warnings.push(`skipped ${st.path}: its location on the server is not a safe local path`);
      continue;
    }
    if (st.conflict && local.conflicts.has(st.conflict)) planHeldConflict(draft, s, st.conflict);
    else if (!draft.doLocal && s.remoteChanged && !s.editedOnBoth) leaveForPull(draft, s);
    else if (s.localPath === null) planDeletedHere(draft, s);
    else if (s.remoteDeleted) planDeletedOnServer(draft, s, s.localPath);
    else planKeptOnBothSides(draft, s, s.localPath);
  }
}

/** An unresolved conflict: its local edits wait until the conflict copy is removed. */
function planHeldConflict(draft: Draft, s: Sides, copy: string): void {
  if (!draft.doLocal && s.remoteChanged) {
    draft.remoteSkipped = true;
    return;
  }
  const path = s.localPath ?? s.st.path;
  if (s.remoteDeleted) draft.items.push({ kind: 'forget', id: s.id, path: s.st.path, note: 'deleted on the server while in conflict: the local file is kept' });
  else if (s.remoteEdited && s.localPath !== null) {
    draft.items.push({ kind: 'conflict', id: s.id, path: s.localPath, moveFrom: null, content: s.rd!.content, remote: s.remote, note: 'changed on the server again' });
  } else {
    if (s.rd) draft.items.push({ kind: 'adopt', id: s.id, path, remote: s.remote, conflict: copy });
    draft.items.push({ kind: 'held', id: s.id, path, conflict: copy });
  }
  if (!s.remoteDeleted) draft.finalRemote.push(s.remotePath!);
}

/** push: a document the server changed is left for a pull (the cursor stays before it). */
function leaveForPull(draft: Draft, s: Sides): void {
  draft.remoteSkipped = true;
  if (!s.remoteDeleted) draft.finalRemote.push(s.remotePath!);
}

/** Deleted here: deleted there too, unless the server changed it (then it comes back). */
function planDeletedHere(draft: Draft, s: Sides): void {
  const { id, st } = s;
  if (s.remoteDeleted) draft.items.push({ kind: 'forget', id, path: st.path });
  else if (s.rd) {
    draft.items.push({ kind: 'download', id, path: s.remotePath!, from: null, expectHash: null, content: s.rd.content, remote: s.remote, note: 'deleted locally but changed on the server: restored' });
    draft.finalRemote.push(s.remotePath!);
  } else if (draft.doRemote) draft.items.push({ kind: 'delete-remote', id, path: st.path, baseRevision: st.revision });
  else draft.finalRemote.push(s.remotePath!);
}

/** Deleted on the server: deleted here too, unless it was edited or moved here (then it is created again). */
function planDeletedOnServer(draft: Draft, s: Sides, localPath: string): void {
  const { id, st } = s;
  if (s.localEdited) {
    draft.items.push({ kind: 'forget', id, path: st.path });
    createAgain(draft, localPath, 'deleted on the server but changed here: created again');
  } else if (s.localMoved) {
    draft.items.push({ kind: 'forget', id, path: st.path, note: 'deleted on the server but moved here: kept as a new file' });
    createAgain(draft, localPath);
  } else draft.items.push({ kind: 'delete-local', id, path: localPath, expectHash: st.hash });
}

/** A file whose document the server deleted, sent again as a new document. */
function createAgain(draft: Draft, path: string, note?: string): void {
  if (draft.doRemote) draft.items.push({ kind: 'create-remote', path, ...(note ? { note } : {}) });
  draft.finalRemote.push(path);
}

/** Both sides still have it: each side's move and edit is carried to the other; edits on both are a conflict. */
function planKeptOnBothSides(draft: Draft, s: Sides, localPath: string): void {
  const { id, st, remote } = s;
  const remotePath = s.remotePath!;
  // Moved on the server only (and the run may change the folder): the file follows.
  const moveHere = !s.localMoved && s.remoteMoved && draft.doLocal;
  const filePath = moveHere ? remotePath : localPath;
  const moveThere = s.localMoved && localPath !== remotePath;
  if (s.editedOnBoth) {
    draft.items.push({ kind: 'conflict', id, path: filePath, moveFrom: moveHere ? localPath : null, content: s.rd!.content, remote, note: 'changed on both sides' });
    draft.finalRemote.push(remotePath);
    return;
  }
  const uploadContent = s.localEdited && s.localHash !== remote.hash;
  let listed = false;
  if (s.remoteEdited && !s.localEdited) {
    // (pull, with a local move waiting: the base stays at the old path, so the move is still seen.)
    draft.items.push({ kind: 'download', id, path: filePath, from: localPath, expectHash: st.hash, content: s.rd!.content, remote, ...(s.localMoved && !draft.doRemote ? { statePath: st.path } : {}) });
    listed = true;
  } else if (moveHere) {
    draft.items.push({ kind: 'move-local', id, from: localPath, to: filePath, remote, hash: st.hash });
    listed = true;
  }
  if ((uploadContent || moveThere) && draft.doRemote) {
    draft.items.push({ kind: 'upload', id, path: filePath, contentChanged: uploadContent, baseRevision: remote.revision, moved: moveThere });
    draft.finalRemote.push(filePath);
    return;
  }
  // Nothing to send: the base takes the server's side (and stays where the local file was,
  // when a local move is waiting to be pushed).
  const basePath = s.localMoved ? st.path : filePath;
  if (!listed && (s.rd || basePath !== st.path)) draft.items.push({ kind: 'adopt', id, path: basePath, remote });
  draft.finalRemote.push(remotePath);
}

/** Documents new on the server: downloaded, or paired with a file new here at the same path. */
export function planNewOnServer(draft: Draft, state: SyncState, pull: PullResult, untracked: Untracked): void {
  for (const rd of pull.documents) {
    if (rd.deletedAt !== null || state.documents[rd.id]) continue;
    const path = documentPath(draft.folders, rd.folderId, rd.relativePath);
    if (path === null) {
      draft.warnings.push(`skipped the server's ${rd.relativePath}: its location is not a safe local path`);
      continue;
    }
    draft.finalRemote.push(path);
    if (!draft.doLocal) {
      draft.remoteSkipped = true;
      untracked.claimed.add(path);
      continue;
    }
    const remote = remoteInfo(rd);
    const localHash = untracked.hashes.get(path);
    if (localHash !== undefined && !untracked.claimed.has(path)) {
      untracked.claimed.add(path);
      if (localHash === remote.hash) draft.items.push({ kind: 'adopt', id: rd.id, path, remote });
      else draft.items.push({ kind: 'conflict', id: rd.id, path, moveFrom: null, content: rd.content, remote, note: 'created on both sides' });
      continue;
    }
    draft.items.push({ kind: 'download', id: rd.id, path, from: null, expectHash: null, content: rd.content, remote });
  }
}

/** Files new here (no move and no document new on the server took them): created on the server. */
export function planNewHere(draft: Draft, untracked: Untracked): void {
  if (!draft.doRemote) return;
  for (const path of [...untracked.hashes.keys()].sort()) {
    if (untracked.claimed.has(path)) continue;
    draft.items.push({ kind: 'create-remote', path });
    draft.finalRemote.push(path);
  }
}
