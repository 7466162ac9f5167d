import { announceEvents, lockItems, streamsOf } from '../events/index.js';
import { logListEvents } from './log-events.js';
import type { AppContext } from '../../runtime/context.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { TurnBatch } from '../../lib/turn-batch.js';
import { AppState } from '../../runtime/state.js';
import { badRequest } from '../../http/errors.js';
import { assertRole, type Role } from '../sharing/index.js';
import { enqueueJob } from '../../runtime/jobs/enqueue.js';
import { listIdentities } from '../identities/index.js';
import { listColumns } from './columns.js';
import { parseSchema, type ListSchema } from './dsl.js';
import { ownFolder } from './folders.js';
import {
  bumpRows,
  deleteListRecord,
  insertColumns,
  insertList,
  insertRows,
  listAs,
  listsAs,
  listWithRole,
  listsPage,
  updateListFields,
  type ListPatch,
  type ListRecord,
  type ListView,
  type Tx,
} from './queries/index.js';
import { prepareRow, storedData, uniqueKeys } from './row-data.js';
import { rowValidator, valueCheck } from './validate.js';
import { isEmptyValue } from './visibility.js';
import { parseSource, sourceSchema, type ListSource, type SourceInput } from './sources.js';

// Lists themselves. Each operation is one transaction; ids from clients are looked up scoped to
// the caller (not found and not yours are the same 404). Rows are rows.ts, pages of them
// row-pages.ts, schema edits schema-edits.ts.

export interface ListInput {
  title?: string;
  description?: string | null;
  isPublic?: boolean;
  folderId?: string | null;
  schema?: unknown;
  /** A codehost source instead of a schema (sources.ts): the list gets that source's fixed schema. */
  source?: SourceInput;
}

/** Where a sourced list's rows come from: its source and the linked identity it syncs with. */
export interface ListOrigin {
  source: ListSource;
  identityId: string;
}

async function assertOwnFolder(db: Tx, userId: string, folderId: string | null | undefined): Promise<void> {
  if (folderId !== undefined && folderId !== null) await ownFolder(db, userId, folderId);
}

export async function createList(ctx: AppContext, userId: string, input: ListInput): Promise<ListView> {
  if (input.source === undefined) return createListWithRows(ctx, userId, input, []);
  if (input.schema !== undefined) throw badRequest('Send either schema or source, not both');
  return createSourcedList(ctx, userId, input, input.source);
}

/** The job kind of one codehost-backed list's sync (module.ts registers its handler). */
export const CODEHOST_SYNC_JOB = 'codehost-list-sync';
/** Runs of a sync job in all: a provider that fails is tried again with backoff, then the hourly sync takes over. */
export const SYNC_ATTEMPTS = 3;

/** A codehost-backed list: the source's fixed schema through the DSL like any other, rows from its first sync. */
async function createSourcedList(ctx: AppContext, userId: string, input: ListInput, sourceInput: SourceInput): Promise<ListView> {
  const source = parseSource(sourceInput);
  const identity = (await listIdentities(ctx, userId)).find((i) => i.provider === 'codehost');
  if (!identity) throw badRequest('No codehost account is linked: link one before creating a codehost list', 'network_not_linked');
  const checked = { ...newList({ ...input, schema: sourceSchema(source) }, []), origin: { source, identityId: identity.id } };
  const created = await ctx.db.kysely.transaction().execute((trx) => writeNewList(ctx, trx, userId, checked));
  announceEvents(ctx, streamsOf([userId]));
  ctx.jobs.kick();
  return created;
}

/**
 * The rows, of those given, that a new list of this schema would accept, in the form rows are
 * written (keyed by column key, defaults applied): each checked by the list's own row validation,
 * and a row whose unique value an earlier one holds left out. Throws the 400 `Invalid schema:` of
 * the DSL parser for a bad schema.
 */
export function acceptedRows(rawSchema: unknown, rows: readonly unknown[]): { schema: ListSchema; rows: Record<string, unknown>[] } {
  const schema = parseSchema(rawSchema);
  return { schema, rows: acceptedOf(schema, rows) };
}

function acceptedOf(schema: ListSchema, rows: readonly unknown[]): Record<string, unknown>[] {
  const validate = rowValidator(schema.fields);
  // Unique values are compared in the form list_unique_values keys them (row-data.ts).
  const keyed = schema.fields.map((c) => ({ ...c, propertyId: c.key }));
  const held = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) continue;
    const { data, errors } = validate(row as Record<string, unknown>, true);
    if (errors.length > 0) continue;
    const keys = uniqueKeys(keyed, storedData(keyed, data)).map(([column, value]) => `${column} ${value}`);
    if (keys.some((k) => held.has(k))) continue;
    keys.forEach((k) => held.add(k));
    out.push(data);
  }
  return out;
}

/** A list to create, its schema parsed and its first rows accepted (newList, fittedList), ready to write. */
export interface NewList {
  input: ListInput;
  schema: ListSchema;
  rows: Record<string, unknown>[];
  /** A codehost-backed list's source (createSourcedList); none for a list of one's own rows. */
  origin?: ListOrigin;
}

/** A new list of `input` with these rows, checked: the rows must already be accepted ones (acceptedRows): a row the list refuses is an error here. */
export function newList(input: ListInput, rows: readonly Record<string, unknown>[]): NewList {
  const schema = parseSchema(input.schema);
  const accepted = acceptedOf(schema, rows);
  if (accepted.length !== rows.length) throw new Error('newList: given a row the list refuses');
  return { input, schema, rows: accepted };
}

/**
 * A new list of `input` with the rows, of those given, that it accepts, each value the list
 * refuses left empty rather than refusing its row (values keyed by anything but a column key are
 * dropped); a row still refused with its bad values emptied (a required value missing) is left
 * out. Says how many values were emptied and rows left out. Throws the DSL parser's 400.
 */
export function fittedList(input: ListInput, rows: readonly Record<string, unknown>[]): { list: NewList; emptied: number; skipped: number } {
  const schema = parseSchema(input.schema);
  const checks = new Map(schema.fields.map((c) => [c.key, valueCheck(c)]));
  let emptied = 0;
  const cleaned = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      const check = checks.get(key);
      if (!check) continue;
      if (!isEmptyValue(value) && check(value).length > 0) emptied += 1;
      else out[key] = value;
    }
    return out;
  });
  const accepted = acceptedOf(schema, cleaned);
  return { list: { input, schema, rows: accepted }, emptied, skipped: rows.length - accepted.length };
}

/**
 * Creates a list and its first rows in one transaction (nothing is written when any part fails);
 * the rows are checked before the transaction begins (newList).
 */
export async function createListWithRows(ctx: AppContext, userId: string, input: ListInput, rows: readonly Record<string, unknown>[]): Promise<ListView> {
  const checked = newList(input, rows);
  const view = await ctx.db.kysely.transaction().execute((trx) => writeNewList(ctx, trx, userId, checked));
  announceEvents(ctx, streamsOf([userId]));
  return view;
}

/**
 * Writes a checked new list inside the caller's transaction (a list written together with something
 * else: all or nothing). Its `list.created` goes to the owner's stream: the caller announces it
 * (announceEvents of the owner's stream) once the transaction commits.
 */
export async function writeNewList(ctx: AppContext, trx: Tx, userId: string, { input, schema, rows: accepted, origin }: NewList): Promise<ListView> {
  const now = isoNow(ctx.clock);
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
    source: origin ? JSON.stringify(origin.source) : null,
    source_identity_id: origin?.identityId ?? null,
    source_etag: null,
    last_synced_at: null,
    sync_truncated: false,
    sync_claimed_until: null,
  };
  await insertList(trx, list);
  const columns = await insertColumns(trx, list.id, schema, now);
  if (accepted.length > 0) {
    await insertRows(trx, ctx.db.engine, list.id, accepted.map((data) => prepareRow(columns, storedData(columns, data))), now, userId);
    await bumpRows(trx, list.id);
  }
  // A sourced list's first sync is queued with it (it commits or not with the list).
  if (origin) await enqueueJob(trx, ctx.clock.now(), CODEHOST_SYNC_JOB, { listId: list.id }, { maxAttempts: SYNC_ATTEMPTS });
  // A new list is its owner's alone: its event goes to them (the caller announces it after the commit).
  await logListEvents(trx, ctx.clock.now(), list.id, userId, [{ type: 'list.created', data: { title: list.title } }], [userId]);
  return { list, columns };
}

/** A list with its columns for a read that needs `needed` (a viewer by default): 404 with no access, 403 without the role. */
export async function getList(ctx: AppContext, userId: string, listId: string, needed: Role = 'viewer'): Promise<ListView> {
  const db = ctx.db.kysely;
  const found = ctx.db.engine === 'postgres' ? await ctx.state(listReads).get(`${userId} ${listId}`) : await listWithRole(db, userId, listId);
  assertRole('list', found?.role ?? null, needed);
  const { role: _role, ...list } = found!;
  return { list, columns: (await listColumns(ctx, db, list)).columns };
}

type ListWithRole = ListRecord & { role: Role | null };

/**
 * PostgreSQL reads of lists by id with the caller's role (the access module), the requests of one
 * turn in one statement (every read of a list's rows starts with its list and version counters;
 * lib/turn-batch.ts). Keyed by caller and list; nothing is kept past the turn, so a revoked grant
 * is seen by the next request.
 */
export const listReads = new AppState(
  'lists.reads',
  (ctx) =>
    new TurnBatch<string, ListWithRole>(async (keys) => {
      // A user id holds no space; the list id is whatever follows the first one.
      const pairs = keys.map((k) => ({ userId: k.slice(0, k.indexOf(' ')), listId: k.slice(k.indexOf(' ') + 1) }));
      return new Map((await listsAs(ctx.db.kysely, pairs)).map(({ userId, list }) => [`${userId} ${list.id}`, list]));
    }),
);

export async function listLists(ctx: AppContext, userId: string, page: { limit: number; offset: number; folderId?: string }): Promise<{ lists: ListView[]; total: number }> {
  return listsPage(ctx.db.kysely, { userId, folderId: page.folderId }, page);
}

export async function updateList(ctx: AppContext, userId: string, listId: string, patch: ListPatch): Promise<ListView> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await listAs(trx, userId, listId, 'owner');
    await assertOwnFolder(trx, userId, patch.folderId);
    await updateListFields(trx, listId, patch, isoNow(ctx.clock));
    const list = await listAs(trx, userId, listId, 'owner');
    const audience = await logListEvents(trx, ctx.clock.now(), listId, userId, [{ type: 'list.updated', data: { title: list.title } }]);
    return { view: { list, columns: (await listColumns(ctx, trx, list)).columns }, audience };
  }).then(({ view, audience }) => {
    announceEvents(ctx, streamsOf(audience));
    return view;
  });
}

export async function deleteList(ctx: AppContext, userId: string, listId: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await listAs(trx, userId, listId, 'owner');
    // Read before the delete, under the list's lock (a revoke waits for it: events/access.ts): the
    // tombstone goes to everyone who could read the list.
    await lockItems(trx, ctx.db.engine, [{ listId }]);
    const audience = await logListEvents(trx, ctx.clock.now(), listId, userId, [{ type: 'list.deleted', data: { deletedAt: ctx.clock.now().toISOString(), reason: 'deleted' } }]);
    await deleteListRecord(trx, listId);
    return audience;
  }).then((audience) => announceEvents(ctx, streamsOf(audience)));
}
