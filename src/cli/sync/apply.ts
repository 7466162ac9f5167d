import type { ApiClient, PullResult } from './api.js';
import { applyLocalChanges, LOCAL_ORDER } from './apply-local.js';
import { REMOTE_ORDER, sendRemoteChanges } from './apply-remote.js';
import { describe } from './describe.js';
import { RunLedger, type Reporter } from './ledger.js';
import { pruneEmptyDirs, scanLocal } from './local.js';
import { syncShared, withoutSharedArea } from './shared.js';
import { makePlan, massDeletes, type Item, type Mode, type Plan } from './plan.js';
import { emptyState, loadState, saveState, type SyncState } from './state.js';

// Carries out a plan: local changes first (apply-local.ts), then the server's in batches
// (apply-remote.ts), then the state file, whatever happened on the way.

export { describe };
export type { Progress, Reporter } from './ledger.js';
export { BATCH_BYTES, BATCH_OPERATIONS } from './apply-remote.js';

export interface RunOptions {
  root: string;
  mode: Mode;
  yes: boolean;
  /** Asks the user (a terminal); absent: refuse. */
  confirm?: (question: string) => Promise<boolean>;
  report: Reporter;
  now?: () => Date;
}

export interface RunResult {
  conflicts: string[];
  changes: number;
}

export class RefusedError extends Error {}

/** The base, the plan and the server's new cursor: everything a run or `status` needs, changing nothing. */
export async function prepare(api: ApiClient, root: string, mode: Mode): Promise<{ state: SyncState; plan: Plan; cursor: string; pull: PullResult }> {
  const state = (await loadState(root)) ?? emptyState(api.server);
  if (state.server !== api.server) {
    throw new Error(`This folder is synced with ${state.server}, but you are logged in to ${api.server}`);
  }
  const own = Object.values(state.documents).map((d) => d.path);
  const shared = Object.values(state.shared ?? {}).map((d) => d.path);
  // The shared area (shared.ts) is not part of the account's own tree.
  const local = withoutSharedArea(await scanLocal(root, new Set([...own, ...shared])), own);
  const pull = await api.pull(state.cursor);
  return { state, plan: makePlan(state, local, pull, mode), cursor: pull.lastSyncAt, pull };
}

export async function run(api: ApiClient, options: RunOptions): Promise<RunResult> {
  const { state, plan, cursor, pull } = await prepare(api, options.root, options.mode);
  for (const w of plan.warnings) options.report.warn(w);
  await confirmMassDeletes(plan, options);

  const ledger = new RunLedger(options.root, options.report, options.now ?? (() => new Date()), state, plan);
  const local = plan.items.filter((i) => LOCAL_ORDER.includes(i.kind));
  const remote = plan.items.filter((i) => REMOTE_ORDER.includes(i.kind));
  const bar = options.report.progress(local.length + remote.length);
  // Shared documents left untaken (a failure on the way, or a push): the cursor stays.
  let sharedSkipped = pull.shared.length > 0;
  try {
    await applyLocalChanges(ledger, local, bar);
    recordBaseChanges(ledger, plan.items);
    await sendRemoteChanges(ledger, api, remote, cursor, bar);
    sharedSkipped = await syncShared(ledger, api, pull, options.mode);
  } finally {
    bar.stop();
    await commitState(ledger, plan, cursor, sharedSkipped);
  }
  return { conflicts: ledger.conflicts, changes: ledger.changes };
}

/** A run that deletes many files goes ahead only with --yes or the user's answer; otherwise nothing is changed. */
async function confirmMassDeletes(plan: Plan, options: RunOptions): Promise<void> {
  const tooMany = massDeletes(plan);
  if (tooMany.length === 0 || options.yes) return;
  const what = `This run would delete ${tooMany.join(' and ')} (more than 20%, or more than 50)`;
  if (!options.confirm || !(await options.confirm(`${what}. Continue?`))) {
    throw new RefusedError(`${what}. Nothing was changed. Run again with --yes to go ahead.`);
  }
}

/** The plan's items that change the base alone: taken in, dropped, or held in conflict. */
function recordBaseChanges(ledger: RunLedger, items: Item[]): void {
  for (const item of items) {
    if (item.kind === 'adopt') ledger.record(item.id, item.path, item.remote, item.conflict);
    else if (item.kind === 'forget') {
      ledger.forget(item.id);
      ledger.say(item);
    } else if (item.kind === 'held') {
      ledger.conflict(`${item.path}: unresolved conflict; remove ${item.conflict} once merged`, describe(item)!);
    }
  }
}

/** Saves the base with what was done (even after a failure), then removes the folders the run left empty. */
async function commitState(ledger: RunLedger, plan: Plan, cursor: string, sharedSkipped: boolean): Promise<void> {
  // The cursor moves on only when every change of the server was taken in.
  ledger.next.cursor = plan.remoteSkipped || sharedSkipped ? ledger.base.cursor : cursor;
  await saveState(ledger.root, ledger.next);
  for (const dir of [...ledger.prune].sort((a, b) => b.length - a.length)) await pruneEmptyDirs(ledger.root, dir);
}
