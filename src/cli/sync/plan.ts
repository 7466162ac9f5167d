import type { PullResult } from './api.js';
import type { LocalTree } from './local.js';
import { detectLocalMoves, planNewHere, planNewOnServer, planTrackedDocuments, untrackedFiles } from './plan-documents.js';
import { planFolders } from './plan-folders.js';
import { takeFolderChanges, type StateFolder, type SyncState } from './state.js';

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
//
// The documents the base knows, the documents new on either side (plan-documents.ts), then the
// folders (plan-folders.ts), each step adding to one draft.

export { remoteInfo } from './plan-documents.js';

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

/** The plan while it is drawn up: each step of makePlan adds to it. */
export interface Draft {
  /** The run changes the folder (sync, pull). */
  doLocal: boolean;
  /** The run changes the server (sync, push). */
  doRemote: boolean;
  items: Item[];
  warnings: string[];
  remoteSkipped: boolean;
  /** The folder tree after the server's changes. */
  folders: Record<string, StateFolder>;
  /** Where each surviving document ends up on the server (a folder with one is not deleted). */
  finalRemote: string[];
}

export function makePlan(state: SyncState, local: LocalTree, pull: PullResult, mode: Mode): Plan {
  const folders = { ...state.folders };
  takeFolderChanges(folders, pull.folders);
  const draft: Draft = { doLocal: mode !== 'push', doRemote: mode !== 'pull', items: [], warnings: [], remoteSkipped: false, folders, finalRemote: [] };

  const untracked = untrackedFiles(state, local);
  const movedTo = detectLocalMoves(state, local, untracked);
  planTrackedDocuments(draft, state, local, pull, movedTo);
  planNewOnServer(draft, state, pull, untracked);
  planNewHere(draft, untracked);
  const prune = planFolders(draft, state, local);

  return {
    mode,
    items: draft.items,
    folders,
    remoteSkipped: draft.remoteSkipped,
    warnings: draft.warnings,
    prune,
    deletes: {
      local: draft.items.filter((i) => i.kind === 'delete-local').length,
      localTotal: local.files.size,
      remote: draft.items.filter((i) => i.kind === 'delete-remote').length,
      remoteTotal: Object.keys(state.documents).length,
    },
  };
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
