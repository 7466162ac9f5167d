import type { Engine } from '../../../db/connection.js';
import { toListRecord, type ListRecord } from './lists.js';
import { bumpRows, forgetRowOrders, insertRows, type PreparedRow } from './rows.js';
import type { Tx } from './tx.js';

// Codehost-backed lists (sources.ts, codehost-sync.ts): finding them, replacing their rows with
// the provider's items, and recording each good sync.

/** The ids of the lists with a source, after `afterId` in id order (the hourly sync's batches). */
export async function sourcedListIdsAfter(db: Tx, afterId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('lists').select('id').where('source', 'is not', null).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** A list by id, whoever owns it (the sync, which has no caller). */
export async function listById(db: Tx, listId: string): Promise<ListRecord | undefined> {
  const row = await db.selectFrom('lists').selectAll().where('id', '=', listId).executeTakeFirst();
  return row && toListRecord(row);
}

/**
 * Replaces every row of a sourced list with `rows` (already prepared), records the listing's ETag,
 * whether it was cut at its page bound, and the sync time, and bumps rows_version: the whole of
 * one good sync, in the caller's transaction.
 */
export async function replaceSourcedRows(
  trx: Tx,
  engine: Engine,
  listId: string,
  rows: readonly PreparedRow[],
  listing: { etag: string | null; truncated: boolean; at: string },
): Promise<void> {
  await forgetRowOrders(trx, listId);
  await trx.deleteFrom('list_rows').where('list_id', '=', listId).execute();
  // The provider's items: written by no one of the service (updatedBy null).
  await insertRows(trx, engine, listId, rows, listing.at, null);
  await trx.updateTable('lists').set({ source_etag: listing.etag, sync_truncated: listing.truncated, last_synced_at: listing.at }).where('id', '=', listId).execute();
  await bumpRows(trx, listId);
}

/**
 * Claims the list for one sync until `until` (an ISO time), unless another sync holds a claim
 * that has not run out by `now`: whether this one got it. One statement, so of two instances
 * asking at once exactly one wins.
 */
export async function claimSync(db: Tx, listId: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('lists')
    .set({ sync_claimed_until: until })
    .where('id', '=', listId)
    .where((eb) => eb.or([eb('sync_claimed_until', 'is', null), eb('sync_claimed_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends the claim taken with `until`, if it is still that one (a claim that ran out may be another sync's now). */
export async function releaseSync(db: Tx, listId: string, until: string): Promise<void> {
  await db.updateTable('lists').set({ sync_claimed_until: null }).where('id', '=', listId).where('sync_claimed_until', '=', until).execute();
}

/** A sync that found the source unchanged (304): only its time moves. */
export async function markSynced(db: Tx, listId: string, at: string): Promise<void> {
  await db.updateTable('lists').set({ last_synced_at: at }).where('id', '=', listId).execute();
}

/** Points a list at the identity it syncs with now (its owner linked the code host again). */
export async function setSourceIdentity(db: Tx, listId: string, identityId: string): Promise<void> {
  await db.updateTable('lists').set({ source_identity_id: identityId, source_etag: null }).where('id', '=', listId).execute();
}
