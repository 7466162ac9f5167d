import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { newId } from '../src/lib/ids.js';
import { createScratchDatabase } from '../test/helpers/postgres.js';
import { bulkInsert } from './bulk.js';
import { benchDocument, seedFolders } from './documents.js';
import { appendBenchRows, benchRow, createBenchList, PAGE_QUERY } from './lists.js';
import { benchMessage, benchTag, BULK_MESSAGE_COLUMNS, seedAudience, settleMessages } from './messages.js';
import { machineLoad, quiet, startProcess, stop } from './processes.js';
import { seed } from './seed.js';

// The scale mode (BENCH_SCALE=1): the same reads at growing sizes of one database, to show the
// cost curve. Each level (BENCH_SCALE_LEVELS, messages; default 20,000, 200,000 and 2,000,000)
// has as many messages, a tenth as many documents and half as many rows in one list. The
// database grows from level to level (the rows a level adds are older history: the newest
// messages, documents and changes are the same at every level, so a read's answer is the same
// size and only what lies behind it grows). Rows are written in bulk (bulk.ts), with the
// triggers, the search index and the tag fold brought up to date before the server starts, as in
// a service that has been running. Per level and endpoint:
// - first: the first request after the server started (its caches empty, its statements unprepared);
// - cold: BENCH_SCALE_COLD requests (default 20), each right after a write that invalidates the
//   read's caches (a post, a document, a row), one at a time;
// - warm: the steady state, autocannon at 64 connections for BENCH_DURATION seconds after a second's warm-up.
// The table gives p50/p99 per level and each level's p99 over the smallest level's.

const levels = (process.env.BENCH_SCALE_LEVELS ?? '20000,200000,2000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const coldSamples = Number(process.env.BENCH_SCALE_COLD ?? 20);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const USERS = 5000;
const EMAIL = 'bench0@example.com';
/** Message i was published i+1 seconds before the run's start; document i changed i+1 ms before it. */
const SECOND = 1000;

type Group = 'messages' | 'documents' | 'lists';
type Mode = 'first' | 'cold' | 'warm';

interface Read {
  group: Group;
  name: string;
  path: string;
  headers?: Record<string, string>;
}

interface Point {
  p50: number;
  p99: number;
  /** Warm: no request was answered within BENCH_DURATION (p50 and p99 are then that duration, a lower bound). */
  unanswered?: boolean;
}

interface LevelResult {
  messages: number;
  documents: number;
  rows: number;
  seedSeconds: number;
  /** Load averages (1, 5, 15 min) when the level's reads started and ended. */
  loadBefore: string;
  loadAfter: string;
  reads: Record<string, Record<Mode, Point>>;
}

/** The growing database: what has been seeded so far, and the fixed things the reads name. */
interface State {
  db: Db;
  me: string;
  users: { id: string; username: string }[];
  author: string;
  messages: number;
  documents: number;
  rows: number;
  threadRoot: string;
  privateDocument: string;
  folders: { id: string }[];
  list: Awaited<ReturnType<typeof createBenchList>> | null;
  end: number;
  /** Writes made by the cold measurements so far (each row added has a unique code of its own). */
  writes: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const round = (v: number) => Math.round(v * 10) / 10;

/** Messages `from` to `to` (older history): replies to a message five older, the first 50 replies to one thread root. */
async function addMessages(s: State, to: number): Promise<void> {
  const CHUNK = 20_000; // a multiple of 10: a reply's parent is in its own chunk
  for (let start = s.messages; start < to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK);
    const ids = Array.from({ length: end - start }, () => newId());
    const id = (i: number) => ids[i - start];
    if (start === 0) s.threadRoot = id(61);
    const messages: ReturnType<typeof benchMessage>[] = [];
    const tags: { message_id: string; tag: string }[] = [];
    const digs: { message_id: string; user_id: string; created_at: string }[] = [];
    // Oldest first, so that a reply's parent is written before it.
    for (let i = end - 1; i >= start; i--) {
      const at = new Date(s.end - (i + 1) * SECOND).toISOString();
      const parent = i < 50 ? s.threadRoot : i % 10 === 4 && i + 5 < end ? id(i + 5) : null;
      messages.push(benchMessage(i, id(i), s.users[(i * 7919) % s.users.length].id, parent, at));
      tags.push({ message_id: id(i), tag: benchTag(i) });
      if (i % 3 === 0) digs.push({ message_id: id(i), user_id: s.users[(i * 31) % s.users.length].id, created_at: at });
    }
    await s.db.kysely.transaction().execute(async (trx) => {
      const tx = { engine: s.db.engine, kysely: trx };
      await bulkInsert(tx, 'messages', BULK_MESSAGE_COLUMNS, messages);
      await bulkInsert(tx, 'message_tags', { message_id: 'text', tag: 'text' }, tags);
      await bulkInsert(tx, 'digs', { message_id: 'text', user_id: 'text', created_at: 'text' }, digs);
    });
  }
  s.messages = to;
}

const DOCUMENT_COLUMNS = {
  id: 'text',
  user_id: 'text',
  folder_id: 'text',
  title: 'text',
  content: 'text',
  relative_path: 'text',
  is_public: 'boolean',
  revision: 'integer',
  created_at: 'text',
  updated_at: 'text',
  change_ms: 'bigint',
} as const;

async function addDocuments(s: State, to: number): Promise<void> {
  const now = new Date(s.end).toISOString();
  if (s.documents === 0) {
    s.folders = await seedFolders(s.db, s.me, now, s.end - 1e9);
    await s.db.kysely.insertInto('document_sync_state').values({ user_id: s.me, last_change_ms: s.end }).execute();
  }
  for (let start = s.documents; start < to; start += 20_000) {
    const rows: ReturnType<typeof benchDocument>[] = [];
    for (let i = start; i < Math.min(to, start + 20_000); i++) rows.push(benchDocument(i, s.me, s.folders[i % s.folders.length].id, now, s.end - (i + 1)));
    if (start === 0) s.privateDocument = rows.find((r) => !r.is_public)!.id;
    await s.db.kysely.transaction().execute((trx) => bulkInsert({ engine: s.db.engine, kysely: trx }, 'documents', DOCUMENT_COLUMNS, rows));
  }
  s.documents = to;
}

/** Grows the database to `level` messages (and its documents and rows); the seconds it took. */
async function grow(s: State, level: number): Promise<number> {
  const started = performance.now();
  const step = async (what: string, work: () => Promise<void>) => {
    const t = performance.now();
    await work();
    process.stdout.write(`  ${what} in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  };
  await step(`messages ${s.messages} -> ${level}`, () => addMessages(s, level));
  // Statistics of the loaded tables first, as autovacuum would take them: the fold's statements
  // planned on a PostgreSQL table that grew tenfold without them ran for over 20 minutes a batch.
  await step('search index and tag counters brought up to date', async () => {
    if (s.db.engine === 'postgres') await sql`analyze`.execute(s.db.kysely);
    await settleMessages(s.db);
  });
  await step(`documents ${s.documents} -> ${level / 10}`, () => addDocuments(s, level / 10));
  s.list ??= await createBenchList(s.db, s.me, 'Bench tasks (scale)', false);
  const list = s.list;
  await step(`rows ${s.rows} -> ${level / 2}`, () => appendBenchRows(s.db, list, s.rows, level / 2, 20_000));
  s.rows = level / 2;
  // Statistics, and on PostgreSQL the vacuum autovacuum runs after a bulk load (visibility map, GIN pending lists).
  await step('statistics', async () => {
    if (s.db.engine === 'postgres') await sql`vacuum analyze`.execute(s.db.kysely);
    else await sql`analyze`.execute(s.db.kysely);
  });
  return (performance.now() - started) / 1000;
}

/** The reads measured at every level. */
function reads(s: State, tokens: { session: string; sync: string }): Read[] {
  const bearer = { authorization: `Bearer ${tokens.sync}` };
  return [
    { group: 'messages', name: 'GET /api/messages (anonymous feed)', path: '/api/messages?limit=20' },
    { group: 'messages', name: 'GET /api/messages (signed in, following 100)', path: '/api/messages?limit=20', headers: { cookie: `service-session=${tokens.session}` } },
    { group: 'messages', name: 'GET /api/messages/search (a rare word)', path: '/api/messages/search?q=kumquat&limit=20', headers: bearer },
    { group: 'messages', name: 'GET /api/messages/search (a common word)', path: '/api/messages/search?q=harbor&limit=20', headers: bearer },
    { group: 'messages', name: 'GET /api/messages/{id} (a thread root)', path: `/api/messages/${s.threadRoot}` },
    { group: 'messages', name: 'GET /api/messages/{id}/replies (a thread, 50 replies)', path: `/api/messages/${s.threadRoot}/replies?limit=20` },
    { group: 'messages', name: 'GET /api/user/{username}/messages (public per-user feed)', path: `/api/user/${s.author}/messages?limit=20` },
    { group: 'messages', name: 'GET /api/tags/trending', path: '/api/tags/trending' },
    { group: 'documents', name: 'GET /api/documents/{id} (the owner, a private document)', path: `/api/documents/${s.privateDocument}`, headers: bearer },
    { group: 'documents', name: 'GET /api/documents/search (a rare word)', path: '/api/documents/search?q=kumquat&limit=20', headers: bearer },
    { group: 'documents', name: 'GET /api/documents/search (a common word)', path: '/api/documents/search?q=budget&limit=20', headers: bearer },
    { group: 'documents', name: 'GET /api/documents/sync (the last 1,000 changes)', path: '/api/documents/sync?lastSyncAt=CURSOR', headers: bearer },
    { group: 'lists', name: 'GET /api/lists/{id}/data (sorted by score, 2 filters, page of 50)', path: `/api/lists/${s.list!.id}/data?${PAGE_QUERY}`, headers: bearer },
    { group: 'lists', name: 'GET /api/lists/{id}/data (first page of 50, row order)', path: `/api/lists/${s.list!.id}/data?limit=50`, headers: bearer },
  ];
}

/** A write that makes the group's reads cold (it changes what they answer from). */
function writer(base: string, s: State, syncToken: string): (group: Group) => Promise<void> {
  const headers = { authorization: `Bearer ${syncToken}`, 'content-type': 'application/json' };
  const bodies: Record<Group, (n: number) => [string, unknown]> = {
    messages: (n) => ['/api/messages', { content: `A scale bench message about rivers, number ${n}`, tags: ['bench'] }],
    documents: (n) => ['/api/documents', { title: `Scale bench ${n}`, content: '# Bench\n\nA new document with some words in it.' }],
    lists: (n) => [`/api/lists/${s.list!.id}/data`, { data: { ...benchRow(7), code: `ADD-scale-${n}` } }],
  };
  return async (group) => {
    const n = ++s.writes;
    const [path, body] = bodies[group](n);
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
}

/** One request, timed; a read that is not 200 stops the run (the figures would not be of the real answer). */
async function timedGet(base: string, read: Read, path: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { headers: read.headers });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${read.name} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
  return ms;
}

/** The sync pull's cursor: just before the 1,000th newest change of the bench user's documents. */
async function pullCursor(s: State): Promise<string> {
  const row = await s.db.kysely.selectFrom('documents').select('change_ms').where('user_id', '=', s.me).orderBy('change_ms', 'desc').offset(999).limit(1).executeTakeFirstOrThrow();
  return new Date(Number(row.change_ms) - 1).toISOString();
}

async function measureLevel(databaseUrl: string, s: State, tokens: { session: string; sync: string }): Promise<Pick<LevelResult, 'reads' | 'loadBefore' | 'loadAfter'>> {
  const cursor = encodeURIComponent(await pullCursor(s));
  // BENCH_SCALE_READS (a comma list): only the reads whose name holds one of them ("messages/search").
  const only = process.env.BENCH_SCALE_READS?.split(',');
  const list = reads(s, tokens)
    .filter((r) => !only || only.some((o) => r.name.includes(o)))
    .map((r) => ({ ...r, path: r.path.replace('CURSOR', cursor) }));
  const server = await startProcess('src/main.ts', { DATABASE_URL: databaseUrl });
  const loadBefore = machineLoad();
  try {
    const out: Record<string, Record<Mode, Point>> = {};
    // The first request of each read after the start, in this order.
    for (const read of list) {
      const ms = await timedGet(server.base, read, read.path);
      out[read.name] = { first: { p50: round(ms), p99: round(ms) }, cold: { p50: 0, p99: 0 }, warm: { p50: 0, p99: 0 } };
    }
    const write = writer(server.base, s, tokens.sync);
    for (const read of list) {
      const samples: number[] = [];
      for (let k = 0; k < coldSamples; k++) {
        await write(read.group);
        samples.push(await timedGet(server.base, read, read.path));
      }
      samples.sort((a, b) => a - b);
      out[read.name].cold = { p50: round(percentile(samples, 50)), p99: round(percentile(samples, 99)) };
    }
    for (const read of list) {
      const opts = { url: `${server.base}${read.path}`, headers: read.headers };
      await quiet(server.child.pid!);
      await autocannon({ ...opts, duration: 1, connections: 8 });
      const r = await autocannon({ ...opts, duration, connections: 64 });
      if (r.non2xx + r.errors > 0) throw new Error(`${read.name}: ${r.non2xx} answers not 2xx, ${r.errors} errors at 64 connections`);
      // No answer within the run (each slower than the whole duration): the duration is a lower bound.
      const none = r.requests.total === 0 ? duration * 1000 : null;
      out[read.name].warm = { p50: none ?? r.latency.p50, p99: none ?? r.latency.p99, ...(none ? { unanswered: true } : {}) };
    }
    return { reads: out, loadBefore, loadAfter: machineLoad() };
  } finally {
    await stop(server.child);
  }
}

/** The table: per read and mode, p50/p99 at each level and each level's p99 over the smallest level's. */
function table(engine: string, results: LevelResult[]): string {
  const header = ['read', 'mode', ...results.flatMap((r) => [`${r.messages} p50`, `p99`, 'x p99'])];
  const rows: string[][] = [];
  for (const name of Object.keys(results[0].reads)) {
    for (const mode of ['first', 'cold', 'warm'] as const) {
      const first = results[0].reads[name][mode].p99;
      rows.push([name, mode, ...results.flatMap((r) => [String(r.reads[name][mode].p50), `${r.reads[name][mode].unanswered ? '>' : ''}${r.reads[name][mode].p99}`, (r.reads[name][mode].p99 / Math.max(0.1, first)).toFixed(2)])]);
    }
  }
  const lines = [
    `Scale curve on ${engine}: milliseconds; "x p99" is the level's p99 over the ${results[0].messages}-message level's (goal: at most 2).`,
    ...results.map((r) => `- ${r.messages} messages, ${r.documents} documents, ${r.rows} rows: grown in ${r.seedSeconds.toFixed(0)} s; load ${r.loadBefore} before the reads, ${r.loadAfter} after`),
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

export async function runScale(pgBase: string | undefined): Promise<void> {
  let databaseUrl: string;
  let drop: () => Promise<void> | void;
  if (pgBase) {
    const scratch = await createScratchDatabase(pgBase, 'bench_scale');
    databaseUrl = scratch.url;
    drop = scratch.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'sls-bench-scale-'));
    databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
    drop = () => rmSync(dir, { recursive: true, force: true });
  }
  const engine = databaseUrl.split(':')[0];
  try {
    process.stdout.write(`scale mode on ${engine}: levels ${levels.join(', ')} messages\n`);
    const seeded = await seed(databaseUrl, USERS);
    const tokens = { session: seeded.sessionToken, sync: seeded.syncToken };
    const db = openDatabase(parseDatabaseUrl(databaseUrl));
    const results: LevelResult[] = [];
    try {
      const audience = await seedAudience(db, EMAIL);
      const s: State = {
        db,
        me: audience.me,
        users: audience.users,
        author: audience.followed[0].username,
        messages: 0,
        documents: 0,
        rows: 0,
        threadRoot: '',
        privateDocument: '',
        folders: [],
        list: null,
        end: Date.now(),
        writes: 0,
      };
      for (const level of levels) {
        process.stdout.write(`growing to ${level} messages (load ${machineLoad()})\n`);
        const seedSeconds = await grow(s, level);
        process.stdout.write(`measuring at ${level} messages\n`);
        const measured = await measureLevel(databaseUrl, s, tokens);
        results.push({ messages: level, documents: level / 10, rows: level / 2, seedSeconds, ...measured });
        process.stdout.write(`\n${table(engine, results)}\n`);
      }
    } finally {
      await db.close();
    }
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/scale-${engine}`;
    writeFileSync(`${file}.json`, JSON.stringify({ date: new Date().toISOString(), engine, node: process.version, durationSeconds: duration, coldSamples, levels: results }, null, 2));
    writeFileSync(`${file}.md`, table(engine, results));
    process.stdout.write(`written to ${file}.json and ${file}.md\n`);
  } finally {
    await drop();
  }
}
