import autocannon from 'autocannon';
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { unindexedMessages } from '../src/features/messages/queries.js';
import { cpuRate, cpuSeconds, machineLoad, quiet } from './processes.js';

// Item 7 of issue 37: the work a burst of posts costs, counted to its end. A post answers once
// its row commits; the search indexer (SQLite), the tag fold and the jobs it queued (event
// fan-out, deliveries) run after. This drives BENCH_BURST_POSTS posts (default 10,000) at 64
// connections, then watches the server until it is idle again: no job due or running, no tag
// use left to fold, no message left to index, and its CPU rate back at what it was before the
// burst. CPU time is the server process's own (/proc/<pid>/stat), so watching costs it nothing;
// on PostgreSQL the database server's CPU is not in it.

export const BURST_POSTS = Number(process.env.BENCH_BURST_POSTS ?? 10_000);
/** How often the watcher samples, and over how long a CPU rate counts as idle. */
const TICK_MS = 500;
/** Idle: CPU rate within this share of one core above the baseline, for IDLE_TICKS ticks in a row. */
const IDLE_MARGIN = 0.03;
const IDLE_TICKS = 4;
const GIVE_UP_MS = 300_000;

export interface BurstTiming {
  name: string;
  value: number;
  unit: string;
  target: string;
}

/** What is still owed after the posts were answered. */
async function pending(db: Db): Promise<{ jobs: number; fold: number; index: number }> {
  const now = new Date().toISOString();
  const jobs = await db.kysely
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)])]))
    .executeTakeFirstOrThrow();
  const fold = await db.kysely.selectFrom('public_tag_uses').select((eb) => eb.fn.countAll<number>().as('n')).where('stage', '=', 0).executeTakeFirstOrThrow();
  const index = db.engine === 'sqlite' ? (await unindexedMessages(db.kysely, 1)).length : 0;
  return { jobs: Number(jobs.n), fold: Number(fold.n), index };
}

export async function burstTimings(pid: number, base: string, databaseUrl: string, syncToken: string): Promise<BurstTiming[]> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    if (db.engine === 'postgres') await sql`select 1`.execute(db.kysely);
    // What the server still does from the runs before (their last requests) is not the burst's.
    await quiet(pid);
    const baseline = await cpuRate(pid, 2000);
    const load = machineLoad();
    const start = cpuSeconds(pid);
    const started = performance.now();
    const r = await autocannon({
      url: `${base}/api/messages`,
      method: 'POST',
      headers: { authorization: `Bearer ${syncToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'A burst message about rivers and stones', tags: ['burst'] }),
      connections: 64,
      amount: BURST_POSTS,
      // A post can wait long on a loaded machine; one given up on would still be written.
      timeout: 120,
    });
    if (r.non2xx + r.errors > 0) throw new Error(`burst: ${r.non2xx} posts not 2xx, ${r.errors} errors`);
    const answered = performance.now();
    const atAnswered = cpuSeconds(pid);
    // The scheduler (off in the bench) would run the fold on its tick; a trending read runs it as well.
    let calm = 0;
    let lastRead = 0;
    while (calm < IDLE_TICKS) {
      if (performance.now() - answered > GIVE_UP_MS) throw new Error(`burst: the server was not idle ${GIVE_UP_MS / 1000} s after the last post`);
      const owed = await pending(db);
      if (owed.fold > 0 && performance.now() - lastRead > 1000) {
        lastRead = performance.now();
        await fetch(`${base}/api/tags/trending`).then((res) => res.arrayBuffer());
      }
      const rate = await cpuRate(pid, TICK_MS);
      calm = owed.jobs + owed.fold + owed.index === 0 && rate <= baseline + IDLE_MARGIN ? calm + 1 : 0;
    }
    // The quiet ticks are not part of the work.
    const idle = performance.now() - IDLE_TICKS * TICK_MS;
    const total = cpuSeconds(pid) - start - baseline * ((performance.now() - started) / 1000);
    const after = cpuSeconds(pid) - atAnswered - baseline * ((performance.now() - answered) / 1000);
    const per1000 = (s: number) => Number(((s * 1000) / BURST_POSTS).toFixed(3));
    const at = `load ${load}`;
    return [
      {
        name: `messages: a burst of ${BURST_POSTS} posts at 64 connections: answered in ${((answered - started) / 1000).toFixed(1)} s (${Math.round(r.requests.average)} posts/s, p99 ${r.latency.p99} ms); server CPU per 1,000 posts, deferred work included (${at})`,
        value: per1000(total),
        unit: 'CPU s',
        target: 'the whole cost of a post, not only its request',
      },
      { name: `messages: of which after the last post was answered (${at})`, value: per1000(after), unit: 'CPU s', target: 'the work moved off the request path' },
      {
        name: `messages: from the burst's last answer until idle (nothing to index, fold or run; CPU back at the baseline of ${baseline.toFixed(3)} CPU s/s)`,
        value: Number(((idle - answered) / 1000).toFixed(1)),
        unit: 's',
        target: 'short: feeds serve less until then',
      },
    ];
  } finally {
    await db.close();
  }
}
