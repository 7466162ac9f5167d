import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Engine } from '../../../db/connection.js';
import { preparedQuery } from '../../../db/prepared.js';
import type { Database } from '../../../db/types.js';
import { newId } from '../../../lib/ids.js';
import type { Tx } from './tx.js';

// Rows: one JSON value per row keyed by property id (text on SQLite, jsonb on PostgreSQL; rows
// leave these queries parsed). The non-empty cells of unique columns of live rows are also
// claimed in list_unique_values, whose primary key is the uniqueness constraint. Every row write
// ends with bumpRows, in its transaction (cache.ts relies on it).

/** A row as these queries return it: `data` parsed, keyed by property id, empty cells absent. */
export interface StoredRow {
  id: string;
  data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface TrashedRow extends StoredRow {
  deleted_at: string | null;
}

/** A unique value of a row: [property id, value in uniqueKey form]. */
export type UniqueKey = [string, string];

/** A row as written: its JSON and its unique values (compact: an import holds many of them). */
export interface PreparedRow {
  data: string;
  keys: UniqueKey[];
}

/** Stored row data: JSON text on SQLite, already parsed (jsonb) on PostgreSQL. */
export function parseStored(data: string | Record<string, unknown>): Record<string, unknown> {
  return typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>) : data;
}

/** A row as read, its data parsed. */
export const parsedRow = <R extends { data: string | Record<string, unknown> }>(r: R) => ({ ...r, data: parseStored(r.data) });

// The statements of a row add, compiled once (see preparedQuery).
const claimUnique = preparedQuery(
  (db: Kysely<Database>, propertyId: string, value: string, rowId: string) => db.insertInto('list_unique_values').values({ property_id: propertyId, value, row_id: rowId }),
  ['$property', '$value', '$row'] as const,
);
const bumpRowsVersion = preparedQuery(
  (db: Kysely<Database>, listId: string) => db.updateTable('lists').set({ rows_version: sql<number>`rows_version + 1` }).where('id', '=', listId),
  ['$list'] as const,
);
const insertOneRow = preparedQuery(
  (db: Kysely<Database>, id: string, listId: string, data: string, createdAt: string, updatedAt: string) =>
    db.insertInto('list_rows').values({ id, list_id: listId, data, created_at: createdAt, updated_at: updatedAt }),
  ['$id', '$list', '$data', '$created', '$updated'] as const,
);

/** Inserts one live row. */
export async function insertRow(db: Tx, listId: string, row: StoredRow): Promise<void> {
  await insertOneRow(db, row.id, listId, JSON.stringify(row.data), row.created_at, row.updated_at);
}

const ROW_FIELDS = ['id', 'data', 'created_at', 'updated_at'] as const;

/** A select of a list's live rows (parse what it returns with parsedRow). */
export function selectLiveRows(db: Tx, listId: string) {
  return db.selectFrom('list_rows').select(ROW_FIELDS).where('list_id', '=', listId).where('deleted_at', 'is', null);
}

export async function findLiveRow(db: Tx, listId: string, rowId: string): Promise<StoredRow | undefined> {
  const row = await selectLiveRows(db, listId).where('id', '=', rowId).executeTakeFirst();
  return row && parsedRow(row);
}

/** A row deleted at or after `since`. */
export async function findTrashedRow(db: Tx, listId: string, rowId: string, since: string): Promise<StoredRow | undefined> {
  const row = await db.selectFrom('list_rows').select(ROW_FIELDS).where('id', '=', rowId).where('list_id', '=', listId).where('deleted_at', '>=', since).executeTakeFirst();
  return row && parsedRow(row);
}

/** Rewrites a row's data and updated_at. */
export async function setRowData(db: Tx, row: StoredRow): Promise<void> {
  await db.updateTable('list_rows').set({ data: JSON.stringify(row.data), updated_at: row.updated_at }).where('id', '=', row.id).execute();
}

export async function trashRow(db: Tx, rowId: string, at: string): Promise<void> {
  await db.updateTable('list_rows').set({ deleted_at: at }).where('id', '=', rowId).execute();
}

export async function untrashRow(db: Tx, rowId: string, now: string): Promise<void> {
  await db.updateTable('list_rows').set({ deleted_at: null, updated_at: now }).where('id', '=', rowId).execute();
}

/** Removes for good up to `limit` rows deleted before `before`; answers how many. */
export async function purgeTrashed(db: Tx, before: string, limit: number): Promise<number> {
  const batch = db.selectFrom('list_rows').select('id').where('deleted_at', '<', before).limit(limit);
  const result = await db.deleteFrom('list_rows').where('id', 'in', batch).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A page of the rows deleted at or after `since`, most recent first, and their number. */
export async function trashPage(db: Tx, listId: string, since: string, page: { limit: number; offset: number }): Promise<{ rows: TrashedRow[]; total: number }> {
  const base = db.selectFrom('list_rows').where('list_id', '=', listId).where('deleted_at', '>=', since);
  const [rows, count] = await Promise.all([
    base.select([...ROW_FIELDS, 'deleted_at']).orderBy('deleted_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(parsedRow), total: Number(count.n) };
}

/** Every row of a list, live or in the trash (a column change checks them all). */
export async function allRows(db: Tx, listId: string): Promise<{ id: string; data: Record<string, unknown>; deleted_at: string | null }[]> {
  const rows = await db.selectFrom('list_rows').select(['id', 'data', 'deleted_at']).where('list_id', '=', listId).execute();
  return rows.map(parsedRow);
}

/** Claims a row's unique values (the unique index refuses one another live row holds). */
export async function claimUniques(db: Tx, rowId: string, keys: readonly UniqueKey[]): Promise<void> {
  if (keys.length === 1) await claimUnique(db, keys[0][0], keys[0][1], rowId);
  else if (keys.length > 0) await db.insertInto('list_unique_values').values(keys.map(([property_id, value]) => ({ property_id, value, row_id: rowId }))).execute();
}

/**
 * PostgreSQL: a new row and its unique claims in one statement (each statement is a round trip
 * there); the claims come from two parallel array parameters.
 */
const INSERT_ROW_CLAIMING = `with r as (insert into list_rows (id, list_id, data, created_at, updated_at) values ($1, $2, $3, $4, $5) returning id)
  insert into list_unique_values (property_id, value, row_id) select u.p, u.v, r.id from r, unnest($6::text[], $7::text[]) as u(p, v)`;

/** Inserts one live row and claims its unique values: one statement on PostgreSQL, two on SQLite. */
export async function insertRowClaiming(db: Tx, engine: Engine, listId: string, row: StoredRow, keys: readonly UniqueKey[]): Promise<void> {
  if (engine === 'postgres') {
    const params = [row.id, listId, JSON.stringify(row.data), row.created_at, row.updated_at, keys.map((k) => k[0]), keys.map((k) => k[1])];
    await db.executeQuery(CompiledQuery.raw(INSERT_ROW_CLAIMING, params));
    return;
  }
  await insertRow(db, listId, row);
  await claimUniques(db, row.id, keys);
}

/** Replaces the unique claims of one live row. */
export async function reclaimUniques(db: Tx, rowId: string, keys: readonly UniqueKey[]): Promise<void> {
  await releaseUniques(db, rowId);
  await claimUniques(db, rowId, keys);
}

/** A trashed row holds no unique value. */
export async function releaseUniques(db: Tx, rowId: string): Promise<void> {
  await db.deleteFrom('list_unique_values').where('row_id', '=', rowId).execute();
}

// Claims per multi-row INSERT.
const CLAIM_BATCH = 1000;

/** Makes a column's unique claims anew (after its type or uniqueness changed): the index refuses duplicates. */
export async function replaceColumnClaims(db: Tx, propertyId: string, claims: readonly { row_id: string; value: string }[]): Promise<void> {
  await db.deleteFrom('list_unique_values').where('property_id', '=', propertyId).execute();
  const values = claims.map((c) => ({ property_id: propertyId, ...c }));
  for (let i = 0; i < values.length; i += CLAIM_BATCH) await db.insertInto('list_unique_values').values(values.slice(i, i + CLAIM_BATCH)).execute();
}

/** The property ids of the unique values in `keys` that a row other than `exceptRowId` holds (one query). */
export async function heldUniques(db: Tx, keys: readonly UniqueKey[], exceptRowId: string | null): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  let q = db
    .selectFrom('list_unique_values')
    .select('property_id')
    .where((eb) => eb.or(keys.map(([pid, value]) => eb.and([eb('property_id', '=', pid), eb('value', '=', value)]))));
  if (exceptRowId) q = q.where('row_id', '!=', exceptRowId);
  return new Set((await q.execute()).map((r) => r.property_id));
}

/** Marks a change of the list's rows; the last statement of the writing transaction (it locks the list row on PostgreSQL). */
export async function bumpRows(db: Tx, listId: string): Promise<void> {
  await bumpRowsVersion(db, listId);
}

// Rows per multi-row INSERT: 5 bound values each, well under both engines' limits.
const INSERT_ROWS = 1000;
const insertTexts = new Map<string, string>();

/**
 * One multi-row INSERT whose SQL text is made once per shape (table, columns, row count, engine):
 * building it through the query builder costs more than running it when there are many rows.
 */
async function insertMany(db: Tx, engine: Engine, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const shape = `${engine} ${table} ${columns.join(',')} ${rows.length}`;
  let text = insertTexts.get(shape);
  if (!text) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (engine === 'postgres' ? `$${++n}` : '?')).join(', ')})`;
    text = `insert into ${table} (${columns.join(', ')}) values ${rows.map(tuple).join(', ')}`;
    if (insertTexts.size > 100) insertTexts.clear();
    insertTexts.set(shape, text);
  }
  await db.executeQuery(CompiledQuery.raw(text, rows.flat()));
}

/**
 * PostgreSQL: many rows in one statement from array parameters (unnest), two statements per
 * chunk whatever its size: cheaper to send and to parse than a multi-row VALUES of five bound
 * values a row, and the same text every time (prepared once per connection).
 */
const INSERT_ROWS_UNNEST = `insert into list_rows (id, list_id, data, created_at, updated_at)
  select t.id, $2, t.data, $4, $4 from unnest($1::text[], $3::jsonb[]) as t(id, data)`;
const CLAIM_UNNEST = `insert into list_unique_values (property_id, value, row_id) select * from unnest($1::text[], $2::text[], $3::text[])`;

/** Inserts new live rows with their unique claims, a few statements per thousand rows; returns their ids (new ones unless given). */
export async function insertRows(db: Tx, engine: Engine, listId: string, rows: readonly PreparedRow[], createdAt: string, ids: readonly string[] = rows.map(() => newId())): Promise<readonly string[]> {
  if (engine === 'postgres') {
    if (rows.length === 0) return ids;
    await db.executeQuery(CompiledQuery.raw(INSERT_ROWS_UNNEST, [ids, listId, rows.map((r) => r.data), createdAt]));
    const claims: [string[], string[], string[]] = [[], [], []];
    rows.forEach((r, j) => {
      for (const [pid, value] of r.keys) {
        claims[0].push(pid);
        claims[1].push(value);
        claims[2].push(ids[j]);
      }
    });
    if (claims[0].length > 0) await db.executeQuery(CompiledQuery.raw(CLAIM_UNNEST, claims));
    return ids;
  }
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const values: unknown[][] = [];
    const claims: unknown[][] = [];
    for (let j = i; j < Math.min(rows.length, i + INSERT_ROWS); j++) {
      values.push([ids[j], listId, rows[j].data, createdAt, createdAt]);
      for (const [pid, value] of rows[j].keys) claims.push([pid, value, ids[j]]);
    }
    await insertMany(db, engine, 'list_rows', ['id', 'list_id', 'data', 'created_at', 'updated_at'], values);
    for (let k = 0; k < claims.length; k += INSERT_ROWS) await insertMany(db, engine, 'list_unique_values', ['property_id', 'value', 'row_id'], claims.slice(k, k + INSERT_ROWS));
  }
  return ids;
}
