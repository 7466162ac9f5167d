import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation, toBool } from '../../db/dialect.js';
import type { Database, ListPropertiesTable, ListsTable } from '../../db/types.js';
import { AppError, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { Column, ListSchema } from './dsl.js';
import { isEmptyValue } from './visibility.js';

// Storage of lists, their columns (property records) and rows. Row data is stored keyed by
// property id (so a column can be re-keyed without rewriting rows) and every non-empty cell is
// mirrored into list_row_values, typed and indexed, for filters, sorts, `q` and uniqueness.

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
}

export function toListRecord(r: { [K in keyof ListsTable]: ListsTable[K] }): ListRecord {
  return { ...r, is_public: toBool(r.is_public) };
}

/** The caller's list, or 404 (not found and not yours are the same). */
export async function ownList(db: Tx, userId: string, listId: string): Promise<ListRecord> {
  const row = await db.selectFrom('lists').selectAll().where('id', '=', listId).where('user_id', '=', userId).executeTakeFirst();
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

const MULTI_SEP = '\u001f';

export function encodeMulti(values: readonly string[]): string {
  return `${MULTI_SEP}${values.join(MULTI_SEP)}${MULTI_SEP}`;
}
export { MULTI_SEP };

/** The typed, indexed form of one non-empty cell. */
export function encodeValue(column: Column, value: unknown): { v_text: string | null; v_num: number | null; v_unique: string | null } {
  let vText: string | null = null;
  let vNum: number | null = null;
  switch (column.type) {
    case 'number':
      vNum = value as number;
      break;
    case 'boolean':
      vNum = value ? 1 : 0;
      vText = value ? 'true' : 'false';
      break;
    case 'date':
      vText = value as string;
      vNum = Date.parse(`${value as string}T00:00:00Z`);
      break;
    case 'datetime':
      vNum = Date.parse(value as string);
      vText = new Date(vNum).toISOString();
      break;
    case 'multiselect':
      vText = encodeMulti(value as string[]);
      break;
    case 'priority':
      vText = value as string;
      // Priorities sort by their place among the options (low before urgent), not alphabetically.
      vNum = column.options!.indexOf(value as string);
      break;
    default:
      vText = value as string;
  }
  let vUnique: string | null = null;
  if (column.unique) {
    vUnique = column.type === 'number' ? String(vNum) : column.type === 'email' ? vText!.toLowerCase() : vText;
  }
  return { v_text: vText, v_num: vNum, v_unique: vUnique };
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

export function parseStored(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}

/** Replaces the indexed values of one row. `live` false (a trashed row) keeps no unique claims. */
export async function writeValues(db: Tx, rowId: string, columns: readonly StoredColumn[], stored: Record<string, unknown>, live = true): Promise<void> {
  await db.deleteFrom('list_row_values').where('row_id', '=', rowId).execute();
  const values = columns
    .filter((c) => !isEmptyValue(stored[c.propertyId]))
    .map((c) => {
      const v = encodeValue(c, stored[c.propertyId]);
      return { row_id: rowId, property_id: c.propertyId, ...v, v_unique: live ? v.v_unique : null };
    });
  if (values.length > 0) await db.insertInto('list_row_values').values(values).execute();
}

/** 409 unique_violation naming the columns whose values are taken by another live row. */
export function uniqueViolation(labels: string[]): AppError {
  const errors = labels.map((l) => `${l} must be unique`);
  return new AppError(409, errors[0] ?? 'A unique value is already taken', 'unique_violation', { errors });
}

/** The unique columns whose value in `stored` another row already holds. */
export async function takenUniques(db: Tx, columns: readonly StoredColumn[], stored: Record<string, unknown>, exceptRowId: string | null): Promise<string[]> {
  const taken: string[] = [];
  for (const c of columns) {
    if (!c.unique || isEmptyValue(stored[c.propertyId])) continue;
    let q = db
      .selectFrom('list_row_values')
      .select('row_id')
      .where('property_id', '=', c.propertyId)
      .where('v_unique', '=', encodeValue(c, stored[c.propertyId]).v_unique);
    if (exceptRowId) q = q.where('row_id', '!=', exceptRowId);
    if (await q.executeTakeFirst()) taken.push(c.label);
  }
  return taken;
}

/**
 * Runs a write that may claim unique values. The check inside gives the precise message; the
 * unique index catches what two concurrent writers both passed (the loser gets the same 409).
 */
export async function withUniqueGuard<T>(db: Kysely<Database>, columns: readonly StoredColumn[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw uniqueViolation(columns.filter((c) => c.unique).map((c) => c.label));
    }
    throw err;
  }
}
