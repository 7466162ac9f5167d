import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { AUTOCHECKPOINT_PAGES, checkpointInBackground } from '../../src/db/checkpointer.js';
import { openSqlite } from '../../src/db/connection.js';

// A server's SQLite file is checkpointed by a worker thread, not inside the commits of its event
// loop (src/db/checkpointer.ts). The engine under test does not matter: the file is SQLite's own.

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sls-checkpoint-'));
  dirs.push(dir);
  return join(dir, 'db.sqlite');
}

const autocheckpoint = (raw: { pragma(s: string, o: { simple: true }): unknown }) => raw.pragma('wal_autocheckpoint', { simple: true });

it('moves the checkpoints to a worker: commits no longer checkpoint, and the log still reaches the file', async () => {
  const filename = scratch();
  const { db, raw } = openSqlite(filename);
  try {
    raw.exec('create table blobs (b blob)');
    db.checkpointInBackground();
    await expect.poll(() => autocheckpoint(raw)).toBe(0);
    const before = statSync(filename).size;
    // 300 pages: under the automatic threshold, so only a checkpoint of the worker's copies them.
    const insert = raw.prepare('insert into blobs values (randomblob(4000))');
    raw.transaction(() => {
      for (let i = 0; i < 300; i++) insert.run();
    })();
    await expect.poll(() => statSync(filename).size, { timeout: 5000 }).toBeGreaterThan(before + 300 * 4000);
  } finally {
    await db.close();
  }
  // Closed: the worker is gone and the database whole.
  const again = openSqlite(filename);
  expect(again.raw.prepare('select count(*) n from blobs').get()).toEqual({ n: 300 });
  await again.db.close();
});

it('gives the checkpoints back to the commits when it stops, and when its worker fails', async () => {
  const filename = scratch();
  const { raw } = openSqlite(filename);
  try {
    const running = checkpointInBackground(raw, filename);
    await expect.poll(() => autocheckpoint(raw)).toBe(0);
    await running.stop();
    expect(autocheckpoint(raw)).toBe(AUTOCHECKPOINT_PAGES);

    // A worker that cannot open the file is told, and the commits keep checkpointing.
    const problems: Error[] = [];
    const broken = checkpointInBackground(raw, join(filename, 'not-a-directory', 'db.sqlite'), (err) => problems.push(err));
    await expect.poll(() => problems.length).toBe(1);
    expect(autocheckpoint(raw)).toBe(AUTOCHECKPOINT_PAGES);
    await broken.stop();
    expect(problems).toHaveLength(1);
  } finally {
    raw.close();
  }
});

it('does nothing for a database in memory', async () => {
  const { db, raw } = openSqlite(':memory:');
  db.checkpointInBackground();
  expect(autocheckpoint(raw)).toBe(AUTOCHECKPOINT_PAGES);
  await db.close();
});
