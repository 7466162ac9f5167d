import { execFile } from 'node:child_process';
import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildOnce } from './build-lock.js';
import { ROOT } from './server-process.js';

// The compiled server (dist/), as `npm install` makes it, for the tests that run what operators run
// (npm start, npm run admin). Built when a source file is newer than the last build: test files
// running side by side take turns through a lock folder, and none rebuilds what another is running.

const LOCK = join(ROOT, 'dist', '.build-lock');
const STAMP = join(ROOT, 'dist', '.built-by-tests');
const STALE_LOCK_MS = 120_000;

const mtime = (path: string) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;

function upToDate(): boolean {
  const built = mtime(STAMP);
  const sources = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  return built > 0 && sources.every((f) => mtime(join(f.parentPath, f.name)) < built) && mtime(join(ROOT, 'scripts', 'build-server.mjs')) < built;
}

export async function ensureBuilt(): Promise<void> {
  await buildOnce(LOCK, STALE_LOCK_MS, upToDate, async () => {
    const started = Date.now();
    await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT });
    writeFileSync(STAMP, `${started}\n`);
    // Dated when the build began: a source saved while it ran makes the next call build again.
    utimesSync(STAMP, started / 1000, started / 1000);
  });
}
