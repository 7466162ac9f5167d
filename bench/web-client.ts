import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/chromium.js';
import { freshDatabase } from '../test/helpers/app.js';
import { ensureWebBuild } from '../test/helpers/web-build.js';
import { benchApp, benchSubscriber } from './bench-app.js';

// The web client's own figures (issue 35), beside bench/web-lists.ts (the lists grid):
//  - the home feed: a signed-in full load of / to its first 20 posts in the DOM (navigation start
//    = 0), and a client navigation (Search → Home) to the same, without and with 4× CPU
//    throttling (DevTools protocol Emulation.setCPUThrottlingRate); median of RUNS;
//  - the composer: keystroke to paint, each of KEYS characters typed into "What is new?" (the live
//    character count re-renders on each), from the keydown's timestamp to the first task after
//    the next animation frame (the frame that shows it); p50 and p95, 1× and 4×;
//  - the client's build time (`npm run build:web`: vite, the pre-compressed copies, the size table);
//  - the installed size the client adds: the packages only the client needs (preact, vite,
//    openapi-fetch; for its tests and types axe-core, playwright-core, openapi-typescript) with
//    their dependencies that nothing else of the service installs.
// Each figure is printed with the machine's load average at that moment (the machine is shared).
//
//   node --import tsx bench/web-client.ts                 (SQLite in memory)
//   BENCH_WEB_BUILD=0 skips the build timing.

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const KEYS = Number(process.env.BENCH_WEB_KEYS ?? 120);
const POSTS = 30;

declare global {
  interface Window {
    /** When the 20th post was first in the DOM (navigation start = 0). */
    feedAt?: number;
    /** Keystroke-to-paint samples, ms. */
    keyLatencies?: number[];
  }
}

const load = () => `load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const runs = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;

async function feedAndComposer(browser: Browser, base: string, cookie: string) {
  for (const rate of [1, 4]) {
    const context = await browser.newContext({ baseURL: base });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value!, url: base, httpOnly: true, sameSite: 'Lax' }]);
    // A string, not a function: tsx's helpers inside a function would not exist in the page.
    await context.addInitScript(`
      new MutationObserver(() => {
        if (window.feedAt === undefined && document.querySelectorAll('article.message').length >= 20) window.feedAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    `);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });

    const full: number[] = [];
    const client: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto('/');
      await page.waitForFunction(() => window.feedAt !== undefined);
      full.push(await page.evaluate(() => window.feedAt!));
      await page.getByRole('link', { name: 'Search' }).click();
      await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
      await page.evaluate(() => (window.feedAt = undefined));
      const start = await page.evaluate(() => performance.now());
      await page.getByRole('link', { name: 'Home' }).click();
      await page.waitForFunction(() => window.feedAt !== undefined);
      client.push((await page.evaluate(() => window.feedAt!)) - start);
    }
    console.log(`\nCPU throttling ${rate}× (${load()}):`);
    console.log(`  home feed, full load of / to 20 posts          ${runs(full)}`);
    console.log(`  home feed, client navigation to 20 posts       ${runs(client)}`);
    console.log(`  composer keystroke to paint, ${KEYS} keys        ${await keystrokes(page)}`);
    await context.close();
  }
}

/** Types KEYS characters into the composer, one every 60 ms, and answers p50 and p95 of keystroke to paint. */
async function keystrokes(page: Page): Promise<string> {
  await page.goto('/');
  const box = page.getByLabel('What is new?');
  await box.waitFor();
  await page.evaluate(`
    window.keyLatencies = [];
    document.addEventListener('keydown', (e) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.keyLatencies.push(performance.now() - t0), 0));
    }, true);
  `);
  await box.focus();
  const text = 'The quick brown fox jumps over the lazy dog while #bench counts every character. ';
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.type(text[i % text.length]!);
    await page.waitForTimeout(60);
  }
  await page.waitForFunction((n) => window.keyLatencies!.length >= n, KEYS);
  const xs = await page.evaluate(() => window.keyLatencies!);
  return `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
}

function buildTime() {
  const before = load();
  const started = performance.now();
  const res = spawnSync('npm', ['run', '-s', 'build:web'], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 0) throw new Error(`build failed: ${res.stderr}`);
  console.log(`\nclient build (npm run build:web): ${seconds.toFixed(1)} s wall (${before} before, ${load()} after)`);
  const sizes = res.stdout.split('\n').filter((l) => /first load|whole client/.test(l));
  for (const l of sizes) console.log(` ${l}`);
}

// ---- installed size ----

// node_modules may be a link (worktrees share one): walk its real place.
const ROOT = join(realpathSync(join(process.cwd(), 'node_modules')), '..');
const CLIENT_ONLY = ['preact', 'vite', 'openapi-fetch', 'axe-core', 'playwright-core', 'openapi-typescript'];

/** Where `name` resolves from `from` (a package's own node_modules first, then upwards, as Node does). */
function dirOf(name: string, from = ROOT): string | null {
  for (let dir = from; dir.startsWith(ROOT); dir = join(dir, '..')) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  return null;
}

/** The installed directories of packages and everything they depend on, nested installs included. */
function closure(names: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...names].map((name) => dirOf(name)).filter((d): d is string => d !== null);
  while (stack.length) {
    const dir = stack.pop()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
      const found = dirOf(dep, dir);
      if (found) stack.push(found);
    }
  }
  return seen;
}

/** Bytes of a directory without the packages installed inside it (counted on their own). */
function bytes(path: string): number {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + (entry === 'node_modules' ? 0 : bytes(join(path, entry))), 0);
}

function installedSize() {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const others = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)].filter((n) => !CLIENT_ONLY.includes(n));
  const shared = closure(others);
  const mine = [...closure(CLIENT_ONLY)].filter((d) => !shared.has(d));
  const name = (dir: string) => dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const sized = mine.map((d) => ({ n: name(d), b: bytes(d) })).sort((a, b) => b.b - a.b);
  const total = sized.reduce((s, x) => s + x.b, 0);
  const runtime = [...closure(['preact', 'vite', 'openapi-fetch'])].filter((d) => !shared.has(d));
  const runtimeBytes = runtime.reduce((s, d) => s + bytes(d), 0);
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  console.log(`\ninstalled size the client adds: ${mb(total)} in ${mine.length} packages; of it ${mb(runtimeBytes)} for the build itself (preact, vite, openapi-fetch)`);
  console.log(`  largest: ${sized.slice(0, 8).map((x) => `${x.n} ${mb(x.b)}`).join(', ')}`);
}

async function main() {
  if (process.env.BENCH_WEB_BUILD !== '0') buildTime();
  installedSize();
  await ensureWebBuild();
  const { db, drop } = await freshDatabase();
  const { app, base } = await benchApp(db, { PUBLIC_URL: 'http://127.0.0.1' });
  const browser = await launchChromium();
  try {
    const { cookie } = await benchSubscriber(base, db, 'webclient');
    for (let i = 0; i < POSTS; i++) {
      const res = await fetch(`${base}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: base },
        body: JSON.stringify({ content: `Bench post ${i}: a line of text about lists, documents and #bench figures.` }),
      });
      if (res.status !== 201) throw new Error(`post ${i}: ${res.status} ${await res.text()}`);
    }
    await feedAndComposer(browser, base, cookie);
  } finally {
    await browser.close();
    await app.close();
    await drop();
  }
}

await main();
