import type { AppContext } from '../../runtime/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { checkFilter, type FilterCondition } from './query.js';
import { loadColumns, ownList, type StoredColumn, type Tx } from './store.js';

// Saved views of a list: a name, a sort, filter conditions and hidden columns.

export interface ViewRecord {
  id: string;
  name: string;
  sort: string | null;
  filter: FilterCondition[];
  hiddenColumns: string[];
  created_at: string;
  updated_at: string;
}

export interface ViewInput {
  name?: string;
  sort?: string | null;
  filter?: unknown[] | null;
  hiddenColumns?: string[];
}

function toView(r: { id: string; name: string; sort: string | null; filter: string | null; hidden_columns: string; created_at: string; updated_at: string }): ViewRecord {
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

/** Checks a view's sort, filter and hidden columns against the list's columns. */
function checkView(columns: StoredColumn[], input: ViewInput): void {
  const keys = new Set(columns.map((c) => c.key));
  if (input.sort) {
    const key = input.sort.replace(/^-/, '');
    if (!keys.has(key) && key !== 'createdAt' && key !== 'updatedAt') throw badRequest(`Unknown sort column "${key}"`);
  }
  if (input.filter) for (const c of checkFilter(input.filter)) if (!keys.has(c.field)) throw badRequest(`Unknown column "${c.field}"`);
  for (const k of input.hiddenColumns ?? []) if (!keys.has(k)) throw badRequest(`Unknown column "${k}"`);
}

async function ownView(db: Tx, listId: string, viewId: string) {
  const v = await db.selectFrom('list_views').selectAll().where('id', '=', viewId).where('list_id', '=', listId).executeTakeFirst();
  if (!v) throw notFound('View not found');
  return v;
}

export async function listViews(ctx: AppContext, userId: string, listId: string): Promise<ViewRecord[]> {
  await ownList(ctx.db.kysely, userId, listId);
  const rows = await ctx.db.kysely.selectFrom('list_views').selectAll().where('list_id', '=', listId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toView);
}

export async function getView(ctx: AppContext, listId: string, viewId: string): Promise<ViewRecord> {
  return toView(await ownView(ctx.db.kysely, listId, viewId));
}

export async function createView(ctx: AppContext, userId: string, listId: string, input: ViewInput & { name: string }): Promise<ViewRecord> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    checkView(await loadColumns(trx, listId), input);
    const now = isoNow(ctx.clock);
    const row = {
      id: newId(),
      list_id: listId,
      name: input.name,
      sort: input.sort ?? null,
      filter: input.filter ? JSON.stringify(checkFilter(input.filter)) : null,
      hidden_columns: JSON.stringify(input.hiddenColumns ?? []),
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('list_views').values(row).execute();
    return toView(row);
  });
}

export async function updateView(ctx: AppContext, userId: string, listId: string, viewId: string, input: ViewInput): Promise<ViewRecord> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    await ownView(trx, listId, viewId);
    checkView(await loadColumns(trx, listId), input);
    await trx
      .updateTable('list_views')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        ...(input.filter !== undefined ? { filter: input.filter ? JSON.stringify(checkFilter(input.filter)) : null } : {}),
        ...(input.hiddenColumns !== undefined ? { hidden_columns: JSON.stringify(input.hiddenColumns) } : {}),
        updated_at: isoNow(ctx.clock),
      })
      .where('id', '=', viewId)
      .execute();
    return toView(await ownView(trx, listId, viewId));
  });
}

export async function deleteView(ctx: AppContext, userId: string, listId: string, viewId: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    await ownView(trx, listId, viewId);
    await trx.deleteFrom('list_views').where('id', '=', viewId).execute();
  });
}
