import type { AppContext } from '../../runtime/context.js';
import { notFound } from '../../http/errors.js';
import { presentRowData } from './presenter.js';
import { countLiveRows, liveRowsAfter, liveRowsByIds, listAs, loadColumns, type ListRecord, type StoredColumn } from './queries/index.js';

// The caller's lists read whole, for features that turn them into something else (materialize):
// every id scoped to the caller (missing and not yours are the same 404), rows in the form clients
// see them (keyed by column key), read in batches with a turn of the event loop between them, so
// a list of tens of thousands of rows never holds the loop (on SQLite every read is synchronous).

const BATCH = 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ListContents {
  id: string;
  title: string;
  description: string | null;
  columns: Pick<StoredColumn, 'key' | 'label' | 'type'>[];
  /** Live rows, oldest first, each keyed by column key (every column present, null when empty). */
  rows: { id: string; data: Record<string, unknown> }[];
}

export interface ListSummary {
  id: string;
  title: string;
  description: string | null;
  rowCount: number;
}

/** The caller's lists by id, in the order asked, with their live row counts; 404 if any is not the caller's. */
export async function ownListSummaries(ctx: AppContext, userId: string, listIds: readonly string[]): Promise<ListSummary[]> {
  const db = ctx.db.kysely;
  const lists = new Map<string, ListRecord>();
  // Every id is checked before any row is counted: one not the caller's is the 404 of the lot.
  for (const id of new Set(listIds)) lists.set(id, await listAs(db, userId, id, 'viewer'));
  const out: ListSummary[] = [];
  for (const id of listIds) {
    const l = lists.get(id)!;
    out.push({ id, title: l.title, description: l.description, rowCount: await countLiveRows(db, id, ctx.db.engine) });
  }
  return out;
}

/**
 * The caller's list with its live rows: all of them, or those of `rowIds` in the order asked
 * (404 `Row not found` when one is not a live row of that list).
 */
export async function ownListContents(ctx: AppContext, userId: string, listId: string, rowIds?: readonly string[]): Promise<ListContents> {
  const db = ctx.db.kysely;
  const list = await listAs(db, userId, listId, 'viewer');
  const columns = await loadColumns(db, list.id);
  const rows: ListContents['rows'] = [];
  const add = (batch: { id: string; data: Record<string, unknown> }[]) => {
    for (const r of batch) rows.push({ id: r.id, data: presentRowData(columns, r.data) });
  };
  if (rowIds) {
    for (let i = 0; i < rowIds.length; i += BATCH) {
      const ids = rowIds.slice(i, i + BATCH);
      const found = await liveRowsByIds(db, list.id, ids);
      if (found.length !== ids.length) throw notFound('Row not found');
      add(found);
      await nextTurn();
    }
  } else {
    for (let after = ''; ; ) {
      const batch = await liveRowsAfter(db, list.id, after, BATCH);
      add(batch);
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
      await nextTurn();
    }
  }
  return { id: list.id, title: list.title, description: list.description, columns: columns.map((c) => ({ key: c.key, label: c.label, type: c.type })), rows };
}
