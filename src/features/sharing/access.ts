import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import { preparedQuery } from '../../db/prepared.js';
import { forbidden, notFound } from '../../http/errors.js';

// The one answer to "what may this caller do with this list or document": `owner`, `editor`,
// `viewer` or nothing. A caller's role is the strongest of: owning the item, a grant to them, and a
// grant to any organization they are a member of (so a later member has it too). It is always read
// from the database with the item, in one statement, and never kept between requests: a grant
// revoked on one instance is refused on every other at once.
//
// Features that read the item anyway select `accessRankSql` with it (one query) and check the role
// with `assertRole`; the others ask `requireRole`.

export type Role = 'viewer' | 'editor' | 'owner';
export type ItemKind = 'list' | 'document';

/** A role as the number SQL computes (the strongest grant is the largest). */
const RANK: Record<Role, number> = { viewer: 1, editor: 2, owner: 3 };
const ROLE_OF_RANK: Record<number, Role> = { 1: 'viewer', 2: 'editor', 3: 'owner' };

/** The column of `collaborators` that names an item of each kind (fixed names, never input). */
const GRANT_COLUMN: Record<ItemKind, string> = { list: 'list_id', document: 'document_id' };

/**
 * The caller's role on one item as a rank (3 owner, 2 editor, 1 viewer, null none), a SQL
 * expression over the item's own row: `itemId` and `ownerId` are references to its columns,
 * `userId` the caller (a value or a reference). Owners stop there; for anyone else the grants
 * of the item to them or to one of their organizations are read through their indexes.
 */
export function accessRankSql(kind: ItemKind, itemId: RawBuilder<unknown>, ownerId: RawBuilder<unknown>, userId: RawBuilder<unknown>): RawBuilder<number | null> {
  const grantColumn = sql.ref(`g.${GRANT_COLUMN[kind]}`);
  return sql<number | null>`case when ${ownerId} = ${userId} then ${sql.lit(RANK.owner)} else (
    select max(case when g.role = 'editor' then ${sql.lit(RANK.editor)} else ${sql.lit(RANK.viewer)} end)
    from collaborators g
    where ${grantColumn} = ${itemId}
      and (g.user_id = ${userId} or g.org_id in (select m.organization_id from organization_members m where m.user_id = ${userId}))
  ) end`;
}

/**
 * The ids of the items of one kind granted to the user, directly or through one of their
 * organizations (never through a link: links are not grants), as a subquery: for listings that
 * read many items at once, where accessRankSql per item would read every item first.
 */
export function grantedItemIds(db: Kysely<Database>, kind: ItemKind, userId: string) {
  const column = GRANT_COLUMN[kind] as 'list_id' | 'document_id';
  return db
    .selectFrom('collaborators')
    .select(column)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('org_id', 'in', eb.selectFrom('organization_members').select('organization_id').where('user_id', '=', userId))]));
}

/** The role a rank from accessRankSql stands for (null: no access). */
export function roleOfRank(rank: number | string | null | undefined): Role | null {
  // No grant (null, or no row: undefined) is the number 0 or NaN, which is no rank.
  return ROLE_OF_RANK[Number(rank)] ?? null;
}

const NOT_FOUND: Record<ItemKind, string> = { list: 'List not found', document: 'Document not found' };

/**
 * Checks a role against the one an operation needs: no access at all is 404 (as if the item did
 * not exist), a weaker role 403 `forbidden`.
 */
export function assertRole(kind: ItemKind, role: Role | null, needed: Role): Role {
  if (role === null) throw notFound(NOT_FOUND[kind]);
  if (RANK[role] < RANK[needed]) throw forbidden(needed === 'owner' ? `Only the ${kind}'s owner may do this` : `This needs the ${needed} role on the ${kind}`);
  return role;
}

/** An item's owner and the caller's role on it (null: none). */
export interface Access {
  ownerId: string;
  role: Role | null;
}

/**
 * The caller as a one-row table `me` (its column `uid`), so that a prepared statement binds the
 * caller once and accessRankSql refers to it (`callerRef`) as often as it needs.
 */
export const callerTable = (userId: string) => sql<{ uid: string }>`(select cast(${userId} as text) as uid)`.as('me');
export const callerRef = sql.ref('me.uid');
const caller = callerTable;
const me = callerRef;

const listAccessQuery = preparedQuery(
  (db: Kysely<Database>, userId: string, listId: string) =>
    db
      .selectFrom([caller(userId), 'lists'])
      .where('lists.id', '=', listId)
      .select(['lists.user_id as owner_id', accessRankSql('list', sql.ref('lists.id'), sql.ref('lists.user_id'), me).as('rank')]),
  ['$user', '$list'] as const,
);

const documentAccessQuery = preparedQuery(
  (db: Kysely<Database>, userId: string, documentId: string) =>
    db
      .selectFrom([caller(userId), 'documents'])
      .where('documents.id', '=', documentId)
      .where('documents.deleted_at', 'is', null)
      .select(['documents.user_id as owner_id', accessRankSql('document', sql.ref('documents.id'), sql.ref('documents.user_id'), me).as('rank')]),
  ['$user', '$document'] as const,
);

const ACCESS_QUERY = { list: listAccessQuery, document: documentAccessQuery };

/** The caller's access to an item (null: there is no such item; a deleted document is none). */
export async function itemAccess(db: Kysely<Database>, kind: ItemKind, userId: string, itemId: string): Promise<Access | null> {
  const [row] = await ACCESS_QUERY[kind](db, userId, itemId);
  return row ? { ownerId: row.owner_id, role: roleOfRank(row.rank) } : null;
}

/** The caller's access to an item that gives at least `needed`: else 404 (none) or 403 `forbidden` (too weak). */
export async function requireRole(db: Kysely<Database>, kind: ItemKind, userId: string, itemId: string, needed: Role): Promise<Access & { role: Role }> {
  const access = await itemAccess(db, kind, userId, itemId);
  const role = assertRole(kind, access?.role ?? null, needed);
  return { ownerId: access!.ownerId, role };
}
