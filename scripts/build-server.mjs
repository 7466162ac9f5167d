// `npm run build:server` (run by `prepare` at install): the server and the CLIs compiled to plain
// JavaScript under dist/, one file per source file, so that dist/ mirrors src/ and everything read
// by a path next to its module (the HTML pages and assets, the sync client's ../../../package.json)
// sits where it sits in src/. Files that are not TypeScript are copied as they are. esbuild only
// strips types: `tsc --noEmit` is the type check. Plain JavaScript here, because it has to run
// before anything is compiled and with NODE_ENV=production (no devDependencies, no tsx needed).
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const src = join(root, 'src');
const out = join(root, 'dist');

const files = readdirSync(src, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).map((f) => join(f.parentPath, f.name));
const isTypeScript = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts');

// Only what an earlier build of src/ made is removed: dist/ may hold other builds (the web client).
for (const entry of readdirSync(src)) rmSync(join(out, entry.replace(/\.ts$/, '.js')), { recursive: true, force: true });

await build({
  entryPoints: files.filter(isTypeScript),
  outdir: out,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
});
for (const file of files.filter((f) => !isTypeScript(f) && !f.endsWith('.d.ts'))) cpSync(file, join(out, relative(src, file)));
