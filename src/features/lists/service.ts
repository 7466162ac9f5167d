import { batchedTransaction } from '../../db/batched-transaction.js';
import type { AppContext } from '../../runtime/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { checkColumns, parseColumn, parseSchema, type Column } from './dsl.js';
import { listCaches, listVersion } from './cache.js';
import { queryRows, type RowQuery } from './query.js';
import {
  bumpRows,
  insertColumns,
  insertRow,
  listColumns,
  loadColumns,
  loadColumnsOf,
  ownList,
  parseStored,
  propertyValues,
  releaseUniques,
  claimUniques,
  reclaimUniques,
  storedData,
  takenUniques,
  toListRecord,
  uniqueKeys,
  uniqueViolation,
  wireData,
  type ListRecord,
  type StoredColumn,
  type Tx,
} from './store.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { valueErrors } from './validate.js';
import { isEmptyValue } from './visibility.js';

// Lists, rows and schema edits. Each operation is one transaction (on SQLite, row adds arriving
// together share one, each in a savepoint: db/batched-transaction.ts); ids from clients are looked
// up scoped to the caller (not found and not yours are the same 404).

export const TRASH_DAYS = 30;
const TRASH_MS = TRASH_DAYS * 24 * 3600_000;

export interface ListView {
  list: ListRecord;
  columns: StoredColumn[];
}

export interface RowRecord {
  id: string;
  data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  deleted_at?: string | null;
}

export interface ListInput {
  title?: string;
  description?: string | null;
  isPublic?: boolean;
  folderId?: string | null;
  schema?: unknown;
}

export interface ListPatch {
  title?: string;
  description?: string | null;
  isPublic?: boolean;
  folderId?: string | null;
}

function validationFailed(errors: string[]) {
  return badRequest(errors[0], 'validation_failed', { errors });
}

async function assertOwnFolder(db: Tx, userId: string, folderId: string | null | undefined): Promise<void> {
  if (folderId === undefined || folderId === null) return;
  const f = await db
    .selectFrom('list_folders')
    .select('id')
    .where('id', '=', folderId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!f) throw notFound('Folder not found');
}

export async function createList(ctx: AppContext, userId: string, input: ListInput): Promise<ListView> {
  const schema = parseSchema(input.schema);
  const now = isoNow(ctx.clock);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await assertOwnFolder(trx, userId, input.folderId);
    const list = {
      id: newId(),
      user_id: userId,
      title: input.title ?? schema.name,
      description: input.description !== undefined ? input.description : schema.description,
      is_public: input.isPublic ?? false,
      folder_id: input.folderId ?? null,
      schema_name: schema.name,
      schema_description: schema.description,
      created_at: now,
      updated_at: now,
      rows_version: 0,
      schema_version: 0,
    };
    await trx.insertInto('lists').values(list).execute();
    const columns = await insertColumns(trx, list.id, schema, now);
    return { list, columns };
  });
}

export async function getList(ctx: AppContext, userId: string, listId: string): Promise<ListView> {
  const db = ctx.db.kysely;
  const list = await ownList(db, userId, listId);
  return { list, columns: (await listColumns(ctx, db, list)).columns };
}

export async function listLists(
  ctx: AppContext,
  userId: string,
  page: { limit: number; offset: number; folderId?: string },
): Promise<{ lists: ListView[]; total: number }> {
  const db = ctx.db.kysely;
  let base = db.selectFrom('lists').where('user_id', '=', userId);
  if (page.folderId !== undefined) base = base.where('folder_id', '=', page.folderId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const columns = await loadColumnsOf(db, rows.map((r) => r.id));
  return { lists: rows.map((r) => ({ list: toListRecord(r), columns: columns.get(r.id)! })), total: Number(count.n) };
}

export async function updateList(ctx: AppContext, userId: string, listId: string, patch: ListPatch): Promise<ListView> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    await assertOwnFolder(trx, userId, patch.folderId);
    await trx
      .updateTable('lists')
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.isPublic !== undefined ? { is_public: patch.isPublic } : {}),
        ...(patch.folderId !== undefined ? { folder_id: patch.folderId } : {}),
        updated_at: isoNow(ctx.clock),
      })
      .where('id', '=', listId)
      .execute();
    const list = await ownList(trx, userId, listId);
    return { list, columns: (await listColumns(ctx, trx, list)).columns };
  });
}

export async function deleteList(ctx: AppContext, userId: string, listId: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    await trx.deleteFrom('lists').where('id', '=', listId).execute();
  });
}

// ---- rows

type StoredRow = { id: string; data: string | Record<string, unknown>; created_at: string; updated_at: string; deleted_at?: string | null };

function presentable(columns: readonly StoredColumn[], r: StoredRow, hidden?: ReadonlySet<string>): RowRecord {
  return { id: r.id, data: wireData(columns, parseStored(r.data), hidden), created_at: r.created_at, updated_at: r.updated_at, ...(r.deleted_at !== undefined ? { deleted_at: r.deleted_at } : {}) };
}

/**
 * After a unique-index failure: the 409 naming the columns whose values another live row holds.
 * Writes claim unique values without looking first: the index decides, also between two
 * simultaneous writers, and this names the columns afterwards.
 */
async function raceLost(ctx: AppContext, listId: string, stored: Record<string, unknown>, rowId: string | null) {
  const columns = await loadColumns(ctx.db.kysely, listId);
  const taken = await takenUniques(ctx.db.kysely, columns, stored, rowId);
  return uniqueViolation(taken.length > 0 ? taken : columns.filter((c) => c.unique).map((c) => c.label));
}

export async function addRow(ctx: AppContext, userId: string, listId: string, input: Record<string, unknown>): Promise<{ row: RowRecord; columns: StoredColumn[] }> {
  const add: RowAdd = { userId, listId, input };
  try {
    // Group commit on SQLite (db/batched-transaction.ts): the adds of one turn share a transaction,
    // each list read once and its version bumped once per batch; a failing add takes back only its own.
    return await batchedTransaction(ctx.db, async (scope) => {
      const list = await scope.once(`list ${userId} ${listId}`, () => ownList(scope.trx, userId, listId));
      const { row, columns } = await checkAdd(ctx, scope.trx, add, list);
      await insertAdd(scope.trx, row, columns, add.stored!);
      scope.beforeCommit(`rows ${listId}`, () => bumpRows(scope.trx, listId));
      return answerOf(row, columns, add.stored!);
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

type Added = { row: RowRecord; columns: StoredColumn[] };

/** Validates an add against its list (read in the same transaction); writes nothing. */
async function checkAdd(ctx: AppContext, trx: Tx, add: RowAdd, list: ListRecord) {
  const { columns, validate } = await listColumns(ctx, trx, list);
  const { data, errors } = validate(add.input, true);
  if (errors.length > 0) throw validationFailed(errors);
  const stored = storedData(columns, data);
  add.stored = stored;
  const now = isoNow(ctx.clock);
  return { columns, row: { id: newId(), list_id: add.listId, data: JSON.stringify(stored), created_at: now, updated_at: now } };
}

async function insertAdd(trx: Tx, row: { id: string; list_id: string; data: string; created_at: string; updated_at: string }, columns: StoredColumn[], stored: Record<string, unknown>) {
  await insertRow(trx, row);
  await claimUniques(trx, row.id, uniqueKeys(columns, stored));
}

/** Answered from what was written (no read-back, no parse of the JSON just made). */
const answerOf = (row: { id: string; created_at: string; updated_at: string }, columns: StoredColumn[], stored: Record<string, unknown>): Added => ({
  row: presentable(columns, { ...row, data: stored }),
  columns,
});

async function liveRow(db: Tx, listId: string, rowId: string) {
  const row = await db
    .selectFrom('list_rows')
    .select(['id', 'data', 'created_at', 'updated_at'])
    .where('id', '=', rowId)
    .where('list_id', '=', listId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Row not found');
  return row;
}

/** Edits a row: the keys sent replace those cells (null clears one); the others keep their values. */
export async function editRow(ctx: AppContext, userId: string, listId: string, rowId: string, input: Record<string, unknown>): Promise<{ row: RowRecord }> {
  let stored: Record<string, unknown> = {};
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const list = await ownList(trx, userId, listId);
      const { columns, validate } = await listColumns(ctx, trx, list);
      const existing = await liveRow(trx, listId, rowId);
      const merged = { ...wireData(columns, parseStored(existing.data)), ...input };
      const { data, errors } = validate(merged, false);
      if (errors.length > 0) throw validationFailed(errors);
      stored = storedData(columns, data);
      const now = isoNow(ctx.clock);
      await trx.updateTable('list_rows').set({ data: JSON.stringify(stored), updated_at: now }).where('id', '=', rowId).execute();
      await reclaimUniques(trx, rowId, uniqueKeys(columns, stored));
      await bumpRows(trx, listId);
      return { row: presentable(columns, { ...existing, data: stored, updated_at: now }) };
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
    const now = ctx.clock.now();
    await trx.updateTable('list_rows').set({ deleted_at: now.toISOString() }).where('id', '=', rowId).execute();
    await releaseUniques(trx, rowId);
    await bumpRows(trx, listId);
  });
}

/** Removes for good the rows whose 30 days in the trash are over (the housekeeping job); their cell values go with them. */
export async function purgeListTrash(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - TRASH_MS).toISOString();
  // In batches, so that no single write transaction holds SQLite's one writer for long. Trashed
  // rows are in no live query, so the lists' rows_version stays as it is.
  let total = 0;
  for (;;) {
    const batch = ctx.db.kysely.selectFrom('list_rows').select('id').where('deleted_at', '<', cutoff).limit(1000);
    const result = await ctx.db.kysely.deleteFrom('list_rows').where('id', 'in', batch).executeTakeFirst();
    const n = Number(result.numDeletedRows);
    total += n;
    if (n < 1000) return total;
  }
}

export async function restoreRow(ctx: AppContext, userId: string, listId: string, rowId: string): Promise<{ row: RowRecord }> {
  let stored: Record<string, unknown> = {};
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const list = await ownList(trx, userId, listId);
      const cutoff = new Date(ctx.clock.now().getTime() - TRASH_MS).toISOString();
      const row = await trx
        .selectFrom('list_rows')
        .select(['id', 'data', 'created_at', 'updated_at'])
        .where('id', '=', rowId)
        .where('list_id', '=', listId)
        .where('deleted_at', '>=', cutoff)
        .executeTakeFirst();
      if (!row) throw notFound('Row not found in the trash');
      const { columns } = await listColumns(ctx, trx, list);
      stored = parseStored(row.data);
      const now = isoNow(ctx.clock);
      await trx.updateTable('list_rows').set({ deleted_at: null, updated_at: now }).where('id', '=', rowId).execute();
      await claimUniques(trx, rowId, uniqueKeys(columns, stored));
      await bumpRows(trx, listId);
      return { row: presentable(columns, { ...row, updated_at: now }) };
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
  const cutoff = new Date(ctx.clock.now().getTime() - TRASH_MS).toISOString();
  const base = db.selectFrom('list_rows').where('list_id', '=', listId).where('deleted_at', '>=', cutoff);
  const [rows, count] = await Promise.all([
    base.select(['id', 'data', 'created_at', 'updated_at', 'deleted_at']).orderBy('deleted_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => presentable(columns, r)), total: Number(count.n) };
}

/** A page of a list's live rows (the list already checked by the caller, read with its version counters). */
export async function readRows(ctx: AppContext, list: ListRecord, columns: StoredColumn[], query: RowQuery, hidden?: ReadonlySet<string>) {
  // The answer is kept per list version (cache.ts): a repeat reads no row until the list changes.
  const key = JSON.stringify([query.sort ?? '', query.filter ?? [], query.q?.trim() ?? '', query.offset, query.limit, hidden ? [...hidden].sort() : []]);
  const page = await listCaches<unknown, RowRecord>(ctx).pages.getOrCompute(list.id, listVersion(list), key, async () => {
    const { rows, total } = await queryRows(ctx, list, columns, query);
    const presented = rows.map((r) => presentable(columns, r, hidden));
    return { rows: presented, total, bytes: 2 * JSON.stringify(presented).length };
  });
  return { rows: page.rows, total: page.total };
}

// ---- schema

/** Destructive rebuild: every column and every row is replaced; the schema's name becomes the title. */
export async function rebuildSchema(ctx: AppContext, userId: string, listId: string, raw: unknown): Promise<ListView> {
  const schema = parseSchema(raw);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await ownList(trx, userId, listId);
    const now = isoNow(ctx.clock);
    await trx.deleteFrom('list_rows').where('list_id', '=', listId).execute();
    await trx.deleteFrom('list_views').where('list_id', '=', listId).execute();
    await trx.deleteFrom('list_properties').where('list_id', '=', listId).execute();
    const columns = await insertColumns(trx, listId, schema, now);
    await trx
      .updateTable('lists')
      .set((eb) => ({
        title: schema.name,
        schema_name: schema.name,
        schema_description: schema.description,
        updated_at: now,
        rows_version: eb('rows_version', '+', 1),
        schema_version: eb('schema_version', '+', 1),
      }))
      .where('id', '=', listId)
      .execute();
    return { list: await ownList(trx, userId, listId), columns };
  });
}

const BATCH = 1000;

/**
 * Non-destructive edit: items with a known propertyId keep that column and its
 * data (label, rules, options, order and key may change); items without one add a column; columns
 * left out are removed with their values. A type change needs every stored value to fit.
 */
export async function editProperties(ctx: AppContext, userId: string, listId: string, items: unknown[]): Promise<ListView> {
  const parsed: { column: Column; propertyId: string | null }[] = items.map((raw, i) => {
    const column = parseColumn(raw, i);
    const pid = (raw as Record<string, unknown>).propertyId;
    if (pid !== undefined && pid !== null && typeof pid !== 'string') throw badRequest('Invalid schema: propertyId must be a string');
    return { column, propertyId: (pid as string | undefined) ?? null };
  });
  checkColumns(parsed.map((p) => p.column));
  const ids = parsed.map((p) => p.propertyId).filter((x): x is string => x !== null);
  if (new Set(ids).size !== ids.length) throw badRequest('Invalid schema: a propertyId appears more than once');

  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      await ownList(trx, userId, listId);
      const existing = await loadColumns(trx, listId);
      const byId = new Map(existing.map((c) => [c.propertyId, c]));
      for (const id of ids) if (!byId.has(id)) throw badRequest(`Invalid schema: unknown propertyId "${id}"`);
      const now = isoNow(ctx.clock);

      const uniquesChanged: StoredColumn[] = [];
      const typeChanged: StoredColumn[] = [];
      const next: StoredColumn[] = [];
      for (const [position, { column, propertyId }] of parsed.entries()) {
        const id = propertyId ?? newId();
        const stored: StoredColumn = { ...column, propertyId: id };
        next.push(stored);
        const before = propertyId ? byId.get(propertyId)! : null;
        if (before) {
          await trx
            .updateTable('list_properties')
            .set({ property_key: column.key, property_name: column.label, property_type: column.type, definition: JSON.stringify(column), position })
            .where('id', '=', id)
            .execute();
          if (before.type !== column.type) typeChanged.push(stored);
          // A unique claim's form depends on the type (numbers, e-mail addresses).
          if ((before.unique || column.unique) && (before.unique !== column.unique || before.type !== column.type)) uniquesChanged.push(stored);
        } else {
          await trx.insertInto('list_properties').values(propertyValues(column, position, listId, now, id)).execute();
        }
      }
      const removed = existing.filter((c) => !next.some((n) => n.propertyId === c.propertyId)).map((c) => c.propertyId);
      if (removed.length > 0) await trx.deleteFrom('list_properties').where('id', 'in', removed).execute();

      if (typeChanged.length > 0 || uniquesChanged.length > 0) {
        const rows = await trx.selectFrom('list_rows').select(['id', 'data', 'deleted_at']).where('list_id', '=', listId).execute();
        const data = rows.map((r) => parseStored(r.data));
        for (const c of typeChanged) {
          const misfits = data.filter((d) => !isEmptyValue(d[c.propertyId]) && valueErrors({ ...c, validation: null }, d[c.propertyId]).length > 0).length;
          if (misfits > 0) {
            throw badRequest(`Cannot change ${c.label} to type ${c.type}: ${misfits} stored value${misfits === 1 ? ' does' : 's do'} not fit`);
          }
        }
        // The unique claims of those columns are made anew (the unique index refuses duplicates: 409).
        for (const c of uniquesChanged) {
          await trx.deleteFrom('list_unique_values').where('property_id', '=', c.propertyId).execute();
          const claims = rows.flatMap((r, i) => (r.deleted_at ? [] : uniqueKeys([c], data[i]).map(([property_id, value]) => ({ property_id, value, row_id: r.id }))));
          for (let i = 0; i < claims.length; i += BATCH) await trx.insertInto('list_unique_values').values(claims.slice(i, i + BATCH)).execute();
        }
      }
      // Filters and sorts name columns by key: cached row orders of the old columns must not be read again.
      await trx
        .updateTable('lists')
        .set((eb) => ({ updated_at: now, schema_version: eb('schema_version', '+', 1) }))
        .where('id', '=', listId)
        .execute();
      return { list: await ownList(trx, userId, listId), columns: next };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw uniqueViolation(parsed.filter((p) => p.column.unique).map((p) => p.column.label));
    throw err;
  }
}
