import { batchedTransaction } from '../../db/batched-transaction.js';
import { announceEvents, streamsOf } from '../events/index.js';
import { logListEvents } from './log-events.js';
import type { Engine } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { AppContext } from '../../runtime/context.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { listColumns, type ListColumns } from './columns.js';
import {
  bumpRows,
  claimUniques,
  findLiveRow,
  findTrashedRow,
  heldUniques,
  insertNewRows,
  loadColumns,
  listAs,
  purgeTrashed,
  reclaimUniques,
  releaseUniques,
  setRowData,
  trashPage,
  trashRow,
  untrashRow,
  type StoredColumn,
  type RowEditor,
  type StoredRow,
  type Tx,
  type UniqueKey,
} from './queries/index.js';
import { presentRowData } from './presenter.js';
import { storedData, uniqueKeys, uniqueViolation } from './row-data.js';
import { editableList } from './sources.js';

// Rows: add, edit, the trash. Each write is one transaction (on SQLite, row adds arriving
// together share one, each in a savepoint: db/batched-transaction.ts) ending with the list's
// rows_version bump; ids from clients are looked up scoped to the caller. A row records who last
// added, edited or restored it (`updatedBy`), and each write reports `listRowsChanged` once it
// has committed (its watchers are told).

const TRASH_DAYS = 30;
const TRASH_MS = TRASH_DAYS * 24 * 3600_000;

/** A row as written, with the columns it was written against (what the presenter needs). */
export interface WrittenRow {
  row: StoredRow;
  columns: StoredColumn[];
}

/** Tells the list's listeners (its watchers) of a committed change of its rows. */
/**
 * Who writes a row: named in its `updatedBy`. The list access checked is the writer's own, unless
 * `accessAs` names another user: an edit share link's holder writes with the owner's, the link
 * itself having been checked (share-links/resolution.ts).
 */
export type RowWriter = RowEditor & { accessAs?: string };
const accessOf = (writer: RowWriter) => writer.accessAs ?? writer.id;

const changed = (ctx: AppContext, listId: string, editor: RowWriter) => ctx.events.emit('listRowsChanged', { listId, actorId: editor.id, changes: 1 });

/** The oldest deletion time a row in the trash may have. */
const trashCutoff = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock.now().getTime() - TRASH_MS).toISOString();

/** The cells to store for a row's input, or 400 validation_failed with every message. */
function validStored({ columns, validate }: ListColumns, input: Record<string, unknown>, isNew: boolean): Record<string, unknown> {
  const { data, errors } = validate(input, isNew);
  if (errors.length > 0) throw validationFailed(errors);
  return storedData(columns, data);
}

/** A unique value of a write refused by the index; it carries the cells the row was given, to name the columns. */
class UniqueTaken extends Error {
  constructor(readonly stored: Record<string, unknown>) {
    super('A unique value is already taken');
  }
}

/** Claims a row's unique values (in place of its earlier claims when `replacing`); one another live row holds is UniqueTaken. */
async function claimUniqueCells(trx: Tx, rowId: string, columns: readonly StoredColumn[], stored: Record<string, unknown>, { replacing = false } = {}): Promise<void> {
  try {
    await (replacing ? reclaimUniques : claimUniques)(trx, rowId, uniqueKeys(columns, stored));
  } catch (err) {
    throw isUniqueViolation(err) ? new UniqueTaken(stored) : err;
  }
}

/**
 * Runs a row write whose transaction claims unique values. Writes claim them without looking
 * first: the index decides, also between two simultaneous writers. A value taken becomes the 409
 * naming the columns whose values another live row holds, worked out once the write's
 * transaction has ended (rolled back; on SQLite it held the one connection until then).
 */
async function namingTakenUniques<T>(ctx: AppContext, listId: string, rowId: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof UniqueTaken)) throw err;
    const columns = await loadColumns(ctx.db.kysely, listId);
    const held = await heldUniques(ctx.db.kysely, uniqueKeys(columns, err.stored), rowId);
    const taken = columns.filter((c) => held.has(c.propertyId)).map((c) => c.label);
    throw uniqueViolation(taken.length > 0 ? taken : columns.filter((c) => c.unique).map((c) => c.label));
  }
}

/**
 * Writes the new rows of a batch's adds to one list in one statement (each unit only collects its
 * row). Alone, a value another live row holds is that row's UniqueTaken; with several, the error
 * spoils the batch and each add runs again alone (db/batched-transaction.ts).
 */
async function insertCollected(trx: Tx, engine: Engine, listId: string, editorId: string, items: readonly { row: StoredRow; keys: UniqueKey[] }[]): Promise<void> {
  try {
    await insertNewRows(
      trx,
      engine,
      listId,
      items.map(({ row, keys }) => ({ id: row.id, at: row.created_at, data: JSON.stringify(row.data), keys })),
      editorId,
    );
  } catch (err) {
    throw items.length === 1 && isUniqueViolation(err) ? new UniqueTaken(items[0].row.data) : err;
  }
}

async function liveRow(db: Tx, listId: string, rowId: string): Promise<StoredRow> {
  const row = await findLiveRow(db, listId, rowId);
  if (!row) throw notFound('Row not found');
  return row;
}

export async function addRow(ctx: AppContext, editor: RowWriter, listId: string, input: Record<string, unknown>): Promise<WrittenRow> {
  const userId = accessOf(editor);
  const written = await namingTakenUniques(ctx, listId, null, () =>
    // Group commit (db/batched-transaction.ts): the adds arriving together share a transaction,
    // each list read once, its new rows written in one statement and its version bumped once per
    // batch; a failing add takes back only its own.
    batchedTransaction(ctx.db, async (scope) => {
      const list = await scope.once(`list ${userId} ${listId}`, () => editableList(scope.trx, userId, listId, 'editor'));
      const schema = await listColumns(ctx, scope.trx, list);
      const now = isoNow(ctx.clock);
      const row: StoredRow = { id: newId(), data: validStored(schema, input, true), created_at: now, updated_at: now, updated_by: { id: editor.id, username: editor.username } };
      // The adds of one batch to one list are one user's or another's: collected per editor.
      scope.collect(`new rows ${listId} ${editor.id}`, { row, keys: uniqueKeys(schema.columns, row.data) }, (items) => insertCollected(scope.trx, ctx.db.engine, listId, editor.id, items));
      scope.beforeCommit(`rows ${listId}`, () => bumpRows(scope.trx, listId));
      // Its event to everyone who may read the list, the batch's events one write. The audience is
      // read there, after the version bump took the list's row (a revoke takes it too: events/access.ts),
      // so a collaborator whose share was revoked meanwhile is not in it.
      const heard = await scope.once(`audience ${listId}`, () => Promise.resolve({ users: [] as string[] }));
      scope.collect(`row events ${listId} ${editor.id}`, { type: 'list.row.created', data: { rowId: row.id } }, async (items) => {
        heard.users = await logListEvents(scope.trx, ctx.clock.now(), listId, editor.id, items);
      });
      // Answered from what was written (no read-back).
      return { row, columns: schema.columns, audience: heard };
    }),
  );
  announceEvents(ctx, streamsOf(written.audience.users));
  changed(ctx, listId, editor);
  return { row: written.row, columns: written.columns };
}

/** Edits a row: the keys sent replace those cells (null clears one); the others keep their values. */
export async function editRow(ctx: AppContext, editor: RowWriter, listId: string, rowId: string, input: Record<string, unknown>): Promise<WrittenRow> {
  const written = await namingTakenUniques(ctx, listId, rowId, () =>
    ctx.db.kysely.transaction().execute(async (trx) => {
      const list = await editableList(trx, accessOf(editor), listId, 'editor');
      const schema = await listColumns(ctx, trx, list);
      const existing = await liveRow(trx, listId, rowId);
      const data = validStored(schema, { ...presentRowData(schema.columns, existing.data), ...input }, false);
      const row = { ...existing, data, updated_at: isoNow(ctx.clock), updated_by: { id: editor.id, username: editor.username } };
      await setRowData(trx, row);
      await claimUniqueCells(trx, rowId, schema.columns, data, { replacing: true });
      await bumpRows(trx, listId);
      const audience = await logListEvents(trx, ctx.clock.now(), listId, editor.id, [{ type: 'list.row.updated', data: { rowId } }]);
      return { row, columns: schema.columns, audience };
    }),
  );
  announceEvents(ctx, streamsOf(written.audience));
  changed(ctx, listId, editor);
  return { row: written.row, columns: written.columns };
}

/** Moves a row to the trash (kept 30 days); its unique values are released. */
export async function deleteRow(ctx: AppContext, editor: RowWriter, listId: string, rowId: string): Promise<void> {
  const audience = await ctx.db.kysely.transaction().execute(async (trx) => {
    await editableList(trx, accessOf(editor), listId, 'editor');
    await liveRow(trx, listId, rowId);
    const deletedAt = ctx.clock.now().toISOString();
    await trashRow(trx, rowId, deletedAt);
    await releaseUniques(trx, rowId);
    await bumpRows(trx, listId);
    return logListEvents(trx, ctx.clock.now(), listId, editor.id, [{ type: 'list.row.deleted', data: { rowId, deletedAt, reason: 'deleted' } }]);
  });
  announceEvents(ctx, streamsOf(audience));
  changed(ctx, listId, editor);
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

/** Brings a row back from the trash: a write of the row, so its updatedAt and updatedBy are the restorer's. */
export async function restoreRow(ctx: AppContext, editor: RowWriter, listId: string, rowId: string): Promise<WrittenRow> {
  const written = await namingTakenUniques(ctx, listId, rowId, () =>
    ctx.db.kysely.transaction().execute(async (trx) => {
      const list = await editableList(trx, accessOf(editor), listId, 'editor');
      const trashed = await findTrashedRow(trx, listId, rowId, trashCutoff(ctx));
      if (!trashed) throw notFound('Row not found in the trash');
      const { columns } = await listColumns(ctx, trx, list);
      const row = { ...trashed, updated_at: isoNow(ctx.clock), updated_by: { id: editor.id, username: editor.username } };
      await untrashRow(trx, rowId, row.updated_at, editor.id);
      await claimUniqueCells(trx, rowId, columns, row.data);
      await bumpRows(trx, listId);
      return { row, columns };
    }),
  );
  changed(ctx, listId, editor);
  return written;
}

export async function listTrash(ctx: AppContext, userId: string, listId: string, page: { limit: number; offset: number }) {
  const db = ctx.db.kysely;
  const list = await listAs(db, userId, listId, 'editor');
  const { columns } = await listColumns(ctx, db, list);
  return { columns, ...(await trashPage(db, listId, trashCutoff(ctx), page)) };
}
