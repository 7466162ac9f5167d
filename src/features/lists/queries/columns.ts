import type { ListPropertiesTable } from '../../../db/types.js';
import { newId } from '../../../lib/ids.js';
import type { Column, ListSchema } from '../dsl.js';
import type { Tx } from './tx.js';

// A list's columns: one property record each, its definition JSON, in `position` order. Rows key
// their cells by property id, so a column can be re-keyed or relabelled without rewriting rows.

export interface StoredColumn extends Column {
  propertyId: string;
}

function columnFromProperty(p: Pick<ListPropertiesTable, 'id' | 'definition'>): StoredColumn {
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

function propertyValues(column: Column, position: number, listId: string, createdAt: string, id = newId()) {
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

/** Adds one column at `position` under the given property id. */
export async function insertColumn(db: Tx, listId: string, propertyId: string, column: Column, position: number, createdAt: string): Promise<void> {
  await db.insertInto('list_properties').values(propertyValues(column, position, listId, createdAt, propertyId)).execute();
}

/** Rewrites a kept column's definition and position. */
export async function updateColumn(db: Tx, propertyId: string, column: Column, position: number): Promise<void> {
  await db
    .updateTable('list_properties')
    .set({ property_key: column.key, property_name: column.label, property_type: column.type, definition: JSON.stringify(column), position })
    .where('id', '=', propertyId)
    .execute();
}

/** Removes columns; their unique claims go with them (foreign key), and their cells in the rows' JSON are read no more. */
export async function deleteColumns(db: Tx, propertyIds: string[]): Promise<void> {
  if (propertyIds.length > 0) await db.deleteFrom('list_properties').where('id', 'in', propertyIds).execute();
}

/** A destructive rebuild's first step: every row, view and column of the list goes. */
export async function clearList(db: Tx, listId: string): Promise<void> {
  await db.deleteFrom('list_rows').where('list_id', '=', listId).execute();
  await db.deleteFrom('list_views').where('list_id', '=', listId).execute();
  await db.deleteFrom('list_properties').where('list_id', '=', listId).execute();
}
