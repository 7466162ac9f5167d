import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { createScratchDatabase } from '../test/helpers/postgres.js';
import { documentFigures, seedDocuments } from './documents.js';
import { listColdPageTimings, listFigures, listImportTimings, seedLists } from './lists.js';
import { messageFigures, seedMessages } from './messages.js';
import { notificationFigures, seedNotifications, startFcmStandIn } from './notifications.js';
import { seed } from './seed.js';
import { cliFirstPull } from './sync-cli.js';
import { mediaFigures } from './media.js';
import { webhookTimings } from './webhooks.js';
import { eventTimings } from './events.js';
import { startS3 } from '../test/media/support.js';
import { startProcess, stop } from './processes.js';
import { runScale } from './scale.js';
import { burstTimings } from './burst.js';
import { accountFigures } from './accounts.js';
import { measure, roundRobin, type Figure } from './measure.js';
import { runAgainst } from './against.js';

// `npm run bench`: seeds a database, starts the real server and a bare Fastify route (the ceiling)
// as separate processes, drives each endpoint with autocannon from this process, prints
// requests/s, p50/p99 latency and the ratio to the ceiling, and writes bench/results/latest.json.
// BENCH_DURATION (seconds, default 5), BENCH_USERS (default 5000), BENCH_DATABASE_URL
// (a postgres:// server URL to bench PostgreSQL instead of SQLite; a scratch database is created),
// BENCH_ONLY (comma-separated groups to run: accounts, messages, notifications, documents, lists,
// events; default all). Every endpoint runs at 64 connections (the issues' targets are set there), the
// ceiling included, except login, which Argon2id bounds by design; each is first driven for a
// second at 8 connections (warm-up), so a figure is the endpoint's steady state, not its first call.
//
// BENCH_INSTANCES=2 (with BENCH_DATABASE_URL) is the scale-out run, as an operator deploys it:
// two server processes on the one PostgreSQL database, both SCHEDULER=off, media on an
// S3-compatible store (s3rver, in this process), and autocannon sending its connections round
// robin to both. Each endpoint is measured against one instance and then against the two; the
// table gives both and their ratio. (The notification group, whose pushes outlive its run, and
// the whole-run timings are measured against one instance only.)

const duration = Number(process.env.BENCH_DURATION ?? 5);
const userCount = Number(process.env.BENCH_USERS ?? 5000);
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((g) => g.trim()).filter(Boolean));
const instances = Number(process.env.BENCH_INSTANCES ?? 1);
const wanted = (group: string) => only.size === 0 || only.has(group);

/** A figure measured as a whole run rather than as requests per second (seconds, rows/s). */
interface Timing {
  name: string;
  value: number;
  unit: string;
  target: string;
}

async function main(): Promise<void> {
  if (process.env.BENCH_SCALE === '1') return runScale(process.env.BENCH_DATABASE_URL);
  const against = process.argv.indexOf('--against');
  if (against >= 0) return runAgainst(process.argv[against + 1], process.env.BENCH_DATABASE_URL, only);
  const cleanups: Array<() => Promise<void> | void> = [];
  let databaseUrl: string;
  const pgBase = process.env.BENCH_DATABASE_URL;
  if (instances !== 1 && (instances !== 2 || !pgBase)) throw new Error('BENCH_INSTANCES=2 needs BENCH_DATABASE_URL (a PostgreSQL server): instances share one database');
  if (pgBase) {
    const scratch = await createScratchDatabase(pgBase, 'bench');
    databaseUrl = scratch.url;
    cleanups.push(scratch.drop);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'sls-bench-'));
    databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  }

  process.stdout.write(`seeding ${userCount} users on ${databaseUrl.split(':')[0]}...\n`);
  const seeded = await seed(databaseUrl, userCount);
  const seededDocuments = wanted('documents') ? await seedDocuments(databaseUrl) : null;
  const seededMessages = wanted('messages') ? await seedMessages(databaseUrl) : null;
  const seededNotifications = wanted('notifications') ? await seedNotifications(databaseUrl) : null;
  const seededLists = wanted('lists') ? await seedLists(databaseUrl) : null;
  const fcm = await startFcmStandIn();
  cleanups.unshift(() => fcm.stop());
  const bare = await startProcess('bench/bare-server.ts', {});
  // Two instances keep their media in one S3-compatible store; one keeps it on its disk.
  const s3 = instances === 2 ? await startS3('bench-media') : null;
  if (s3) cleanups.unshift(() => s3.stop());
  const serverEnv = { DATABASE_URL: databaseUrl, ...fcm.env, ...(s3?.env ?? {}) };
  const server = await startProcess('src/main.ts', serverEnv);
  const second = instances === 2 ? await startProcess('src/main.ts', serverEnv) : null;
  cleanups.unshift(() => stop(bare.child), () => stop(server.child));
  if (second) cleanups.unshift(() => stop(second.child));

  try {
    const ceiling = await measure('bare Fastify route (ceiling)', { url: `${bare.base}/` }, 0);
    ceiling.ratioToCeiling = 1;
    const c = ceiling.requestsPerSecond;
    // Against one instance; in the two-instance run, each again round robin across both.
    const m = async (name: string, opts: autocannon.Options): Promise<Figure> => {
      const one = await measure(name, opts, c);
      if (!second) return one;
      const two = await measure(`${name} [2 instances]`, roundRobin(opts, server.base, second.base), c);
      return { ...two, oneInstance: one.requestsPerSecond, twoInstancesRatio: Number((two.requestsPerSecond / Math.max(1, one.requestsPerSecond)).toFixed(2)) };
    };
    const figures = [
      ceiling,
      ...(wanted('accounts') ? await accountFigures(m, server.base, seeded) : []),
      ...(seededMessages ? await messageFigures(m, server.base, seeded.sessionToken, seeded.syncToken, seededMessages) : []),
      ...(seededDocuments ? await documentFigures(m, server.base, seeded.syncToken, seededDocuments) : []),
      ...(seededLists ? await listFigures(m, server.base, seeded.syncToken, seededLists) : []),
      ...(second ? await mediaFigures(m, server.base, seeded.syncToken) : []),
    ];
    const timings: Timing[] = [];
    // The messages group's burst: the whole cost of a post, deferred work included (bench/burst.ts).
    if (seededMessages) timings.push(...(await burstTimings(server.child.pid!, server.base, databaseUrl, seeded.syncToken)));
    if (wanted('documents')) {
      const pull = await cliFirstPull(server.base, seeded.cliSyncToken);
      timings.push({ name: pull.name, value: pull.seconds, unit: 's', target: 'under 10 s' });
    }
    if (seededLists) timings.push(...(await listColdPageTimings(server.base, seeded.syncToken, seededLists)), ...(await listImportTimings(server.base, seeded.syncToken, seededLists)));
    // The events group: webhook deliveries from the log (bench/webhooks.ts), then the streams and the
    // hot writes with and without events (bench/events.ts): apps and processes of their own.
    if (wanted('events')) timings.push(...(await webhookTimings(pgBase)), ...(await eventTimings(pgBase)));
    // Last: the new-dig run leaves the server background work (pushes, then a minute later the
    // bursts' follow-ups) that would load whatever ran after it.
    if (seededNotifications) {
      figures.push(...(await notificationFigures((name, opts) => measure(name, opts, c), server.base, seeded.sessionToken, seeded.syncToken, seededNotifications, fcm)));
    }
    const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'x ceiling', ...(second ? ['1 instance', 'x 1 instance'] : [])];
    const rows = figures.map((f) => [
      f.name,
      String(f.requestsPerSecond),
      String(f.p50),
      String(f.p99),
      String(f.non2xx),
      f.ratioToCeiling.toFixed(3),
      ...(second ? [f.oneInstance === undefined ? '' : String(f.oneInstance), f.twoInstancesRatio === undefined ? '' : f.twoInstancesRatio.toFixed(2)] : []),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    process.stdout.write(`\n${line(header)}\n${rows.map(line).join('\n')}\n`);
    for (const t of timings) process.stdout.write(`${t.name}: ${t.value} ${t.unit} (target: ${t.target})\n`);
    mkdirSync('bench/results', { recursive: true });
    const out = {
      date: new Date().toISOString(),
      engine: databaseUrl.split(':')[0],
      node: process.version,
      durationSeconds: duration,
      instances,
      users: userCount,
      figures,
      timings,
    };
    writeFileSync(`bench/results/latest${second ? '-2-instances' : ''}.json`, JSON.stringify(out, null, 2));
    process.stdout.write(`\nwritten to bench/results/latest${second ? '-2-instances' : ''}.json\n`);
  } finally {
    for (const c of cleanups) await c();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
