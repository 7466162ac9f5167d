import type { AppContext } from '../../runtime/context.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { assertRole } from '../sharing/index.js';
import type { SyncOperation } from './schemas.js';
import {
  checkBaseRevision,
  committedStamp,
  findOwnDocument,
  hasShareSyncs,
  liveDocumentAs,
  loadFolderTree,
  nextStamp,
  raiseStampTo,
  recordShareGiven,
  recordSharesEnded,
  sharedDocumentsOf,
  sharesEndedSince,
  shareSyncsOf,
  updateDocument,
  writerIn,
  type SharedDocumentRow,
  type Writer,
} from './queries/index.js';

// Document sync of shared documents: the pull's `shared`,
// and the sync operations that name another user's document by `data.id`.
//
// The pull. A shared document is stamped in its owner's sync stamps, not the caller's, and a
// revoke changes no document at all. So a pull by someone who has (or had) shared documents
// first takes a stamp X of the caller's own (nextStamp: the caller's writes in progress commit
// first; raised to the owners' committed stamps, so what they committed is not sent twice) and,
// in the same transaction, compares what the caller may read now with what their
// clients were given (document_share_syncs): a document new to them, or whose role changed, is
// recorded as given at X; one they may no longer read, as ended at X. Then each owner's stamp
// is raised to at least X (raiseStampTo waits for the owner's write in progress), so every
// change of a shared document stamped at or below X has committed before the rows are read, and
// every later one is stamped above X. The answer's cursor is X: a shared document is in it when
// it changed, or was given, after the previous cursor; a tombstone, when its access ended after
// it. A pull with no shares, ever, is the owner-only pull, unchanged.

export type TombstoneRow = Awaited<ReturnType<typeof sharesEndedSince>>[number];

/** Takes the caller's stamp and records what was given and what ended; null when the caller never had a shared document. */
export async function reconcileShares(ctx: AppContext, userId: string): Promise<{ stamp: number; owners: Set<string> } | null> {
  const db = ctx.db.kysely;
  const now = await sharedDocumentsOf(db, userId);
  if (now.length === 0 && !(await hasShareSyncs(db, userId))) return null;
  return db.transaction().execute(async (trx) => {
    let stamp = await nextStamp(trx, userId, ctx.clock.now().getTime());
    // Read again under the stamp: what the caller may read at X.
    const current = await sharedDocumentsOf(trx, userId);
    const owners = new Set(current.map((d) => d.user_id));
    // X is at least each owner's committed stamp (all of theirs at or below it have committed),
    // so their changes already read are not sent again.
    for (const owner of owners) stamp = Math.max(stamp, await committedStamp(trx, owner));
    await raiseStampTo(trx, userId, stamp);
    const given = new Map((await shareSyncsOf(trx, userId)).map((r) => [r.document_id, r]));
    for (const doc of current) {
      const was = given.get(doc.id);
      if (!was || was.ended_ms !== null || was.role !== doc.role) await recordShareGiven(trx, userId, doc.id, doc.role, stamp);
    }
    const live = new Set(current.map((d) => d.id));
    const ended = [...given.values()].filter((r) => r.ended_ms === null && !live.has(r.document_id)).map((r) => r.document_id);
    await recordSharesEnded(trx, userId, ended, stamp);
    return { stamp, owners };
  });
}

/** The shared part of a pull after reconcileShares: changed or given since `since`, and the tombstones. */
export async function sharedChangesSince(ctx: AppContext, userId: string, stamp: number, owners: Set<string>, since: number | null): Promise<{ docs: SharedDocumentRow[]; tombstones: TombstoneRow[] }> {
  const db = ctx.db.kysely;
  // One owner at a time (never two stamps held at once: no deadlock with a writer).
  for (const owner of [...owners].sort()) await raiseStampTo(db, owner, stamp);
  const docs = await sharedDocumentsOf(db, userId);
  if (since === null) return { docs, tombstones: [] };
  const givenAt = new Map((await shareSyncsOf(db, userId)).map((r) => [r.document_id, Number(r.changed_ms)]));
  const changed = docs.filter((d) => Number(d.change_ms) > since || (givenAt.get(d.id) ?? 0) > since);
  const live = new Set(docs.map((d) => d.id));
  const tombstones = (await sharesEndedSince(db, userId, since)).filter((t) => !live.has(t.id));
  return { docs: changed, tombstones };
}

/** What only a document's owner changes (the editor changes its title and content). */
const OWNER_FIELDS = ['folderId', 'relativePath', 'isPublic'] as const;

/**
 * A sync operation naming by `data.id` a document the caller does not own: an `update` with the
 * editor role, in the owner's tree and stamp (the history names the caller); anything else, or a
 * viewer's update, 403 `forbidden`; no access at all, the same 400 as an unknown id.
 * `owners` keeps one writer per owner for the batch. Returns false when the id is no shared document.
 */
export async function applySharedOperation(ctx: AppContext, w: Writer, owners: Map<string, Writer>, op: SyncOperation): Promise<boolean> {
  const id = op.data?.id;
  if (op.type !== 'document' || id === undefined || op.op === 'create') return false;
  const found = await liveDocumentAs(w.trx, w.userId, id);
  if (!found || found.user_id === w.userId) return false;
  if (found.role === null) throw badRequest(`No document with id ${id}`, 'unknown_target');
  if (op.op === 'delete') throw forbidden("Only the document's owner may delete it");
  assertRole('document', found.role, 'editor');
  const data = op.data!;
  if (OWNER_FIELDS.some((f) => data[f] !== undefined)) throw forbidden("Only the document's owner may move it, rename its file or change its visibility");
  let ow = owners.get(found.user_id);
  if (!ow) {
    ow = await writerIn(ctx, w.trx, found.user_id, async (x) => x, w.published, w.userId, w.changes);
    owners.set(found.user_id, ow);
  }
  const doc = (await findOwnDocument(ow.trx, found.user_id, id))!;
  checkBaseRevision(doc, data.baseRevision);
  const patch: { title?: string; content?: string } = {};
  if (data.title !== undefined) patch.title = data.title;
  if (data.content !== undefined) patch.content = data.content;
  await updateDocument(ow, await loadFolderTree(ow.trx, found.user_id), doc, patch);
  return true;
}
