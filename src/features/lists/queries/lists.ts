import { sql, type Kysely, type Selectable } from 'kysely';
import { toBool } from '../../../db/dialect.js';
import { preparedQuery } from '../../../db/prepared.js';
import type { Database, ListsTable } from '../../../db/types.js';
import { accessRankSql, assertRole, callerRef, callerTable, roleOfRank, type Role } from '../../sharing/index.js';
import type { ListSchema } from '../dsl.js';
import { loadColumnsOf, type StoredColumn } from './columns.js';
import type { Tx } from './tx.js';

// Lists themselves, and their version counters: every row write bumps lists.rows_version
// (bumpRows, rows.ts) and every column change lists.schema_version (bumpSchema, setListSchema),
// in the writing transaction; cache.ts relies on it.

export interface ListRecord {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  is_public: boolean;
  folder_id: string | null;
  schema_name: string;
  schema_description: string | null;
  created_at: string;
  updated_at: string;
  rows_version: number;
  schema_version: number;
  /** A codehost-backed list's source (JSON, sources.ts), the identity it syncs with, its last ETag and sync; null otherwise. */
  source: string | null;
  source_identity_id: string | null;
  source_etag: string | null;
  last_synced_at: string | null;
  /** The last good sync stopped at the listing's page bound (codehost-sync.ts). */
  sync_truncated: boolean;
  /** Until when a sync holds its claim on the list; null: none. */
  sync_claimed_until: string | null;
}

/** A list with its columns, as most reads answer it. */
export interface ListView {
  list: ListRecord;
  columns: StoredColumn[];
}

export interface ListPatch {
  title?: string;
  description?: string | null;
  isPublic?: boolean;
  folderId?: string | null;
}

export function toListRecord(r: Selectable<ListsTable>): ListRecord {
  return { ...r, is_public: toBool(r.is_public), sync_truncated: toBool(r.sync_truncated), rows_version: Number(r.rows_version), schema_version: Number(r.schema_version) };
}

/** A list read with the caller's access rank (the sharing feature's access module). */
type RankedList = Selectable<ListsTable> & { access_rank: number | string | null };

/** A list as the caller may use it: the record and the caller's role on it. */
function rankedRecord({ access_rank, ...r }: RankedList): ListRecord & { role: Role | null } {
  return { ...toListRecord(r), role: roleOfRank(access_rank) };
}

// Read by every row add (and other single-row writes): compiled once (see preparedQuery).
const findListAs = preparedQuery(
  (db: Kysely<Database>, userId: string, listId: string) =>
    db
      .selectFrom([callerTable(userId), 'lists'])
      .selectAll('lists')
      .select(accessRankSql('list', sql.ref('lists.id'), sql.ref('lists.user_id'), callerRef).as('access_rank'))
      .where('lists.id', '=', listId),
  ['$user', '$list'] as const,
);

// PostgreSQL: the (list, caller) pairs of one turn in one statement (service.ts, listReads).
const findListsAs = preparedQuery(
  (db: Kysely<Database>, listIds: readonly string[], userIds: readonly string[]) =>
    db
      .selectFrom([sql<{ id: string; uid: string }>`(select unnest(cast(${listIds} as text[])) as id, unnest(cast(${userIds} as text[])) as uid)`.as('me'), 'lists'])
      .selectAll('lists')
      .select(sql.ref<string>('me.uid').as('caller_id'))
      .select(accessRankSql('list', sql.ref('lists.id'), sql.ref('lists.user_id'), callerRef).as('access_rank'))
      .whereRef('lists.id', '=', sql.ref<string>('me.id') as never),
  ['$lists', '$users'] as unknown as [readonly string[], readonly string[]],
);

/** PostgreSQL: each of these (list, caller) pairs' list with the caller's role; a pair whose list is gone is left out. */
export async function listsAs(db: Tx, pairs: readonly { listId: string; userId: string }[]): Promise<{ userId: string; list: ListRecord & { role: Role | null } }[]> {
  const rows = await findListsAs(
    db,
    pairs.map((p) => p.listId),
    pairs.map((p) => p.userId),
  );
  return rows.map(({ caller_id, ...r }) => ({ userId: caller_id, list: rankedRecord(r) }));
}

/** The list with the caller's role on it, or undefined when there is no such list. */
export async function listWithRole(db: Tx, userId: string, listId: string): Promise<(ListRecord & { role: Role | null }) | undefined> {
  const [row] = await findListAs(db, userId, listId);
  return row ? rankedRecord(row) : undefined;
}

/**
 * The list for an operation that needs `needed` (access module): 404 for a caller with no access
 * (not found and not yours are the same), 403 `forbidden` for a collaborator without the role.
 */
export async function listAs(db: Tx, userId: string, listId: string, needed: Role): Promise<ListRecord> {
  const list = await listWithRole(db, userId, listId);
  assertRole('list', list?.role ?? null, needed);
  const { role: _role, ...record } = list!;
  return record;
}

/** A page of one user's lists, newest first, with their columns: all of them, one folder's, or the public ones. */
export async function listsPage(
  db: Tx,
  which: { userId: string; folderId?: string; publicOnly?: boolean },
  page: { limit: number; offset: number },
): Promise<{ lists: ListView[]; total: number }> {
  let base = db.selectFrom('lists').where('user_id', '=', which.userId);
  if (which.folderId !== undefined) base = base.where('folder_id', '=', which.folderId);
  if (which.publicOnly) base = base.where('is_public', '=', true);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const columns = await loadColumnsOf(db, rows.map((r) => r.id));
  return { lists: rows.map((r) => ({ list: toListRecord(r), columns: columns.get(r.id)! })), total: Number(count.n) };
}

export async function insertList(db: Tx, list: ListRecord): Promise<void> {
  await db.insertInto('lists').values(list).execute();
}

/** Sets the fields the patch names (and updated_at): Kysely leaves the undefined ones out. */
export async function updateListFields(db: Tx, listId: string, patch: ListPatch, now: string): Promise<void> {
  await db
    .updateTable('lists')
    .set({ title: patch.title, description: patch.description, is_public: patch.isPublic, folder_id: patch.folderId, updated_at: now })
    .where('id', '=', listId)
    .execute();
}

/** Deletes a list; its columns, rows, views and imports go with it (foreign keys). */
export async function deleteListRecord(db: Tx, listId: string): Promise<void> {
  await db.deleteFrom('lists').where('id', '=', listId).execute();
}

/** After a destructive rebuild: the schema's name becomes the title, and both version counters move. */
export async function setListSchema(db: Tx, listId: string, schema: Pick<ListSchema, 'name' | 'description'>, now: string): Promise<void> {
  await db
    .updateTable('lists')
    .set((eb) => ({
      title: schema.name,
      schema_name: schema.name,
      schema_description: schema.description,
      updated_at: now,
      rows_version: eb('rows_version', '+', 1),
      schema_version: eb('schema_version', '+', 1),
    }))
    .where('id', '=', listId)
    .execute();
}

/** Marks a change of the list's columns: filters and sorts name columns by key, so cached row orders of the old ones are not read again. */
export async function bumpSchema(db: Tx, listId: string, now: string): Promise<void> {
  await db
    .updateTable('lists')
    .set((eb) => ({ updated_at: now, schema_version: eb('schema_version', '+', 1) }))
    .where('id', '=', listId)
    .execute();
}
