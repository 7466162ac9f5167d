import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openPostgres, openSqlite, type Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createSession } from '../src/features/auth/sessions.js';
import { announceEvents, appendEvents, streamOfUser } from '../src/features/events/index.js';
import { newId } from '../src/lib/ids.js';
import { startedEarly } from '../src/lib/promises.js';
import { createScratchDatabase } from '../test/helpers/postgres.js';
import { benchApp, benchSubscriber } from './bench-app.js';
import { WARM_UP_SECONDS } from './measure.js';
import { cpuSeconds, quiet } from './processes.js';
import { seededUser } from './seed.js';
import type { WebhookTiming } from './webhooks.js';

// The events group's stream and write figures (issue 36; bench/webhooks.ts has the deliveries):
// - from a committed write to its frame on a live stream held by another server process on the
//   same database (PostgreSQL: LISTEN/NOTIFY; SQLite has one process, so there the stream is held
//   by the writing process itself), p50/p99 over BENCH_EVENT_WRITES sequential writes;
// - idle streams one instance holds (BENCH_IDLE_STREAMS, 5 per user, the contract's cap) and the
//   memory they cost (the holding process's RSS before and after);
// - the hot writes (message create, row add) on a process that writes events and on one started
//   with BENCH_EVENTS_OFF=1 (the bench-only switch: no events, no timeline jobs), both on the same
//   database in the same run, alternated so that the machine's load falls on both alike; and what
//   each request cost in CPU (the server's, and on PostgreSQL its database backends'), which a
//   loaded machine skews far less than requests/s.
// Alone: `node --import tsx bench/events.ts` (BENCH_DATABASE_URL=postgres://… for PostgreSQL;
// BENCH_EVENTS_PARTS=hot for the hot writes only; BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…"
// to profile the server processes).

const WRITES = Number(process.env.BENCH_EVENT_WRITES ?? 200);
const IDLE_STREAMS = Number(process.env.BENCH_IDLE_STREAMS ?? 10_000);
const HOT_SECONDS = Number(process.env.BENCH_HOT_SECONDS ?? 5);
const HOT_ROUNDS = Number(process.env.BENCH_HOT_ROUNDS ?? 3);
const STREAMS_PER_USER = 5;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const progress = (what: string) => process.stderr.write(`events bench: ${what}\n`);
const line = (f: WebhookTiming) => `${f.name}: ${f.value} ${f.unit}${f.target ? ` (goal ${f.target})` : ''}`;
/** A part's figures, shown as they come (a long run keeps what it measured). */
const shown = (figures: WebhookTiming[]) => {
  for (const f of figures) progress(line(f));
  return figures;
};
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

interface Instance {
  base: string;
  pid: number;
  child: ChildProcess;
}

/** Starts bench/events-instance.ts on the database in a process of its own (fds raised for the idle streams). */
async function instance(url: string, env: Record<string, string> = {}): Promise<Instance> {
  const script = fileURLToPath(new URL('./events-instance.ts', import.meta.url));
  const child = spawn('bash', ['-c', `ulimit -n $(ulimit -Hn); exec "${process.execPath}" ${process.env.BENCH_NODE_ARGS ?? ""} --import tsx "${script}" "${url}"`], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance ended (${code}) before it listened`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { base, pid } = JSON.parse(line) as { base: string; pid: number };
  return { base, pid, child };
}

const stop = (i: Instance) => new Promise<void>((resolve) => {
  i.child.once('exit', () => resolve());
  i.child.stdin!.end();
});

/** A live stream read frame by frame: `frames` gets each event's data line. */
async function openStream(base: string, cookie: string, onData: (data: string) => void): Promise<AbortController> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events/stream`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  if (res.status !== 200) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let ready: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const pump = async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const frame = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (frame.includes('event: ready')) ready();
        const data = /^data: (.*)$/m.exec(frame);
        if (data) onData(data[1]);
      }
    }
  };
  pump().catch(() => undefined);
  await isReady;
  return abort;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** p50/p99 from the commit of an appended event (through `writer`'s process) to its frame on a stream held by `holder`. */
async function writeToFrame(db: Db, writer: Awaited<ReturnType<typeof benchApp>>, holderBase: string, label: string): Promise<WebhookTiming[]> {
  const { userId } = await benchSubscriber(writer.base, db, `evlat${Date.now()}`);
  const cookie = `service-session=${await createSession(writer.app.ctx, userId, null)}`;
  const waiting = new Map<number, (at: number) => void>();
  progress('opening the stream');
  const abort = await openStream(holderBase, cookie, (data) => {
    const n = (JSON.parse(data) as { data?: { n?: number } }).data?.n;
    if (n !== undefined) waiting.get(n)?.(performance.now());
  });
  progress('stream ready');
  const stream = streamOfUser(userId);
  const latencies: number[] = [];
  for (let n = 0; n < WRITES; n += 1) {
    const arrived = startedEarly(new Promise<number>((resolve) => waiting.set(n, resolve)));
    await db.kysely.transaction().execute((trx) => appendEvents(trx, [{ stream, type: 'list.updated', actorId: userId, data: { n } }], new Date()));
    const committed = performance.now();
    announceEvents(writer.app.ctx, [stream]);
    latencies.push((await arrived) - committed);
    await new Promise((r) => setTimeout(r, 10));
  }
  abort.abort();
  latencies.sort((a, b) => a - b);
  const target = 'p99 ≤ 250 ms';
  return [
    { name: `${label}: commit → frame p50 (${WRITES} writes; load ${load()})`, value: Math.round(percentile(latencies, 50) * 10) / 10, unit: 'ms', target },
    { name: `${label}: commit → frame p99`, value: Math.round(percentile(latencies, 99) * 10) / 10, unit: 'ms', target },
  ];
}

/** Idle streams held by one instance, and its memory before and after (RSS). */
async function idleStreams(db: Db, writer: Awaited<ReturnType<typeof benchApp>>, holder: Instance): Promise<WebhookTiming[]> {
  const users = Math.ceil(IDLE_STREAMS / STREAMS_PER_USER);
  const now = new Date().toISOString();
  const rows = Array.from({ length: users }, (_, i) => seededUser(`idle${i}_${newId().slice(-6)}`, now));
  for (let i = 0; i < rows.length; i += 500) await db.kysely.insertInto('users').values(rows.slice(i, i + 500)).execute();
  const cookies: string[] = [];
  for (const u of rows) cookies.push(`service-session=${await createSession(writer.app.ctx, u.id, null)}`);
  const before = rssMiB(holder.pid);
  const aborts: AbortController[] = [];
  const started = performance.now();
  for (let i = 0; i < IDLE_STREAMS; i += 100) {
    const batch = Array.from({ length: Math.min(100, IDLE_STREAMS - i) }, (_, j) => openStream(holder.base, cookies[Math.floor((i + j) / STREAMS_PER_USER)], () => undefined));
    aborts.push(...(await Promise.all(batch)));
  }
  const openedIn = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssMiB(holder.pid);
  for (const a of aborts) a.abort();
  return [
    { name: `idle streams held by one instance (opened in ${openedIn.toFixed(0)} s; load ${load()})`, value: aborts.length, unit: 'streams', target: '10,000' },
    { name: `  their memory (RSS ${before.toFixed(0)} → ${after.toFixed(0)} MiB)`, value: Math.round(after - before), unit: 'MiB', target: '≤ 400 MiB' },
  ];
}

/**
 * CPU seconds used so far by the server `pid` and, on PostgreSQL, by the backends connected to the
 * bench's database (its pool's connections: other databases' work on the shared machine is left
 * out). Steadier than requests/s on a loaded machine: what a write costs, not how fast it went.
 */
async function cpuOfSide(db: Db, pid: number): Promise<{ server: number; database: Map<number, number> }> {
  const backendsCpu = new Map<number, number>();
  if (db.engine === 'postgres') {
    const backends = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db.kysely);
    for (const b of backends.rows) {
      try {
        backendsCpu.set(b.pid, cpuSeconds(b.pid));
      } catch {
        // A backend that ended between the two reads.
      }
    }
  }
  return { server: cpuSeconds(pid), database: backendsCpu };
}

/**
 * Requests per second of one hot write on each instance, rounds alternated; the mean of each. And
 * the CPU each request cost (the server's and its database backends'), over all rounds of a side.
 */
async function hotWrites(db: Db, on: Instance, off: Instance): Promise<WebhookTiming[]> {
  const setUp = async (inst: Instance, tag: string) => {
    const { cookie } = await benchSubscriber(inst.base, db, `hot${tag}${Date.now()}`);
    const res = await fetch(`${inst.base}/api/lists`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hot', isPublic: false, schema: { name: 'Hot', fields: [{ key: 'title', type: 'text', label: 'Title', required: true }] } }),
    });
    if (res.status !== 201) throw new Error(`list: ${res.status} ${await res.text()}`);
    const listId = ((await res.json()) as { data: { id: string } }).data.id;
    return { cookie, listId };
  };
  const sides = [
    { name: 'events on', inst: on, ...(await setUp(on, 'on')) },
    { name: 'events off', inst: off, ...(await setUp(off, 'off')) },
  ];
  const writes = [
    { name: 'POST /api/messages', path: () => '/api/messages', body: JSON.stringify({ content: 'A bench message about rivers and stones', tags: ['bench'] }) },
    { name: 'POST /api/lists/{id}/data', path: (listId: string) => `/api/lists/${listId}/data`, body: JSON.stringify({ data: { title: 'A row' } }) },
  ];
  const out: WebhookTiming[] = [];
  for (const w of writes) {
    const rates = new Map<string, number[]>(sides.map((s) => [s.name, []]));
    const cpu = new Map<string, { server: number; database: number; requests: number }>(sides.map((s) => [s.name, { server: 0, database: 0, requests: 0 }]));
    // A warm-up of each side first, not counted (as every other figure of the bench has): the
    // first round otherwise fell on a process's first writes (its JIT, its statements' plans).
    for (const s of sides) {
      await autocannon({ url: `${s.inst.base}${w.path(s.listId)}`, method: 'POST', headers: { cookie: s.cookie, 'content-type': 'application/json' }, body: w.body, connections: 8, duration: WARM_UP_SECONDS });
    }
    for (let round = 0; round < HOT_ROUNDS; round += 1) {
      for (const s of round % 2 === 0 ? sides : [...sides].reverse()) {
        await quiet(s.inst.pid, 10_000);
        const cpuBefore = await cpuOfSide(db, s.inst.pid);
        const r = await autocannon({
          url: `${s.inst.base}${w.path(s.listId)}`,
          method: 'POST',
          headers: { cookie: s.cookie, 'content-type': 'application/json' },
          body: w.body,
          connections: 64,
          duration: HOT_SECONDS,
        });
        if (r.non2xx > 0) throw new Error(`${w.name} (${s.name}): ${r.non2xx} non-2xx answers`);
        if (r.errors + r.timeouts > 0) progress(`${w.name} (${s.name}): ${r.errors} errors, ${r.timeouts} timeouts`);
        rates.get(s.name)!.push(r.requests.average);
        // The work the round left behind (its batches' tails, the jobs it queued) is the round's too.
        await quiet(s.inst.pid, 10_000);
        const spent = cpu.get(s.name)!;
        const cpuAfter = await cpuOfSide(db, s.inst.pid);
        spent.server += cpuAfter.server - cpuBefore.server;
        // Per backend: one the pool opened during the round counts whole; one it closed is lost (a
        // few milliseconds at most: pools close idle connections, not busy ones).
        for (const [backend, seconds] of cpuAfter.database) spent.database += seconds - (cpuBefore.database.get(backend) ?? 0);
        spent.requests += r.requests.total;
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [withEvents, without] = [mean(rates.get('events on')!), mean(rates.get('events off')!)];
    out.push(
      { name: `${w.name} with events (rounds ${rates.get('events on')!.map((x) => x.toFixed(0)).join(', ')}; load ${load()})`, value: Math.round(withEvents), unit: 'req/s', target: '' },
      { name: `${w.name} without events (rounds ${rates.get('events off')!.map((x) => x.toFixed(0)).join(', ')})`, value: Math.round(without), unit: 'req/s', target: '' },
      { name: `  ${w.name}: with / without`, value: Math.round((withEvents / without) * 100) / 100, unit: 'ratio', target: '≥ 0.90' },
    );
    const ms = (seconds: number, side: string) => Math.round((seconds / cpu.get(side)!.requests) * 1e6) / 1000;
    const perRequest = (side: string) => ms(cpu.get(side)!.server + cpu.get(side)!.database, side);
    const [cpuOn, cpuOff] = [perRequest('events on'), perRequest('events off')];
    const parts = (side: string) => (db.engine === 'postgres' ? ` (server ${ms(cpu.get(side)!.server, side)}, database ${ms(cpu.get(side)!.database, side)})` : '');
    out.push(
      { name: `  ${w.name}: CPU ms per request with events${parts('events on')}; without: ${cpuOff}${parts('events off')}`, value: cpuOn, unit: 'ms', target: '' },
      { name: `  ${w.name}: CPU without / with (requests per CPU second)`, value: Math.round((cpuOff / cpuOn) * 100) / 100, unit: 'ratio', target: '≥ 0.90' },
    );
  }
  return out;
}

export async function eventTimings(pgServerUrl?: string): Promise<WebhookTiming[]> {
  const cleanups: (() => Promise<void> | void)[] = [];
  let url: string;
  let db: Db;
  if (pgServerUrl) {
    const scratch = await createScratchDatabase(pgServerUrl, 'bench_events');
    url = scratch.url;
    db = openPostgres(url);
    cleanups.push(scratch.drop);
  } else {
    url = join(tmpdir(), `bench-events-${process.pid}.db`);
    db = openSqlite(url).db;
    cleanups.push(() => rmSync(url, { force: true }), () => rmSync(`${url}-wal`, { force: true }), () => rmSync(`${url}-shm`, { force: true }));
  }
  cleanups.unshift(() => db.close());
  const out: WebhookTiming[] = [];
  try {
    await migrateToLatest(db);
    progress('migrated');
    const writer = await benchApp(db, { SCHEDULER: 'off', TOKEN_SEALING_KEY: '0'.repeat(64) });
    cleanups.unshift(() => writer.app.close());
    const only = new Set((process.env.BENCH_EVENTS_PARTS ?? 'latency,idle,hot').split(','));
    if (pgServerUrl) {
      const holder = await instance(url);
      progress(`holder instance ${holder.base}`);
      cleanups.unshift(() => stop(holder));
      if (only.has('latency')) out.push(...shown(await writeToFrame(db, writer, holder.base, 'stream on another instance (PostgreSQL)')));
      if (only.has('idle')) out.push(...shown(await idleStreams(db, writer, holder)));
    } else if (only.has('latency')) {
      out.push(...shown(await writeToFrame(db, writer, writer.base, 'stream on the writing instance (SQLite, one process)')));
    }
    if (only.has('hot')) {
      const [on, off] = [await instance(url), await instance(url, { BENCH_EVENTS_OFF: '1' })];
      cleanups.unshift(() => stop(on), () => stop(off));
      out.push(...shown(await hotWrites(db, on, off)));
    }
    return out;
  } finally {
    for (const c of cleanups) await c();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const f of await eventTimings(process.env.BENCH_DATABASE_URL)) console.log(line(f));
}
