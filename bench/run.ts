import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../test/helpers/postgres.js';
import { documentFigures, seedDocuments } from './documents.js';
import { listFigures, listImportTimings, seedLists } from './lists.js';
import { messageFigures, seedMessages } from './messages.js';
import { notificationFigures, seedNotifications, startFcmStandIn } from './notifications.js';
import { BENCH_PASSWORD, seed } from './seed.js';
import { cliFirstPull } from './sync-cli.js';

// `npm run bench`: seeds a database, starts the real server and a bare Fastify route (the ceiling)
// as separate processes, drives each endpoint with autocannon from this process, prints
// requests/s, p50/p99 latency and the ratio to the ceiling, and writes bench/results/latest.json.
// BENCH_DURATION (seconds, default 5), BENCH_USERS (default 5000), BENCH_DATABASE_URL
// (a postgres:// server URL to bench PostgreSQL instead of SQLite; a scratch database is created),
// BENCH_ONLY (comma-separated groups to run: accounts, messages, notifications, documents, lists;
// default all). Every endpoint runs at 64 connections (the issues' targets are set there), the
// ceiling included, except login, which Argon2id bounds by design; each is first driven for a
// second at 8 connections (warm-up), so a figure is the endpoint's steady state, not its first call.

const duration = Number(process.env.BENCH_DURATION ?? 5);
const userCount = Number(process.env.BENCH_USERS ?? 5000);
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((g) => g.trim()).filter(Boolean));
const wanted = (group: string) => only.size === 0 || only.has(group);

function startProcess(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'warn', SCHEDULER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve({ child, base: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}: ${out}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A figure measured as a whole run rather than as requests per second (seconds, rows/s). */
interface Timing {
  name: string;
  value: number;
  unit: string;
  target: string;
}

interface Figure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  ratioToCeiling: number;
}

/** Seconds each endpoint is driven (at 8 connections) before it is measured: JIT, caches and page cache warm. */
const WARM_UP_SECONDS = 1;

async function measure(name: string, opts: autocannon.Options, ceiling: number): Promise<Figure> {
  // Not where each request must be a first (opts.amount: the new-dig run); that run is its own warm-up.
  if (opts.amount === undefined) await autocannon({ ...opts, duration: WARM_UP_SECONDS, connections: Math.min(8, opts.connections ?? 64) });
  const r = await autocannon({ duration, connections: 64, ...opts });
  const rps = r.requests.average;
  return {
    name,
    requestsPerSecond: Math.round(rps),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    ratioToCeiling: ceiling ? Number((rps / ceiling).toFixed(3)) : 1,
  };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** The account endpoints: the current user by cookie and by Bearer token, and login. */
async function accountFigures(m: (name: string, opts: autocannon.Options) => Promise<Figure>, base: string, seeded: Seeded): Promise<Figure[]> {
  return [
    await m('GET /api/user (session cookie)', { url: `${base}/api/user`, headers: { cookie: `service-session=${seeded.sessionToken}` } }),
    await m('GET /api/user (Bearer sync token)', { url: `${base}/api/user`, headers: { authorization: `Bearer ${seeded.syncToken}` } }),
    // Login is bound by Argon2id at OWASP parameters (19 MiB, by design slow): few connections.
    await m('POST /api/auth/login', {
      url: `${base}/api/auth/login`,
      method: 'POST',
      connections: 2,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.email, password: BENCH_PASSWORD }),
    }),
  ];
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  let databaseUrl: string;
  const pgBase = process.env.BENCH_DATABASE_URL;
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
  const server = await startProcess('src/main.ts', { DATABASE_URL: databaseUrl, ...fcm.env });
  cleanups.unshift(() => stop(bare.child), () => stop(server.child));

  try {
    const ceiling = await measure('bare Fastify route (ceiling)', { url: `${bare.base}/` }, 0);
    ceiling.ratioToCeiling = 1;
    const c = ceiling.requestsPerSecond;
    const figures = [
      ceiling,
      ...(wanted('accounts') ? await accountFigures((name, opts) => measure(name, opts, c), server.base, seeded) : []),
      ...(seededMessages ? await messageFigures((name, opts) => measure(name, opts, c), server.base, seeded.sessionToken, seeded.syncToken, seededMessages) : []),
      ...(seededDocuments ? await documentFigures((name, opts) => measure(name, opts, c), server.base, seeded.syncToken, seededDocuments) : []),
      ...(seededLists ? await listFigures((name, opts) => measure(name, opts, c), server.base, seeded.syncToken, seededLists) : []),
    ];
    const timings: Timing[] = [];
    if (wanted('documents')) {
      const pull = await cliFirstPull(server.base, seeded.cliSyncToken);
      timings.push({ name: pull.name, value: pull.seconds, unit: 's', target: 'under 10 s' });
    }
    if (seededLists) timings.push(...(await listImportTimings(server.base, seeded.syncToken, seededLists)));
    // Last: the new-dig run leaves the server background work (pushes, then a minute later the
    // bursts' follow-ups) that would load whatever ran after it.
    if (seededNotifications) {
      figures.push(...(await notificationFigures((name, opts) => measure(name, opts, c), server.base, seeded.sessionToken, seeded.syncToken, seededNotifications, fcm)));
    }
    const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'x ceiling'];
    const rows = figures.map((f) => [f.name, String(f.requestsPerSecond), String(f.p50), String(f.p99), String(f.non2xx), f.ratioToCeiling.toFixed(3)]);
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
      users: userCount,
      figures,
      timings,
    };
    writeFileSync('bench/results/latest.json', JSON.stringify(out, null, 2));
    process.stdout.write('\nwritten to bench/results/latest.json\n');
  } finally {
    for (const c of cleanups) await c();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
