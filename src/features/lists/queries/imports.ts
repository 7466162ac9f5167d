import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../db/types.js';
import { forgetRowOrders, writtenStamp } from './rows.js';
import type { Tx } from './tx.js';

// The CSV import's queries (import.ts): the import record and its progress, its kept input (the
// file: list_import_data) and plan (list_import_plans), and the row lookups and writes of its two passes.

export type ImportRecord = Selectable<Database['list_imports']>;

/** Records an import and its input (in the caller's transaction, beside its job). */
export async function insertImport(trx: Tx, job: Insertable<Database['list_imports']>, content: string): Promise<void> {
  await trx.insertInto('list_imports').values(job).execute();
  await trx.insertInto('list_import_data').values({ import_id: job.id, content }).execute();
}

export async function findImportOfList(db: Tx, jobId: string, listId: string): Promise<ImportRecord | undefined> {
  return db.selectFrom('list_imports').selectAll().where('id', '=', jobId).where('list_id', '=', listId).executeTakeFirst();
}

export async function findImport(db: Tx, jobId: string): Promise<ImportRecord | undefined> {
  return db.selectFrom('list_imports').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** The import if its status is one of `statuses`. */
export async function findImportIn(db: Tx, jobId: string, statuses: readonly string[]): Promise<ImportRecord | undefined> {
  return db.selectFrom('list_imports').selectAll().where('id', '=', jobId).where('status', 'in', statuses).executeTakeFirst();
}

/** The import's kept input: the file (or, for writes begun before migration 033, the rows of its plan). */
export async function importInput(db: Tx, jobId: string): Promise<string | null> {
  const row = await db.selectFrom('list_import_data').select('content').where('import_id', '=', jobId).executeTakeFirst();
  return row?.content ?? null;
}

/** Keeps the plan of the import's writes (import-plan.ts), as its writes begin. */
export async function keepImportPlan(trx: Tx, jobId: string, plan: string): Promise<void> {
  await trx.insertInto('list_import_plans').values({ import_id: jobId, plan }).execute();
}

/** The kept plan of the import's writes, if they have begun (since migration 033). */
export async function importPlan(db: Tx, jobId: string): Promise<string | null> {
  const row = await db.selectFrom('list_import_plans').select('plan').where('import_id', '=', jobId).executeTakeFirst();
  return row?.plan ?? null;
}

/** Ends an import whose status is one of `open` with `fields`, and drops its input and plan. */
export async function endImport(trx: Tx, jobId: string, open: readonly string[], fields: Record<string, unknown>, now: string): Promise<boolean> {
  const res = await trx
    .updateTable('list_imports')
    .set({ ...fields, updated_at: now })
    .where('id', '=', jobId)
    .where('status', 'in', open)
    .executeTakeFirst();
  await trx.deleteFrom('list_import_data').where('import_id', '=', jobId).execute();
  await trx.deleteFrom('list_import_plans').where('import_id', '=', jobId).execute();
  return Number(res.numUpdatedRows) > 0;
}

/** Sets some of the import's columns, whatever its status. */
export async function setImportFields(db: Tx, jobId: string, fields: Partial<Omit<ImportRecord, 'id'>>): Promise<void> {
  await db.updateTable('list_imports').set(fields).where('id', '=', jobId).execute();
}

/** Moves a queued import to `running`. */
export async function markImportRunning(db: Tx, jobId: string, now: string): Promise<void> {
  await db.updateTable('list_imports').set({ status: 'running', updated_at: now }).where('id', '=', jobId).where('status', '=', 'queued').execute();
}

/**
 * Sets the import's columns if its status is still `status` (and, when given, its counters still
 * `counts`): whether it did, so that of two runs of one import only one goes on.
 */
export async function advanceImport(
  trx: Tx,
  jobId: string,
  status: string,
  fields: Partial<Omit<ImportRecord, 'id'>>,
  counts?: { inserted: number; updated: number },
): Promise<boolean> {
  let update = trx.updateTable('list_imports').set(fields).where('id', '=', jobId).where('status', '=', status);
  if (counts) update = update.where('inserted', '=', counts.inserted).where('updated', '=', counts.updated);
  const moved = await update.executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** The live rows holding one of `values` in a unique column: their id, data and that value. */
export async function liveRowsByUniqueValues(db: Tx, propertyId: string, values: readonly string[]) {
  return db
    .selectFrom('list_unique_values as u')
    .innerJoin('list_rows as r', 'r.id', 'u.row_id')
    .select(['r.id', 'r.data', 'r.updated_by', 'u.value'])
    .where('u.property_id', '=', propertyId)
    .where('u.value', 'in', values)
    .where('r.deleted_at', 'is', null)
    .execute();
}

/** Which rows hold `values` of a unique column: value → row id. */
export async function uniqueValueHolders(db: Tx, propertyId: string, values: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('list_unique_values').select(['row_id', 'value']).where('property_id', '=', propertyId).where('value', 'in', values).execute();
  return new Map(rows.map((r) => [r.value, r.row_id]));
}

/** Deletes rows outright (an all-or-nothing import taking back what it inserted), their unique claims first. */
export async function deleteRowsOutright(trx: Tx, rowIds: readonly string[]): Promise<void> {
  const lists = await trx.selectFrom('list_rows').select('list_id').distinct().where('id', 'in', rowIds).execute();
  for (const { list_id } of lists) await forgetRowOrders(trx, list_id);
  await trx.deleteFrom('list_unique_values').where('row_id', 'in', rowIds).execute();
  await trx.deleteFrom('list_rows').where('id', 'in', rowIds).execute();
}

/** Writes a row's stored JSON as it is. */
export async function writeRowData(trx: Tx, rowId: string, data: string, now: string, updatedBy: string | null): Promise<void> {
  await trx.updateTable('list_rows').set({ data, updated_at: now, updated_by: updatedBy, stamp: writtenStamp(trx) }).where('id', '=', rowId).execute();
}
