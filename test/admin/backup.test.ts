import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE } from '../helpers/app.js';
import { ensureBuilt } from '../helpers/build.js';
import { childEnv, processDatabase, ROOT, runToExit, spawnCompiled, waitForStdout, writeLoad, writerCookie, WRITER, type Finished, type ProcessDatabase, type Started } from '../helpers/server-process.js';
import { smallPng } from '../media/images.js';

// `npm run admin -- backup <folder>` and `restore <folder>`, compiled as operators run them, against
// a server process that keeps writing while the backup is taken.

// Five runs of the compiled CLI and two server starts: minutes on a busy machine.
const SLOW = { timeout: 900_000 };
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

let database: ProcessDatabase;
beforeAll(async () => {
  await ensureBuilt();
  database = await processDatabase('bak');
}, SLOW.timeout);
afterAll(async () => {
  await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function admin(args: string[], env: Record<string, string>): Promise<Finished> {
  return runToExit('node', [join(ROOT, 'dist', 'cli', 'admin.js'), ...args], childEnv({ LOG_LEVEL: 'silent', ...env }));
}

async function serve(env: Record<string, string>): Promise<Started> {
  const s = spawnCompiled(['dist/main.js'], { PORT: '0', LOG_LEVEL: 'warn', ...WRITER, ...env });
  const [, base] = await waitForStdout(s, /listening on (http:\/\/[^\s]+)/, 90_000);
  return { ...s, base };
}

async function stop(s: Started): Promise<void> {
  s.child.kill('SIGTERM');
  expect(await s.exit).toBe(0);
}

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not in ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const folderBytes = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .reduce((sum, f) => sum + statSync(join(f.parentPath, f.name)).size, 0);

// Each engine has its own half: the other engine has nothing to run here.
if (ENGINE === 'sqlite') describe('backup and restore of the embedded database', SLOW, () => {
  it('a backup taken under write load restores everything acknowledged before it began: messages and the image blob', async () => {
    const dataDir = tempDir('sls-backup-data-');
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const server = await serve(env);
    try {
      // Images are for subscribers: the operator makes the writer one with the CLI.
      const upgrade = await admin(['update', WRITER.ADMIN_USERNAME, '--customer-status', 'subscriber'], env);
      expect(upgrade.code, upgrade.stderr).toBe(0);
      const cookie = await writerCookie(server.base);
      const png = await smallPng();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pixel.png');
      const upload = await fetch(`${server.base}/api/messages/images/upload`, { method: 'POST', headers: { cookie }, body: form });
      expect(upload.status, await upload.clone().text()).toBe(201);
      const imagePath = new URL((await upload.json()).url).pathname;
      const image = Buffer.from(await (await fetch(`${server.base}${imagePath}`)).arrayBuffer());

      const load = writeLoad(server.base, cookie, 'under load');
      await until(() => load.acknowledged.length >= 10, 'ten writes acknowledged');
      const before = [...load.acknowledged];
      const folder = join(tempDir('sls-backup-'), 'backup');
      const started = Date.now();
      const backup = await admin(['backup', folder], env);
      const tookMs = Date.now() - started;
      expect(backup.code, backup.stderr).toBe(0);
      const atEnd = load.acknowledged.length;
      expect(backup.stderr).toMatch(/^Database: SQLite \S+, 1 user\n$/);
      // The sealing key file exists once something was sealed (a connected account): then it is in the backup.
      const sealed = existsSync(join(dataDir, 'token-sealing.key'));
      expect(backup.stdout).toMatch(new RegExp(`^Backed up 1 user and 1 blob file \\(\\d+ bytes\\)${sealed ? ', with the token sealing key,' : ''} into \\S+ in \\d+ ms\\n$`));
      // A write acknowledged after the backup ended, to show the restore is the backup, not the live file.
      await until(() => load.acknowledged.length > atEnd, `a write acknowledged after the backup (${load.attempts()} attempts)`);
      await load.stop();
      const after = load.acknowledged[load.acknowledged.length - 1];
      expect(load.acknowledged.length - before.length, 'writes went on while the backup ran').toBeGreaterThan(0);
      process.stdout.write(`backup under load: ${tookMs} ms, ${folderBytes(folder)} bytes, ${before.length} messages acknowledged before it, ${atEnd - before.length} while it ran\n`);

      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(JSON.parse(readFileSync(join(folder, 'backup.json'), 'utf8'))).toMatchObject({ format: 1, database: 'service.db', users: 1, blobs: { files: 1 }, sealingKey: sealed });
      // Into a folder that is not empty: refused, nothing written.
      const again = await admin(['backup', folder], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`admin: ${folder} is not empty: back up into a new or empty folder`);
      await stop(server);

      // Restore into an empty data folder, then serve from it.
      const restored = tempDir('sls-restored-');
      const restoredEnv = { DATABASE_URL: `sqlite:${join(restored, 'service.db')}`, DATA_DIR: restored };
      const restore = await admin(['restore', folder], restoredEnv);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/^Database: SQLite \S+service\.db, 1 user: restored from \S+ \(taken [^)]+\), with 1 blob file \(\d+ bytes\)\n$/);
      // ...and never over data: a second restore into it is refused and changes nothing.
      const dbBefore = readFileSync(join(restored, 'service.db'));
      const twice = await admin(['restore', folder], restoredEnv);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toBe(`admin: ${restored} (DATA_DIR) is not empty: restore only into an empty data folder (move the old one aside first)\n`);
      expect(readFileSync(join(restored, 'service.db'))).toEqual(dbBefore);

      const back = await serve(restoredEnv);
      try {
        const backCookie = await writerCookie(back.base);
        for (const { id, content } of before) {
          const res = await fetch(`${back.base}/api/messages/${id}`, { headers: { cookie: backCookie } });
          expect(res.status, content).toBe(200);
          expect(JSON.stringify(await res.json())).toContain(JSON.stringify(content));
        }
        expect((await fetch(`${back.base}/api/messages/${after.id}`, { headers: { cookie: backCookie } })).status).toBe(404);
        const restoredImage = await fetch(`${back.base}${imagePath}`);
        expect(restoredImage.status).toBe(200);
        expect(Buffer.from(await restoredImage.arrayBuffer())).toEqual(image);
      } finally {
        await stop(back);
      }
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    }
  });

  it('restore refuses a folder that is not a finished backup', async () => {
    const notBackup = tempDir('sls-not-backup-');
    const target = tempDir('sls-restore-target-');
    const run = await admin(['restore', notBackup], { DATABASE_URL: `sqlite:${join(target, 'service.db')}`, DATA_DIR: target });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`admin: ${notBackup} is not a finished backup (no readable backup.json): give the folder \`backup\` made\n`);
    expect(existsSync(join(target, 'service.db'))).toBe(false);
  });
});

if (ENGINE === 'postgres') describe('backup and restore on PostgreSQL', SLOW, () => {
  it('say to use pg_dump and pg_restore and the object store, after naming the database, and change nothing', async () => {
    const env = { DATABASE_URL: database.url, DATA_DIR: tempDir('sls-pg-data-') };
    const folder = join(tempDir('sls-pg-backup-'), 'backup');
    const backup = await admin(['backup', folder], env);
    expect(backup.code).toBe(1);
    const [named, refused] = backup.stderr.trimEnd().split('\n');
    expect(named).toMatch(/^Database: PostgreSQL database \w+ on 127\.0\.0\.1:5432, /);
    expect(refused).toBe(
      "admin: backup works on the embedded SQLite database; this one is PostgreSQL: use pg_dump --format=custom and pg_restore, and the object store's own copies for the blobs (docs/operations.md, Backup and restore)",
    );
    expect(existsSync(folder)).toBe(false);
    const restore = await admin(['restore', folder], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('admin: restore works on the embedded SQLite database; this one is PostgreSQL: use pg_dump');
  });
});
