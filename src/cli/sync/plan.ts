import type { PullResult, RemoteDocument } from './api.js';
import { sha256, type LocalTree } from './local.js';
import { documentPath, folderPath, type StateDocument, type StateFolder, type SyncState } from './state.js';

// The plan of a run: a three-way comparison of the base (the state file), the local folder and
// the server's changes since the cursor, document by document. It decides and changes nothing;
// apply.ts carries it out, and `status` prints it.
//
// For a document both sides know, each side either kept it, changed its content, moved it, or
// deleted it. One side's change is carried to the other; a move on one side and an edit on the
// other are both kept (one update of the same id); an edit on both sides to different content is
// a conflict (the remote version is written beside the file, nothing is overwritten); a delete on
// one side and an edit on the other keeps the edit. Every write to the server names the revision
// it is based on, so a change the plan has not seen is refused by the server, never overwritten.

export type Mode = 'sync' | 'pull' | 'push';

/** The server's side of a document as the base will record it. */
export interface RemoteInfo {
  folderId: string | null;
  relativePath: string;
  revision: number;
  hash: string;
}

export type Item =
  // Local changes.
  | { kind: 'download'; id: string; path: string; from: string | null; expectHash: string | null; content: string; remote: RemoteInfo; note?: string; statePath?: string }
  | { kind: 'move-local'; id: string; from: string; to: string; remote: RemoteInfo; hash: string }
  | { kind: 'delete-local'; id: string; path: string; expectHash: string }
  | { kind: 'conflict'; id: string; path: string; moveFrom: string | null; content: string; remote: RemoteInfo; note: string }
  | { kind: 'mkdir'; path: string }
  // Changes to the server.
  | { kind: 'create-folder'; path: string }
  | { kind: 'upload'; id: string; path: string; contentChanged: boolean; baseRevision: number; moved: boolean }
  | { kind: 'delete-remote'; id: string; path: string; baseRevision: number }
  | { kind: 'create-remote'; path: string; note?: string }
  | { kind: 'delete-folder'; id: string; path: string }
  /** A folder renamed or moved here: one update of its id; the documents in it move with it. */
  | { kind: 'move-folder'; id: string; from: string; to: string; documents: { id: string; path: string; remote: RemoteInfo }[] }
  // The base alone.
  | { kind: 'adopt'; id: string; path: string; remote: RemoteInfo; conflict?: string }
  | { kind: 'forget'; id: string; path: string; note?: string }
  | { kind: 'held'; id: string; path: string; conflict: string };

export interface Plan {
  mode: Mode;
  items: Item[];
  /** The folder tree after the server's changes. */
  folders: Record<string, StateFolder>;
  /** Server changes this run leaves for later (push): the cursor must not move past them. */
  remoteSkipped: boolean;
  warnings: string[];
  deletes: { local: number; localTotal: number; remote: number; remoteTotal: number };
  /** Folders whose old local path may be left empty (renamed or deleted on the server). */
  prune: string[];
}

function remoteInfo(doc: RemoteDocument): RemoteInfo {
  return { folderId: doc.folderId, relativePath: doc.relativePath, revision: doc.revision, hash: sha256(doc.content) };
}

function baseInfo(st: StateDocument): RemoteInfo {
  return { folderId: st.folderId, relativePath: st.relativePath, revision: st.revision, hash: st.hash };
}

function under(path: string, dir: string): boolean {
  return path.startsWith(`${dir}/`);
}

export function makePlan(state: SyncState, local: LocalTree, pull: PullResult, mode: Mode): Plan {
  const items: Item[] = [];
  const warnings: string[] = [];
  const doLocal = mode !== 'push';
  const doRemote = mode !== 'pull';
  let remoteSkipped = false;

  // The folder tree after the server's changes.
  const folders: Record<string, StateFolder> = { ...state.folders };
  for (const f of pull.folders) {
    if (f.deletedAt) delete folders[f.id];
    else folders[f.id] = { name: f.name, parentId: f.parentId };
  }

  const remoteDocs = new Map(pull.documents.map((d) => [d.id, d]));
  const tracked = Object.entries(state.documents);
  const trackedPaths = new Set(tracked.map(([, st]) => st.path));

  // Local files no document of the base is at: new files, or files moved there.
  const untracked = new Map<string, string>();
  for (const [path, f] of local.files) if (!trackedPaths.has(path)) untracked.set(path, f.hash);
  const claimed = new Set<string>();
  // A missing file of the base whose exact content is now at an untracked path was moved there.
  const movedTo = new Map<string, string>();
  for (const [id, st] of [...tracked].sort((a, b) => a[1].path.localeCompare(b[1].path))) {
    if (local.files.has(st.path)) continue;
    for (const [path, hash] of untracked) {
      if (hash === st.hash && !claimed.has(path)) {
        movedTo.set(id, path);
        claimed.add(path);
        break;
      }
    }
  }

  // Where each surviving document ends up on the server (for the folder-delete check).
  const finalRemote: string[] = [];

  for (const [id, st] of tracked) {
    const raw = remoteDocs.get(id);
    const rd = raw && (raw.deletedAt !== null || raw.revision > st.revision) ? raw : undefined;
    const rdel = rd?.deletedAt != null;
    const remote = rd && !rdel ? remoteInfo(rd) : baseInfo(st);
    const newRemotePath = documentPath(folders, remote.folderId, remote.relativePath);
    if (!rdel && newRemotePath === null) {
      warnings.push(`skipped ${st.path}: its location on the server is not a safe local path`);
      continue;
    }
    const rm = !rdel && newRemotePath !== st.path;
    const rc = remote.hash !== st.hash;
    const remoteChanged = rd !== undefined || rm;

    const here = local.files.get(st.path);
    const localPath = here ? st.path : (movedTo.get(id) ?? null);
    const localHash = here ? here.hash : localPath ? st.hash : null;
    const ld = localPath === null;
    const lm = !ld && localPath !== st.path;
    const lc = !ld && localHash !== st.hash;

    // An unresolved conflict: its local edits wait until the conflict copy is removed.
    if (st.conflict && local.conflicts.has(st.conflict)) {
      if (!doLocal && remoteChanged) {
        remoteSkipped = true;
        continue;
      }
      if (rdel) items.push({ kind: 'forget', id, path: st.path, note: 'deleted on the server while in conflict: the local file is kept' });
      else if (rc && !ld) items.push({ kind: 'conflict', id, path: localPath!, moveFrom: null, content: rd!.content, remote, note: 'changed on the server again' });
      else {
        if (rd) items.push({ kind: 'adopt', id, path: localPath ?? st.path, remote, conflict: st.conflict });
        items.push({ kind: 'held', id, path: localPath ?? st.path, conflict: st.conflict });
      }
      if (!rdel) finalRemote.push(newRemotePath!);
      continue;
    }

    // push: a document the server changed is left for a pull, unless both sides edited it.
    if (!doLocal && remoteChanged && !(lc && rc && !rdel && localHash !== remote.hash)) {
      remoteSkipped = true;
      if (!rdel) finalRemote.push(newRemotePath!);
      continue;
    }

    if (ld) {
      if (rdel) items.push({ kind: 'forget', id, path: st.path });
      else if (rd) {
        items.push({ kind: 'download', id, path: newRemotePath!, from: null, expectHash: null, content: rd.content, remote, note: 'deleted locally but changed on the server: restored' });
        finalRemote.push(newRemotePath!);
      } else if (doRemote) items.push({ kind: 'delete-remote', id, path: st.path, baseRevision: st.revision });
      else finalRemote.push(newRemotePath!);
      continue;
    }
    if (rdel) {
      if (lc) {
        items.push({ kind: 'forget', id, path: st.path });
        if (doRemote) items.push({ kind: 'create-remote', path: localPath!, note: 'deleted on the server but changed here: created again' });
        finalRemote.push(localPath!);
      } else if (lm) {
        items.push({ kind: 'forget', id, path: st.path, note: 'deleted on the server but moved here: kept as a new file' });
        if (doRemote) items.push({ kind: 'create-remote', path: localPath! });
        finalRemote.push(localPath!);
      } else items.push({ kind: 'delete-local', id, path: localPath!, expectHash: st.hash });
      continue;
    }

    // Both sides still have it.
    const localMove = !lm && rm && doLocal;
    const filePath = localMove ? newRemotePath! : localPath!;
    const pushMove = lm && localPath !== newRemotePath;
    const bothEdited = lc && rc && localHash !== remote.hash;
    if (bothEdited) {
      items.push({ kind: 'conflict', id, path: filePath, moveFrom: localMove ? localPath : null, content: rd!.content, remote, note: 'changed on both sides' });
      finalRemote.push(newRemotePath!);
      continue;
    }
    const uploadContent = lc && localHash !== remote.hash;
    if (rc && !lc) {
      // (pull, with a local move waiting: the base stays at the old path, so the move is still seen.)
      items.push({ kind: 'download', id, path: filePath, from: localPath, expectHash: st.hash, content: rd!.content, remote, ...(lm && !doRemote ? { statePath: st.path } : {}) });
    } else if (localMove) {
      items.push({ kind: 'move-local', id, from: localPath!, to: filePath, remote, hash: st.hash });
    }
    if ((uploadContent || pushMove) && doRemote) {
      items.push({ kind: 'upload', id, path: filePath, contentChanged: uploadContent, baseRevision: remote.revision, moved: pushMove });
      finalRemote.push(filePath);
      continue;
    }
    // Nothing to send: the base takes the server's side (and stays where the local file was,
    // when a local move is waiting to be pushed).
    const basePath = lm ? st.path : filePath;
    const alreadyListed = items.some((i) => 'id' in i && i.id === id);
    if (!alreadyListed && (rd || basePath !== st.path)) items.push({ kind: 'adopt', id, path: basePath, remote });
    finalRemote.push(newRemotePath!);
  }

  // Documents new on the server.
  for (const rd of pull.documents) {
    if (rd.deletedAt !== null || state.documents[rd.id]) continue;
    const path = documentPath(folders, rd.folderId, rd.relativePath);
    if (path === null) {
      warnings.push(`skipped the server's ${rd.relativePath}: its location is not a safe local path`);
      continue;
    }
    finalRemote.push(path);
    if (!doLocal) {
      remoteSkipped = true;
      claimed.add(path);
      continue;
    }
    const remote = remoteInfo(rd);
    const localHash = untracked.get(path);
    if (localHash !== undefined && !claimed.has(path)) {
      claimed.add(path);
      if (localHash === remote.hash) items.push({ kind: 'adopt', id: rd.id, path, remote });
      else items.push({ kind: 'conflict', id: rd.id, path, moveFrom: null, content: rd.content, remote, note: 'created on both sides' });
      continue;
    }
    items.push({ kind: 'download', id: rd.id, path, from: null, expectHash: null, content: rd.content, remote });
  }

  // Files new here.
  if (doRemote) {
    for (const path of [...untracked.keys()].sort()) {
      if (claimed.has(path)) continue;
      items.push({ kind: 'create-remote', path });
      finalRemote.push(path);
    }
  }

  // Folders: new or renamed on the server are made here; made here are made on the server;
  // deleted here (and unchanged there, and left empty by this run) are deleted there.
  const prune: string[] = [];
  for (const id of Object.keys(state.folders)) {
    const oldPath = folderPath(state.folders, id);
    const newPath = folders[id] ? folderPath(folders, id) : null;
    if (oldPath !== null && oldPath !== newPath) prune.push(oldPath);
  }
  const remoteFolderPaths = new Set<string>();
  for (const id of Object.keys(folders)) {
    const p = folderPath(folders, id);
    if (p === null) continue;
    remoteFolderPaths.add(p);
    const before = state.folders[id] ? folderPath(state.folders, id) : null;
    if (doLocal && !local.dirs.has(p) && before !== p) items.push({ kind: 'mkdir', path: p });
  }
  // A folder a file is written into is made anyway: only empty ones are listed.
  const filled = items.flatMap((i) => (i.kind === 'download' || i.kind === 'conflict' ? [i.path] : i.kind === 'move-local' ? [i.to] : []));
  for (let k = items.length - 1; k >= 0; k--) {
    const item = items[k];
    if (item.kind === 'mkdir' && filled.some((f) => under(f, item.path))) items.splice(k, 1);
  }
  if (doRemote) {
    const moved = detectFolderMoves(state, folders, local, items, remoteFolderPaths);
    for (const dir of [...local.dirs].sort()) {
      if (remoteFolderPaths.has(dir) || prune.some((p) => dir === p || under(dir, p))) continue;
      // The folder moved here, and its subfolders with it.
      const move = moved.find((m) => dir === m.to || under(dir, m.to));
      if (move && (dir === move.to || remoteFolderPaths.has(move.from + dir.slice(move.to.length)))) continue;
      items.push({ kind: 'create-folder', path: dir });
    }
    const gone: { id: string; path: string }[] = [];
    for (const id of Object.keys(state.folders)) {
      const p = folderPath(state.folders, id);
      if (p === null || !folders[id] || folderPath(folders, id) !== p || local.dirs.has(p)) continue;
      if (moved.some((m) => p === m.from || under(p, m.from))) continue;
      if (finalRemote.some((d) => under(d, p))) continue;
      gone.push({ id, path: p });
    }
    // Only the outermost: a folder's delete takes its children with it.
    for (const g of gone) {
      if (!gone.some((o) => o !== g && under(g.path, o.path))) items.push({ kind: 'delete-folder', id: g.id, path: g.path });
    }
  }

  return {
    mode,
    items,
    folders,
    remoteSkipped,
    warnings,
    prune,
    deletes: {
      local: items.filter((i) => i.kind === 'delete-local').length,
      localTotal: local.files.size,
      remote: items.filter((i) => i.kind === 'delete-remote').length,
      remoteTotal: tracked.length,
    },
  };
}

/**
 * Folders renamed or moved here: a folder of the base missing here (and unchanged on the server)
 * all of whose documents were found moved to the same new folder, at the same place inside it.
 * The documents' own moves are then replaced by the one folder move (so the folder keeps its id
 * too); an edit of a document in it is still sent, at its new path, after the folder's move.
 */
function detectFolderMoves(state: SyncState, folders: Record<string, StateFolder>, local: LocalTree, items: Item[], remoteFolderPaths: Set<string>) {
  const moves: Extract<Item, { kind: 'move-folder' }>[] = [];
  const candidates = Object.keys(state.folders)
    .map((id) => ({ id, path: folderPath(state.folders, id) }))
    .filter((f): f is { id: string; path: string } => f.path !== null && folders[f.id] !== undefined && folderPath(folders, f.id) === f.path && !local.dirs.has(f.path))
    .sort((a, b) => a.path.length - b.path.length);
  for (const folder of candidates) {
    if (moves.some((m) => under(folder.path, m.from))) continue;
    const docs = Object.entries(state.documents).filter(([, st]) => under(st.path, folder.path));
    if (docs.length === 0) continue;
    let to: string | null = null;
    const uploads: Extract<Item, { kind: 'upload' }>[] = [];
    for (const [id, st] of docs) {
      const own = items.filter((i) => 'id' in i && i.id === id);
      const upload = own.length === 1 && own[0].kind === 'upload' && own[0].moved ? own[0] : null;
      const suffix = st.path.slice(folder.path.length);
      if (!upload || !upload.path.endsWith(suffix)) {
        to = null;
        break;
      }
      const target = upload.path.slice(0, -suffix.length);
      if (to !== null && target !== to) {
        to = null;
        break;
      }
      to = target;
      uploads.push(upload);
    }
    if (to === null || to === '' || !local.dirs.has(to) || remoteFolderPaths.has(to) || under(to, folder.path)) continue;
    const move: Extract<Item, { kind: 'move-folder' }> = { kind: 'move-folder', id: folder.id, from: folder.path, to, documents: [] };
    for (const upload of uploads) {
      const st = state.documents[upload.id];
      if (upload.contentChanged) upload.moved = false;
      else {
        items.splice(items.indexOf(upload), 1);
        move.documents.push({ id: upload.id, path: upload.path, remote: { folderId: st.folderId, relativePath: st.relativePath, revision: upload.baseRevision, hash: st.hash } });
      }
    }
    moves.push(move);
    items.push(move);
  }
  return moves;
}

export const MASS_DELETE_FRACTION = 0.2;
export const MASS_DELETE_COUNT = 50;

/** The sides on which the plan deletes more than 20% of the files, or more than 50. */
export function massDeletes(plan: Plan): string[] {
  const out: string[] = [];
  const { local, localTotal, remote, remoteTotal } = plan.deletes;
  const tooMany = (n: number, total: number) => n > MASS_DELETE_COUNT || (n > 0 && n > MASS_DELETE_FRACTION * total);
  if (tooMany(local, localTotal)) out.push(`${local} of the ${localTotal} local files`);
  if (tooMany(remote, remoteTotal)) out.push(`${remote} of the ${remoteTotal} documents on the server`);
  return out;
}
