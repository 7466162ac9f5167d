import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

// Test files that start together and need the same build (dist/ for npm start, dist/web for the
// browser tests) take turns through a lock folder, so it is built once and never under a test
// that is running it.

/** Runs `build` unless `upToDate()`, holding the `lock` folder; a lock older than `staleMs` (a killed run's) is taken over. */
export async function buildOnce(lock: string, staleMs: number, upToDate: () => boolean, build: () => Promise<void>): Promise<void> {
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > staleMs) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    if (!upToDate()) await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
