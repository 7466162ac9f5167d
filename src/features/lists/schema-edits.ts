import type { AppContext } from '../../runtime/context.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { badRequest } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { announceEvents, streamsOf } from '../events/index.js';
import { logListEvents } from './log-events.js';
import { checkColumns, parseColumn, parseSchema, type Column } from './dsl.js';
import { editableList } from './sources.js';
import {
  allRows,
  bumpSchema,
  clearList,
  deleteColumns,
  insertColumn,
  insertColumns,
  loadColumns,
  listAs,
  replaceColumnClaims,
  setListSchema,
  updateColumn,
  type ListView,
  type StoredColumn,
} from './queries/index.js';
import { uniqueKeys, uniqueViolation } from './row-data.js';
import { valueErrors } from './validate.js';
import { isEmptyValue } from './visibility.js';

// Schema edits (PUT /api/lists/{id}/schema): a destructive rebuild from a schema object, or a
// non-destructive edit of the columns that keeps their data. Each is one transaction that moves
// the list's schema_version (and a rebuild its rows_version), and writes `list.updated` to
// everyone who may read the list (a collaborator's open page takes the new columns from it).

/** Destructive rebuild: every column and every row is replaced; the schema's name becomes the title. */
export async function rebuildSchema(ctx: AppContext, userId: string, listId: string, raw: unknown): Promise<ListView> {
  const schema = parseSchema(raw);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await editableList(trx, userId, listId, 'owner');
    const now = isoNow(ctx.clock);
    await clearList(trx, listId);
    const columns = await insertColumns(trx, listId, schema, now);
    await setListSchema(trx, listId, schema, now);
    const list = await listAs(trx, userId, listId, 'owner');
    return { view: { list, columns }, audience: await schemaChanged(ctx, trx, listId, userId, list.title) };
  }).then((done) => announced(ctx, done));
}

/** Once committed: the event's readers are told, and the edit answers the list. */
function announced(ctx: AppContext, done: { view: ListView; audience: string[] }): ListView {
  announceEvents(ctx, streamsOf(done.audience));
  return done.view;
}

/** The `list.updated` event of a schema edit, in its transaction; answers who it went to. */
function schemaChanged(ctx: AppContext, trx: Parameters<typeof logListEvents>[0], listId: string, userId: string, title: string) {
  return logListEvents(trx, ctx.clock.now(), listId, userId, [{ type: 'list.updated', data: { title } }]);
}

/** The columns of an edit, checked: each with the propertyId of the column it keeps, or null for a new one. */
function parseEdit(items: unknown[]): { column: Column; propertyId: string | null }[] {
  const parsed = items.map((raw, i) => {
    const column = parseColumn(raw, i);
    const pid = (raw as Record<string, unknown>).propertyId;
    if (pid !== undefined && pid !== null && typeof pid !== 'string') throw badRequest('Invalid schema: propertyId must be a string');
    return { column, propertyId: (pid as string | undefined) ?? null };
  });
  checkColumns(parsed.map((p) => p.column));
  const ids = parsed.map((p) => p.propertyId).filter((x): x is string => x !== null);
  if (new Set(ids).size !== ids.length) throw badRequest('Invalid schema: a propertyId appears more than once');
  return parsed;
}

/**
 * Non-destructive edit: items with a known propertyId keep that column and its
 * data (label, rules, options, order and key may change); items without one add a column; columns
 * left out are removed with their values. A type change needs every stored value to fit.
 */
export async function editProperties(ctx: AppContext, userId: string, listId: string, items: unknown[]): Promise<ListView> {
  const parsed = parseEdit(items);
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      await editableList(trx, userId, listId, 'owner');
      const existing = await loadColumns(trx, listId);
      const byId = new Map(existing.map((c) => [c.propertyId, c]));
      for (const { propertyId } of parsed) if (propertyId !== null && !byId.has(propertyId)) throw badRequest(`Invalid schema: unknown propertyId "${propertyId}"`);
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
          await updateColumn(trx, id, column, position);
          if (before.type !== column.type) typeChanged.push(stored);
          // A unique claim's form depends on the type (numbers, e-mail addresses).
          if ((before.unique || column.unique) && (before.unique !== column.unique || before.type !== column.type)) uniquesChanged.push(stored);
        } else {
          await insertColumn(trx, listId, id, column, position, now);
        }
      }
      await deleteColumns(trx, existing.filter((c) => !next.some((n) => n.propertyId === c.propertyId)).map((c) => c.propertyId));

      if (typeChanged.length > 0 || uniquesChanged.length > 0) {
        const rows = await allRows(trx, listId);
        for (const c of typeChanged) {
          const misfits = rows.filter(({ data }) => !isEmptyValue(data[c.propertyId]) && valueErrors({ ...c, validation: null }, data[c.propertyId]).length > 0).length;
          if (misfits > 0) {
            throw badRequest(`Cannot change ${c.label} to type ${c.type}: ${misfits} stored value${misfits === 1 ? ' does' : 's do'} not fit`);
          }
        }
        // The unique claims of those columns are made anew (the unique index refuses duplicates: 409).
        for (const c of uniquesChanged) {
          const claims = rows.flatMap((r) => (r.deleted_at ? [] : uniqueKeys([c], r.data).map(([, value]) => ({ row_id: r.id, value }))));
          await replaceColumnClaims(trx, c.propertyId, claims);
        }
      }
      await bumpSchema(trx, listId, now);
      const list = await listAs(trx, userId, listId, 'owner');
      return { view: { list, columns: next }, audience: await schemaChanged(ctx, trx, listId, userId, list.title) };
    }).then((done) => announced(ctx, done));
  } catch (err) {
    if (isUniqueViolation(err)) throw uniqueViolation(parsed.filter((p) => p.column.unique).map((p) => p.column.label));
    throw err;
  }
}
