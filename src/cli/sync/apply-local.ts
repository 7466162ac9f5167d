import { deleteLocal, makeDir, moveLocal, parentOf, readLocal, sha256, writeLocal } from './local.js';
import type { Progress, RunLedger } from './ledger.js';
import type { Item } from './plan.js';

// The local half of a run: the plan's changes to the folder. A file that changed since the plan
// read it is never overwritten or deleted.

/** The local kinds, in the order they are carried out: moves and deletes first, so that the paths they free can be written. */
export const LOCAL_ORDER: Item['kind'][] = ['move-local', 'delete-local', 'download', 'conflict', 'mkdir'];
const PARALLEL_WRITES = 16;

type Of<K extends Item['kind']> = Extract<Item, { kind: K }>;

/** Sorts items by the position of their kind in `order`. */
export function byKind(order: Item['kind'][]): (a: Item, b: Item) => number {
  return (a, b) => order.indexOf(a.kind) - order.indexOf(b.kind);
}

/** A file new here (a first pull writes many): these may be written in any order. */
function isFreshDownload(item: Item): boolean {
  return item.kind === 'download' && item.from === null;
}

export async function applyLocalChanges(ledger: RunLedger, items: Item[], bar: Progress): Promise<void> {
  const sorted = [...items].sort(byKind(LOCAL_ORDER));
  for (const item of sorted.filter((i) => !isFreshDownload(i))) {
    await applyLocal(ledger, item);
    bar.tick();
  }
  // New files are written several at a time; everything else above, in order.
  await pool(sorted.filter(isFreshDownload), PARALLEL_WRITES, async (item) => {
    await applyLocal(ledger, item);
    bar.tick();
  });
}

async function applyLocal(ledger: RunLedger, item: Item): Promise<void> {
  switch (item.kind) {
    case 'move-local':
      return moveHere(ledger, item);
    case 'delete-local':
      return deleteHere(ledger, item);
    case 'download':
      return download(ledger, item);
    case 'conflict':
      return writeConflictCopy(ledger, item);
    case 'mkdir':
      await makeDir(ledger.root, item.path);
      return ledger.changed(item);
    default:
      return;
  }
}

/** A move on the server, made here unless something already sits at the new path. */
async function moveHere(ledger: RunLedger, item: Of<'move-local'>): Promise<void> {
  const { root } = ledger;
  if ((await readLocal(root, item.to)) !== null) {
    ledger.report.warn(`not moved: ${item.to} already exists (${item.from} stays where it is)`);
    ledger.record(item.id, item.from, { ...item.remote, hash: item.hash });
    return;
  }
  await moveLocal(root, item.from, item.to);
  ledger.prune.add(parentOf(item.from));
  ledger.record(item.id, item.to, { ...item.remote, hash: item.hash });
  ledger.changed(item);
}

/** A delete on the server, made here unless the file changed during the run (then it stays, untracked). */
async function deleteHere(ledger: RunLedger, item: Of<'delete-local'>): Promise<void> {
  const current = await readLocal(ledger.root, item.path);
  if (current !== null && sha256(current) !== item.expectHash) {
    ledger.report.warn(`not deleted: ${item.path} changed during the run (it stays, as a new file)`);
  } else {
    await deleteLocal(ledger.root, item.path);
    ledger.prune.add(parentOf(item.path));
  }
  ledger.forget(item.id);
  ledger.changed(item);
}

/** The server's content written here (at its new path when it moved), unless that would overwrite a file the plan has not seen. */
async function download(ledger: RunLedger, item: Of<'download'>): Promise<void> {
  const { root } = ledger;
  if (item.from !== null) {
    const current = await readLocal(root, item.from);
    if (current !== null && sha256(current) !== item.expectHash) {
      await ledger.writeConflict(item.id, item.from, item.content, item.remote, 'changed here during the run and on the server');
      return;
    }
  }
  if (item.path !== item.from) {
    const occupant = await readLocal(root, item.path);
    if (occupant !== null) {
      if (sha256(occupant) === item.remote.hash) ledger.record(item.id, item.path, item.remote);
      else await ledger.writeConflict(item.id, item.path, item.content, item.remote, 'a different file is already there');
      return;
    }
  }
  await writeLocal(root, item.path, item.content);
  if (item.from !== null && item.from !== item.path) {
    await deleteLocal(root, item.from);
    ledger.prune.add(parentOf(item.from));
  }
  ledger.record(item.id, item.statePath ?? item.path, item.remote);
  ledger.changed(item);
}

/** Changed on both sides: the local file (moved first, when the server moved it) keeps its content; the server's goes beside it. */
async function writeConflictCopy(ledger: RunLedger, item: Of<'conflict'>): Promise<void> {
  let path = item.path;
  if (item.moveFrom !== null) {
    if ((await readLocal(ledger.root, item.path)) === null) await moveLocal(ledger.root, item.moveFrom, item.path);
    else path = item.moveFrom;
  }
  await ledger.writeConflict(item.id, path, item.content, item.remote, item.note);
  // Counted, and already reported by the conflict's own line.
  ledger.changes++;
}

/** Runs `work` over the items, at most `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
