import { CONTENT_MAX } from '../../features/documents/schemas.js';
import { ApiError, conflictDocument, failingOperation, type ApiClient, type FullDocument, type SyncOperation } from './api.js';
import {
  conflictPath,
  deleteLocal,
  makeDir,
  moveLocal,
  parentOf,
  pruneEmptyDirs,
  readLocal,
  scanLocal,
  sha256,
  writeLocal,
} from './local.js';
import { makePlan, massDeletes, type Item, type Mode, type Plan, type RemoteInfo } from './plan.js';
import { documentPath, emptyState, loadState, saveState, type StateDocument, type SyncState } from './state.js';

// Carries out a plan: local changes first, then the server's in batches (each one atomic on the
// server), then one more pull to learn the ids and revisions of what was sent, then the state
// file. A write the server refuses as stale (409 revision_conflict) becomes a conflict copy; a
// delete refused that way brings the server's version back.

export const BATCH_OPERATIONS = 500;
/** Well under the server's body limit for a sync batch (SYNC_BODY_LIMIT, 16 MiB). */
export const BATCH_BYTES = 4_000_000;
const PARALLEL_WRITES = 16;

export interface Reporter {
  line(text: string): void;
  warn(text: string): void;
  progress(total: number): { tick(n?: number): void; stop(): void };
}

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

export async function prepare(api: ApiClient, root: string, mode: Mode): Promise<{ state: SyncState; plan: Plan; cursor: string }> {
  const state = (await loadState(root)) ?? emptyState(api.server);
  if (state.server !== api.server) {
    throw new Error(`This folder is synced with ${state.server}, but you are logged in to ${api.server}`);
  }
  const local = await scanLocal(root, new Set(Object.values(state.documents).map((d) => d.path)));
  const pull = await api.pull(state.cursor);
  return { state, plan: makePlan(state, local, pull, mode), cursor: pull.lastSyncAt };
}

/** One line per planned change, for status and for the run's own report. */
export function describe(item: Item): string | null {
  switch (item.kind) {
    case 'download':
      return `download        ${item.path}${item.from && item.from !== item.path ? ` (from ${item.from})` : ''}${item.note ? `: ${item.note}` : ''}`;
    case 'move-local':
      return `move here       ${item.from} -> ${item.to}`;
    case 'delete-local':
      return `delete here     ${item.path}`;
    case 'conflict':
      return `CONFLICT        ${item.path}: ${item.note}`;
    case 'mkdir':
      return `make folder     ${item.path}/`;
    case 'create-folder':
      return `create folder   ${item.path}/ on the server`;
    case 'upload':
      return `${item.contentChanged ? 'upload          ' : 'move remote     '}${item.path}${item.moved && item.contentChanged ? ' (moved here)' : ''}`;
    case 'delete-remote':
      return `delete remote   ${item.path}`;
    case 'create-remote':
      return `create remote   ${item.path}${item.note ? `: ${item.note}` : ''}`;
    case 'delete-folder':
      return `delete folder   ${item.path}/ on the server`;
    case 'move-folder':
      return `move folder     ${item.from}/ -> ${item.to}/ on the server`;
    case 'forget':
      return item.note ? `keep here       ${item.path}: ${item.note}` : null;
    case 'held':
      return `CONFLICT        ${item.path}: unresolved; remove ${item.conflict} once merged`;
    case 'adopt':
      return null;
  }
}

interface Sent {
  op: SyncOperation;
  item: Item;
  /** The local file's path and content hash as sent (documents). */
  path?: string;
  hash?: string;
  baseRevision?: number;
}

export async function run(api: ApiClient, options: RunOptions): Promise<RunResult> {
  const { root, report } = options;
  const now = options.now ?? (() => new Date());
  const { state, plan, cursor } = await prepare(api, root, options.mode);
  for (const w of plan.warnings) report.warn(w);

  const tooMany = massDeletes(plan);
  if (tooMany.length > 0 && !options.yes) {
    const what = `This run would delete ${tooMany.join(' and ')} (more than 20%, or more than 50)`;
    if (!options.confirm || !(await options.confirm(`${what}. Continue?`))) {
      throw new RefusedError(`${what}. Nothing was changed. Run again with --yes to go ahead.`);
    }
  }

  const next: SyncState = { ...state, folders: plan.folders, documents: { ...state.documents } };
  const conflicts: string[] = [];
  let changes = 0;
  const local = plan.items.filter((i) => ['move-local', 'delete-local', 'download', 'conflict', 'mkdir'].includes(i.kind));
  const remote = plan.items.filter((i) => ['create-folder', 'move-folder', 'upload', 'delete-remote', 'create-remote', 'delete-folder'].includes(i.kind));
  const bar = report.progress(local.length + remote.length);
  const prune = new Set(plan.prune);

  const record = (id: string, path: string, remoteInfo: RemoteInfo, conflict?: string) => {
    const doc: StateDocument = { path, folderId: remoteInfo.folderId, relativePath: remoteInfo.relativePath, revision: remoteInfo.revision, hash: remoteInfo.hash };
    if (conflict) doc.conflict = conflict;
    next.documents[id] = doc;
  };
  const writeConflict = async (id: string, path: string, content: string, remoteInfo: RemoteInfo, note: string) => {
    const copy = await conflictPath(root, path, now());
    await writeLocal(root, copy, content);
    record(id, path, remoteInfo, copy);
    conflicts.push(`${path}: ${note}; the server's version is in ${copy}`);
    report.line(`CONFLICT        ${path}: ${note}; the server's version is in ${copy}`);
  };

  try {
    // 1. Local changes: moves and deletes first, so that the paths they free can be written.
    const order = ['move-local', 'delete-local', 'download', 'conflict', 'mkdir'];
    const sorted = [...local].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
    // New files (a first pull) are written several at a time; everything else in order.
    const fresh = sorted.filter((i) => i.kind === 'download' && i.from === null);
    const freshSet = new Set(fresh);
    for (const item of sorted.filter((i) => !freshSet.has(i))) {
      await applyLocal(item);
      bar.tick();
    }
    await pool(fresh, PARALLEL_WRITES, async (item) => {
      await applyLocal(item);
      bar.tick();
    });
    for (const item of plan.items) {
      if (item.kind === 'adopt') record(item.id, item.path, item.remote, item.conflict);
      else if (item.kind === 'forget') {
        delete next.documents[item.id];
        const line = describe(item);
        if (line) report.line(line);
      } else if (item.kind === 'held') {
        conflicts.push(`${item.path}: unresolved conflict; remove ${item.conflict} once merged`);
        report.line(describe(item)!);
      }
    }

    // 2. The server's changes.
    if (remote.length > 0) {
      const sent = await buildOperations(remote);
      const applied: Sent[] = [];
      let failure: unknown;
      try {
        for (const batch of batches(sent)) {
          applied.push(...(await pushBatch(batch)));
          bar.tick(batch.length);
        }
      } catch (err) {
        failure = err;
      }
      if (applied.length > 0) await reconcile(applied, cursor);
      if (failure) throw failure;
    }
  } finally {
    bar.stop();
    // The cursor moves on only when every change of the server was taken in.
    next.cursor = plan.remoteSkipped ? state.cursor : cursor;
    await saveState(root, next);
    for (const dir of [...prune].sort((a, b) => b.length - a.length)) await pruneEmptyDirs(root, dir);
  }
  return { conflicts, changes };

  async function applyLocal(item: Item): Promise<void> {
    switch (item.kind) {
      case 'move-local': {
        if ((await readLocal(root, item.to)) !== null) {
          report.warn(`not moved: ${item.to} already exists (${item.from} stays where it is)`);
          record(item.id, item.from, { ...item.remote, hash: item.hash });
          return;
        }
        await moveLocal(root, item.from, item.to);
        prune.add(parentOf(item.from));
        record(item.id, item.to, { ...item.remote, hash: item.hash });
        break;
      }
      case 'delete-local': {
        const current = await readLocal(root, item.path);
        if (current !== null && sha256(current) !== item.expectHash) {
          report.warn(`not deleted: ${item.path} changed during the run (it stays, as a new file)`);
        } else {
          await deleteLocal(root, item.path);
          prune.add(parentOf(item.path));
        }
        delete next.documents[item.id];
        break;
      }
      case 'download': {
        if (item.from !== null) {
          const current = await readLocal(root, item.from);
          if (current !== null && sha256(current) !== item.expectHash) {
            await writeConflict(item.id, item.from, item.content, item.remote, 'changed here during the run and on the server');
            return;
          }
        }
        if (item.path !== item.from) {
          const occupant = await readLocal(root, item.path);
          if (occupant !== null) {
            if (sha256(occupant) === item.remote.hash) record(item.id, item.path, item.remote);
            else await writeConflict(item.id, item.path, item.content, item.remote, 'a different file is already there');
            return;
          }
        }
        await writeLocal(root, item.path, item.content);
        if (item.from !== null && item.from !== item.path) {
          await deleteLocal(root, item.from);
          prune.add(parentOf(item.from));
        }
        record(item.id, item.statePath ?? item.path, item.remote);
        break;
      }
      case 'conflict': {
        let path = item.path;
        if (item.moveFrom !== null) {
          if ((await readLocal(root, item.path)) === null) await moveLocal(root, item.moveFrom, item.path);
          else path = item.moveFrom;
        }
        await writeConflict(item.id, path, item.content, item.remote, item.note);
        changes++;
        return;
      }
      case 'mkdir':
        await makeDir(root, item.path);
        break;
      default:
        return;
    }
    changes++;
    const line = describe(item);
    if (line) report.line(line);
  }

  async function buildOperations(items: Item[]): Promise<Sent[]> {
    const order = ['create-folder', 'move-folder', 'delete-remote', 'upload', 'create-remote', 'delete-folder'];
    const out: Sent[] = [];
    for (const item of [...items].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))) {
      switch (item.kind) {
        case 'create-folder':
          out.push({ item, op: { op: 'create', type: 'folder', path: item.path } });
          break;
        case 'delete-folder':
          out.push({ item, op: { op: 'delete', type: 'folder', path: item.path, data: { id: item.id } } });
          break;
        case 'move-folder':
          out.push({ item, op: { op: 'update', type: 'folder', path: item.to, data: { id: item.id } } });
          break;
        case 'delete-remote':
          out.push({ item, op: { op: 'delete', type: 'document', path: item.path, data: { id: item.id, baseRevision: item.baseRevision } }, baseRevision: item.baseRevision });
          break;
        case 'upload':
        case 'create-remote': {
          const bytes = await readLocal(root, item.path);
          if (bytes === null) {
            report.warn(`skipped ${item.path}: it disappeared during the run`);
            break;
          }
          const content = bytes.toString('utf8');
          if (content.length > CONTENT_MAX) {
            report.warn(`skipped ${item.path}: longer than ${CONTENT_MAX} characters`);
            break;
          }
          const hash = sha256(bytes);
          if (item.kind === 'upload') {
            const data = { id: item.id, baseRevision: item.baseRevision, ...(item.contentChanged ? { content } : {}) };
            out.push({ item, op: { op: 'update', type: 'document', path: item.path, data }, path: item.path, hash, baseRevision: item.baseRevision });
          } else {
            out.push({ item, op: { op: 'create', type: 'document', path: item.path, data: { content } }, path: item.path, hash });
          }
          break;
        }
        default:
          break;
      }
    }
    return out;
  }

  /** Sends one batch; a stale write becomes a conflict and the rest of the batch is sent again. */
  async function pushBatch(batch: Sent[]): Promise<Sent[]> {
    let pending = [...batch];
    while (pending.length > 0) {
      try {
        await api.push(pending.map((s) => s.op));
        for (const s of pending) {
          changes++;
          const line = describe(s.item);
          if (line) report.line(line);
        }
        return pending;
      } catch (err) {
        const index = err instanceof ApiError && err.status === 409 ? failingOperation(err) : undefined;
        if (index === undefined || index >= pending.length) throw err;
        const failed = pending[index];
        const apiErr = err as ApiError;
        const doc = apiErr.code === 'revision_conflict' ? conflictDocument(apiErr) : undefined;
        if (doc && failed.item.kind === 'upload' && sha256(doc.content) === failed.hash && doc.revision !== failed.baseRevision) {
          // The server already has this content (another run sent it): only the base moves on.
          failed.baseRevision = doc.revision;
          failed.op = { ...failed.op, data: { ...failed.op.data, baseRevision: doc.revision } };
          continue;
        }
        if (doc && failed.item.kind === 'upload') {
          await writeConflict(doc.id, failed.path!, doc.content, infoOf(doc), 'changed on the server since the last sync (the server refused the stale write)');
        } else if (doc && failed.item.kind === 'delete-remote') {
          await restore(doc, failed.item.path);
        } else if (apiErr.code === 'document_deleted' && failed.item.kind === 'upload') {
          delete next.documents[failed.item.id];
          report.line(`create remote   ${failed.path}: deleted on the server but changed here: created again`);
          pending[index] = { ...failed, item: { kind: 'create-remote', path: failed.path! }, op: { op: 'create', type: 'document', path: failed.path!, data: { content: (await readLocal(root, failed.path!))!.toString('utf8') } } };
          continue;
        } else {
          throw err;
        }
        pending = pending.filter((_, i) => i !== index);
      }
    }
    return [];
  }

  async function restore(doc: FullDocument, oldPath: string): Promise<void> {
    const path = documentPath(next.folders, doc.folderId, doc.relativePath) ?? oldPath;
    const target = (await readLocal(root, path)) === null ? path : await conflictPath(root, path, now());
    await writeLocal(root, target, doc.content);
    record(doc.id, target, infoOf(doc));
    conflicts.push(`${target}: deleted here but changed on the server; the server's version was brought back`);
    report.line(`CONFLICT        ${target}: deleted here but changed on the server; the server's version was brought back`);
  }

  /** Learns the ids and revisions of what was sent, from one pull since the run's cursor. */
  async function reconcile(applied: Sent[], since: string): Promise<void> {
    const after = await api.pull(since);
    for (const f of after.folders) {
      if (f.deletedAt) delete next.folders[f.id];
      else next.folders[f.id] = { name: f.name, parentId: f.parentId };
    }
    const byId = new Map(after.documents.map((d) => [d.id, d]));
    const byPath = new Map<string, (typeof after.documents)[number]>();
    for (const d of after.documents) {
      if (d.deletedAt !== null) continue;
      const p = documentPath(next.folders, d.folderId, d.relativePath);
      if (p !== null) byPath.set(p.toLowerCase(), d);
    }
    for (const s of applied) {
      const item = s.item;
      if (item.kind === 'delete-remote') delete next.documents[item.id];
      else if (item.kind === 'move-folder') for (const d of item.documents) record(d.id, d.path, d.remote);
      else if (item.kind === 'upload') {
        const d = byId.get(item.id);
        const st = next.documents[item.id] ?? state.documents[item.id];
        const same = d && d.deletedAt === null && sha256(d.content) === s.hash;
        next.documents[item.id] = {
          path: s.path!,
          folderId: d && d.deletedAt === null ? d.folderId : st.folderId,
          relativePath: d && d.deletedAt === null ? d.relativePath : st.relativePath,
          // Not in the pull: the write changed nothing, so the revision did not move.
          revision: !d ? s.baseRevision! : same ? d.revision : s.baseRevision! + 1,
          hash: s.hash!,
        };
      } else if (item.kind === 'create-remote') {
        const d = byPath.get(s.path!.toLowerCase());
        if (!d) {
          report.warn(`${s.path} was created on the server, but the next pull did not show it; the next run will pair them`);
          continue;
        }
        next.documents[d.id] = {
          path: s.path!,
          folderId: d.folderId,
          relativePath: d.relativePath,
          revision: sha256(d.content) === s.hash ? d.revision : 1,
          hash: s.hash!,
        };
      }
    }
  }
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

function infoOf(doc: { folderId: string | null; relativePath: string; revision: number; content: string }): RemoteInfo {
  return { folderId: doc.folderId, relativePath: doc.relativePath, revision: doc.revision, hash: sha256(doc.content) };
}

function* batches(sent: Sent[]): Generator<Sent[]> {
  let batch: Sent[] = [];
  let bytes = 0;
  for (const s of sent) {
    const size = Buffer.byteLength(JSON.stringify(s.op)) + 1;
    if (batch.length > 0 && (batch.length >= BATCH_OPERATIONS || bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(s);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}
