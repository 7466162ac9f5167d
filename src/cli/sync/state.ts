import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { joinPath, safeSegment, STATE_FILE } from './local.js';

// The state file in the synced folder: what both sides agreed on at the end of the last run
// (the base of the next three-way comparison), and the server's cursor.
//
// For each document: where its file is locally (`path`), where it is on the server (folder id
// and file name), the revision and the SHA-256 of the content both sides had. The folder tree
// (ids, names, parents) turns a server location into a local path, so a folder renamed on the
// server moves the files under it, and a file moved locally is sent as a move of the same id.

export interface StateFolder {
  name: string;
  parentId: string | null;
}

export interface StateDocument {
  path: string;
  folderId: string | null;
  relativePath: string;
  revision: number;
  hash: string;
  /** An unresolved conflict copy beside the file: its local edits wait until it is removed. */
  conflict?: string;
}

/** A document another user shares with this account (shared.ts): its file under `Shared/<owner>/`. */
export interface SharedEntry {
  path: string;
  owner: string;
  role: 'viewer' | 'editor';
  revision: number;
  hash: string;
  /** An unresolved conflict copy beside the file: its local edits wait until it is removed. */
  conflict?: string;
}

export interface SyncState {
  version: 1;
  server: string;
  cursor: string | null;
  folders: Record<string, StateFolder>;
  documents: Record<string, StateDocument>;
  /** Documents shared with this account, by id (absent in a state file written before sharing). */
  shared?: Record<string, SharedEntry>;
}

export function emptyState(server: string): SyncState {
  return { version: 1, server, cursor: null, folders: {}, documents: {} };
}

export async function loadState(root: string): Promise<SyncState | null> {
  let text: string;
  try {
    text = await readFile(join(root, STATE_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const state = JSON.parse(text) as SyncState;
  if (state.version !== 1 || typeof state.server !== 'string' || typeof state.documents !== 'object' || typeof state.folders !== 'object') {
    throw new Error(`${STATE_FILE} is not a state file of this version`);
  }
  return state;
}

export async function saveState(root: string, state: SyncState): Promise<void> {
  const path = join(root, STATE_FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(state, null, 1)}\n`);
  await rename(tmp, path);
}

/** A pull's folder changes, into a folder tree (deleted folders leave it). */
export function takeFolderChanges(folders: Record<string, StateFolder>, changed: { id: string; name: string; parentId: string | null; deletedAt: string | null }[]): void {
  for (const f of changed) {
    if (f.deletedAt) delete folders[f.id];
    else folders[f.id] = { name: f.name, parentId: f.parentId };
  }
}

/** The local path of a folder ('' for the root); null when a folder on the way is unknown or unsafe. */
export function folderPath(folders: Record<string, StateFolder>, id: string | null): string | null {
  const names: string[] = [];
  for (let cur = id, depth = 0; cur !== null; depth++) {
    const f = folders[cur];
    if (!f || depth > 1000 || !safeSegment(f.name)) return null;
    names.unshift(f.name);
    cur = f.parentId;
  }
  return names.join('/');
}

export function documentPath(folders: Record<string, StateFolder>, folderId: string | null, relativePath: string): string | null {
  if (!safeSegment(relativePath)) return null;
  const dir = folderPath(folders, folderId);
  // The state file's own name at the root is not a document's to take.
  if (dir === '' && relativePath === STATE_FILE) return null;
  return dir === null ? null : joinPath(dir, relativePath);
}
