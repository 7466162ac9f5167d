import { CONTENT_MAX } from '../../features/documents/schemas.js';
import { ApiError, conflictDocument, failingOperation, type ApiClient, type FullDocument, type PullResult, type SyncOperation } from './api.js';
import { byKind } from './apply-local.js';
import type { Progress, RunLedger } from './ledger.js';
import { conflictPath, readLocal, sha256, writeLocal } from './local.js';
import { remoteInfo, type Item } from './plan.js';
import { documentPath, takeFolderChanges, type StateFolder } from './state.js';
import { headingTitle } from './title.js';

// The remote half of a run: the plan's changes sent to the server in batches (each one atomic on
// the server), then one more pull to learn the ids and revisions of what was sent. A write the
// server refuses as stale (409 revision_conflict) becomes a conflict copy; a delete refused that
// way brings the server's version back.

export const BATCH_OPERATIONS = 500;
/** Well under the server's body limit for a sync batch (SYNC_BODY_LIMIT, 16 MiB). */
export const BATCH_BYTES = 4_000_000;

/** The remote kinds, in the order they are sent: folders first, so that documents can go in them; folder deletes last. */
export const REMOTE_ORDER: Item['kind'][] = ['create-folder', 'move-folder', 'delete-remote', 'upload', 'create-remote', 'delete-folder'];

type Of<K extends Item['kind']> = Extract<Item, { kind: K }>;

/** One operation as sent, with what the base will need once it went through. */
interface Sent {
  op: SyncOperation;
  item: Item;
  /** The local file's path and content hash as sent (documents). */
  path?: string;
  hash?: string;
  baseRevision?: number;
}

export async function sendRemoteChanges(ledger: RunLedger, api: ApiClient, items: Item[], cursor: string, bar: Progress): Promise<void> {
  if (items.length === 0) return;
  const sent = await buildOperations(ledger, items);
  const applied: Sent[] = [];
  let failure: unknown;
  try {
    for (const batch of batches(sent)) {
      applied.push(...(await pushBatch(ledger, api, batch)));
      bar.tick(batch.length);
    }
  } catch (err) {
    failure = err;
  }
  // What went through is recorded even when a later batch failed.
  if (applied.length > 0) await reconcile(ledger, api, applied, cursor);
  if (failure) throw failure;
}

async function buildOperations(ledger: RunLedger, items: Item[]): Promise<Sent[]> {
  const out: Sent[] = [];
  for (const item of [...items].sort(byKind(REMOTE_ORDER))) {
    const sent = await operationFor(ledger, item);
    if (sent) out.push(sent);
  }
  return out;
}

/** The sync operation of one planned change (null: a file that cannot be sent, with a warning). */
async function operationFor(ledger: RunLedger, item: Item): Promise<Sent | null> {
  switch (item.kind) {
    case 'create-folder':
      return { item, op: { op: 'create', type: 'folder', path: item.path } };
    case 'delete-folder':
      return { item, op: { op: 'delete', type: 'folder', path: item.path, data: { id: item.id } } };
    case 'move-folder':
      return { item, op: { op: 'update', type: 'folder', path: item.to, data: { id: item.id } } };
    case 'delete-remote':
      return { item, op: { op: 'delete', type: 'document', path: item.path, data: { id: item.id, baseRevision: item.baseRevision } }, baseRevision: item.baseRevision };
    case 'upload':
    case 'create-remote':
      return documentOperation(ledger, item);
    default:
      return null;
  }
}

/** An upload or a create: the file as it is now (it may have changed since the plan). */
async function documentOperation(ledger: RunLedger, item: Of<'upload' | 'create-remote'>): Promise<Sent | null> {
  const bytes = await readLocal(ledger.root, item.path);
  if (bytes === null) {
    ledger.report.warn(`skipped ${item.path}: it disappeared during the run`);
    return null;
  }
  const content = bytes.toString('utf8');
  if (content.length > CONTENT_MAX) {
    ledger.report.warn(`skipped ${item.path}: longer than ${CONTENT_MAX} characters`);
    return null;
  }
  const hash = sha256(bytes);
  if (item.kind === 'create-remote') {
    return { item, op: { op: 'create', type: 'document', path: item.path, data: contentFields(content) }, path: item.path, hash };
  }
  const data = { id: item.id, baseRevision: item.baseRevision, ...(item.contentChanged ? contentFields(content) : {}) };
  return { item, op: { op: 'update', type: 'document', path: item.path, data }, path: item.path, hash, baseRevision: item.baseRevision };
}

/**
 * A file's content as sent, with the title it gives (its first level-one heading). A file
 * without a heading sends no title: the server keeps the document's own, or, for a new
 * document, takes the file name. The title goes with the content only, so a move alone never
 * changes it.
 */
function contentFields(content: string): { content: string; title?: string } {
  const title = headingTitle(content);
  return title === undefined ? { content } : { content, title };
}

/** Batches of at most BATCH_OPERATIONS operations and BATCH_BYTES bytes. */
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

/** Sends one batch; a stale write becomes a conflict and the rest of the batch is sent again. */
async function pushBatch(ledger: RunLedger, api: ApiClient, batch: Sent[]): Promise<Sent[]> {
  let pending = [...batch];
  while (pending.length > 0) {
    try {
      await api.push(pending.map((s) => s.op));
      for (const s of pending) ledger.changed(s.item);
      return pending;
    } catch (err) {
      const index = err instanceof ApiError && err.status === 409 ? failingOperation(err) : undefined;
      if (index === undefined || index >= pending.length) throw err;
      const settled = await settleRefusal(ledger, pending[index], err as ApiError);
      if (settled === 'dropped') pending = pending.filter((_, i) => i !== index);
      else pending[index] = settled;
    }
  }
  return [];
}

/**
 * One operation of a batch the server refused (409): the operation to send in its place, or
 * 'dropped' once the refusal became a conflict copy or a restore. Anything else is rethrown.
 */
async function settleRefusal(ledger: RunLedger, failed: Sent, err: ApiError): Promise<Sent | 'dropped'> {
  const doc = err.code === 'revision_conflict' ? conflictDocument(err) : undefined;
  if (doc && failed.item.kind === 'upload' && sha256(doc.content) === failed.hash && doc.revision !== failed.baseRevision) {
    // The server already has this content (another run sent it): only the base moves on.
    return { ...failed, baseRevision: doc.revision, op: { ...failed.op, data: { ...failed.op.data, baseRevision: doc.revision } } };
  }
  if (doc && failed.item.kind === 'upload') {
    await ledger.writeConflict(doc.id, failed.path!, doc.content, remoteInfo(doc), 'changed on the server since the last sync (the server refused the stale write)');
    return 'dropped';
  }
  if (doc && failed.item.kind === 'delete-remote') {
    await restore(ledger, doc, failed.item.path);
    return 'dropped';
  }
  if (err.code === 'document_deleted' && failed.item.kind === 'upload') return createAgain(ledger, failed, failed.item.id);
  throw err;
}

/** An edit of a document deleted on the server meanwhile: the edit is kept, as a new document. */
async function createAgain(ledger: RunLedger, failed: Sent, id: string): Promise<Sent> {
  const path = failed.path!;
  ledger.forget(id);
  ledger.report.line(`create remote   ${path}: deleted on the server but changed here: created again`);
  const content = (await readLocal(ledger.root, path))!.toString('utf8');
  return { ...failed, item: { kind: 'create-remote', path }, op: { op: 'create', type: 'document', path, data: contentFields(content) } };
}

/** A delete refused because the server changed the document: its version comes back here. */
async function restore(ledger: RunLedger, doc: FullDocument, oldPath: string): Promise<void> {
  const { root } = ledger;
  const path = documentPath(ledger.next.folders, doc.folderId, doc.relativePath) ?? oldPath;
  const target = (await readLocal(root, path)) === null ? path : await conflictPath(root, path, ledger.now());
  await writeLocal(root, target, doc.content);
  ledger.record(doc.id, target, remoteInfo(doc));
  ledger.conflict(`${target}: deleted here but changed on the server; the server's version was brought back`);
}

type PulledDocument = PullResult['documents'][number];

/** Learns the ids and revisions of what was sent, from one pull since the run's cursor. */
async function reconcile(ledger: RunLedger, api: ApiClient, applied: Sent[], since: string): Promise<void> {
  const after = await api.pull(since);
  takeFolderChanges(ledger.next.folders, after.folders);
  const byId = new Map(after.documents.map((d) => [d.id, d]));
  const byPath = liveByPath(ledger.next.folders, after.documents);
  for (const s of applied) {
    const item = s.item;
    if (item.kind === 'delete-remote') ledger.forget(item.id);
    else if (item.kind === 'move-folder') for (const d of item.documents) ledger.record(d.id, d.path, d.remote);
    else if (item.kind === 'upload') recordUpload(ledger, s, item, byId.get(item.id));
    else if (item.kind === 'create-remote') recordCreate(ledger, s, byPath.get(s.path!.toLowerCase()));
  }
}

/** The live documents of a pull by lower-cased local path (how a created document is found again). */
function liveByPath(folders: Record<string, StateFolder>, documents: PulledDocument[]): Map<string, PulledDocument> {
  const byPath = new Map<string, PulledDocument>();
  for (const d of documents) {
    if (d.deletedAt !== null) continue;
    const p = documentPath(folders, d.folderId, d.relativePath);
    if (p !== null) byPath.set(p.toLowerCase(), d);
  }
  return byPath;
}

function recordUpload(ledger: RunLedger, s: Sent, item: Of<'upload'>, d: PulledDocument | undefined): void {
  const st = ledger.next.documents[item.id] ?? ledger.base.documents[item.id];
  const live = d && d.deletedAt === null ? d : undefined;
  const same = live !== undefined && sha256(live.content) === s.hash;
  ledger.next.documents[item.id] = {
    path: s.path!,
    folderId: live ? live.folderId : st.folderId,
    relativePath: live ? live.relativePath : st.relativePath,
    // Not in the pull: the write changed nothing, so the revision did not move.
    revision: !d ? s.baseRevision! : same ? d.revision : s.baseRevision! + 1,
    hash: s.hash!,
  };
}

function recordCreate(ledger: RunLedger, s: Sent, d: PulledDocument | undefined): void {
  if (!d) {
    ledger.report.warn(`${s.path} was created on the server, but the next pull did not show it; the next run will pair them`);
    return;
  }
  ledger.next.documents[d.id] = {
    path: s.path!,
    folderId: d.folderId,
    relativePath: d.relativePath,
    revision: sha256(d.content) === s.hash ? d.revision : 1,
    hash: s.hash!,
  };
}
