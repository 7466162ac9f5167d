import { CompiledQuery, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Engine } from '../../db/connection.js';
import { toBool } from '../../db/dialect.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Database, ListPropertiesTable, ListsTable } from '../../db/types.js';
import { AppError, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { listCaches } from './cache.js';
import type { Column, ListSchema } from './dsl.js';
import { rowValidator, type RowValidator } from './validate.js';
import { isEmptyValue } from './visibility.js';

// Storage of lists, their columns (property records) and rows. Row data is one JSON value per
// row keyed by property id (so a column can be re-keyed without rewriting rows); filters and
// sorts read it in SQL (query.ts). The non-empty cells of unique columns of live rows are also
// claimed in list_unique_values, whose primary key is the uniqueness constraint. Every row write
// bumps lists.rows_version and every column change lists.schema_version, in the same transaction
// (cache.ts relies on it).

export type Tx = Kysely<Database> | Transaction<Database>;

export interface StoredColumn extends Column {
  propertyId: string;
}

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
}

export function toListRecord(r: Selectable<ListsTable>): ListRecord {
  return { ...r, is_public: toBool(r.is_public), rows_version: Number(r.rows_version), schema_version: Number(r.schema_version) };
}

// The statements of a row add (and other single-row writes), compiled once (see preparedQuery).
const findOwnList = preparedQuery(
  (db: Kysely<Database>, listId: string, userId: string) => db.selectFrom('lists').selectAll().where('id', '=', listId).where('user_id', '=', userId),
  ['$list', '$user'] as const,
);
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

/** Inserts one row as given (its data the stored JSON text). */
export async function insertRow(db: Tx, row: { id: string; list_id: string; data: string; created_at: string; updated_at: string }): Promise<void> {
  await insertOneRow(db, row.id, row.list_id, row.data, row.created_at, row.updated_at);
}

/** The caller's list, or 404 (not found and not yours are the same). */
export async function ownList(db: Tx, userId: string, listId: string): Promise<ListRecord> {
  const [row] = await findOwnList(db, listId, userId);
  if (!row) throw notFound('List not found');
  return toListRecord(row);
}

export function columnFromProperty(p: Pick<ListPropertiesTable, 'id' | 'definition'>): StoredColumn {
  return { ...(JSON.parse(p.definition) as Column), propertyId: p.id };
}

export async function loadColumns(db: Tx, listId: string): Promise<StoredColumn[]> {
  const rows = await db.selectFrom('list_properties').select(['id', 'definition']).where('list_id', '=', listId).orderBy('position').execute();
  return rows.map(columnFromProperty);
}

/** Columns of many lists at once (one query for a page of lists). */
export async function loadColumnsOf(db: Tx, listIds: string[]): Promise<Map<string, StoredColumn[]>> {
  const out = new Map<string, StoredColumn[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return out;
  const rows = await db
    .selectFrom('list_properties')
    .select(['id', 'list_id', 'definition'])
    .where('list_id', 'in', listIds)
    .orderBy('list_id')
    .orderBy('position')
    .execute();
  for (const r of rows) out.get(r.list_id)!.push(columnFromProperty(r));
  return out;
}

export function propertyValues(column: Column, position: number, listId: string, createdAt: string, id = newId()) {
  return {
    id,
    list_id: listId,
    property_key: column.key,
    property_name: column.label,
    property_type: column.type,
    definition: JSON.stringify(column),
    position,
    created_at: createdAt,
  };
}

/** Inserts the columns of a schema as property records, in array order. */
export async function insertColumns(db: Tx, listId: string, schema: ListSchema, createdAt: string): Promise<StoredColumn[]> {
  const values = schema.fields.map((c, i) => propertyValues(c, i, listId, createdAt));
  if (values.length > 0) await db.insertInto('list_properties').values(values).execute();
  return schema.fields.map((c, i) => ({ ...c, propertyId: values[i].id }));
}

export interface ListColumns {
  columns: StoredColumn[];
  /** Row validation with the columns' rules compiled once. */
  validate: RowValidator;
}

/**
 * The list's columns, cached per schema_version (read with the list, in the same transaction
 * when there is one), with their compiled validation.
 */
export async function listColumns(ctx: AppContext, db: Tx, list: Pick<ListRecord, 'id' | 'schema_version'>): Promise<ListColumns> {
  const cache = listCaches<ListColumns>(ctx).columns;
  const version = String(list.schema_version);
  const hit = cache.get(list.id, version, '');
  if (hit) return hit;
  const columns = await loadColumns(db, list.id);
  const entry = { columns, validate: rowValidator(columns) };
  cache.set(list.id, version, '', entry);
  return entry;
}

/** The form a unique column's value is compared in (numbers as numbers, e-mail addresses case-insensitively). */
export function uniqueKey(column: Column, value: unknown): string {
  switch (column.type) {
    case 'number':
      return String(value);
    case 'email':
      return (value as string).toLowerCase();
    case 'datetime':
      return new Date(Date.parse(value as string)).toISOString();
    default:
      return String(value);
  }
}

/** Row data as stored: keyed by property id, empty cells left out. */
export function storedData(columns: readonly StoredColumn[], data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) if (!isEmptyValue(data[c.key])) out[c.propertyId] = data[c.key];
  return out;
}

/** Row data as the wire has it: keyed by column key, every column present (null when empty). */
export function wireData(columns: readonly StoredColumn[], stored: Record<string, unknown>, hidden?: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) if (!hidden?.has(c.key)) out[c.key] = stored[c.propertyId] ?? null;
  return out;
}

/** Stored row data: JSON text on SQLite, already parsed (jsonb) on PostgreSQL. */
export function parseStored(data: string | Record<string, unknown>): Record<string, unknown> {
  return typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>) : data;
}

/** A unique value of a row: [property id, value in uniqueKey form]. */
export type UniqueKey = [string, string];

/** The unique values of a row's data: one per non-empty cell of a unique column. */
export function uniqueKeys(columns: readonly StoredColumn[], stored: Record<string, unknown>): UniqueKey[] {
  const out: UniqueKey[] = [];
  for (const c of columns) if (c.unique && !isEmptyValue(stored[c.propertyId])) out.push([c.propertyId, uniqueKey(c, stored[c.propertyId])]);
  return out;
}

/** A row as written: its JSON and its unique values (compact: an import holds many of them). */
export interface PreparedRow {
  data: string;
  keys: UniqueKey[];
}

export function prepareRow(columns: readonly StoredColumn[], stored: Record<string, unknown>): PreparedRow {
  return { data: JSON.stringify(stored), keys: uniqueKeys(columns, stored) };
}

/** Claims a row's unique values (the unique index refuses one another live row holds). */
export async function claimUniques(db: Tx, rowId: string, keys: readonly UniqueKey[]): Promise<void> {
  if (keys.length === 1) await claimUnique(db, keys[0][0], keys[0][1], rowId);
  else if (keys.length > 0) await db.insertInto('list_unique_values').values(keys.map(([property_id, value]) => ({ property_id, value, row_id: rowId }))).execute();
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

/** Inserts new live rows with their unique claims, a few statements per thousand rows; returns their ids (new ones unless given). */
export async function insertRows(db: Tx, engine: Engine, listId: string, rows: readonly PreparedRow[], createdAt: string, ids: readonly string[] = rows.map(() => newId())): Promise<readonly string[]> {
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

/** 409 unique_violation naming the columns whose values are taken by another live row. */
export function uniqueViolation(labels: string[]): AppError {
  const errors = labels.map((l) => `${l} must be unique`);
  return new AppError(409, errors[0] ?? 'A unique value is already taken', 'unique_violation', { errors });
}

/** The unique columns whose value in `stored` another row already holds (one query). */
export async function takenUniques(db: Tx, columns: readonly StoredColumn[], stored: Record<string, unknown>, exceptRowId: string | null): Promise<string[]> {
  const keys = uniqueKeys(columns, stored);
  if (keys.length === 0) return [];
  let q = db
    .selectFrom('list_unique_values')
    .select('property_id')
    .where((eb) => eb.or(keys.map(([pid, value]) => eb.and([eb('property_id', '=', pid), eb('value', '=', value)]))));
  if (exceptRowId) q = q.where('row_id', '!=', exceptRowId);
  const held = new Set((await q.execute()).map((r) => r.property_id));
  return columns.filter((c) => held.has(c.propertyId)).map((c) => c.label);
}
