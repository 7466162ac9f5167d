import type { AppContext } from '../../runtime/context.js';
import { isUniqueViolation, toBool } from '../../db/dialect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { enqueueJob } from '../../runtime/jobs/enqueue.js';
import { AppState } from '../../runtime/state.js';
import type { Column } from './dsl.js';
import {
  advanceImport,
  bumpRows,
  deleteRowsOutright,
  endImport,
  findImport,
  findImportIn,
  findImportOfList,
  importInput,
  importPlan,
  insertImport,
  insertRows,
  keepImportPlan,
  liveRowsByUniqueValues,
  loadColumns,
  markImportRunning,
  listAs,
  parseStored,
  reclaimUniques,
  setImportFields,
  uniqueValueHolders,
  writeRowData,
  type ImportRecord,
} from './queries/index.js';
import { announceEvents, streamsOf } from '../events/index.js';
import { lineReader, readCsv, type CsvFile } from './import-lines.js';
import { HeldRows, inBatches, LinesChanged, newPlan, plannedRows, rowsPlan, writtenRows, type KeptPlan, type Planned, type WrittenRow } from './import-plan.js';
import { logListEvents } from './log-events.js';
import { editableList } from './sources.js';
import { prepareRow, uniqueKeys } from './row-data.js';
import { rowWords } from './row-words.js';
import { uniqueKey } from './unique-key.js';
import { valueErrors } from './validate.js';
import { isEmptyValue } from './visibility.js';

// CSV import: the upload is stored with a job record and answered 202 at once; the job reads the
// file a batch of records at a time (import-lines.ts; cells as list-csv.ts says, the form the list
// export writes),
// checks every line with the API's row validation (compiled once for the import), then writes in
// short transactions of WRITE_BATCH rows (multi-row INSERTs), recording progress in each. Between
// steps it gives the event loop a turn: on SQLite every statement runs synchronously, so without
// that no other request would be served until the import ends. The import row and its job commit
// together; the file is kept (in list_import_data) until the import ends, and from the end of
// the checks the plan of the writes (import-plan.ts), so a run whose process died is finished by
// the job's next run (after its lease): it checks the file again if nothing was written, else
// resumes the checked plan after the last committed batch. An all-or-nothing import that cannot
// finish takes back what it wrote.

export const IMPORT_MODES = ['all-or-nothing', 'valid-rows'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
// Lines checked at a time, and rows written per transaction: on SQLite a batch holds the one
// writer for a few tens of milliseconds (2,000 rows: fewer commits, and the pages every batch
// rewrites, the unique values' and the word index's, written fewer times than with 500);
// PostgreSQL's readers never wait for a writer, so there fewer, larger transactions save round
// trips and commits.
const BATCH = 500;
const WRITE_BATCH = { sqlite: 2000, postgres: 2500 } as const;
const PROGRESS_EVERY_MS = 250;
const MAX_REPORTED_ERRORS = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The files of imports this app has just recorded, handed to their first run here instead of read
 * back from list_import_data (a 10 MB file took a fifth of a second to read back, 4% of its
 * import). A run elsewhere (another instance, a restart) reads the stored copy; an entry its run
 * never takes goes after UPLOAD_HANDOFF_MS.
 */
export const importUploads = new AppState('lists.import-uploads', () => new Map<string, string>(), {
  stop: (uploads) => uploads.clear(),
});
const UPLOAD_HANDOFF_MS = 60_000;

/** The file of an import: handed over by the upload in this app, or read from the database. */
async function importFile(ctx: AppContext, jobId: string): Promise<string | null> {
  const uploads = ctx.state(importUploads);
  const handed = uploads.get(jobId);
  uploads.delete(jobId);
  return handed ?? importInput(ctx.db.kysely, jobId);
}

export interface ImportOptions {
  dryRun: boolean;
  mode: ImportMode;
  upsertKey: string | null;
}

/** Adds a line's messages to an import's error report, which keeps the first MAX_REPORTED_ERRORS. */
function report(errors: JobRecord['errors'], line: number, messages: string[]): void {
  if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line, messages });
}

export interface JobRecord {
  id: string;
  status: string;
  dryRun: boolean;
  total: number;
  processed: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: { line: number; messages: string[] }[];
}

function toJob(r: {
  id: string;
  status: string;
  dry_run: unknown;
  total: number;
  processed: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: string;
}): JobRecord {
  return {
    id: r.id,
    status: r.status === WRITING ? 'running' : r.status,
    dryRun: toBool(r.dry_run as 0 | 1 | boolean),
    total: Number(r.total),
    processed: Number(r.processed),
    inserted: Number(r.inserted),
    updated: Number(r.updated),
    skipped: Number(r.skipped),
    errors: JSON.parse(r.errors) as JobRecord['errors'],
  };
}

/** Records the job and starts it in the background; answers at once. */
export async function startImport(ctx: AppContext, userId: string, listId: string, content: string, options: ImportOptions): Promise<JobRecord> {
  const db = ctx.db.kysely;
  await editableList(db, userId, listId, 'editor');
  if (options.upsertKey !== null) {
    const columns = await loadColumns(db, listId);
    const c = columns.find((x) => x.key === options.upsertKey);
    if (!c || !c.unique) throw badRequest('upsertKey must be the key of a unique column');
  }
  const now = isoNow(ctx.clock);
  const job = {
    id: newId(),
    list_id: listId,
    user_id: userId,
    status: 'queued',
    options: JSON.stringify(options),
    dry_run: options.dryRun,
    total: 0,
    processed: 0,
    inserted: 0,
    updated: 0,
    skipped: 0,
    errors: '[]',
    created_at: now,
    updated_at: now,
  };
  // The import and its `list-import` job (features/jobs) commit together, so an import is never
  // recorded without the job that runs it; the runner is kicked once both are committed.
  await db.transaction().execute(async (trx) => {
    await insertImport(trx, job, content);
    await enqueueJob(trx, ctx.clock.now(), 'list-import', { jobId: job.id });
  });
  const uploads = ctx.state(importUploads);
  uploads.set(job.id, content);
  setTimeout(() => uploads.delete(job.id), UPLOAD_HANDOFF_MS).unref();
  ctx.jobs.kick();
  return toJob(job);
}

/**
 * The `list-import` job. A run takes the import where the last one left it (runImport), so the
 * job may run again after its runner died (its lease ended) or after an error: an error is
 * retried while the job has attempts left. When the runner gives the job up (the last attempt
 * failed, or its runner died), giveUpImport ends the import.
 */
export async function runImportJob(ctx: AppContext, jobId: string): Promise<void> {
  try {
    await runImport(ctx, jobId);
  } catch (err) {
    if (!(err instanceof Superseded)) throw err;
  }
}

/**
 * The `list-import` job's give-up hook (features/jobs GiveUpHook): the import is failed, with a
 * line-0 error saying it stopped; an all-or-nothing import first takes back the rows it wrote.
 * Harmless to repeat (an ended import is left alone; a take-back resumes where it stopped).
 */
export async function giveUpImport(ctx: AppContext, jobId: string, reason: string): Promise<void> {
  ctx.log.error({ jobId, reason }, 'list import given up');
  await failImport(ctx, jobId, 'stopped');
}

export async function getImport(ctx: AppContext, userId: string, listId: string, jobId: string): Promise<JobRecord> {
  await listAs(ctx.db.kysely, userId, listId, 'editor');
  const r = await findImportOfList(ctx.db.kysely, jobId, listId);
  if (!r) throw notFound('Import not found');
  return toJob(r);
}

/** Whether a value has the column's type (so it can be encoded for a lookup). */
function valueFits(column: Column, value: unknown): boolean {
  return valueErrors({ ...column, validation: null }, value).length === 0;
}

/**
 * The internal status of an import whose checking pass is over and whose writes have begun
 * (`running` on the wire). Its plan is then kept (import-plan.ts); `inserted + updated` is how
 * many of the planned rows are committed, recorded in the transaction of each batch. A re-run
 * resumes there, so what it writes is exactly what the first run checked. (A `running` import has
 * written nothing: a re-run checks the file again from the start.)
 */
const WRITING = 'writing';

/** The rows an import in its writes has committed, as taking them back needs them (null: no plan kept). */
async function committedRows(ctx: AppContext, job: ImportRecord): Promise<WrittenRow[] | null> {
  const count = Number(job.inserted) + Number(job.updated);
  const plan = await importPlan(ctx.db.kysely, job.id);
  if (plan !== null) return writtenRows(JSON.parse(plan) as KeptPlan, count);
  const rows = await importInput(ctx.db.kysely, job.id);
  return rows === null ? null : rowsPlan(rows).slice(0, count);
}

/** Another run of the same import committed first (a runner whose lease ended came back): this one stops. */
class Superseded extends Error {}

/** What an import wrote, told once as its `list.rows.imported` event (never one event per row). */
interface Imported {
  listId: string;
  actorId: string;
  inserted: number;
  updated: number;
}

/**
 * Ends an import that has not ended; its file and plan are dropped with it. An import
 * that wrote rows logs its one `list.rows.imported` event in the same transaction, to everyone who
 * may read the list then (announced once it commits).
 */
async function finish(ctx: AppContext, jobId: string, fields: Record<string, unknown>, imported?: Imported) {
  const audience = await ctx.db.kysely.transaction().execute(async (trx) => {
    const ended = await endImport(trx, jobId, ['queued', 'running', WRITING], fields, isoNow(ctx.clock));
    if (!ended || !imported || imported.inserted + imported.updated === 0) return [];
    const { listId, actorId, inserted, updated } = imported;
    return logListEvents(trx, ctx.clock.now(), listId, actorId, [{ type: 'list.rows.imported', data: { inserted, updated } }]);
  });
  announceEvents(ctx, streamsOf(audience));
  // The words of the rows it wrote (or the ranges of those it took back) are owed: row-words.ts.
  rowWords(ctx).soon();
}

/**
 * Fails an import that cannot go on. An all-or-nothing import that wrote some of its rows takes
 * them back first (inserted rows deleted, upserted rows given their previous data), a batch per
 * transaction, so it never ends with part of the file imported; until then it stays `running`,
 * and a re-run after a crash here takes back the rest.
 */
async function failImport(ctx: AppContext, jobId: string, why: JobRecord['errors'] | 'stopped'): Promise<void> {
  const db = ctx.db.kysely;
  const job = await findImport(db, jobId);
  if (!job || job.status === 'done' || job.status === 'failed') return;
  const options = JSON.parse(job.options) as ImportOptions;
  const errors =
    why !== 'stopped' ? why : (
      [
        ...(JSON.parse(job.errors) as JobRecord['errors']),
        { line: 0, messages: [`The import stopped before it finished; ${options.mode === 'all-or-nothing' || job.status !== WRITING ? 'nothing was imported' : 'the remaining lines were not imported'}`] },
      ]
    );
  const fields: Record<string, unknown> = { status: 'failed', errors: JSON.stringify(errors) };
  const written = job.status === WRITING && options.mode === 'all-or-nothing' ? await committedRows(ctx, job) : null;
  if (written !== null) {
    const columns = await loadColumns(db, job.list_id);
    for (let end = written.length; end > 0; end -= WRITE_BATCH[ctx.db.engine]) {
      const chunk = written.slice(Math.max(0, end - WRITE_BATCH[ctx.db.engine]), end);
      await db.transaction().execute(async (trx) => {
        const fresh = chunk.filter((p) => p.prev === undefined).map((p) => p.rowId);
        if (fresh.length > 0) await deleteRowsOutright(trx, fresh);
        for (const p of chunk) {
          if (p.prev === undefined) continue;
          await writeRowData(trx, p.rowId, p.prev, isoNow(ctx.clock), p.prevEditor ?? null);
          await reclaimUniques(trx, p.rowId, uniqueKeys(columns, parseStored(p.prev)));
        }
        // What is left written, so a re-run after a crash here resumes from there.
        const left = written.slice(0, end - chunk.length);
        const kept = left.filter((p) => p.prev === undefined).length;
        await setImportFields(trx, jobId, { inserted: kept, updated: left.length - kept });
        await bumpRows(trx, job.list_id);
      });
    }
    Object.assign(fields, { inserted: 0, updated: 0, skipped: Number(job.total), processed: Number(job.total) });
  }
  await finish(ctx, jobId, fields);
}

export async function runImport(ctx: AppContext, jobId: string): Promise<void> {
  const db = ctx.db.kysely;
  // A queued import starts; a `running` one (its runner died while checking, before any write)
  // starts again; a `writing` one resumes its writes. The file stays in list_import_data until
  // the import ends.
  const job = await findImportIn(db, jobId, ['queued', 'running', WRITING]);
  if (!job) return;
  if (job.status === WRITING) {
    await resumeWrites(ctx, job);
    return;
  }
  const options = JSON.parse(job.options) as ImportOptions;
  if (job.status === 'queued') {
    await markImportRunning(db, jobId, isoNow(ctx.clock));
  }
  const errors: JobRecord['errors'] = [];

  let file: CsvFile;
  try {
    file = await readCsv((await importFile(ctx, jobId)) ?? '');
  } catch (err) {
    const e = err as { message?: string; lines?: number };
    report(errors, e.lines ?? 1, [`The file is not valid CSV: ${e.message ?? 'parse error'}`]);
    await finish(ctx, jobId, { status: 'failed', errors: JSON.stringify(errors) });
    return;
  }
  const columns = await loadColumns(db, job.list_id);
  const header = file.records(0, 1)[0];
  const lines = file.count > 0 ? file.count - 1 : 0;
  const reader = lineReader(columns, header ?? []);
  if (!header || reader.unknownHeaders.length > 0) {
    report(errors, 1, header ? reader.unknownHeaders.map((h) => `${h} is not a column of this list`) : ['The file is empty']);
    await finish(ctx, jobId, { status: 'failed', errors: JSON.stringify(errors) });
    return;
  }
  const total = lines;
  await setImportFields(db, jobId, { total });

  const uniqueColumns = columns.filter((c) => c.unique);
  const upsertColumn = options.upsertKey ? columns.find((c) => c.key === options.upsertKey) ?? null : null;
  const upsertKeyOf = (input: Record<string, unknown>): string | null => {
    if (!upsertColumn) return null;
    const v = input[upsertColumn.key];
    return !isEmptyValue(v) && valueFits(upsertColumn, v) ? uniqueKey(upsertColumn, v) : null;
  };
  const seen = new Map<string, Set<string>>(uniqueColumns.map((c) => [c.propertyId, new Set<string>()]));
  // What the checks decided (the lines refused, the upserts) is kept (import-plan.ts); the rows to
  // write are held until written.
  const plan = newPlan();
  const held = new HeldRows(plan);
  let reported = performance.now();

  // Pass 1: every line checked (no writes), a batch at a time: the stored rows a batch's upsert
  // keys and unique values meet are looked up in one query per column.
  for (let start = 0; start < lines; start += BATCH) {
    const chunk = file.records(start + 1, BATCH);
    const inputs = chunk.map((cells) => reader.input(cells));
    const upsertTargets = new Map<string, { id: string; data: string | Record<string, unknown>; editor: string | null }>();
    if (upsertColumn) {
      const keys = [...new Set(inputs.map(upsertKeyOf).filter((k): k is string => k !== null))];
      if (keys.length > 0) {
        const found = await liveRowsByUniqueValues(db, upsertColumn.propertyId, keys);
        for (const f of found) upsertTargets.set(f.value, { id: f.id, data: f.data, editor: f.updated_by });
      }
    }
    const checked = inputs.map((input) => {
      const key = upsertKeyOf(input);
      const target = key === null ? undefined : upsertTargets.get(key);
      const { stored, messages } = reader.check(input, target && parseStored(target.data));
      return { target, stored, messages };
    });
    // Unique values already held by other stored rows.
    const takenByColumn = new Map<string, Map<string, string>>();
    for (const c of uniqueColumns) {
      const keys = [...new Set(checked.filter((x) => x.messages.length === 0 && !isEmptyValue(x.stored[c.propertyId])).map((x) => uniqueKey(c, x.stored[c.propertyId])))];
      takenByColumn.set(c.propertyId, keys.length > 0 ? await uniqueValueHolders(db, c.propertyId, keys) : new Map<string, string>());
    }
    for (const [i, x] of checked.entries()) {
      const line = start + i + 2;
      if (x.messages.length === 0) {
        for (const c of uniqueColumns) {
          if (isEmptyValue(x.stored[c.propertyId])) continue;
          const key = uniqueKey(c, x.stored[c.propertyId]);
          const inFile = seen.get(c.propertyId)!;
          const holder = takenByColumn.get(c.propertyId)!.get(key);
          if (inFile.has(key) || (holder !== undefined && holder !== x.target?.id)) x.messages.push(`${c.label} must be unique`);
          inFile.add(key);
        }
      }
      if (x.messages.length > 0) {
        report(errors, line, x.messages);
        plan.skipped.push(line);
        continue;
      }
      if (x.target) {
        const prev = typeof x.target.data === 'string' ? x.target.data : JSON.stringify(x.target.data);
        plan.updates.push([held.count, x.target.id, prev, x.target.editor]);
      }
      held.add(line, prepareRow(columns, x.stored));
    }
    held.close();
    // Progress of the checking pass (the only pass of a dry run or a refused all-or-nothing), a few
    // times a second rather than per batch: each is a commit of its own.
    if ((options.dryRun || options.mode === 'all-or-nothing') && performance.now() - reported >= PROGRESS_EVERY_MS) {
      reported = performance.now();
      await setImportFields(db, jobId, { processed: Math.min(total, start + chunk.length), skipped: plan.skipped.length, updated_at: isoNow(ctx.clock) });
    }
    await nextTurn();
  }

  const skipped = plan.skipped.length;
  const willUpdate = plan.updates.length;
  const willInsert = held.count - willUpdate;
  if (options.mode === 'all-or-nothing' && errors.length > 0) {
    await finish(ctx, jobId, { status: 'failed', processed: total, inserted: 0, updated: 0, skipped: total, errors: JSON.stringify(errors) });
    return;
  }
  if (options.dryRun) {
    await finish(ctx, jobId, { status: 'done', processed: total, inserted: willInsert, updated: willUpdate, skipped, errors: JSON.stringify(errors) });
    return;
  }

  // Pass 2: the writes. The plan is kept, and the report of the checks recorded, in one
  // transaction: from here a re-run resumes the writes rather than checking again.
  await db.transaction().execute(async (trx) => {
    const begun = await advanceImport(trx, jobId, 'running', { status: WRITING, total, skipped, errors: JSON.stringify(errors), inserted: 0, updated: 0, updated_at: isoNow(ctx.clock) });
    if (!begun) throw new Superseded();
    await keepImportPlan(trx, jobId, JSON.stringify(plan));
  });
  await writePlanned(ctx, { ...job, total, skipped, inserted: 0, updated: 0 }, held.batches(WRITE_BATCH[ctx.db.engine]), errors);
}

/** What the writes of an import read of its record. */
type WritingJob = Pick<ImportRecord, 'id' | 'list_id' | 'user_id' | 'total' | 'skipped' | 'inserted' | 'updated' | 'options'>;

/** Why a re-run's writes stop when a line of the file no longer passes the list's checks. */
const COLUMNS_CHANGED = "The list's columns changed during the import and its lines no longer pass them";

/**
 * A re-run of an import whose writes began: the planned rows after the last committed batch are
 * read from the file with the kept plan (its verdicts, ids and upserts) under the list's columns
 * as they are now, and written. Should those have changed so that a line no longer passes its
 * checks (or the header no longer names a column), the writes stop (stopWrites).
 */
async function resumeWrites(ctx: AppContext, job: ImportRecord): Promise<void> {
  const db = ctx.db.kysely;
  const size = WRITE_BATCH[ctx.db.engine];
  const committed = Number(job.inserted) + Number(job.updated);
  const kept = await importPlan(db, job.id);
  const input = (await importInput(db, job.id)) ?? '';
  const batches =
    kept === null ?
      inBatches(rowsPlan(input || '[]').slice(committed), size)
    : plannedRows(await loadColumns(db, job.list_id), JSON.parse(kept) as KeptPlan, await readCsv(input), committed, size);
  await writePlanned(ctx, job, batches, JSON.parse(job.errors) as JobRecord['errors']);
}

/**
 * Writes `batches`, the planned rows from the first not yet committed, one short transaction per
 * batch. A batch first moves the import's counters on from the figures it started from (so of
 * two runs of one import, only one writes each batch), then writes its rows.
 */
async function writePlanned(ctx: AppContext, job: WritingJob, batches: Iterable<Planned[]>, errors: JobRecord['errors']): Promise<void> {
  const db = ctx.db.kysely;
  const jobId = job.id;
  const total = Number(job.total);
  const skipped = Number(job.skipped);
  let inserted = Number(job.inserted);
  let updated = Number(job.updated);
  try {
    for (const chunk of batches) {
      const fresh = chunk.filter((p) => p.prev === undefined);
      const processed = Math.min(total, chunk[chunk.length - 1].line - 1);
      await db.transaction().execute(async (trx) => {
        const now = isoNow(ctx.clock);
        const moved = await advanceImport(trx, jobId, WRITING, { processed, inserted: inserted + fresh.length, updated: updated + chunk.length - fresh.length, updated_at: now }, { inserted, updated });
        if (!moved) throw new Superseded();
        await insertRows(
          trx,
          ctx.db.engine,
          job.list_id,
          fresh.map((p) => p.row),
          now,
          job.user_id,
          fresh.map((p) => p.rowId),
          'later',
        );
        for (const p of chunk) {
          if (p.prev === undefined) continue;
          await writeRowData(trx, p.rowId, p.row.data, now, job.user_id);
          await reclaimUniques(trx, p.rowId, p.row.keys);
        }
        await bumpRows(trx, job.list_id);
      });
      inserted += fresh.length;
      updated += chunk.length - fresh.length;
      await nextTurn();
    }
  } catch (err) {
    if (!(err instanceof LinesChanged) && !isUniqueViolation(err)) throw err;
    const cause = err instanceof LinesChanged ? COLUMNS_CHANGED : 'A unique value was taken by another write during the import';
    await stopWrites(ctx, { ...job, inserted, updated }, errors, cause);
    return;
  }
  await finish(ctx, jobId, { status: 'done', processed: total, inserted, updated, skipped, errors: JSON.stringify(errors) }, { listId: job.list_id, actorId: job.user_id, inserted, updated });
  importChanged(ctx, job, inserted + updated);
}

/**
 * Ends an import whose remaining writes cannot be made, for `cause`: an all-or-nothing import
 * takes back what it wrote (failImport); a valid-rows one keeps its committed batches.
 */
async function stopWrites(ctx: AppContext, job: WritingJob, errors: JobRecord['errors'], cause: string): Promise<void> {
  const options = JSON.parse(job.options) as ImportOptions;
  if (options.mode === 'all-or-nothing') {
    report(errors, 0, [`${cause}; nothing was imported`]);
    await failImport(ctx, job.id, errors);
    return;
  }
  const inserted = Number(job.inserted);
  const updated = Number(job.updated);
  report(errors, 0, [`${cause}; the remaining lines were not imported`]);
  await finish(ctx, job.id, { status: 'failed', inserted, updated, skipped: Number(job.skipped), errors: JSON.stringify(errors) }, { listId: job.list_id, actorId: job.user_id, inserted, updated });
  importChanged(ctx, job, inserted + updated);
}

/**
 * An import that ended with rows written is one report of them (its watchers get one change
 * notice counting every row), not one per row or batch; an all-or-nothing import that was taken
 * back changed nothing and reports nothing.
 */
function importChanged(ctx: AppContext, job: { list_id: string; user_id: string }, rows: number): void {
  if (rows > 0) ctx.events.emit('listRowsChanged', { listId: job.list_id, actorId: job.user_id, changes: rows });
}
