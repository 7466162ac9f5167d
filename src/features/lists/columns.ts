import type { AppContext } from '../../runtime/context.js';
import { listCaches } from './cache.js';
import { loadColumns, type ListRecord, type StoredColumn, type Tx } from './queries/index.js';
import { rowValidator, type RowValidator } from './validate.js';

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
