import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { searchEverything } from '../src/features/search/service.js';
import { createScratchDatabase } from '../test/helpers/postgres.js';
import { benchApp } from './bench-app.js';
import { BENCH_MESSAGES, seedMessages, settleMessages } from './messages.js';
import { seed } from './seed.js';

// The search figures at a size (issue 37, item 2: a rare word ≤ 5 ms and a common one ≤ 20 ms at
// 1,000,000 messages): the messages bench's seed (bench/messages.ts: 14 words, "river" in one
// message in fourteen, "stone" in one in seven; "kumquat" in one in a thousand), fully indexed,
// then one search at a time (latency, not throughput), each case twice: in process (the search
// service, searchEverything: its statements and the page's texts) and over HTTP
// (GET /api/search), and beside them the per-kind message search.
//   BENCH_MESSAGES=100000 node --import tsx bench/search.ts
//   BENCH_MESSAGES=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/search.ts
// BENCH_SEARCH_REQUESTS (default 200) searches are timed per case after BENCH_SEARCH_WARMUP (10);
// BENCH_SEARCH_ONLY (a comma list of the queries below) runs those cases only.
// BENCH_SEARCH_KEEP keeps the seeded database for the next runs (seeding 1,000,000 messages takes
// long): a SQLite file, or the name of a PostgreSQL database on BENCH_DATABASE_URL's server. A run
// that finds it seeded only brings it to the current schema (the migrations) and measures.

const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);
/** Searches before the timed ones (caches, prepared statements). */
const WARMUP = Number(process.env.BENCH_SEARCH_WARMUP ?? 10);
const pgBase = process.env.BENCH_DATABASE_URL;
const keep = process.env.BENCH_SEARCH_KEEP;

const ms = (n: number) => `${n.toFixed(2)} ms`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The database the run uses, and how to be rid of it afterwards (nothing, when kept). */
async function database(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!pgBase) {
    if (keep) return { url: `sqlite:${keep}`, drop: async () => {} };
    const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
    return { url: `sqlite:${join(dir, 'search.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!keep) return createScratchDatabase(pgBase, 'bench_search');
  const client = new pg.Client({ connectionString: pgBase });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [keep]);
    if (rowCount === 0) await client.query(`create database ${keep}`);
  } finally {
    await client.end();
  }
  const url = new URL(pgBase);
  url.pathname = `/${keep}`;
  return { url: url.toString(), drop: async () => {} };
}

/** Whether a kept database holds this size's seed already. */
async function seeded(db: Db): Promise<boolean> {
  try {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from messages`.execute(db.kysely);
    return Number(rows[0].n) === BENCH_MESSAGES;
  } catch {
    return false;
  }
}

const SYNC_TOKEN = 'b'.repeat(63) + '2';

const target = await database();
try {
  const started = Date.now();
  const check = openDatabase(parseDatabaseUrl(target.url));
  const reuse = keep !== undefined && (await seeded(check));
  await check.close();
  if (reuse) {
    const db = openDatabase(parseDatabaseUrl(target.url));
    await migrateToLatest(db);
    await settleMessages(db);
    await db.close();
  } else {
    await seed(target.url, 2000);
    await seedMessages(target.url);
  }
  process.stdout.write(`${pgBase ? 'PostgreSQL' : 'SQLite'}: ${reuse ? 'reused' : 'seeded'} ${BENCH_MESSAGES} messages (indexed) in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  const db = openDatabase(parseDatabaseUrl(target.url));
  if (db.engine === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  else await sql`analyze`.execute(db.kysely);
  const { app, base } = await benchApp(db, {});
  const headers = { authorization: `Bearer ${SYNC_TOKEN}` };
  const me = await db.kysely.selectFrom('users').select(['id', 'viewing_preference']).where('username', '=', 'bench0').executeTakeFirstOrThrow();
  const viewer = { id: me.id, viewingPreference: me.viewing_preference };

  /** `times` sorted, and the last answer's total. */
  const timed = async (run: (i: number) => Promise<number>) => {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < REQUESTS + WARMUP; i++) {
      const start = performance.now();
      total = await run(i);
      if (i >= WARMUP) times.push(performance.now() - start);
    }
    return { times: times.sort((a, b) => a - b), total };
  };
  const line = (name: string, { times, total }: { times: number[]; total: number }) =>
    process.stdout.write(`${name.padEnd(52)} median ${ms(quantile(times, 0.5))}  p95 ${ms(quantile(times, 0.95))}  p99 ${ms(quantile(times, 0.99))}  (${total} matches)\n`);

  const searches: [string, string][] = [
    ['a rare word (1 in 1,000)', 'kumquat'],
    ['a common word (1 in 14)', 'river'],
    ['a common word (1 in 7)', 'stone'],
    ['a prefix of a common word', 'riv'],
    ['two words (rare and common)', 'river kumquat'],
  ];
  const only = process.env.BENCH_SEARCH_ONLY?.split(',');
  for (const [name, q] of searches.filter(([, q]) => !only || only.includes(q))) {
    // A different offset each time (0 to 4), as a reader paging would.
    line(`search, ${name}, in process`, await timed(async (i) => (await searchEverything(app.ctx, viewer, { q, limit: 20, offset: i % 5 })).pagination.total));
    line(`search, ${name}, HTTP`, await timed(async (i) => {
      const res = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}&limit=20&offset=${i % 5}`, { headers });
      const body = (await res.json()) as { pagination?: { total: number } };
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(body)}`);
      return body.pagination?.total ?? 0;
    }));
  }
  for (const [name, q] of [['a rare word', 'kumquat'], ['a common word', 'river']].filter(() => !only)) {
    // A different offset each time keeps the per-kind search's read cache out of the figure.
    line(`message search, ${name}, HTTP`, await timed(async (i) => {
      const res = await fetch(`${base}/api/messages/search?q=${q}&limit=20&offset=${i % 5}`, { headers });
      const body = (await res.json()) as { pagination?: { total: number } };
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(body)}`);
      return body.pagination?.total ?? 0;
    }));
  }
  process.stdout.write(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);
  await app.close();
  await db.close();
} finally {
  await target.drop();
}
