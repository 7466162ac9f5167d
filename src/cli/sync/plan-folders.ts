import type { LocalTree } from './local.js';
import type { Draft, Item } from './plan-types.js';
import { folderPath, type StateFolder, type SyncState } from './state.js';

// The folders of a plan: new or renamed on the server are made here; made here are made on the
// server; renamed or moved here are one move of the folder; deleted here (and unchanged there,
// and left empty by this run) are deleted there. Runs after the documents' steps: it reads their
// items.

type FolderMove = Extract<Item, { kind: 'move-folder' }>;
type Upload = Extract<Item, { kind: 'upload' }>;

function under(path: string, dir: string): boolean {
  return path.startsWith(`${dir}/`);
}

/** Adds the folder items to the draft; answers the old local paths the run may leave empty. */
export function planFolders(draft: Draft, state: SyncState, local: LocalTree): string[] {
  const prune = movedAwayFolders(state.folders, draft.folders);
  const remoteFolderPaths = folderPaths(draft.folders);
  if (draft.doLocal) planFoldersHere(draft, state, local);
  draft.items = withoutFilledFolders(draft.items);
  if (draft.doRemote) {
    const moved = detectFolderMoves(state, draft.folders, local, draft.items, remoteFolderPaths);
    planFoldersCreatedHere(draft, local, remoteFolderPaths, prune, moved);
    planFoldersDeletedHere(draft, state, local, moved);
  }
  return prune;
}

/** The old paths of the folders the server renamed, moved or deleted. */
function movedAwayFolders(before: Record<string, StateFolder>, after: Record<string, StateFolder>): string[] {
  const out: string[] = [];
  for (const id of Object.keys(before)) {
    const oldPath = folderPath(before, id);
    const newPath = after[id] ? folderPath(after, id) : null;
    if (oldPath !== null && oldPath !== newPath) out.push(oldPath);
  }
  return out;
}

function folderPaths(folders: Record<string, StateFolder>): Set<string> {
  const out = new Set<string>();
  for (const id of Object.keys(folders)) {
    const p = folderPath(folders, id);
    if (p !== null) out.add(p);
  }
  return out;
}

/** A folder new or moved on the server and missing here is made here. */
function planFoldersHere(draft: Draft, state: SyncState, local: LocalTree): void {
  for (const id of Object.keys(draft.folders)) {
    const p = folderPath(draft.folders, id);
    if (p === null) continue;
    const before = state.folders[id] ? folderPath(state.folders, id) : null;
    if (!local.dirs.has(p) && before !== p) draft.items.push({ kind: 'mkdir', path: p });
  }
}

/** A folder a file is written into is made anyway: only empty ones stay listed. */
function withoutFilledFolders(items: Item[]): Item[] {
  const filled = items.flatMap((i) => (i.kind === 'download' || i.kind === 'conflict' ? [i.path] : i.kind === 'move-local' ? [i.to] : []));
  return items.filter((i) => i.kind !== 'mkdir' || !filled.some((f) => under(f, i.path)));
}

/** A folder here the server does not have is made there, unless it came with a folder move. */
function planFoldersCreatedHere(draft: Draft, local: LocalTree, remoteFolderPaths: Set<string>, prune: string[], moved: FolderMove[]): void {
  for (const dir of [...local.dirs].sort()) {
    if (remoteFolderPaths.has(dir) || prune.some((p) => dir === p || under(dir, p))) continue;
    // The folder moved here, and its subfolders with it.
    const move = moved.find((m) => dir === m.to || under(dir, m.to));
    if (move && (dir === move.to || remoteFolderPaths.has(move.from + dir.slice(move.to.length)))) continue;
    draft.items.push({ kind: 'create-folder', path: dir });
  }
}

/** A folder of the base gone here, unchanged there, not moved and left empty on the server, is deleted there. */
function planFoldersDeletedHere(draft: Draft, state: SyncState, local: LocalTree, moved: FolderMove[]): void {
  const gone: { id: string; path: string }[] = [];
  for (const id of Object.keys(state.folders)) {
    const p = folderPath(state.folders, id);
    if (p === null || !draft.folders[id] || folderPath(draft.folders, id) !== p || local.dirs.has(p)) continue;
    if (moved.some((m) => p === m.from || under(p, m.from))) continue;
    if (draft.finalRemote.some((d) => under(d, p))) continue;
    gone.push({ id, path: p });
  }
  // Only the outermost: a folder's delete takes its children with it.
  for (const g of gone) {
    if (!gone.some((o) => o !== g && under(g.path, o.path))) draft.items.push({ kind: 'delete-folder', id: g.id, path: g.path });
  }
}

/**
 * Folders renamed or moved here: a folder of the base missing here (and unchanged on the server)
 * all of whose documents were found moved to the same new folder, at the same place inside it.
 * The documents' own moves are then replaced by the one folder move (so the folder keeps its id
 * too); an edit of a document in it is still sent, at its new path, after the folder's move.
 */
function detectFolderMoves(state: SyncState, folders: Record<string, StateFolder>, local: LocalTree, items: Item[], remoteFolderPaths: Set<string>): FolderMove[] {
  const moves: FolderMove[] = [];
  for (const folder of folderMoveCandidates(state, folders, local)) {
    if (moves.some((m) => under(folder.path, m.from))) continue;
    const docs = Object.entries(state.documents).filter(([, st]) => under(st.path, folder.path));
    if (docs.length === 0) continue;
    const destination = commonDestination(folder.path, docs, items);
    if (destination === null) continue;
    const { to, uploads } = destination;
    if (to === '' || !local.dirs.has(to) || remoteFolderPaths.has(to) || under(to, folder.path)) continue;
    const move: FolderMove = { kind: 'move-folder', id: folder.id, from: folder.path, to, documents: [] };
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

/** Folders of the base missing here and where they were on the server, outermost first. */
function folderMoveCandidates(state: SyncState, folders: Record<string, StateFolder>, local: LocalTree): { id: string; path: string }[] {
  return Object.keys(state.folders)
    .map((id) => ({ id, path: folderPath(state.folders, id) }))
    .filter((f): f is { id: string; path: string } => f.path !== null && folders[f.id] !== undefined && folderPath(folders, f.id) === f.path && !local.dirs.has(f.path))
    .sort((a, b) => a.path.length - b.path.length);
}

/**
 * Where all of a folder's documents went, when each was moved here (edited or not) to the same
 * new folder, at the same place inside it: that folder and the documents' uploads; else null.
 */
function commonDestination(from: string, docs: [string, { path: string }][], items: Item[]): { to: string; uploads: Upload[] } | null {
  let to: string | null = null;
  const uploads: Upload[] = [];
  for (const [id, st] of docs) {
    const own = items.filter((i) => 'id' in i && i.id === id);
    const upload = own.length === 1 && own[0].kind === 'upload' && own[0].moved ? own[0] : null;
    const suffix = st.path.slice(from.length);
    if (!upload || !upload.path.endsWith(suffix)) return null;
    const target = upload.path.slice(0, -suffix.length);
    if (to !== null && target !== to) return null;
    to = target;
    uploads.push(upload);
  }
  return to === null ? null : { to, uploads };
}
