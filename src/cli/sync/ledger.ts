import { describe } from './describe.js';
import { conflictPath, writeLocal } from './local.js';
import type { Item, Plan, RemoteInfo } from './plan.js';
import type { StateDocument, SyncState } from './state.js';

// What a run keeps as it goes: the base it will save (each change made updates it), the
// conflicts met, the count of changes made and the folders that may be left empty. The local
// and the remote steps of a run write to it; the state commit saves it, whatever happened.

/** A run's progress display (a bar on a terminal, nothing otherwise). */
export interface Progress {
  tick(n?: number): void;
  stop(): void;
}

/** Where a run says what it does (commands.ts prints it; tests collect it). */
export interface Reporter {
  line(text: string): void;
  warn(text: string): void;
  progress(total: number): Progress;
}

export class RunLedger {
  /** The base the run will save. */
  readonly next: SyncState;
  /** One line per conflict, for the closing summary and the exit code. */
  readonly conflicts: string[] = [];
  changes = 0;
  /** Folders whose old path may be left empty by the run. */
  readonly prune: Set<string>;

  constructor(
    readonly root: string,
    readonly report: Reporter,
    readonly now: () => Date,
    /** The base the run started from. */
    readonly base: SyncState,
    plan: Plan,
  ) {
    this.next = { ...base, folders: plan.folders, documents: { ...base.documents } };
    this.prune = new Set(plan.prune);
  }

  /** Both sides now agree on this document: the base's entry for it. */
  record(id: string, path: string, remote: RemoteInfo, conflict?: string): void {
    const doc: StateDocument = { path, folderId: remote.folderId, relativePath: remote.relativePath, revision: remote.revision, hash: remote.hash };
    if (conflict) doc.conflict = conflict;
    this.next.documents[id] = doc;
  }

  forget(id: string): void {
    delete this.next.documents[id];
  }

  /** A change made: counted, and its line reported. */
  changed(item: Item): void {
    this.changes++;
    this.say(item);
  }

  /** An item's line, when it has one. */
  say(item: Item): void {
    const line = describe(item);
    if (line) this.report.line(line);
  }

  /** A conflict met: listed for the summary and reported as it happens. */
  conflict(message: string, line = `CONFLICT        ${message}`): void {
    this.conflicts.push(message);
    this.report.line(line);
  }

  /** The server's version beside the local file (never over it); the base remembers the copy. */
  async writeConflict(id: string, path: string, content: string, remote: RemoteInfo, note: string): Promise<void> {
    const copy = await conflictPath(this.root, path, this.now());
    await writeLocal(this.root, copy, content);
    this.record(id, path, remote, copy);
    this.conflict(`${path}: ${note}; the server's version is in ${copy}`);
  }
}
