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
// statistics (db.keepStatistics, run at every start): it prints each statement whose plan changed,
// both plans, and the time of the request with each, so a plan that gets worse shows.
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
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    executor.executeQuery = original;
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return { seen: seen.filter((q) => /^\s*(select|with)\b/i.test(q.sql)), ms: performance.now() - started };
  };
  const bind = (ps: readonly unknown[]) => ps.map((p) => (p === true ? 1 : p === false ? 0 : p));
  const plan = (q: { sql: string; parameters: readonly unknown[] }) =>
    (raw.prepare(`explain query plan ${q.sql}`).all(bind(q.parameters)) as { detail: string }[]).map((r) => r.detail).join(' | ');
  const timeOf = async (path: string, headers: Record<string, string>) => {
    let best = Infinity;
    for (let i = 0; i < 5; i++) best = Math.min(best, (await statementsOf(path, headers)).ms);
    return best;
  };

  const before = new Map<string, { plans: string[]; ms: number }>();
  for (const [name, path, headers] of reads) {
    const { seen } = await statementsOf(path, headers);
    before.set(name, { plans: seen.map(plan), ms: await timeOf(path, headers) });
  }
  db.keepStatistics();
  const analyzed = (raw.prepare('select count(distinct tbl) n from sqlite_stat1').get() as { n: number }).n;
  process.stdout.write(`PRAGMA optimize analyzed ${analyzed} tables\n`);
  for (const [name, path, headers] of reads) {
    const { seen } = await statementsOf(path, headers);
    const after = seen.map(plan);
    const was = before.get(name)!;
    const ms = await timeOf(path, headers);
    const changed = after.filter((p, i) => p !== was.plans[i]).length;
    process.stdout.write(`\n${name}: ${seen.length} statements, ${changed} plan(s) changed; best of 5: ${was.ms.toFixed(1)} ms before, ${ms.toFixed(1)} ms after\n`);
    after.forEach((p, i) => {
      if (p !== was.plans[i]) process.stdout.write(`  before: ${was.plans[i]}\n  after:  ${p}\n`);
    });
  }
  await app.close();
  await db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
