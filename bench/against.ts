import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type autocannon from 'autocannon';
import { createScratchDatabase } from '../test/helpers/postgres.js';
import { accountFigures } from './accounts.js';
import { documentFigures, seedDocuments } from './documents.js';
import { BENCH_IMPORT_LINES, importCsv, listFigures, seedLists, timedImport } from './lists.js';
import { measure, type Figure } from './measure.js';
import { messageFigures, seedMessages } from './messages.js';
import { cpuRate, cpuSeconds, idleAgain, machineLoad, quiet, startProcess, stop } from './processes.js';
import { seed } from './seed.js';

// `npm run bench -- --against <git ref>`: this checkout and the ref side by side in one sitting,
// so that a change is compared with what it replaces rather than with a figure from another day.
// The ref is checked out into a temporary worktree (git worktree add --detach) and gets this
// checkout's node_modules when its package-lock.json is the same (else `npm ci` there). Each side
// seeds its own database with its own bench seeders (its own schema and migrations) and runs its
// own server (`node --import tsx src/main.ts`, which works whether or not the ref has dist/).
// Each endpoint of the accounts, messages, documents and lists groups (BENCH_ONLY picks) is then
// driven A, B, A, B (BENCH_ROUNDS pairs, default 2), endpoint by endpoint, so that the machine's
// drift falls on both alike; the table gives each side's mean requests/s and p99 and their ratio.
// With the lists group, the CSV import (BENCH_IMPORT_LINES lines through the real route) is run
// A, B, A, B too, into each side's two empty lists (so at most two rounds). Other groups whose
// timings are whole runs (sync CLI, notifications, events) are left out.

const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const userCount = Number(process.env.BENCH_USERS ?? 5000);
const GROUPS = ['accounts', 'messages', 'documents', 'lists'];

interface Endpoint {
  name: string;
  opts: autocannon.Options;
}

/** What a side's seeders answered: the same shapes as this checkout's (bench/seed.ts and the groups'). */
interface SideSeeded {
  seeded: Awaited<ReturnType<typeof seed>>;
  messages: Awaited<ReturnType<typeof seedMessages>> | null;
  documents: Awaited<ReturnType<typeof seedDocuments>> | null;
  lists: Awaited<ReturnType<typeof seedLists>> | null;
}

// The ref's seeding, run in its worktree by its own modules (a group it has no seeder for is null).
const SEED_DRIVER = `
const url = process.argv[2];
const groups = process.argv[3].split(',');
const users = Number(process.argv[4]);
const load = async (file, name) => { try { const m = await import(file); return typeof m[name] === 'function' ? m[name] : null; } catch { return null; } };
const seeded = await (await load('./seed.js', 'seed'))(url, users);
const run = async (group, file, name) => { const f = groups.includes(group) ? await load(file, name) : null; return f ? f(url) : null; };
const out = { seeded, documents: await run('documents', './documents.js', 'seedDocuments'), messages: await run('messages', './messages.js', 'seedMessages'), lists: await run('lists', './lists.js', 'seedLists') };
process.stdout.write('SEEDED ' + JSON.stringify(out) + '\\n');
`;

function git(args: string[], cwd = process.cwd()): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

function runIn(cwd: string, command: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`${command} ${args.join(' ')} in ${cwd} exited ${code}`))));
  });
}

/** The ref in a temporary worktree with its dependencies installed: its directory, and how to remove it. */
async function checkout(ref: string): Promise<{ dir: string; commit: string; remove(): void }> {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const parent = mkdtempSync(join(tmpdir(), 'sls-against-'));
  const dir = join(parent, 'tree');
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = () => {
    git(['worktree', 'remove', '--force', dir]);
    rmSync(parent, { recursive: true, force: true });
  };
  try {
    const same = readFileSync('package-lock.json', 'utf8') === readFileSync(join(dir, 'package-lock.json'), 'utf8');
    if (same) {
      symlinkSync(realpathSync('node_modules'), join(dir, 'node_modules'));
      process.stdout.write(`${ref} (${commit.slice(0, 9)}): same package-lock.json, this checkout's node_modules reused\n`);
    } else {
      process.stdout.write(`${ref} (${commit.slice(0, 9)}): package-lock.json differs, npm ci there\n`);
      await runIn(dir, 'npm', ['ci', '--no-audit', '--no-fund']);
    }
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, commit, remove };
}

async function scratch(pgBase: string | undefined, name: string): Promise<{ url: string; drop(): Promise<void> | void }> {
  if (pgBase) return createScratchDatabase(pgBase, `bench_${name}`);
  const dir = mkdtempSync(join(tmpdir(), `sls-bench-${name}-`));
  return { url: `sqlite:${join(dir, 'bench.db')}`, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

async function seedHere(url: string, groups: string[]): Promise<SideSeeded> {
  return {
    seeded: await seed(url, userCount),
    documents: groups.includes('documents') ? await seedDocuments(url) : null,
    messages: groups.includes('messages') ? await seedMessages(url) : null,
    lists: groups.includes('lists') ? await seedLists(url) : null,
  };
}

async function seedThere(dir: string, url: string, groups: string[]): Promise<SideSeeded> {
  const driver = join(dir, 'bench', 'against-seed-driver.mts');
  writeFileSync(driver, SEED_DRIVER);
  const out = await runIn(dir, process.execPath, ['--import', 'tsx', driver, url, groups.join(','), String(userCount)]);
  const line = out.split('\n').find((l) => l.startsWith('SEEDED '));
  if (!line) throw new Error('the ref did not seed');
  return JSON.parse(line.slice('SEEDED '.length)) as SideSeeded;
}

/** The endpoints a side's groups drive, collected without driving them. */
async function endpoints(base: string, side: SideSeeded, groups: string[]): Promise<Endpoint[]> {
  const list: Endpoint[] = [];
  const collect = async (name: string, opts: autocannon.Options) => {
    list.push({ name, opts });
  };
  const { seeded } = side;
  if (groups.includes('accounts')) await accountFigures(collect, base, seeded);
  if (side.messages) await messageFigures(collect, base, seeded.sessionToken, seeded.syncToken, side.messages);
  if (side.documents) await documentFigures(collect, base, seeded.syncToken, side.documents);
  if (side.lists) await listFigures(collect, base, seeded.syncToken, side.lists);
  return list;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * A side's CSV import in one round: rows per second, the CPU seconds its server used meanwhile,
 * and after the job's end the seconds until the server was idle again (work left to batches after
 * the import, such as its rows' words: issue 37, item 7) and its CPU seconds with that work.
 */
interface ImportRound {
  rowsPerSecond: number;
  serverCpuSeconds: number;
  idleAfterSeconds: number;
  serverCpuToIdle: number;
}

/**
 * The CSV import on each side, A, B, A, B, both servers quiet before each: rows per second from
 * the upload to the job's end, into the side's empty import lists (two, so at most two rounds),
 * with the server's CPU seconds (on a loaded machine a steadier measure than the clock), then how
 * long until the server is idle again and its CPU seconds until then (what it does after the job's
 * end for the import is part of the import's cost).
 */
async function importRounds(sides: { base: string; pid: number; seeded: SideSeeded }[], settled: () => Promise<unknown>): Promise<ImportRound[][]> {
  const csv = importCsv();
  const out: ImportRound[][] = sides.map(() => []);
  for (let r = 0; r < Math.min(rounds, 2); r++) {
    for (const [i, { base, pid, seeded }] of sides.entries()) {
      await settled();
      const listId = r === 0 ? seeded.lists!.importListId : seeded.lists!.busyImportListId;
      const baseline = await cpuRate(pid, 1000);
      const cpuBefore = cpuSeconds(pid);
      const started = performance.now();
      const seconds = await timedImport(base, { authorization: `Bearer ${seeded.seeded.syncToken}` }, listId, csv);
      const done = performance.now();
      const cpuDone = cpuSeconds(pid);
      const idle = await idleAgain(pid, baseline);
      // The idle ticks' own CPU (the baseline's rate) is not the import's.
      const toIdle = cpuSeconds(pid) - cpuBefore - baseline * ((performance.now() - started) / 1000);
      out[i].push({
        rowsPerSecond: Math.round(BENCH_IMPORT_LINES / seconds),
        serverCpuSeconds: Number((cpuDone - cpuBefore).toFixed(2)),
        idleAfterSeconds: Number((Math.max(0, idle - done) / 1000).toFixed(1)),
        serverCpuToIdle: Number(toIdle.toFixed(2)),
      });
    }
    const round = (f: ImportRound) => `${f.rowsPerSecond} rows/s (${f.serverCpuSeconds} CPU s; idle ${f.idleAfterSeconds} s after, ${f.serverCpuToIdle} CPU s to idle)`;
    process.stdout.write(`  CSV import round ${r + 1}: ${out.map((side) => round(side[r])).join(' against ')}\n`);
  }
  return out;
}

/** A side's import rounds as the summary prints them. */
const importSummary = (side: ImportRound[]) =>
  `${side.map((f) => f.rowsPerSecond).join(', ')} rows/s (mean ${Math.round(mean(side.map((f) => f.rowsPerSecond)))}), server CPU ${side.map((f) => f.serverCpuSeconds).join(', ')} s; ` +
  `idle ${side.map((f) => f.idleAfterSeconds).join(', ')} s after the job's end, server CPU to idle ${side.map((f) => f.serverCpuToIdle).join(', ')} s`;

export async function runAgainst(ref: string | undefined, pgBase: string | undefined, only: Set<string>): Promise<void> {
  if (!ref || ref.startsWith('-')) throw new Error('--against needs a git ref: npm run bench -- --against main');
  const groups = GROUPS.filter((g) => only.size === 0 || only.has(g));
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const tree = await checkout(ref);
    cleanups.push(() => tree.remove());
    const dbA = await scratch(pgBase, 'this');
    const dbB = await scratch(pgBase, 'ref');
    cleanups.push(() => dbA.drop(), () => dbB.drop());
    const here = git(['rev-parse', '--short', 'HEAD']);
    process.stdout.write(`seeding this checkout (${here}) and ${ref} (${tree.commit.slice(0, 9)}) on ${dbA.url.split(':')[0]}...\n`);
    const seededA = await seedHere(dbA.url, groups);
    const seededB = await seedThere(tree.dir, dbB.url, groups);
    const a = await startProcess('src/main.ts', { DATABASE_URL: dbA.url });
    cleanups.unshift(() => stop(a.child));
    const b = await startProcess('src/main.ts', { DATABASE_URL: dbB.url }, tree.dir);
    cleanups.unshift(() => stop(b.child));
    const listA = await endpoints(a.base, seededA, groups);
    const listB = await endpoints(b.base, seededB, groups);
    if (listA.length !== listB.length) throw new Error(`this checkout drives ${listA.length} endpoints, ${ref} ${listB.length}: the groups differ`);

    const settled = () => Promise.all([quiet(a.child.pid!), quiet(b.child.pid!)]);
    const loadBefore = machineLoad();
    const rows: { name: string; a: Figure[]; b: Figure[] }[] = [];
    for (let i = 0; i < listA.length; i++) {
      const row = { name: listA[i].name === listB[i].name ? listA[i].name : `${listA[i].name} / ${listB[i].name}`, a: [] as Figure[], b: [] as Figure[] };
      for (let r = 0; r < rounds; r++) {
        // Both quiet first: what one server still finishes from its last run takes the other's cores.
        await settled();
        row.a.push(await measure(listA[i].name, listA[i].opts, 0));
        await settled();
        row.b.push(await measure(listB[i].name, listB[i].opts, 0));
      }
      rows.push(row);
      const last = (f: Figure[]) => `${Math.round(mean(f.map((x) => x.requestsPerSecond)))} req/s`;
      process.stdout.write(`  ${row.name}: ${last(row.a)} against ${last(row.b)}\n`);
    }
    const imports =
      seededA.lists && seededB.lists ?
        await importRounds(
          [
            { base: a.base, pid: a.child.pid!, seeded: seededA },
            { base: b.base, pid: b.child.pid!, seeded: seededB },
          ],
          settled,
        )
      : null;
    const header = ['endpoint', 'this req/s', `${ref} req/s`, 'this / ref', 'this p99', `${ref} p99`, 'non-2xx'];
    const cells = rows.map((r) => {
      const ra = mean(r.a.map((f) => f.requestsPerSecond));
      const rb = mean(r.b.map((f) => f.requestsPerSecond));
      return [
        r.name,
        String(Math.round(ra)),
        String(Math.round(rb)),
        (ra / Math.max(1, rb)).toFixed(2),
        String(Math.round(mean(r.a.map((f) => f.p99)))),
        String(Math.round(mean(r.b.map((f) => f.p99)))),
        String([...r.a, ...r.b].reduce((n, f) => n + f.non2xx, 0)),
      ];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
    const line = (c: string[]) => c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    const loadAfter = machineLoad();
    const importText = imports ? `\nCSV import, ${BENCH_IMPORT_LINES} lines (alternating A, B): this ${importSummary(imports[0])}; ${ref} ${importSummary(imports[1])}\n` : '';
    const text = `this checkout ${here} against ${ref} (${tree.commit.slice(0, 9)}), ${rounds} alternating rounds (A, B, A, B) per endpoint; load ${loadBefore} before, ${loadAfter} after\n\n${line(header)}\n${cells.map(line).join('\n')}\n${importText}`;
    process.stdout.write(`\n${text}`);
    mkdirSync('bench/results', { recursive: true });
    const file = resolve('bench/results/against.json');
    writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), this: here, ref, refCommit: tree.commit, engine: dbA.url.split(':')[0], rounds, loadBefore, loadAfter, rows, imports }, null, 2));
    process.stdout.write(`\nwritten to ${file}\n`);
  } finally {
    for (const c of cleanups) await c();
  }
}
