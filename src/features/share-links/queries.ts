import type { Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared.js';
import type { Database, ShareLinksTable } from '../../db/types.js';

// The share links' queries. A link names its item in one of two columns (list_id, document_id):
// `itemColumn` says which.

type Db = Kysely<Database>;
export type ShareLinkRow = Selectable<ShareLinksTable>;

export type ItemKind = 'list' | 'document';

/** An item that can be shared: a list or a document, by id. */
export interface ItemRef {
  kind: ItemKind;
  id: string;
}

const itemColumn = (kind: ItemKind) => (kind === 'list' ? 'list_id' : 'document_id');

export async function insertLink(db: Db, row: ShareLinkRow): Promise<void> {
  await db.insertInto('share_links').values(row).execute();
}

/** The item's links, newest first. */
export function linksOf(db: Db, item: ItemRef): Promise<ShareLinkRow[]> {
  return db.selectFrom('share_links').selectAll().where(itemColumn(item.kind), '=', item.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Deletes the item's link of this id; whether there was one. */
export async function deleteLinkOf(db: Db, item: ItemRef, linkId: string): Promise<boolean> {
  const result = await db.deleteFrom('share_links').where('id', '=', linkId).where(itemColumn(item.kind), '=', item.id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A link found by its token's hash, with its item's owner. */
export interface FoundLink extends ShareLinkRow {
  owner_id: string;
  owner_username: string;
  owner_display_name: string;
}

// Every read and write through a link starts here: one indexed statement, compiled once, read
// from the database each time (no cache, so a revoked link is refused at once on every instance).
// Only a link whose item is still there is found: its list (a deleted list takes its links with
// it), or its document out of the trash and not purged; the owner is the item's.
const findByTokenHash = preparedQuery(
  (db: Db, tokenHash: string) =>
    db
      .selectFrom('share_links')
      .leftJoin('lists', 'lists.id', 'share_links.list_id')
      .leftJoin('documents', (join) => join.onRef('documents.id', '=', 'share_links.document_id').on('documents.deleted_at', 'is', null))
      .innerJoin('users', (join) => join.on((eb) => eb('users.id', '=', eb.fn.coalesce('lists.user_id', 'documents.user_id'))))
      .selectAll('share_links')
      .select(['users.id as owner_id', 'users.username as owner_username', 'users.display_name as owner_display_name'])
      .where('share_links.token_hash', '=', tokenHash),
  ['$tokenHash'] as const,
);

export async function linkByTokenHash(db: Db, tokenHash: string): Promise<FoundLink | undefined> {
  const [row] = await findByTokenHash(db, tokenHash);
  return row as FoundLink | undefined;
}

/** Records a use of the link. */
export async function touchLink(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('share_links').set({ last_used_at: at }).where('id', '=', id).execute();
}

// ---- a user's links (user-data.ts) ----

/** The user's links of one kind of item, with the item's title, oldest first (the archive). */
export function userLinks(db: Db, userId: string) {
  return db
    .selectFrom('share_links')
    .leftJoin('lists', 'lists.id', 'share_links.list_id')
    .leftJoin('documents', 'documents.id', 'share_links.document_id')
    .select(['share_links.id', 'share_links.list_id', 'share_links.document_id', 'share_links.access', 'share_links.expires_at', 'share_links.created_at', 'share_links.last_used_at'])
    .select((eb) => eb.fn.coalesce('lists.title', 'documents.title').as('item_title'))
    .where('share_links.user_id', '=', userId)
    .orderBy('share_links.created_at')
    .orderBy('share_links.id')
    .execute();
}

export async function countUserLinks(db: Db, userId: string, kind: ItemKind): Promise<number> {
  const row = await db
    .selectFrom('share_links')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where(itemColumn(kind), 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes at most `limit` of the user's links of one kind of item; answers how many went. */
export async function deleteUserLinks(db: Db, userId: string, kind: ItemKind, limit: number): Promise<number> {
  const ids = db.selectFrom('share_links').select('id').where('user_id', '=', userId).where(itemColumn(kind), 'is not', null).limit(limit);
  const result = await db.deleteFrom('share_links').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
