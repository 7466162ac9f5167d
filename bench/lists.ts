import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { newId } from '../src/lib/ids.js';
import { parseSchema } from '../src/features/lists/dsl.js';
import { insertColumns, insertRows, type PreparedRow } from '../src/features/lists/queries/index.js';
import { prepareRow, storedData } from '../src/features/lists/row-data.js';
import { startedEarly } from '../src/lib/promises.js';

// Lists bench: the bench user (bench0) owns a private list of BENCH_LIST_ROWS rows (default
// 100,000) with a ten-column schema whose columns carry validation rules (required, lengths, a
// pattern, number and date bounds, options, a unique column), a public list of the same size and
// schema, and an empty list of that schema for the CSV import. Rows are seeded directly into the
// database (through the feature's own row writer, so the stored form is the real one).

export const BENCH_LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
export const BENCH_IMPORT_LINES = Number(process.env.BENCH_IMPORT_LINES ?? 100_000);

export const BENCH_LIST_SCHEMA = {
  name: 'Bench tasks',
  description: 'Ten columns, validation on',
  fields: [
    { key: 'title', type: 'text', label: 'Title', required: true, validation: { minLength: 3, maxLength: 200 } },
    { key: 'code', type: 'text', label: 'Code', required: true, unique: true, validation: { pattern: '^[A-Z]+-[0-9A-Za-z_-]+$' } },
    { key: 'status', type: 'select', label: 'Status', required: true, options: ['open', 'active', 'blocked', 'done'], defaultValue: 'open' },
    { key: 'priority', type: 'priority', label: 'Priority' },
    { key: 'score', type: 'number', label: 'Score', validation: { min: 0, max: 1000 } },
    { key: 'due', type: 'date', label: 'Due', validation: { min: '2000-01-01', max: '2100-12-31' } },
    { key: 'owner', type: 'email', label: 'Owner' },
    { key: 'link', type: 'url', label: 'Link' },
    { key: 'tags', type: 'multiselect', label: 'Tags', options: ['red', 'green', 'blue', 'amber', 'violet'] },
    { key: 'done', type: 'boolean', label: 'Done' },
  ],
};

const STATUS = ['open', 'active', 'blocked', 'done'];
const PRIORITY = ['low', 'medium', 'high', 'urgent'];
const TAGS = ['red', 'green', 'blue', 'amber', 'violet'];
const WORDS = 'river stone cloud ember maple harbor lantern meadow copper willow orbit saffron quartz thistle'.split(' ');
const DAY = 86_400_000;
const FIRST_DUE = Date.UTC(2020, 0, 1);

/** Row i of the bench lists (and line i of the import file): every column valid, a few left empty. */
export function benchRow(i: number, codePrefix = 'T'): Record<string, unknown> {
  const row: Record<string, unknown> = {
    title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} task ${i}`,
    code: `${codePrefix}-${i}`,
    status: STATUS[i % 4],
    priority: PRIORITY[(i * 7) % 4],
    score: (i * 7919) % 1001,
    due: new Date(FIRST_DUE + ((i * 31) % 2000) * DAY).toISOString().slice(0, 10),
    owner: `owner${i % 500}@example.com`,
    link: `https://example.com/tasks/${i}`,
    tags: [TAGS[i % 5], ...(i % 3 === 0 ? [TAGS[(i + 2) % 5]] : [])],
    done: i % 4 === 3,
  };
  if (i % 10 === 5) row.priority = null;
  if (i % 17 === 3) row.link = null;
  return row;
}

/** The rows page query: sorted by a column, filtered by two conditions. */
export const PAGE_FILTER = [
  { field: 'status', operator: 'equals', value: 'active' },
  { field: 'due', operator: 'greaterThanOrEqual', value: '2022-01-01' },
];
export const PAGE_QUERY = `sort=-score&limit=50&filter=${encodeURIComponent(JSON.stringify(PAGE_FILTER))}`;

export interface SeededLists {
  username: string;
  listId: string;
  publicListId: string;
  importListId: string;
  /** A second empty list, imported into while a client reads (the latency of other requests). */
  busyImportListId: string;
  /** How many rows of the big lists the page's filter matches. */
  matching: number;
}

/** An empty list of the bench schema owned by `userId`: its id and columns. */
export async function createBenchList(db: Db, userId: string, title: string, isPublic: boolean) {
  const schema = parseSchema(BENCH_LIST_SCHEMA);
  const now = new Date().toISOString();
  const id = newId();
  const columns = await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('lists')
      .values({ id, user_id: userId, title, description: null, is_public: isPublic, folder_id: null, schema_name: schema.name, schema_description: schema.description, created_at: now, updated_at: now })
      .execute();
    return insertColumns(trx, id, schema, now);
  });
  return { id, columns, userId };
}

/**
 * Appends rows `from` to `to` (benchRow(i)) through the feature's own row writer, so the stored
 * form is the real one: `perTransaction` rows a transaction, in statements of 1,000.
 */
export async function appendBenchRows(db: Db, list: Awaited<ReturnType<typeof createBenchList>>, from: number, to: number, perTransaction = 1000): Promise<void> {
  const base = Date.now() - to * 10;
  for (let start = from; start < to; start += perTransaction) {
    const end = Math.min(to, start + perTransaction);
    await db.kysely.transaction().execute(async (trx) => {
      for (let chunk = start; chunk < end; chunk += 1000) {
        const batch: PreparedRow[] = [];
        for (let i = chunk; i < Math.min(end, chunk + 1000); i++) batch.push(prepareRow(list.columns, storedData(list.columns, benchRow(i))));
        await insertRows(trx, db.engine, list.id, batch, new Date(base + chunk * 10).toISOString(), list.userId);
      }
    });
  }
}

export async function seedList(db: Db, userId: string, title: string, isPublic: boolean, rows: number): Promise<string> {
  const list = await createBenchList(db, userId, title, isPublic);
  await appendBenchRows(db, list, 0, rows);
  return list.id;
}

export async function seedLists(databaseUrl: string, email = 'bench0@example.com'): Promise<SeededLists> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const me = await db.kysely.selectFrom('users').select(['id', 'username']).where('email', '=', email).executeTakeFirstOrThrow();
    const listId = await seedList(db, me.id, 'Bench tasks', false, BENCH_LIST_ROWS);
    const publicListId = await seedList(db, me.id, 'Bench tasks (public)', true, BENCH_LIST_ROWS);
    const importListId = await seedList(db, me.id, 'Bench import', false, 0);
    const busyImportListId = await seedList(db, me.id, 'Bench import beside reads', false, 0);
    await sql`analyze`.execute(db.kysely);
    let matching = 0;
    for (let i = 0; i < BENCH_LIST_ROWS; i++) {
      const r = benchRow(i);
      if (r.status === 'active' && (r.due as string) >= '2022-01-01') matching++;
    }
    return { username: me.username, listId, publicListId, importListId, busyImportListId, matching };
  } finally {
    await db.close();
  }
}

type Measure<F> = (name: string, opts: autocannon.Options) => Promise<F>;

/** The lists figures at 64 connections: the two pages first, then the adds (they change the list). */
export async function listFigures<F>(measure: Measure<F>, base: string, syncToken: string, seeded: SeededLists): Promise<F[]> {
  const headers = { authorization: `Bearer ${syncToken}` };
  const rows = `${BENCH_LIST_ROWS} rows`;
  const filtered = `sorted by score, 2 filters matching ${seeded.matching}`;
  const add = { ...benchRow(7), code: 'ADD-[<id>]' };
  return [
    await measure(`GET /api/lists/{id}/data (${rows}, ${filtered}, page of 50)`, { url: `${base}/api/lists/${seeded.listId}/data?${PAGE_QUERY}`, headers }),
    await measure(`GET /api/users/{username}/lists/{id}/data (public, ${rows}, same query)`, {
      url: `${base}/api/users/${seeded.username}/lists/${seeded.publicListId}/data?${PAGE_QUERY}`,
    }),
    await measure('POST /api/lists/{id}/data (ten columns, validation on)', {
      url: `${base}/api/lists/${seeded.listId}/data`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ data: add }),
      idReplacement: true,
    }),
  ];
}

const COLD_SAMPLES = 50;

/**
 * The first rows page after a write, as a client sees it: a row edited or added, then the page
 * read at once (what the server cached is of the version before), COLD_SAMPLES times for each of
 * the bench's filtered and sorted page, a sort alone and the first page in row order; and the
 * first page of a query nothing was cached for (one pass over the list's rows).
 */
export async function listColdPageTimings(base: string, syncToken: string, seeded: SeededLists): Promise<ListTiming[]> {
  const headers = { authorization: `Bearer ${syncToken}` };
  const url = (query: string) => `${base}/api/lists/${seeded.listId}/data?${query}`;
  const timed = async (query: string) => {
    const started = performance.now();
    const res = await fetch(url(query), { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`rows page answered ${res.status}`);
    return performance.now() - started;
  };
  const write = async (method: 'POST' | 'PUT', body: unknown) => {
    const res = await fetch(`${base}/api/lists/${seeded.listId}/data`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`row write answered ${res.status}: ${await res.text()}`);
  };
  const first = ((await (await fetch(url('limit=1'), { headers })).json()) as { data: { id: string }[] }).data[0].id;
  const uncached = await timed('sort=-due&limit=50');
  const queries: [string, string][] = [
    ['sorted by score, 2 filters', PAGE_QUERY],
    ['sorted by title', 'sort=title&limit=50'],
    ['in row order', 'limit=50'],
  ];
  const out: ListTiming[] = [];
  let added = 0;
  for (const [name, query] of queries) {
    await timed(query);
    const samples: number[] = [];
    for (let i = 0; i < COLD_SAMPLES; i++) {
      // An edit that moves the row in the score order, or an add.
      if (i % 2 === 0) await write('PUT', { rowId: first, data: { score: (i * 37) % 1001, status: i % 4 === 0 ? 'active' : 'open' } });
      else await write('POST', { data: { ...benchRow(BENCH_LIST_ROWS + added), code: `COLD-${Date.now()}-${added++}` } });
      samples.push(await timed(query));
    }
    samples.sort((a, b) => a - b);
    out.push({
      name: `rows page right after a write (${BENCH_LIST_ROWS} rows, ${name}; ${COLD_SAMPLES} samples, p50 ${Math.round(percentile(samples, 50))} ms): p99`,
      value: Math.round(percentile(samples, 99)),
      unit: 'ms',
      target: 'at most 30 ms',
    });
  }
  out.push({ name: `rows page of a query nothing was cached for (sort=-due): one sample`, value: Math.round(uncached), unit: 'ms', target: 'one pass over the rows' });
  return out;
}

/** A figure measured as a whole run (run.ts prints these as timings). */
export interface ListTiming {
  name: string;
  value: number;
  unit: string;
  target: string;
}

/** The import file: a header of column keys and BENCH_IMPORT_LINES valid lines. */
export function importCsv(lines = BENCH_IMPORT_LINES): string {
  const keys = BENCH_LIST_SCHEMA.fields.map((f) => f.key);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const s = Array.isArray(v) ? v.join(';') : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const out = [keys.join(',')];
  for (let i = 0; i < lines; i++) {
    const r = benchRow(i, 'IMP');
    out.push(keys.map((k) => cell(r[k])).join(','));
  }
  return `${out.join('\n')}\n`;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);

/** Uploads the file through the real route and polls the job until it is done; the seconds from upload to done. */
export async function timedImport(base: string, headers: Record<string, string>, listId: string, csv: string): Promise<number> {
  const form = new FormData();
  form.append('mode', 'all-or-nothing');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const started = performance.now();
  const res = await fetch(`${base}/api/lists/${listId}/import`, { method: 'POST', headers, body: form });
  if (res.status !== 202) throw new Error(`import upload answered ${res.status}: ${await res.text()}`);
  const { job } = (await res.json()) as { job: { id: string } };
  for (;;) {
    // A dropped connection (a server too busy to answer in time) is retried, not fatal.
    const body = await fetch(`${base}/api/lists/${listId}/imports/${job.id}`, { headers })
      .then((r) => r.json() as Promise<{ job: { status: string; inserted: number; errors: unknown[] } }>)
      .catch(() => null);
    if (body && (body.job.status === 'done' || body.job.status === 'failed')) {
      if (body.job.status !== 'done' || body.job.inserted !== BENCH_IMPORT_LINES) {
        throw new Error(`import ended ${body.job.status}, ${body.job.inserted} inserted: ${JSON.stringify(body.job.errors).slice(0, 500)}`);
      }
      return (performance.now() - started) / 1000;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The CSV import through the real route, rows per second from the upload's start to the job's
 * end: once alone, then again (into another empty list) while one client reads the big list's
 * rows page back to back, to show how long an import keeps other requests waiting.
 */
export async function listImportTimings(base: string, syncToken: string, seeded: SeededLists): Promise<ListTiming[]> {
  const headers = { authorization: `Bearer ${syncToken}` };
  const csv = importCsv();
  const alone = await timedImport(base, headers, seeded.importListId, csv);

  let importing = true;
  const latencies: number[] = [];
  let failures = 0;
  const reader = startedEarly((async () => {
    while (importing) {
      const t = performance.now();
      try {
        const res = await fetch(`${base}/api/lists/${seeded.listId}/data?${PAGE_QUERY}`, { headers });
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t);
        else failures++;
      } catch {
        failures++; // e.g. the server dropped the connection while its event loop was blocked
      }
    }
  })());
  let busy: number;
  try {
    busy = await timedImport(base, headers, seeded.busyImportListId, csv);
  } finally {
    importing = false;
    await reader;
  }
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v);
  const lines = `${BENCH_IMPORT_LINES} lines (${(csv.length / 1e6).toFixed(1)} MB)`;
  return [
    { name: `CSV import, ${lines}, upload to job done in ${alone.toFixed(1)} s`, value: Math.round(BENCH_IMPORT_LINES / alone), unit: 'rows/s', target: 'at least 20,000 rows/s' },
    {
      name: `CSV import again beside a client reading the rows page back to back: done in ${busy.toFixed(1)} s`,
      value: Math.round(BENCH_IMPORT_LINES / busy),
      unit: 'rows/s',
      target: 'the reads share the one process',
    },
    {
      name: `that client's reads during the import (${latencies.length} reads, ${failures} failed, p50 ${ms(percentile(latencies, 50))} ms, max ${ms(latencies[latencies.length - 1] ?? 0)} ms): p99`,
      value: ms(percentile(latencies, 99)),
      unit: 'ms',
      target: 'short: how long the import keeps other requests waiting',
    },
  ];
}
