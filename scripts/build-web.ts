// Builds the web client (npm run build:web, and `prepare` at npm install): vite build into
// dist/web with hashed names, then a .gz and a .br beside every asset (served as they are by
// @fastify/static's preCompressed), then the JavaScript size table of the budget (issue 35:
// signed-out first load <= 30 KB gzip, signed-in <= 60 KB, each lazy screen <= 100 KB, the whole
// client <= 300 KB). A budget overrun is printed, and fails the build with --strict.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { manifestPath, staticChunks, type Manifest } from '../src/features/web/manifest.js';

const ROOT = join(import.meta.dirname, '..');
export const WEB_DIST = join(ROOT, 'dist', 'web');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

function compressAll(): void {
  for (const file of [...files(join(WEB_DIST, 'client'))]) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  }
}

const gzipBytes = (file: string) => gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length;

export interface SizeRow {
  name: string;
  gzip: number;
  budget: number | null;
}

/** The budget table from the built manifest (gzip bytes of JavaScript). */
export function sizeTable(manifest: Manifest): SizeRow[] {
  const sum = (chunks: Set<string>) => [...chunks].reduce((n, key) => n + gzipBytes(manifest[key].file), 0);
  const entry = staticChunks(manifest, ['index.html']);
  const home = staticChunks(manifest, ['src/screens/home.tsx'], new Set(entry));
  // Signed in, the composer also loads the service's length rules right after the first paint.
  const signedIn = staticChunks(manifest, ['../src/lib/post-lengths.ts'], new Set(home));
  const rows: SizeRow[] = [
    { name: 'first load, signed out (/)', gzip: sum(home), budget: 30 * 1024 },
    { name: 'first load, signed in (/)', gzip: sum(signedIn), budget: 60 * 1024 },
  ];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!key.startsWith('src/screens/') && !key.startsWith('../src/')) continue;
    const own = staticChunks(manifest, [key]);
    for (const k of entry) own.delete(k);
    rows.push({ name: `lazy: ${key.replace(/^(\.\.\/)?src\//, '')} (${chunk.file.replace('client/', '')})`, gzip: sum(own), budget: 100 * 1024 });
  }
  const all = new Set(Object.keys(manifest).filter((key) => manifest[key].file.endsWith('.js')));
  rows.push({ name: 'whole client', gzip: sum(all), budget: 300 * 1024 });
  return rows;
}

async function main() {
  const started = performance.now();
  await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), mode: 'production' });
  compressAll();
  const manifest = JSON.parse(readFileSync(manifestPath(WEB_DIST), 'utf8')) as Manifest;
  const rows = sizeTable(manifest);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`web client built in ${seconds} s into ${relative(ROOT, WEB_DIST)}/ (JavaScript, gzip):`);
  const over = rows.filter((r) => r.budget !== null && r.gzip > r.budget);
  for (const r of rows) console.log(`  ${r.name.padEnd(58)} ${kb(r.gzip).padStart(9)}${r.budget ? `  (budget ${kb(r.budget)})${r.gzip > r.budget ? '  OVER' : ''}` : ''}`);
  if (over.length && process.argv.includes('--strict')) process.exit(1);
}

if (process.argv[1] === import.meta.filename) await main();
