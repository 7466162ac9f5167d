import type { PullResult } from './api.js';
import type { LocalTree } from './local.js';
import { detectLocalMoves, planNewHere, planNewOnServer, planTrackedDocuments, untrackedFiles } from './plan-documents.js';
import { planFolders } from './plan-folders.js';
import type { Draft, Mode, Plan } from './plan-types.js';
import { takeFolderChanges, type SyncState } from './state.js';

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

export type { Draft, Item, Mode, Plan, RemoteInfo } from './plan-types.js';

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
