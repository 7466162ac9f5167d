import { sql, type Kysely } from 'kysely';
import type { CollaboratorsTable, Database } from '../../db/types.js';
import { accessRankSql, grantedItemIds, type ItemKind } from './access.js';

// Grants on lists and documents (migration 021), as the sharing service reads and writes them.

export type Tx = Kysely<Database>;
export type GrantRow = CollaboratorsTable;

/** A grant with its grantee's user or organization, for the wire. */
export interface CollaboratorRow extends GrantRow {
  username: string | null;
  display_name: string | null;
  avatar: string | null;
  org_name: string | null;
  org_slug: string | null;
}

/** The column naming an item of each kind (fixed, never input). */
const ITEM_COLUMN = { list: 'list_id', document: 'document_id' } as const;

function collaboratorSelect(db: Tx) {
  return db
    .selectFrom('collaborators')
    .leftJoin('users', 'users.id', 'collaborators.user_id')
    .leftJoin('organizations', 'organizations.id', 'collaborators.org_id')
    .selectAll('collaborators')
    .select(['users.username', 'users.display_name', 'users.avatar', 'organizations.name as org_name', 'organizations.slug as org_slug']);
}

/** An item's grants, oldest first. */
export function collaboratorsOf(db: Tx, kind: ItemKind, itemId: string): Promise<CollaboratorRow[]> {
  return collaboratorSelect(db).where(ITEM_COLUMN[kind], '=', itemId).orderBy('collaborators.created_at').orderBy('collaborators.id').execute();
}

/** One grant of an item. */
export function collaboratorOf(db: Tx, kind: ItemKind, itemId: string, id: string): Promise<CollaboratorRow | undefined> {
  return collaboratorSelect(db).where(ITEM_COLUMN[kind], '=', itemId).where('collaborators.id', '=', id).executeTakeFirst();
}

export async function insertGrant(db: Tx, row: GrantRow): Promise<void> {
  await db.insertInto('collaborators').values(row).execute();
}

export async function setGrantRole(db: Tx, id: string, role: string): Promise<void> {
  await db.updateTable('collaborators').set({ role }).where('id', '=', id).execute();
}

/** Deletes a grant; whether there was one (two revokes racing: one wins). */
export async function deleteGrant(db: Tx, id: string): Promise<boolean> {
  const r = await db.deleteFrom('collaborators').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A pending e-mail invite by its token's hash, unexpired. */
export function inviteByTokenHash(db: Tx, tokenHash: string, now: string): Promise<GrantRow | undefined> {
  return db.selectFrom('collaborators').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
}

/** The user's own grant on the item (not one through an organization). */
export function userGrantOn(db: Tx, grant: Pick<GrantRow, 'list_id' | 'document_id'>, userId: string): Promise<GrantRow | undefined> {
  const q = db.selectFrom('collaborators').selectAll().where('user_id', '=', userId);
  return (grant.list_id !== null ? q.where('list_id', '=', grant.list_id) : q.where('document_id', '=', grant.document_id!)).executeTakeFirst();
}

/** Turns an accepted e-mail invite into the user's grant (token used up). */
export async function acceptGrant(db: Tx, id: string, userId: string): Promise<boolean> {
  const r = await db
    .updateTable('collaborators')
    .set({ user_id: userId, email: null, email_key: null, token_hash: null, expires_at: null })
    .where('id', '=', id)
    .where('token_hash', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** An item as shared-with-me answers it: the caller's strongest role and the owner. */
export interface SharedItemRow {
  id: string;
  title: string;
  updated_at: string;
  rank: number | string | null;
  owner_username: string;
  owner_display_name: string;
}

/**
 * The items of one kind shared with the user, directly or through an organization, with the
 * strongest role each (computed by the access module's rank over each item, once per item).
 */
export function sharedWith(db: Tx, kind: ItemKind, userId: string): Promise<SharedItemRow[]> {
  const table = kind === 'list' ? 'lists' : 'documents';
  const reachable = grantedItemIds(db, kind, userId);
  let q = db
    .selectFrom(`${table} as item` as 'lists as item')
    .innerJoin('users as owner', 'owner.id', 'item.user_id')
    .select([
      'item.id',
      'item.title',
      'item.updated_at',
      'owner.username as owner_username',
      'owner.display_name as owner_display_name',
      accessRankSql(kind, sql.ref('item.id'), sql.ref('item.user_id'), sql`${userId}`).as('rank'),
    ])
    .where('item.id', 'in', reachable as never)
    .where('item.user_id', '!=', userId);
  if (kind === 'document') q = q.where(sql.ref('item.deleted_at'), 'is', null);
  return q.orderBy('item.updated_at', 'desc').orderBy('item.id').execute();
}

// ---- user data ----

/** Grants the user made or holds (the archive's `sharing` file). */
export function grantsInvolving(db: Tx, userId: string) {
  return db
    .selectFrom('collaborators')
    .leftJoin('lists', 'lists.id', 'collaborators.list_id')
    .leftJoin('documents', 'documents.id', 'collaborators.document_id')
    .select(['collaborators.id', 'collaborators.list_id', 'collaborators.document_id', 'collaborators.user_id', 'collaborators.org_id', 'collaborators.email', 'collaborators.role', 'collaborators.created_at'])
    .select(['lists.title as list_title', 'lists.user_id as list_owner', 'documents.title as document_title', 'documents.user_id as document_owner'])
    .where((eb) => eb.or([eb('lists.user_id', '=', userId), eb('documents.user_id', '=', userId), eb('collaborators.user_id', '=', userId)]))
    .orderBy('collaborators.created_at')
    .execute();
}

/** How many grants the user holds on other people's items, or made (invited_by). */
export async function countGrantsOf(db: Tx, userId: string): Promise<number> {
  const r = await db
    .selectFrom('collaborators')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('invited_by', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Deletes a batch of the grants the user holds or made. */
export async function deleteGrantsOf(db: Tx, userId: string, limit: number): Promise<number> {
  const ids = db
    .selectFrom('collaborators')
    .select('id')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('invited_by', '=', userId)]))
    .limit(limit);
  const r = await db.deleteFrom('collaborators').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** An item's title (for the notice and the e-mail of a new grant). */
export async function itemTitle(db: Tx, kind: ItemKind, id: string): Promise<string> {
  const row = await (kind === 'list' ? db.selectFrom('lists').select('title').where('id', '=', id) : db.selectFrom('documents').select('title').where('id', '=', id)).executeTakeFirst();
  return row?.title ?? '';
}
