import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/features/lists/import.js';
import { runDueJobs } from '../../src/runtime/jobs/execute.js';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.js';
import { failWrites, stopFailingWrites } from '../helpers/forced-failure.js';
import { activeUser, addRow, call, cookieOf, createList, expectError, type Auth } from './support.js';

// A CSV import whose run stops part way (its process died) is finished by the job's next run
// (the job is taken again when its lease ends): it resumes after the last committed batch, ends
// `done` with exactly the file's rows, never twice; an all-or-nothing import that cannot finish
// takes back what it wrote. And an import is recorded only together with its job.
//
// The stop is simulated with a trigger that makes one write fail (the batch holding it rolls
// back, the earlier batches stay committed: the state a crash there leaves), then the job row is
// put back as a dead runner leaves it (running, lease over).

let t: TestApp;
let me: Auth;
let myId: string;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  const user = await activeUser(t);
  me = cookieOf(user);
  myId = user.user.id;
});
afterAll(async () => t.close());
afterEach(async () => {
  await t.app.ctx.jobs.idle();
  await dropCrash();
});

const LINES = 3000; // more than one write batch on both engines (500 on SQLite, 2500 on PostgreSQL)
const CRASH_AT = 2700; // in the second PostgreSQL batch, the sixth SQLite one

/** Makes statements fail: inserts of the row titled `title`, or the import's move to its write phase. */
async function crashOn(what: { rowTitle: string; titleProperty: string } | { importStatus: string } | { jobs: true }) {
  const db = t.db.kysely;
  const [table, cond] =
    'rowTitle' in what ?
      ['list_rows', ENGINE === 'postgres' ? `new.data ->> '${what.titleProperty}' = '${what.rowTitle}'` : `json_extract(new.data, '$."${what.titleProperty}"') = '${what.rowTitle}'`]
    : 'importStatus' in what ? ['list_imports', `new.status = '${what.importStatus}'`]
    : ['jobs', `new.kind = 'list-import'`];
  await failWrites(db, table, cond, 'importStatus' in what ? 'update' : 'insert');
}

async function dropCrash() {
  await stopFailingWrites(t.db.kysely, ['list_rows', 'list_imports', 'jobs']);
}

function multipart(csv: string, fields: Record<string, string>) {
  const boundary = '----listsrecovery9f2';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
  return { payload: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (listId: string, csv: string, fields: Record<string, string> = {}) => {
  const m = multipart(csv, fields);
  return t.app.inject({ method: 'POST', url: `/api/lists/${listId}/import`, payload: m.payload, headers: { ...m.headers, ...me } });
};

const importOf = async (listId: string, jobId: string) => {
  const res = await call(t, 'GET', `/api/lists/${listId}/imports/${jobId}`, me);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().job;
};

/** The import's job row once its first run has ended (failed by the simulated crash: queued again, for a retry). */
async function firstRunOver(importId: string) {
  await t.app.ctx.jobs.idle();
  const jobs = await t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'list-import').where('payload', 'like', `%${importId}%`).execute();
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('simulated crash') });
  return jobs[0];
}

/** Puts the job back as a runner that died mid-run leaves it, lets the lease end, and runs what is due. */
async function runnerDiedThenRerun(jobId: string) {
  const at = t.clock.now();
  await t.db.kysely
    .updateTable('jobs')
    .set({ status: 'running', locked_until: new Date(at.getTime() + t.app.ctx.jobs.leaseMs).toISOString(), run_at: at.toISOString() })
    .where('id', '=', jobId)
    .execute();
  expect((await runDueJobs(t.app.ctx)).claimed).toBe(0); // still leased to the dead runner
  t.clock.advance(t.app.ctx.jobs.leaseMs);
  expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 1, done: 1 });
}

type Row = { id: string; data: Record<string, unknown> };

/** What list_import_data keeps of an import (the file), if anything. */
const keptInput = async (importId: string) =>
  (await t.db.kysely.selectFrom('list_import_data').select('content').where('import_id', '=', importId).executeTakeFirst())?.content;
/** The plan of an import's writes, kept once they begin, if any. */
const keptPlan = async (importId: string) => (await t.db.kysely.selectFrom('list_import_plans').select('plan').where('import_id', '=', importId).executeTakeFirst())?.plan;

/** Every live row of the list, through the API, in creation order. */
async function allRows(listId: string): Promise<Row[]> {
  const out: Row[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await call(t, 'GET', `/api/lists/${listId}/data?limit=100&offset=${offset}`, me);
    expect(res.statusCode).toBe(200);
    const page = res.json().data as Row[];
    out.push(...page);
    if (page.length < 100) return out;
  }
}

const allTitles = async (listId: string) => (await allRows(listId)).map((r) => r.data.title as string);
const rowData = async (listId: string, rowId: string) => (await allRows(listId)).find((r) => r.id === rowId)?.data;

const titleProperty = (list: { schema: { fields: { key: string; propertyId: string }[] } }) => list.schema.fields.find((c) => c.key === 'title')!.propertyId;
const csvOf = (lines: string[]) => `title,pages,isbn\n${lines.join('\n')}\n`;
const line = (i: number) => `T ${i},${i + 1},k${i}`;

describe('CSV import: a run that stopped part way is finished by the next run', () => {
  it.each([
    { mode: 'all-or-nothing', invalid: [] as number[] },
    { mode: 'valid-rows', invalid: [7, 2999] },
  ])('$mode: after a crash in the writes it resumes after the last committed batch and ends done with exactly the file rows', async ({ mode, invalid }) => {
    const list = await createList(t, me);
    const lines = Array.from({ length: LINES }, (_, i) => (invalid.includes(i) ? `,0,bad${i}` : line(i)));
    const expected = lines.map((_, i) => `T ${i}`).filter((_, i) => !invalid.includes(i));
    await crashOn({ rowTitle: `T ${CRASH_AT}`, titleProperty: titleProperty(list) });
    const res = await upload(list.id, csvOf(lines), { mode });
    expect(res.statusCode, res.body).toBe(202);
    const importId = res.json().job.id;
    const job = await firstRunOver(importId);

    // Stopped part way: some batches committed, the import not finished.
    const partial = await importOf(list.id, importId);
    expect(partial.status).toBe('running');
    const committed = partial.inserted;
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(expected.length);
    expect(await allTitles(list.id)).toEqual(expected.slice(0, committed));
    // The file and the checked plan are kept for the next run: the lines refused, no row's data.
    expect(await keptInput(importId)).toBe(csvOf(lines));
    expect(JSON.parse((await keptPlan(importId))!)).toMatchObject({ skipped: invalid.map((i) => i + 2), updates: [] });

    await dropCrash();
    await runnerDiedThenRerun(job.id);
    expect(await keptInput(importId)).toBeUndefined();
    expect(await keptPlan(importId)).toBeUndefined();
    const done = await importOf(list.id, importId);
    expect(done).toMatchObject({ status: 'done', total: LINES, processed: LINES, inserted: expected.length, updated: 0, skipped: invalid.length });
    expect(done.errors.map((e: { line: number }) => e.line)).toEqual(invalid.map((i) => i + 2));
    expect(await allTitles(list.id)).toEqual(expected);
  });

  it('after a crash before any write (while checking) it checks the file again and imports it once', async () => {
    const list = await createList(t, me);
    const lines = Array.from({ length: 40 }, (_, i) => line(i));
    await crashOn({ importStatus: 'writing' });
    const res = await upload(list.id, csvOf(lines));
    const importId = res.json().job.id;
    const job = await firstRunOver(importId);
    expect(await importOf(list.id, importId)).toMatchObject({ status: 'running', inserted: 0 });
    expect(await allTitles(list.id)).toEqual([]);
    expect(await keptInput(importId)).toBe(csvOf(lines)); // still the file: nothing was checked for good

    await dropCrash();
    await runnerDiedThenRerun(job.id);
    expect(await importOf(list.id, importId)).toMatchObject({ status: 'done', total: 40, inserted: 40, skipped: 0, errors: [] });
    expect(await allTitles(list.id)).toEqual(lines.map((_, i) => `T ${i}`));
  });

  it('all-or-nothing: when the resumed writes meet a unique value taken meanwhile, the rows it wrote are taken back (upserted rows restored) and it fails', async () => {
    const list = await createList(t, me);
    const kept = await addRow(t, me, list.id, { title: 'Kept', isbn: 'k0', pages: 5, owned: true });
    const lines = Array.from({ length: LINES }, (_, i) => line(i));
    await crashOn({ rowTitle: `T ${CRASH_AT}`, titleProperty: titleProperty(list) });
    const res = await upload(list.id, csvOf(lines), { upsertKey: 'isbn' });
    const importId = res.json().job.id;
    const job = await firstRunOver(importId);
    const partial = await importOf(list.id, importId);
    expect(partial).toMatchObject({ status: 'running', updated: 1 });
    expect(partial.inserted).toBeGreaterThan(0);
    // Line 2 (isbn k0) upserted the stored row.
    expect(await rowData(list.id, kept.id)).toMatchObject({ title: 'T 0', pages: 1 });

    await dropCrash();
    await addRow(t, me, list.id, { title: 'Taker', isbn: `k${LINES - 1}` });
    await runnerDiedThenRerun(job.id);
    const failed = await importOf(list.id, importId);
    expect(failed).toMatchObject({ status: 'failed', inserted: 0, updated: 0 });
    expect(failed.errors).toEqual([{ line: 0, messages: ['A unique value was taken by another write during the import; nothing was imported'] }]);
    expect((await allTitles(list.id)).sort()).toEqual(['Kept', 'Taker']);
    expect(await rowData(list.id, kept.id)).toMatchObject({ title: 'Kept', isbn: 'k0', pages: 5, owned: true });
    // The unique values are the restored rows' again.
    expectError(await call(t, 'POST', `/api/lists/${list.id}/data`, me, { data: { title: 'Again', isbn: 'k0' } }), 409, 'unique_violation');
    expect((await call(t, 'POST', `/api/lists/${list.id}/data`, me, { data: { title: 'Free', isbn: 'k5' } })).statusCode).toBe(201);
  });

  it.each([
    { mode: 'all-or-nothing', message: 'nothing was imported' },
    { mode: 'valid-rows', message: 'the remaining lines were not imported' },
  ])('$mode: when the columns changed before the resumed writes so that the remaining lines no longer pass, the writes stop', async ({ mode, message }) => {
    const list = await createList(t, me);
    await crashOn({ rowTitle: `T ${CRASH_AT}`, titleProperty: titleProperty(list) });
    const res = await upload(list.id, csvOf(Array.from({ length: LINES }, (_, i) => line(i))), { mode });
    const importId = res.json().job.id;
    const job = await firstRunOver(importId);
    const committed = (await importOf(list.id, importId)).inserted;
    expect(committed).toBeGreaterThan(0);
    await dropCrash();

    // The rows still to write (pages = line number) are over the new maximum.
    const fields = list.schema.fields as unknown as Record<string, unknown>[];
    const properties = fields.map((c) => (c.key === 'pages' ? { ...c, validation: { min: 1, max: 10 } } : c));
    expect((await call(t, 'PUT', `/api/lists/${list.id}/schema`, me, { properties })).statusCode).toBe(200);
    await runnerDiedThenRerun(job.id);
    const failed = await importOf(list.id, importId);
    const kept = mode === 'all-or-nothing' ? 0 : committed;
    expect(failed).toMatchObject({ status: 'failed', inserted: kept, updated: 0 });
    expect(failed.errors).toEqual([{ line: 0, messages: [`The list's columns changed during the import and its lines no longer pass them; ${message}`] }]);
    expect(await allTitles(list.id)).toEqual(Array.from({ length: kept }, (_, i) => `T ${i}`));
    expect(await keptPlan(importId)).toBeUndefined();
  });

  it('an import whose writes began before the plan was kept apart (its rows kept in place of the file) is finished from those rows', async () => {
    const list = await createList(t, me);
    const [title, pages] = ['title', 'pages'].map((key) => list.schema.fields.find((c) => c.key === key)!.propertyId);
    const rowIds = ['0190a0b0-0000-7000-8000-000000000001', '0190a0b0-0000-7000-8000-000000000002', '0190a0b0-0000-7000-8000-000000000003'];
    // As the previous version left it: the first of three rows committed, the plan in list_import_data.
    const plan = rowIds.map((id, i) => [i + 2, id, 1, JSON.stringify({ [title]: `Old ${i}`, [pages]: i + 1 }), [], null, null]);
    await addRow(t, me, list.id, { title: 'Old 0', pages: 1 });
    const importId = '0190a0b0-0000-7000-8000-0000000000ff';
    const at = t.clock.now().toISOString();
    await t.db.kysely
      .insertInto('list_imports')
      .values({ id: importId, list_id: list.id, user_id: myId, status: 'writing', options: JSON.stringify({ dryRun: false, mode: 'all-or-nothing', upsertKey: null }), dry_run: false, total: 3, processed: 1, inserted: 1, updated: 0, skipped: 0, errors: '[]', created_at: at, updated_at: at })
      .execute();
    await t.db.kysely.insertInto('list_import_data').values({ import_id: importId, content: JSON.stringify(plan) }).execute();
    await runImport(t.app.ctx, importId);
    expect(await importOf(list.id, importId)).toMatchObject({ status: 'done', total: 3, processed: 3, inserted: 3, updated: 0 });
    expect((await allTitles(list.id)).sort()).toEqual(['Old 0', 'Old 1', 'Old 2']);
    expect(await keptInput(importId)).toBeUndefined();
  });
});

/** Puts the job back as the runner of its LAST attempt leaves it when it dies, lets the lease end, and runs what is due. */
async function lastRunnerDiedThenRerun(jobId: string) {
  const at = t.clock.now();
  const { max_attempts } = await t.db.kysely.selectFrom('jobs').select('max_attempts').where('id', '=', jobId).executeTakeFirstOrThrow();
  await t.db.kysely
    .updateTable('jobs')
    .set({ status: 'running', attempts: max_attempts, locked_until: new Date(at.getTime() + t.app.ctx.jobs.leaseMs).toISOString(), run_at: at.toISOString() })
    .where('id', '=', jobId)
    .execute();
  t.clock.advance(t.app.ctx.jobs.leaseMs);
  expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 1, failed: 1 });
  expect(await t.db.kysely.selectFrom('jobs').select(['status', 'last_error']).where('id', '=', jobId).executeTakeFirstOrThrow()).toEqual({
    status: 'failed',
    last_error: `the runner of attempt ${max_attempts} stopped before it finished`,
  });
}

describe('CSV import: a job given up (its last runner died) ends its import failed', () => {
  it('all-or-nothing: the rows it wrote are taken back (upserted rows restored)', async () => {
    const list = await createList(t, me);
    const kept = await addRow(t, me, list.id, { title: 'Kept', isbn: 'k0', pages: 5, owned: true });
    await crashOn({ rowTitle: `T ${CRASH_AT}`, titleProperty: titleProperty(list) });
    const res = await upload(list.id, csvOf(Array.from({ length: LINES }, (_, i) => line(i))), { upsertKey: 'isbn' });
    const importId = res.json().job.id;
    const job = await firstRunOver(importId);
    expect((await importOf(list.id, importId)).inserted).toBeGreaterThan(0);
    await dropCrash();

    await lastRunnerDiedThenRerun(job.id);
    const failed = await importOf(list.id, importId);
    expect(failed).toMatchObject({ status: 'failed', inserted: 0, updated: 0, skipped: LINES });
    expect(failed.errors).toEqual([{ line: 0, messages: ['The import stopped before it finished; nothing was imported'] }]);
    expect(await allTitles(list.id)).toEqual(['Kept']);
    expect(await rowData(list.id, kept.id)).toMatchObject({ title: 'Kept', isbn: 'k0', pages: 5, owned: true });
    expect(await keptInput(importId)).toBeUndefined();
    // The unique values it had taken are free again.
    expect((await call(t, 'POST', `/api/lists/${list.id}/data`, me, { data: { title: 'Free', isbn: 'k5' } })).statusCode).toBe(201);
  });

  it('valid-rows: the committed batches stay, the rest is not imported', async () => {
    const list = await createList(t, me);
    await crashOn({ rowTitle: `T ${CRASH_AT}`, titleProperty: titleProperty(list) });
    const lines = Array.from({ length: LINES }, (_, i) => (i === 3 ? ',0,bad' : line(i)));
    const res = await upload(list.id, csvOf(lines), { mode: 'valid-rows' });
    const importId = res.json().job.id;
    const job = await firstRunOver(importId);
    const committed = (await importOf(list.id, importId)).inserted;
    await dropCrash();

    await lastRunnerDiedThenRerun(job.id);
    const failed = await importOf(list.id, importId);
    expect(failed).toMatchObject({ status: 'failed', inserted: committed, updated: 0, skipped: 1 });
    expect(failed.errors.map((e: { line: number }) => e.line)).toEqual([5, 0]);
    expect(failed.errors[1].messages).toEqual(['The import stopped before it finished; the remaining lines were not imported']);
    expect(await allTitles(list.id)).toHaveLength(committed);
    expect(await keptInput(importId)).toBeUndefined();
  });

  it('a run that died while checking (nothing written) ends failed with nothing imported', async () => {
    const list = await createList(t, me);
    await crashOn({ importStatus: 'writing' });
    const res = await upload(list.id, csvOf([line(1), line(2)]), { mode: 'valid-rows' });
    const importId = res.json().job.id;
    const job = await firstRunOver(importId);
    await dropCrash();
    await lastRunnerDiedThenRerun(job.id);
    expect(await importOf(list.id, importId)).toMatchObject({
      status: 'failed',
      inserted: 0,
      errors: [{ line: 0, messages: ['The import stopped before it finished; nothing was imported'] }],
    });
    expect(await allTitles(list.id)).toEqual([]);
  });
});

describe('CSV import: the import and its job are one transaction', () => {
  it('when the job cannot be written, no import is recorded', async () => {
    const list = await createList(t, me);
    await crashOn({ jobs: true });
    const res = await upload(list.id, csvOf([line(1)]));
    expect(res.statusCode).toBe(500);
    expect(await t.db.kysely.selectFrom('list_imports').select('id').where('list_id', '=', list.id).execute()).toEqual([]);
    await dropCrash();
    const ok = await upload(list.id, csvOf([line(1)]));
    expect(ok.statusCode).toBe(202);
    const id = ok.json().job.id;
    expect(await t.db.kysely.selectFrom('list_imports').select('id').where('list_id', '=', list.id).execute()).toEqual([{ id }]);
    await t.app.ctx.jobs.idle();
    expect(await importOf(list.id, id)).toMatchObject({ status: 'done', inserted: 1 });
    // The upload is kept only until the import ends.
    expect(await keptInput(id)).toBeUndefined();
  });
});
