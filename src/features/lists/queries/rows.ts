import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../../../db/connection.js';
import { isPostgres } from '../../../db/dialect.js';
import { preparedQuery } from '../../../db/prepared.js';
import type { Database } from '../../../db/types.js';
import { newId } from '../../../lib/ids.js';
import type { Tx } from './tx.js';

// Rows: one JSON value per row keyed by property id (text on SQLite, jsonb on PostgreSQL; rows
// leave these queries parsed). The non-empty cells of unique columns of live rows are also
// claimed in list_unique_values, whose primary key is the uniqueness constraint. Every row write
// ends with bumpRows, in its transaction (cache.ts relies on it). Every write of a row sets its
// `stamp`, which row-orders.ts patches a cached order from: on SQLite the list version the write
// commits as (an inserted row takes the version its bump will give, an edited one is left null
// and bumpRows stamps it), on PostgreSQL the writing transaction's id, set by the row's own
// INSERT (the column's default) or UPDATE (writtenStamp). A row deleted outright leaves no stamp:
// forgetRowOrders moves schema_version.

/** A row as these queries return it: `data` parsed, keyed by property id, empty cells absent. */
export interface StoredRow {
  id: string;
  data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** Who last added or edited the row; null before attribution, for a codehost sync, or once that account is gone. */
  updated_by: RowEditor | null;
}

/** Who wrote a row, as rows carry it (`updatedBy`). */
export interface RowEditor {
  id: string;
  username: string;
}

/** A row as a query returns it: its data still as stored, its editor as two columns (a left join on users). */
export interface RawRow {
  id: string;
  data: string | Record<string, unknown>;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  updated_by_username: string | null;
}

export interface TrashedRow extends StoredRow {
  deleted_at: string | null;
}

/** A unique value of a row: [property id, value in uniqueKey form]. */
export type UniqueKey = [string, string];

/** A row as written: its JSON and its unique values (compact: an import holds many of them). */
export interface PreparedRow {
  data: string;
  keys: UniqueKey[];
}

/** Stored row data: JSON text on SQLite, already parsed (jsonb) on PostgreSQL. */
export function parseStored(data: string | Record<string, unknown>): Record<string, unknown> {
  return typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>) : data;
}

/** A row as read: its data parsed, its editor an object (null when there is none, or the account is gone). */
export function parsedRow<R extends RawRow>({ updated_by, updated_by_username, ...r }: R): Omit<R, keyof RawRow> & StoredRow {
  const editor = updated_by !== null && updated_by_username !== null ? { id: updated_by, username: updated_by_username } : null;
  return { ...(r as Omit<R, keyof RawRow>), id: r.id, created_at: r.created_at, updated_at: r.updated_at, data: parseStored(r.data), updated_by: editor };
}

// The statements of a row add, compiled once (see preparedQuery).
const claimUnique = preparedQuery(
  (db: Kysely<Database>, propertyId: string, value: string, rowId: string) => db.insertInto('list_unique_values').values({ property_id: propertyId, value, row_id: rowId }),
  ['$property', '$value', '$row'] as const,
);
const bumpRowsVersion = preparedQuery(
  (db: Kysely<Database>, listId: string) => db.updateTable('lists').set({ rows_version: sql<number>`rows_version + 1` }).where('id', '=', listId),
  ['$list'] as const,
);
// SQLite, after the bump, by its one writer: the stamp is the version this transaction commits as.
const stampRows = preparedQuery(
  (db: Kysely<Database>, versionOf: string, listId: string) =>
    db
      .updateTable('list_rows')
      .set({ stamp: sql<number>`(select rows_version from lists where id = ${versionOf})` })
      .where('list_id', '=', listId)
      .where('stamp', 'is', null),
  ['$versionOf', '$list'] as const,
);
const ROW_FIELDS = ['list_rows.id', 'list_rows.data', 'list_rows.created_at', 'list_rows.updated_at', 'list_rows.updated_by', 'editor.username as updated_by_username'] as const;

/**
 * The `stamp` a row's UPDATE sets: on PostgreSQL the writing transaction's id (see
 * row-orders.ts: a reader knows from its snapshot which ids may still be invisible to it); on
 * SQLite null, stamped by bumpRows.
 */
export function writtenStamp(db: Tx): RawBuilder<number> | null {
  return isPostgres(db) ? sql<number>`pg_current_xact_id()::text::bigint` : null;
}

/** list_rows with the username of each row's editor (parse what a select of it returns with parsedRow). */
export function rowsWithEditor(db: Tx) {
  return db.selectFrom('list_rows').leftJoin('users as editor', 'editor.id', 'list_rows.updated_by');
}

/** A select of a list's live rows (parse what it returns with parsedRow). */
export function selectLiveRows(db: Tx, listId: string) {
  return rowsWithEditor(db).select(ROW_FIELDS).where('list_rows.list_id', '=', listId).where('list_rows.deleted_at', 'is', null);
}

export async function findLiveRow(db: Tx, listId: string, rowId: string): Promise<StoredRow | undefined> {
  const row = await selectLiveRows(db, listId).where('list_rows.id', '=', rowId).executeTakeFirst();
  return row && parsedRow(row);
}

/** A row deleted at or after `since`. */
export async function findTrashedRow(db: Tx, listId: string, rowId: string, since: string): Promise<StoredRow | undefined> {
  const row = await rowsWithEditor(db)
    .select(ROW_FIELDS)
    .where('list_rows.id', '=', rowId)
    .where('list_rows.list_id', '=', listId)
    .where('list_rows.deleted_at', '>=', since)
    .executeTakeFirst();
  return row && parsedRow(row);
}

/** Rewrites a row's data, updated_at and editor. */
export async function setRowData(db: Tx, row: StoredRow): Promise<void> {
  await db
    .updateTable('list_rows')
    .set({ data: JSON.stringify(row.data), updated_at: row.updated_at, updated_by: row.updated_by?.id ?? null, stamp: writtenStamp(db) })
    .where('id', '=', row.id)
    .execute();
}

export async function trashRow(db: Tx, rowId: string, at: string): Promise<void> {
  await db.updateTable('list_rows').set({ deleted_at: at, stamp: writtenStamp(db) }).where('id', '=', rowId).execute();
}

/** Brings a row back from the trash: restoring it is a write by `editorId`. */
export async function untrashRow(db: Tx, rowId: string, now: string, editorId: string): Promise<void> {
  await db.updateTable('list_rows').set({ deleted_at: null, updated_at: now, updated_by: editorId, stamp: writtenStamp(db) }).where('id', '=', rowId).execute();
}

/** Removes for good up to `limit` rows deleted before `before`; answers how many. */
export async function purgeTrashed(db: Tx, before: string, limit: number): Promise<number> {
  const batch = db.selectFrom('list_rows').select('id').where('deleted_at', '<', before).limit(limit);
  const result = await db.deleteFrom('list_rows').where('id', 'in', batch).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A page of the rows deleted at or after `since`, most recent first, and their number. */
export async function trashPage(db: Tx, listId: string, since: string, page: { limit: number; offset: number }): Promise<{ rows: TrashedRow[]; total: number }> {
  const base = db.selectFrom('list_rows').where('list_id', '=', listId).where('deleted_at', '>=', since);
  const [rows, count] = await Promise.all([
    rowsWithEditor(db)
      .select([...ROW_FIELDS, 'list_rows.deleted_at'])
      .where('list_rows.list_id', '=', listId)
      .where('list_rows.deleted_at', '>=', since)
      .orderBy('list_rows.deleted_at', 'desc')
      .orderBy('list_rows.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(parsedRow), total: Number(count.n) };
}

/** Every row of a list, live or in the trash (a column change checks them all). */
export async function allRows(db: Tx, listId: string): Promise<{ id: string; data: Record<string, unknown>; deleted_at: string | null }[]> {
  const rows = await db.selectFrom('list_rows').select(['id', 'data', 'deleted_at']).where('list_id', '=', listId).execute();
  return rows.map((r) => ({ ...r, data: parseStored(r.data) }));
}

/** Claims a row's unique values (the unique index refuses one another live row holds). */
export async function claimUniques(db: Tx, rowId: string, keys: readonly UniqueKey[]): Promise<void> {
  if (keys.length === 1) await claimUnique(db, keys[0][0], keys[0][1], rowId);
  else if (keys.length > 0) await db.insertInto('list_unique_values').values(keys.map(([property_id, value]) => ({ property_id, value, row_id: rowId }))).execute();
}

/** Replaces the unique claims of one live row. */
export async function reclaimUniques(db: Tx, rowId: string, keys: readonly UniqueKey[]): Promise<void> {
  await releaseUniques(db, rowId);
  await claimUniques(db, rowId, keys);
}

/** A trashed row holds no unique value. */
export async function releaseUniques(db: Tx, rowId: string): Promise<void> {
  await db.deleteFrom('list_unique_values').where('row_id', '=', rowId).execute();
}

// Claims per multi-row INSERT.
const CLAIM_BATCH = 1000;

/** Makes a column's unique claims anew (after its type or uniqueness changed): the index refuses duplicates. */
export async function replaceColumnClaims(db: Tx, propertyId: string, claims: readonly { row_id: string; value: string }[]): Promise<void> {
  await db.deleteFrom('list_unique_values').where('property_id', '=', propertyId).execute();
  const values = claims.map((c) => ({ property_id: propertyId, ...c }));
  for (let i = 0; i < values.length; i += CLAIM_BATCH) await db.insertInto('list_unique_values').values(values.slice(i, i + CLAIM_BATCH)).execute();
}

/** The property ids of the unique values in `keys` that a row other than `exceptRowId` holds (one query). */
export async function heldUniques(db: Tx, keys: readonly UniqueKey[], exceptRowId: string | null): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  let q = db
    .selectFrom('list_unique_values')
    .select('property_id')
    .where((eb) => eb.or(keys.map(([pid, value]) => eb.and([eb('property_id', '=', pid), eb('value', '=', value)]))));
  if (exceptRowId) q = q.where('row_id', '!=', exceptRowId);
  return new Set((await q.execute()).map((r) => r.property_id));
}

/** Marks a change of the list's rows; the last statement of the writing transaction (it locks the list row on PostgreSQL). */
export async function bumpRows(db: Tx, listId: string): Promise<void> {
  await bumpRowsVersion(db, listId);
  // PostgreSQL's rows carry their stamp already (writtenStamp).
  if (!isPostgres(db)) await stampRows(db, listId, listId);
}

const moveSchemaVersion = preparedQuery(
  (db: Kysely<Database>, listId: string) => db.updateTable('lists').set({ schema_version: sql<number>`schema_version + 1` }).where('id', '=', listId),
  ['$list'] as const,
);

/** Before rows of the list are deleted outright: its cached row orders are computed anew, not patched. */
export async function forgetRowOrders(db: Tx, listId: string): Promise<void> {
  await moveSchemaVersion(db, listId);
}

// Rows per multi-row INSERT: 8 bound values each, well under both engines' limits.
const INSERT_ROWS = 1000;

/**
 * SQLite: the next free rowid of the rows' word index (list_rows_words, migration 030), for the
 * rows numbered here rather than by the per-row trigger (migration 034): past every row and past
 * every range whose words are still owed (migration 037).
 */
const NEXT_WORDS_ROWID = `select max(coalesce((select max(rowid) from list_rows_words), 0), coalesce((select max(fts_rowid) from list_rows), 0),
  coalesce((select max(last) from list_rows_words_pending), 0)) + 1 as next`;
/** SQLite: the words of the rows numbered from the first to the last, in one statement (the text as 030's trigger joins it). */
const INSERT_WORDS = `insert into list_rows_words (rowid, text)
  select fts_rowid, (select coalesce(group_concat(value, ' '), '') from json_each(list_rows.data)) from list_rows where fts_rowid between ? and ? order by fts_rowid`;
const OWE_WORDS = `insert into list_rows_words_pending (first, last) values (?, ?)`;
const insertTexts = new Map<string, string>();

/**
 * One multi-row INSERT whose SQL text is made once per shape (table, columns, row count, engine):
 * building it through the query builder costs more than running it when there are many rows.
 */
async function insertMany(db: Tx, engine: Engine, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const shape = `${engine} ${table} ${columns.join(',')} ${rows.length}`;
  let text = insertTexts.get(shape);
  if (!text) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (engine === 'postgres' ? `$${++n}` : '?')).join(', ')})`;
    text = `insert into ${table} (${columns.join(', ')}) values ${rows.map(tuple).join(', ')}`;
    if (insertTexts.size > 100) insertTexts.clear();
    insertTexts.set(shape, text);
  }
  await db.executeQuery(CompiledQuery.raw(text, rows.flat()));
}

/** A new live row to write: its id, its JSON, its unique values and its creation time. */
export interface NewRow extends PreparedRow {
  id: string;
  at: string;
}

/**
 * PostgreSQL: many rows in one statement from one JSON parameter (jsonb_to_recordset), two
 * statements per chunk whatever its size, and the same text every time (prepared once per
 * connection). Measured against array parameters (unnest of text[] and jsonb[]): 32 against 54 ms
 * for 2,500 rows, most of it pg's escaping of every element of the arrays.
 */
// Each row's stamp is its column's default, the writing transaction's id (migration 038).
const INSERT_ROWS_JSON = `insert into list_rows (id, list_id, data, created_at, updated_at, updated_by)
  select t.id, $1, t.data, t.at, t.at, $3 from jsonb_to_recordset($2::jsonb) as t(id text, data jsonb, at text)`;
const CLAIM_JSON = `insert into list_unique_values (property_id, value, row_id) select t.p, t.v, t.r from json_to_recordset($1::json) as t(p text, v text, r text)`;

/**
 * When the rows' words go into SQLite's word index: `now`, in this transaction; `later`, by the
 * batches of lists/row-words.ts after it commits (an import: its rows are owed, migration 037).
 * PostgreSQL's index is written with the rows either way.
 */
export type RowWords = 'now' | 'later';

/**
 * Inserts new live rows with their unique claims, written by `editorId` (null: by no one of the
 * service, a codehost sync): two statements on PostgreSQL, a few per thousand rows on SQLite.
 */
export async function insertNewRows(db: Tx, engine: Engine, listId: string, rows: readonly NewRow[], editorId: string | null, words: RowWords = 'now'): Promise<void> {
  if (rows.length === 0) return;
  if (engine === 'postgres') {
    // Row data is JSON text already: spliced in as it is rather than parsed and written again.
    const json = `[${rows.map((r) => `{"id":${JSON.stringify(r.id)},"at":${JSON.stringify(r.at)},"data":${r.data}}`).join(',')}]`;
    await db.executeQuery(CompiledQuery.raw(INSERT_ROWS_JSON, [listId, json, editorId]));
    const claims = rows.flatMap((r) => r.keys.map(([p, v]) => ({ p, v, r: r.id })));
    if (claims.length > 0) await db.executeQuery(CompiledQuery.raw(CLAIM_JSON, [JSON.stringify(claims)]));
    return;
  }
  // One writer at a time: the version this write's bump gives, so the bump has no row to stamp again.
  const { rows: next } = await sql<{ v: number }>`select rows_version + 1 as v from lists where id = ${listId}`.execute(db);
  const stamp = next[0]?.v ?? null;
  // Numbered here, so the insert trigger (a row in the word index and an UPDATE of the row it
  // just wrote, per row) leaves them to one statement per chunk, or to the batches after commit.
  const { rows: free } = await db.executeQuery<{ next: number }>(CompiledQuery.raw(NEXT_WORDS_ROWID, []));
  const first = Number(free[0].next);
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const values: unknown[][] = [];
    const claims: unknown[][] = [];
    for (const r of rows.slice(i, i + INSERT_ROWS)) {
      values.push([r.id, listId, r.data, r.at, r.at, editorId, first + i + values.length, stamp]);
      for (const [pid, value] of r.keys) claims.push([pid, value, r.id]);
    }
    await insertMany(db, engine, 'list_rows', ['id', 'list_id', 'data', 'created_at', 'updated_at', 'updated_by', 'fts_rowid', 'stamp'], values);
    if (words === 'now') await db.executeQuery(CompiledQuery.raw(INSERT_WORDS, [first + i, first + i + values.length - 1]));
    for (let k = 0; k < claims.length; k += INSERT_ROWS) await insertMany(db, engine, 'list_unique_values', ['property_id', 'value', 'row_id'], claims.slice(k, k + INSERT_ROWS));
  }
  if (words === 'later') await db.executeQuery(CompiledQuery.raw(OWE_WORDS, [first, first + rows.length - 1]));
}

/**
 * SQLite: writes the words of up to `limit` rows of the first range whose words are owed
 * (migration 037), in one transaction, and takes them off it; answers whether a range was there.
 * The rows are read as they are now (an edit or trash since their insert is in what is written).
 */
export async function writeOwedWords(db: Kysely<Database>, limit: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ first: number; last: number }>`select first, last from list_rows_words_pending order by first limit 1`.execute(trx);
    if (rows.length === 0) return false;
    const { first, last } = rows[0];
    const upto = Math.min(last, first + limit - 1);
    await trx.executeQuery(CompiledQuery.raw(INSERT_WORDS, [first, upto]));
    if (upto === last) await sql`delete from list_rows_words_pending where first = ${first}`.execute(trx);
    else await sql`update list_rows_words_pending set first = ${upto + 1} where first = ${first}`.execute(trx);
    return true;
  });
}

/** Inserts new live rows created at one time by `editorId` with their unique claims; returns their ids (new ones unless given). */
export async function insertRows(
  db: Tx,
  engine: Engine,
  listId: string,
  rows: readonly PreparedRow[],
  createdAt: string,
  editorId: string | null,
  ids: readonly string[] = rows.map(() => newId()),
  words: RowWords = 'now',
): Promise<readonly string[]> {
  await insertNewRows(
    db,
    engine,
    listId,
    rows.map((r, j) => ({ ...r, id: ids[j], at: createdAt })),
    editorId,
    words,
  );
  return ids;
}
