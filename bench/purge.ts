import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAdministrator } from '../src/features/admin/service.js';
import { feed } from '../src/features/messages/service.js';
import { createUser } from '../src/features/users/service.js';
import { viewerOf } from '../src/features/visibility/service.js';
import { newId } from '../src/lib/ids.js';
import { freshDatabase } from '../test/helpers/app.js';
import { benchApp } from './bench-app.js';

// Purge and archive of a large account (issue 20's figures): a user with BENCH_PURGE_MESSAGES
// messages (100,000) and a list of BENCH_PURGE_ROWS rows (10,000). It measures
//  - a cold read of the feed's first page (what a read cache miss computes, as after every purge
//    batch), anonymous and signed in: the median and slowest of COLD_READS;
//  - the archive of that user: time, and the process's peak RSS above where it started;
//  - the purge (POST /api/admin/users/{id}/purge): time, while two readers, anonymous and signed
//    in, fetch the feed one request after another, whose p50/p99/max latency is what other
//    requests saw meanwhile.
//
//   node --import tsx bench/purge.ts                                    (SQLite in memory)
//   TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://... node --import tsx bench/purge.ts

const MESSAGES = Number(process.env.BENCH_PURGE_MESSAGES ?? 100_000);
const ROWS = Number(process.env.BENCH_PURGE_ROWS ?? 10_000);
const PASSWORD = 'bench purge password';
const COLD_READS = 20;

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-purge-'));
  const { db, drop } = await freshDatabase();
  const { app, base } = await benchApp(db, { DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1' });
  const ctx = app.ctx;
  try {
    const { user: admin } = await ensureAdministrator(ctx, { email: 'bench-admin@example.com', username: 'benchadmin', password: PASSWORD });
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-admin@example.com', password: PASSWORD }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const user = await createUser(ctx, { email: 'big@example.com', username: 'bigaccount', passwordHash: null, accountStatus: 'active' }, 409);
    const now = new Date().toISOString();

    let t0 = performance.now();
    for (let i = 0; i < MESSAGES; i += 500) {
      const values = Array.from({ length: Math.min(500, MESSAGES - i) }, (_, k) => ({
        id: newId(), user_id: user.id, content: `message ${i + k} of a large account`, publicly_visible: true, tags: '[]', parent_id: null, pushed_message_id: null,
        image_urls: '[]', video_urls: '[]', scheduled_at: null, published_at: now, cross_post_config: null, created_at: now, updated_at: now,
      }));
      await db.kysely.insertInto('messages').values(values).execute();
    }
    const listId = newId();
    await db.kysely.insertInto('lists').values({ id: listId, user_id: user.id, title: 'Big list', description: null, is_public: true, folder_id: null, schema_name: 'Big', schema_description: null, created_at: now, updated_at: now }).execute();
    for (let i = 0; i < ROWS; i += 500) {
      const values = Array.from({ length: Math.min(500, ROWS - i) }, (_, k) => ({ id: newId(), list_id: listId, data: JSON.stringify({ n: i + k }), created_at: now, updated_at: now, deleted_at: null }));
      await db.kysely.insertInto('list_rows').values(values).execute();
    }
    console.log(`seeded ${MESSAGES} messages and ${ROWS} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (${db.engine})`);

    // The feed as a cache miss computes it (service level: no read cache, no HTTP): anonymous, and
    // signed in as the administrator, who follows the large account and blocks and mutes someone
    // (so the public part's total is the counter less the hidden authors').
    const signedIn = admin;
    const hidden = await createUser(ctx, { email: 'hidden@example.com', username: 'benchhidden', passwordHash: null, accountStatus: 'active' }, 409);
    await db.kysely.insertInto('follows').values({ follower_id: signedIn.id, followee_id: user.id, created_at: now }).execute();
    await db.kysely.insertInto('blocks').values({ blocker_id: signedIn.id, blocked_id: hidden.id, created_at: now }).execute();
    await db.kysely.insertInto('mutes').values({ muter_id: signedIn.id, muted_id: hidden.id, created_at: now }).execute();
    for (const [label, viewer] of [['anonymous', null], ['signed in, following, blocking and muting', viewerOf(signedIn)]] as const) {
      const cold: number[] = [];
      for (let i = 0; i < COLD_READS; i++) {
        const s = performance.now();
        await feed(ctx, viewer, { limit: 20 });
        cold.push(performance.now() - s);
      }
      cold.sort((a, b) => a - b);
      console.log(`cold feed read (${label}): ${COLD_READS} reads, p50 ${percentile(cold, 50).toFixed(1)} ms, max ${cold[cold.length - 1].toFixed(1)} ms`);
    }

    // The archive: time and peak memory.
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    t0 = performance.now();
    const { requestArchive } = await import('../src/features/archive/service.js');
    await requestArchive(ctx, user.id);
    await ctx.jobs.idle();
    const archiveMs = performance.now() - t0;
    clearInterval(sampler);
    const archive = await db.kysely.selectFrom('user_archives').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    console.log(`archive: ${(archiveMs / 1000).toFixed(1)} s, ${(Number(archive.size) / 1e6).toFixed(1)} MB, status ${archive.status}, RSS ${(rssBefore / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - rssBefore) / 1e6).toFixed(0)} MB)`);

    // Two readers, anonymous and signed in (the administrator's cookie), alone for 3 s (their
    // baseline), then beside the purge.
    let reading = true;
    const readers = [
      { label: 'anonymous reader', headers: {} as Record<string, string>, latencies: [] as number[] },
      { label: 'signed-in reader', headers: { cookie }, latencies: [] as number[] },
    ];
    const running = readers.map(async (r) => {
      while (reading) {
        const s = performance.now();
        const res = await fetch(`${base}/api/messages?limit=20`, { headers: r.headers });
        await res.arrayBuffer();
        r.latencies.push(performance.now() - s);
      }
    });
    const report = (when: string) => {
      for (const r of readers) {
        const sorted = [...r.latencies].sort((a, b) => a - b);
        console.log(`${r.label} ${when}: ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1]?.toFixed(1)} ms`);
        r.latencies = [];
      }
    };
    await new Promise((resolve) => setTimeout(resolve, 3000));
    report('alone');
    t0 = performance.now();
    const res = await fetch(`${base}/api/admin/users/${user.id}/purge`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ reason: 'bench' }) });
    const body = await res.text();
    // A very large purge answers after 25 s and goes on as a job: wait for the job as well.
    await ctx.jobs.idle();
    const purgeMs = performance.now() - t0;
    reading = false;
    await Promise.all(running);
    console.log(`purge: ${(purgeMs / 1000).toFixed(1)} s (${res.status} ${body})`);
    report('beside it');
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
