import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_DIST } from '../../src/features/web/module.js';
import { buildOnce } from './build-lock.js';
import { ROOT } from './server-process.js';

// The browser and page tests run against the built client (dist/web, what `npm install` builds).
// When it is missing or older than its sources, it is built once (a lock keeps test files that
// start together from building it twice).

const SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'src/features/web/paths.ts', 'src/lib/post-lengths.ts', 'src/lib/markdown.ts', 'src/features/lists/visibility.ts', 'src/features/lists/dsl.ts', 'src/features/events/types.ts', 'src/features/materialize/source-keys.ts'];
const LOCK = join(ROOT, 'dist', '.web-build-lock');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function fresh(): boolean {
  const index = join(WEB_DIST, 'index.html');
  return existsSync(index) && statSync(index).mtimeMs >= Math.max(...SOURCES.map((s) => newest(join(ROOT, s))));
}

/** Builds the web client unless dist/web is up to date with its sources. */
export async function ensureWebBuild(): Promise<void> {
  if (fresh()) return;
  await buildOnce(LOCK, 300_000, fresh, async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`npm run build:web failed:\n${run.stdout}\n${run.stderr}`);
  });
}
