import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import { accessRankSql, roleOfRank, type Role } from '../../sharing/index.js';
import type { DocumentRow } from '../presenter.js';

// The reads and writes of the sync of shared documents (shared-sync.ts): the documents other
// people share with a user, and what the user's clients were given of them (document_share_syncs).

type Db = Kysely<Database>;

export interface SharedDocumentRow extends DocumentRow {
  role: Role;
  owner_username: string;
}

/**
 * The live documents of other users the user may read, directly or through an organization, with
 * the strongest role each (the access module's rank) and the owner's username.
 */
export async function sharedDocumentsOf(db: Db, userId: string): Promise<SharedDocumentRow[]> {
  const reachable = db
    .selectFrom('collaborators')
    .select('document_id')
    .where('document_id', 'is not', null)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('org_id', 'in', eb.selectFrom('organization_members').select('organization_id').where('user_id', '=', userId))]));
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('users as owner', 'owner.id', 'd.user_id')
    .selectAll('d')
    .select(['owner.username as owner_username', accessRankSql('document', sql.ref('d.id'), sql.ref('d.user_id'), sql`${userId}`).as('rank')])
    .where('d.id', 'in', reachable as never)
    .where('d.user_id', '!=', userId)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.change_ms')
    .orderBy('d.id')
    .execute();
  const out: SharedDocumentRow[] = [];
  for (const { rank, ...doc } of rows) {
    const role = roleOfRank(rank);
    // An invited e-mail's grant names no user yet: no role.
    if (role) out.push({ ...(doc as DocumentRow), role, owner_username: doc.owner_username });
  }
  return out;
}

export interface ShareSyncRow {
  document_id: string;
  role: string;
  changed_ms: number | string;
  ended_ms: number | string | null;
}

export function shareSyncsOf(db: Db, userId: string): Promise<ShareSyncRow[]> {
  return db.selectFrom('document_share_syncs').select(['document_id', 'role', 'changed_ms', 'ended_ms']).where('user_id', '=', userId).execute();
}

/** Whether the user was ever given a shared document (else the pull is the owner-only one). */
export async function hasShareSyncs(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('document_share_syncs').select('document_id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/** Records a document given to the user with this role at this stamp (again, after an end or a role change). */
export async function recordShareGiven(db: Db, userId: string, documentId: string, role: Role, stamp: number): Promise<void> {
  await db
    .insertInto('document_share_syncs')
    .values({ user_id: userId, document_id: documentId, role, changed_ms: stamp, ended_ms: null })
    .onConflict((oc) => oc.columns(['user_id', 'document_id']).doUpdateSet({ role, changed_ms: stamp, ended_ms: null }))
    .execute();
}

/** Records the end of the user's access to these documents at this stamp. */
export async function recordSharesEnded(db: Db, userId: string, documentIds: readonly string[], stamp: number): Promise<void> {
  if (documentIds.length === 0) return;
  await db.updateTable('document_share_syncs').set({ ended_ms: stamp }).where('user_id', '=', userId).where('document_id', 'in', documentIds).where('ended_ms', 'is', null).execute();
}

/** The shares of the user that ended after `since`, with what a tombstone names of the document. */
export function sharesEndedSince(db: Db, userId: string, since: number) {
  return db
    .selectFrom('document_share_syncs as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('users as owner', 'owner.id', 'd.user_id')
    .select(['d.id', 'd.title', 'd.revision', 'd.updated_at', 's.role', 's.ended_ms', 'owner.username as owner_username'])
    .where('s.user_id', '=', userId)
    .where('s.ended_ms', '>', since)
    .orderBy('s.ended_ms')
    .orderBy('d.id')
    .execute();
}

/**
 * Raises a user's sync stamp to at least `stamp`. The UPDATE waits for the user's write in
 * progress, if any, to commit, and every later write of theirs is stamped above `stamp`.
 */
export async function raiseStampTo(db: Db, userId: string, stamp: number): Promise<void> {
  await db
    .updateTable('document_sync_state')
    .set({ last_change_ms: sql<number>`cast(${stamp} as bigint)` })
    .where('user_id', '=', userId)
    .where('last_change_ms', '<', stamp)
    .execute();
}
