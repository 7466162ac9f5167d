import type { Selectable } from 'kysely';
import type { ListViewsTable } from '../../../db/types.js';
import type { FilterCondition } from '../filter.js';
import type { Tx } from './tx.js';

// Saved views: their filter and hidden columns are JSON text, decoded here.

export interface ViewRecord {
  id: string;
  name: string;
  sort: string | null;
  filter: FilterCondition[];
  hiddenColumns: string[];
  created_at: string;
  updated_at: string;
}

/** What a view write sets; a `null` filter is none. */
export interface ViewFields {
  name?: string;
  sort?: string | null;
  filter?: FilterCondition[] | null;
  hiddenColumns?: string[];
}

function toView(r: Omit<Selectable<ListViewsTable>, 'list_id'>): ViewRecord {
  return {
    id: r.id,
    name: r.name,
    sort: r.sort,
    filter: r.filter ? (JSON.parse(r.filter) as FilterCondition[]) : [],
    hiddenColumns: JSON.parse(r.hidden_columns) as string[],
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const encodeFilter = (filter: FilterCondition[] | null) => (filter ? JSON.stringify(filter) : null);

export async function findView(db: Tx, listId: string, viewId: string): Promise<ViewRecord | undefined> {
  const v = await db.selectFrom('list_views').selectAll().where('id', '=', viewId).where('list_id', '=', listId).executeTakeFirst();
  return v && toView(v);
}

export async function viewsOf(db: Tx, listId: string): Promise<ViewRecord[]> {
  const rows = await db.selectFrom('list_views').selectAll().where('list_id', '=', listId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toView);
}

export async function insertView(db: Tx, listId: string, view: { id: string; name: string; sort: string | null; filter: FilterCondition[] | null; hiddenColumns: string[] }, now: string): Promise<ViewRecord> {
  const row = { id: view.id, list_id: listId, name: view.name, sort: view.sort, filter: encodeFilter(view.filter), hidden_columns: JSON.stringify(view.hiddenColumns), created_at: now, updated_at: now };
  await db.insertInto('list_views').values(row).execute();
  return toView(row);
}

/** Sets the fields given (and updated_at): Kysely leaves the undefined ones out. */
export async function updateViewFields(db: Tx, viewId: string, fields: ViewFields, now: string): Promise<void> {
  await db
    .updateTable('list_views')
    .set({
      name: fields.name,
      sort: fields.sort,
      filter: fields.filter === undefined ? undefined : encodeFilter(fields.filter),
      hidden_columns: fields.hiddenColumns === undefined ? undefined : JSON.stringify(fields.hiddenColumns),
      updated_at: now,
    })
    .where('id', '=', viewId)
    .execute();
}

export async function deleteViewRecord(db: Tx, viewId: string): Promise<void> {
  await db.deleteFrom('list_views').where('id', '=', viewId).execute();
}
