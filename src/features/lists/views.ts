import type { AppContext } from '../../runtime/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { checkFilter, type FilterCondition } from './filter.js';
import { deleteViewRecord, findView, insertView, listAs, loadColumns, updateViewFields, viewsOf, type StoredColumn, type Tx, type ViewRecord } from './queries/index.js';

// Saved views of a list: a name, a sort, filter conditions and hidden columns.

export interface ViewInput {
  name?: string;
  sort?: string | null;
  filter?: unknown[] | null;
  hiddenColumns?: string[];
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

/** A row query seen through a saved view: the view's sort unless the query sorts, the view's conditions and then the query's. */
export function withView<Q extends { sort?: string; filter?: FilterCondition[] }>(query: Q, view: ViewRecord): Q {
  return { ...query, sort: query.sort ?? view.sort ?? undefined, filter: [...view.filter, ...(query.filter ?? [])] };
}

async function ownView(db: Tx, listId: string, viewId: string): Promise<ViewRecord> {
  const v = await findView(db, listId, viewId);
  if (!v) throw notFound('View not found');
  return v;
}

export async function listViews(ctx: AppContext, userId: string, listId: string): Promise<ViewRecord[]> {
  await listAs(ctx.db.kysely, userId, listId, 'viewer');
  return viewsOf(ctx.db.kysely, listId);
}

export async function getView(ctx: AppContext, listId: string, viewId: string): Promise<ViewRecord> {
  return ownView(ctx.db.kysely, listId, viewId);
}

export async function createView(ctx: AppContext, userId: string, listId: string, input: ViewInput & { name: string }): Promise<ViewRecord> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await listAs(trx, userId, listId, 'editor');
    checkView(await loadColumns(trx, listId), input);
    const view = { id: newId(), name: input.name, sort: input.sort ?? null, filter: input.filter ? checkFilter(input.filter) : null, hiddenColumns: input.hiddenColumns ?? [] };
    return insertView(trx, listId, view, isoNow(ctx.clock));
  });
}

export async function updateView(ctx: AppContext, userId: string, listId: string, viewId: string, input: ViewInput): Promise<ViewRecord> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await listAs(trx, userId, listId, 'editor');
    await ownView(trx, listId, viewId);
    checkView(await loadColumns(trx, listId), input);
    const filter = input.filter === undefined ? undefined : input.filter ? checkFilter(input.filter) : null;
    await updateViewFields(trx, viewId, { name: input.name, sort: input.sort, filter, hiddenColumns: input.hiddenColumns }, isoNow(ctx.clock));
    return ownView(trx, listId, viewId);
  });
}

export async function deleteView(ctx: AppContext, userId: string, listId: string, viewId: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await listAs(trx, userId, listId, 'editor');
    await ownView(trx, listId, viewId);
    await deleteViewRecord(trx, viewId);
  });
}
