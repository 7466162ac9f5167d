import { batchedTransaction } from '../../db/batched-transaction.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { AppContext } from '../../runtime/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { listColumns } from './columns.js';
import {
  bumpRows,
  claimUniques,
  findLiveRow,
  findTrashedRow,
  heldUniques,
  insertRow,
  loadColumns,
  ownList,
  purgeTrashed,
  reclaimUniques,
  releaseUniques,
  setRowData,
  trashPage,
  trashRow,
  untrashRow,
  type ListRecord,
  type StoredColumn,
  type StoredRow,
  type Tx,
} from './queries/index.js';
import { presentRowData } from './presenter.js';
import { storedData, uniqueKeys, uniqueViolation } from './row-data.js';

// Rows: add, edit, the trash. Each write is one transaction (on SQLite, row adds arriving
// together share one, each in a savepoint: db/batched-transaction.ts) ending with the list's
// rows_version bump; ids from clients are looked up scoped to the caller.

export const TRASH_DAYS = 30;
const TRASH_MS = TRASH_DAYS * 24 * 3600_000;

/** A row as written, with the columns it was written against (what the presenter needs). */
export interface WrittenRow {
  row: StoredRow;
  columns: StoredColumn[];
}

function validationFailed(errors: string[]) {
  return badRequest(errors[0], 'validation_failed', { errors });
}

/** The oldest deletion time a row in the trash may have. */
const trashCutoff = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock.now().getTime() - TRASH_MS).toISOString();

/**
 * After a unique-index failure: the 409 naming the columns whose values another live row holds.
 * Writes claim unique values without looking first: the index decides, also between two
 * simultaneous writers, and this names the columns afterwards.
 */
async function raceLost(ctx: AppContext, listId: string, stored: Record<string, unknown>, rowId: string | null) {
  const columns = await loadColumns(ctx.db.kysely, listId);
  const held = await heldUniques(ctx.db.kysely, uniqueKeys(columns, stored), rowId);
  const taken = columns.filter((c) => held.has(c.propertyId)).map((c) => c.label);
  return uniqueViolation(taken.length > 0 ? taken : columns.filter((c) => c.unique).map((c) => c.label));
}

export async function addRow(ctx: AppContext, userId: string, listId: string, input: Record<string, unknown>): Promise<WrittenRow> {
  const add: RowAdd = { userId, listId, input };
  try {
    // Group commit on SQLite (db/batched-transaction.ts): the adds of one turn share a transaction,
    // each list read once and its version bumped once per batch; a failing add takes back only its own.
    return await batchedTransaction(ctx.db, async (scope) => {
      const list = await scope.once(`list ${userId} ${listId}`, () => ownList(scope.trx, userId, listId));
      const { row, columns } = await checkAdd(ctx, scope.trx, add, list);
      await insertRow(scope.trx, listId, row);
      await claimUniques(scope.trx, row.id, uniqueKeys(columns, row.data));
      scope.beforeCommit(`rows ${listId}`, () => bumpRows(scope.trx, listId));
      // Answered from what was written (no read-back).
      return { row, columns };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw await raceLost(ctx, listId, add.stored ?? {}, null);
    throw err;
  }
}

interface RowAdd {
  userId: string;
  listId: string;
  input: Record<string, unknown>;
  /** The row's cells as written (for the 409 of a lost unique race). */
  stored?: Record<string, unknown>;
}

/** Validates an add against its list (read in the same transaction); writes nothing. */
async function checkAdd(ctx: AppContext, trx: Tx, add: RowAdd, list: ListRecord) {
  const { columns, validate } = await listColumns(ctx, trx, list);
  const { data, errors } = validate(add.input, true);
  if (errors.length > 0) throw validationFailed(errors);
  const stored = storedData(columns, data);
  add.stored = stored;
  const now = isoNow(ctx.clock);
  return { columns, row: { id: newId(), data: stored, created_at: now, updated_at: now } };
}

async function liveRow(db: Tx, listId: string, rowId: string): Promise<StoredRow> {
  const row = await findLiveRow(db, listId, rowId);
  if (!row) throw notFound('Row not found');
  return row;
}

/** Edits a row: the keys sent replace those cells (null clears one); the others keep their values. */
export async function editRow(ctx: AppContext, userId: string, listId: string, rowId: string, input: Record<string, unknown>): Promise<WrittenRow> {
  let stored: Record<string, unknown> = {};
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const list = await ownList(trx, userId, listId);
      const { columns, validate } = await listColumns(ctx, trx, list);
      const existing = await liveRow(trx, listId, rowId);
      const merged = { ...presentRowData(columns, existing.data), ...input };
      const { data, errors } = validate(merged, false);
      if (errors.length > 0) throw validationFailed(errors);
      stored = storedData(columns, data);
      const now = isoNow(ctx.clock);
      const row = { ...existing, data: stored, updated_at: now };
      await setRowData(trx, row);
      await reclaimUniques(trx, rowId, uniqueKeys(columns, stored));
      await bumpRows(trx, listId);
      return { row, columns };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw await raceLost(ctx, listId, stored, rowId);
    throw err;
  }
}

/** Moves a row to the trash (kept 30 days); its unique values are released. */
export async function deleteRow(ctx: AppContext, userId: string, listId: string, rowId: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    await liveRow(trx, listId, rowId);
    await trashRow(trx, rowId, ctx.clock.now().toISOString());
    await releaseUniques(trx, rowId);
    await bumpRows(trx, listId);
  });
}

/** Removes for good the rows whose 30 days in the trash are over (the housekeeping job); their cell values go with them. */
export async function purgeListTrash(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const cutoff = trashCutoff(ctx);
  // In batches, so that no single write transaction holds SQLite's one writer for long. Trashed
  // rows are in no live query, so the lists' rows_version stays as it is.
  let total = 0;
  for (;;) {
    const n = await purgeTrashed(ctx.db.kysely, cutoff, 1000);
    total += n;
    if (n < 1000) return total;
  }
}

export async function restoreRow(ctx: AppContext, userId: string, listId: string, rowId: string): Promise<WrittenRow> {
  let stored: Record<string, unknown> = {};
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const list = await ownList(trx, userId, listId);
      const row = await findTrashedRow(trx, listId, rowId, trashCutoff(ctx));
      if (!row) throw notFound('Row not found in the trash');
      const { columns } = await listColumns(ctx, trx, list);
      stored = row.data;
      const now = isoNow(ctx.clock);
      await untrashRow(trx, rowId, now);
      await claimUniques(trx, rowId, uniqueKeys(columns, stored));
      await bumpRows(trx, listId);
      return { row: { ...row, updated_at: now }, columns };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw await raceLost(ctx, listId, stored, rowId);
    throw err;
  }
}

export async function listTrash(ctx: AppContext, userId: string, listId: string, page: { limit: number; offset: number }) {
  const db = ctx.db.kysely;
  const list = await ownList(db, userId, listId);
  const { columns } = await listColumns(ctx, db, list);
  return { columns, ...(await trashPage(db, listId, trashCutoff(ctx), page)) };
}
