import type { StateFolder } from './state.js';

// The shapes of a run's plan (plan.ts draws it up, apply.ts carries it out), in a file of their
// own so the steps of the plan (plan-documents.ts, plan-folders.ts) and plan.ts can share them.

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

