// `npm run build:server` (run by `prepare` at install): the server and the CLIs compiled to plain
// JavaScript under dist/, one file per source file, so that dist/ mirrors src/ and everything read
// by a path next to its module (the HTML pages and assets, the sync client's ../../../package.json)
// sits where it sits in src/. Files that are not TypeScript are copied as they are. esbuild only
// strips types: `tsc --noEmit` is the type check. Plain JavaScript here, because it has to run
// before anything is compiled and with NODE_ENV=production (no devDependencies, no tsx needed).
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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

// The server that `npm start` runs, bundled as well: dist/server/main.js holds src/ and the
// libraries a start loads, so that a start reads a few files instead of about a thousand (resolving
// and compiling module by module was most of its time: docs/operations.md, "Start-up time").
// - A library imported with `import()` is loaded on first use (src/lib/load-on-first-use.ts), so it
//   stays a package of its own, loaded from node_modules when first needed; so do native addons
//   and the libraries that read files next to themselves.
// - A source module that reads files next to itself (its pages, the client's build) keeps doing so:
//   its `import.meta` is rewritten to the place of its own compiled file above, which sits in dist/
//   beside those files.
// - CommonJS libraries inside an ES module bundle still `require` Node's modules: `require` is
//   defined at the top of each file for them.
const server = join(out, 'server');
rmSync(server, { recursive: true, force: true });
const unbundled = ['better-sqlite3', 'argon2', 'sharp', 'pg', 'pino-pretty', '@fastify/swagger-ui', '@fastify/static', '@ip-location-db/*'];
const ownImportMeta = {
  name: 'own-import-meta',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const compiled = relative(server, join(out, relative(src, args.path))).replace(/\.ts$/, '.js');
      const contents = source
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(compiled)}, import.meta.url).href`)
        .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dirname(compiled)}`)})`)
        .replaceAll('import.meta.filename', `(import.meta.dirname + ${JSON.stringify(`/${compiled}`)})`);
      return { contents, loader: 'ts' };
    });
  },
};
await build({
  entryPoints: [join(src, 'main.ts')],
  outdir: server,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  sourcemap: 'linked',
  external: unbundled,
  plugins: [ownImportMeta],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
