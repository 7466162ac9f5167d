import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../src/db/connection.js';
import { indexPendingMessages } from '../src/features/messages/search-index.js';
import { benchApp } from './bench-app.js';
import { seedDocuments } from './documents.js';
import { PAGE_QUERY, seedLists } from './lists.js';
import { seedMessages } from './messages.js';
import { seed } from './seed.js';

// SQLite's query plans of the hot reads before and after `PRAGMA optimize` gives the planner its
// statistics (db.keepStatistics, run at every start): the statements each read sends on a cold
// app, each planned and timed (run directly, best of 5) without statistics and with them; it
// prints every plan that changed with both times, so a plan that gets worse shows. Statements
// compiled once outside Kysely (src/db/prepared.ts: the credential lookups) are not among them.
//   BENCH_MESSAGES=20000 BENCH_LIST_ROWS=20000 BENCH_DOCUMENTS=5000 node --import tsx bench/query-plans.ts

const dir = mkdtempSync(join(tmpdir(), 'query-plans-'));
const url = `sqlite:${join(dir, 'plans.db')}`;
try {
  const seeded = await seed(url, Number(process.env.BENCH_USERS ?? 2000));
  const messages = await seedMessages(url);
  const lists = await seedLists(url);
  await seedDocuments(url);
  const { db, raw } = openSqlite(join(dir, 'plans.db'), { optimizeEveryMs: 3600_000 });
  while ((await indexPendingMessages(db.kysely, 5000)) > 0);
  const { app, base } = await benchApp(db, {});
  const bearer = { authorization: `Bearer ${seeded.syncToken}` };
  const reads: [string, string, Record<string, string>][] = [
    ['anonymous feed', '/api/messages?limit=20', {}],
    ['signed-in feed', '/api/messages?limit=20', bearer],
    ['message search', '/api/messages/search?q=kumquat&limit=20', bearer],
    ['per-user feed', `/api/user/${messages.author}/messages?limit=20`, {}],
    ['rows page (filter, sort)', `/api/lists/${lists.listId}/data?${PAGE_QUERY}`, bearer],
    ['rows page (list order)', `/api/lists/${lists.listId}/data?limit=50`, bearer],
    ['document search', '/api/documents/search?q=kumquat&limit=20', bearer],
  ];

  // Every statement a read sends, with its parameters (the executor's, as test/helpers' queriesDuring).
  const executor = db.kysely.getExecutor() as unknown as { executeQuery: (q: { sql: string; parameters: readonly unknown[] }, ...rest: unknown[]) => unknown };
  const original = executor.executeQuery;
  const statementsOf = async (path: string, headers: Record<string, string>) => {
    const seen: { sql: string; parameters: readonly unknown[] }[] = [];
    executor.executeQuery = (q, ...rest) => {
      seen.push(q);
      return original.call(executor, q, ...rest);
    };
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    executor.executeQuery = original;
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return { seen: seen.filter((q) => /^\s*(select|with)\b/i.test(q.sql)) };
  };
  const bind = (ps: readonly unknown[]) => ps.map((p) => (p === true ? 1 : p === false ? 0 : p));
  type Statement = { sql: string; parameters: readonly unknown[] };
  const plan = (q: Statement) => (raw.prepare(`explain query plan ${q.sql}`).all(bind(q.parameters)) as { detail: string }[]).map((r) => r.detail).join(' | ');
  // The statement itself, run directly (no cache in front of it): the best of 5, in ms.
  const timeOf = (q: Statement) => {
    const stmt = raw.prepare(q.sql);
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      if (stmt.reader) stmt.all(bind(q.parameters));
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };

  // Each read once on a cold app: the statements it sends. Their plans and times are then taken
  // without statistics, and again with them, for the same texts and parameters.
  const measured: { name: string; q: Statement; plan: string; ms: number }[] = [];
  for (const [name, path, headers] of reads) {
    for (const q of (await statementsOf(path, headers)).seen) measured.push({ name, q, plan: plan(q), ms: timeOf(q) });
  }
  db.keepStatistics();
  const analyzed = (raw.prepare('select count(distinct tbl) n from sqlite_stat1').get() as { n: number }).n;
  process.stdout.write(`PRAGMA optimize analyzed ${analyzed} tables; ${measured.length} statements of ${reads.length} reads\n`);
  for (const [name] of reads) {
    const mine = measured.filter((m) => m.name === name);
    const rows = mine.map((m) => ({ ...m, after: plan(m.q), msAfter: timeOf(m.q) }));
    const changed = rows.filter((r) => r.after !== r.plan);
    const before = rows.reduce((sum, r) => sum + r.ms, 0);
    const after = rows.reduce((sum, r) => sum + r.msAfter, 0);
    process.stdout.write(`\n${name}: ${rows.length} statements, ${changed.length} plan(s) changed; ${before.toFixed(2)} ms before, ${after.toFixed(2)} ms after\n`);
    for (const r of changed) process.stdout.write(`  ${r.q.sql.slice(0, 160)}\n  before (${r.ms.toFixed(2)} ms): ${r.plan}\n  after  (${r.msAfter.toFixed(2)} ms): ${r.after}\n`);
  }
  await app.close();
  await db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
