import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { createScratchDatabase } from '../test/helpers/postgres.js';
import { benchApp } from './bench-app.js';
import { BENCH_MESSAGES, seedMessages } from './messages.js';
import { seed } from './seed.js';

// The search figures at a size (issue 37, item 2: a rare word ≤ 5 ms and a common one ≤ 20 ms at
// 1,000,000 messages): the messages bench's seed (bench/messages.ts: 14 words, each in about one
// message in seven; "kumquat" in one in a thousand), fully indexed, then one request at a time
// (latency, not throughput) to GET /api/search and, beside it, the per-kind message search.
//   BENCH_MESSAGES=100000 node --import tsx bench/search.ts
//   BENCH_MESSAGES=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/search.ts

const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);
const pgBase = process.env.BENCH_DATABASE_URL;
const scratch = pgBase ? await createScratchDatabase(pgBase, 'bench_search') : null;
const dir = scratch ? null : mkdtempSync(join(tmpdir(), 'bench-search-'));
const url = scratch ? scratch.url : `sqlite:${join(dir!, 'search.db')}`;

const ms = (n: number) => `${n.toFixed(2)} ms`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

try {
  const seeding = Date.now();
  const seeded = await seed(url, 2000);
  await seedMessages(url);
  process.stdout.write(`${scratch ? 'PostgreSQL' : 'SQLite'}: seeded ${BENCH_MESSAGES} messages (indexed) in ${((Date.now() - seeding) / 1000).toFixed(0)} s\n`);
  const db = openDatabase(parseDatabaseUrl(url));
  if (db.engine === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  const { app, base } = await benchApp(db, {});
  const headers = { authorization: `Bearer ${seeded.syncToken}` };
  const cases: [string, string][] = [
    ['search, a rare word (1 in 1,000)', '/api/search?q=kumquat&limit=20'],
    ['search, a common word (1 in 7)', '/api/search?q=river&limit=20'],
    ['search, a prefix of a common word', '/api/search?q=riv&limit=20'],
    ['search, two words (rare and common)', '/api/search?q=river%20kumquat&limit=20'],
    ['message search, a rare word', '/api/messages/search?q=kumquat&limit=20'],
    ['message search, a common word', '/api/messages/search?q=river&limit=20'],
  ];
  for (const [name, path] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < REQUESTS + 10; i++) {
      // A different offset each time keeps the per-kind search's read cache out of the figure.
      const start = performance.now();
      const res = await fetch(`${base}${path}&offset=${i % 5}`, { headers });
      const body = (await res.json()) as { pagination?: { total: number } };
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 10) times.push(performance.now() - start);
      total = body.pagination?.total ?? 0;
    }
    times.sort((a, b) => a - b);
    process.stdout.write(`${name.padEnd(40)} median ${ms(quantile(times, 0.5))}  p95 ${ms(quantile(times, 0.95))}  p99 ${ms(quantile(times, 0.99))}  (${total} matches)\n`);
  }
  process.stdout.write(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);
  await app.close();
  await db.close();
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await scratch?.drop();
}
