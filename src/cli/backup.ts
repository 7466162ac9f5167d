import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../config.js';
import { SEALING_KEY_FILE } from '../lib/sealing.js';

// `npm run admin -- backup <folder>` and `restore <folder>` for the embedded engine. A backup is a
// folder: the database copied with SQLite's online backup API (one consistent snapshot, taken while
// the server keeps writing), then the blobs on disk and the token sealing key, then backup.json
// (written last: a folder without it is an unfinished backup and restore refuses it). PostgreSQL
// and the object store are backed up with their own tools (docs/operations.md).

export const MANIFEST = 'backup.json';
const DATABASE_FILE = 'service.db';
const BLOBS = 'blobs';
const FORMAT = 1;
const ALL_PAGES = 0x7fffffff;

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: string;
  users: number;
  /** Blob files copied from DATA_DIR/blobs; null when the blobs live in an object store. */
  blobs: { files: number; bytes: number } | null;
  sealingKey: boolean;
}

/** A backup or restore that cannot be done as asked: one line saying why (exit code 1). */
export class BackupRefused extends Error {}

const isEmptyOrAbsent = (path: string) => !existsSync(path) || (statSync(path).isDirectory() && readdirSync(path).length === 0);

/** Copies a folder of blobs, leaving out blobs still being written (their `.tmp` files). */
function copyBlobs(from: string, to: string): { files: number; bytes: number } {
  const counted = { files: 0, bytes: 0 };
  if (!existsSync(from)) return counted;
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      if (source.endsWith('.tmp')) return false;
      const stat = statSync(source);
      if (stat.isFile()) {
        counted.files++;
        counted.bytes += stat.size;
      }
      return true;
    },
  });
  return counted;
}

function refuseOtherEngines(config: Config, command: string): asserts config is Config & { database: { engine: 'sqlite'; filename: string } } {
  if (config.database.engine === 'postgres') {
    throw new BackupRefused(
      `${command} works on the embedded SQLite database; this one is PostgreSQL: use pg_dump --format=custom and pg_restore, and the object store's own copies for the blobs (docs/operations.md, Backup and restore)`,
    );
  }
}

/** Backs up a running service's SQLite database, its blobs on disk and its sealing key into `folder` (new or empty). */
export async function backupSqlite(config: Config, raw: BetterSqlite3.Database, users: number, folder: string): Promise<BackupManifest> {
  refuseOtherEngines(config, 'backup');
  const target = resolve(folder);
  if (!isEmptyOrAbsent(target)) throw new BackupRefused(`${target} is not empty: back up into a new or empty folder`);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  chmodSync(target, 0o700); // the key and every account's data: readable by its owner only
  // All pages in one step (a step of at most 2^31-1 pages), so the copy is one read transaction: a
  // consistent snapshot however much the server writes meanwhile (WAL lets it go on writing). In
  // small steps, a write between two steps would start the copy over, again and again under load.
  await raw.backup(join(target, DATABASE_FILE), { progress: () => ALL_PAGES });
  // After the database: every blob a row of the copy names is on disk by now.
  const dataDir = resolve(config.dataDir);
  const blobs = config.blobStore.kind === 'disk' ? copyBlobs(join(dataDir, BLOBS), join(target, BLOBS)) : null;
  const key = join(dataDir, SEALING_KEY_FILE);
  const sealingKey = existsSync(key);
  if (sealingKey) cpSync(key, join(target, SEALING_KEY_FILE));
  const manifest: BackupManifest = { format: FORMAT, createdAt: new Date().toISOString(), database: DATABASE_FILE, users, blobs, sealingKey };
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** The manifest of a finished backup in `folder`, or a refusal saying what is wrong with it. */
export function readBackup(folder: string): BackupManifest {
  const path = join(resolve(folder), MANIFEST);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupRefused(`${resolve(folder)} is not a finished backup (no readable ${MANIFEST}): give the folder \`backup\` made`);
  }
  if (manifest.format !== FORMAT) throw new BackupRefused(`${path}: backup format ${manifest.format} is not one this version restores (${FORMAT})`);
  return manifest;
}

/** Restores a backup folder into an empty DATA_DIR and DATABASE_URL's (absent) file. The server must be stopped. */
export function restoreSqlite(config: Config, folder: string): BackupManifest {
  refuseOtherEngines(config, 'restore');
  const manifest = readBackup(folder);
  const source = resolve(folder);
  const dataDir = resolve(config.dataDir);
  const file = resolve(config.database.filename);
  if (config.database.filename === ':memory:') throw new BackupRefused('DATABASE_URL is sqlite::memory:: restore needs a file (sqlite:<path>)');
  if (!isEmptyOrAbsent(dataDir)) throw new BackupRefused(`${dataDir} (DATA_DIR) is not empty: restore only into an empty data folder (move the old one aside first)`);
  if (existsSync(file)) throw new BackupRefused(`${file} (DATABASE_URL) exists already: restore only where there is no database yet`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  mkdirSync(dirname(file), { recursive: true });
  if (manifest.blobs && config.blobStore.kind === 'disk' && existsSync(join(source, BLOBS))) cpSync(join(source, BLOBS), join(dataDir, BLOBS), { recursive: true });
  if (manifest.sealingKey) cpSync(join(source, SEALING_KEY_FILE), join(dataDir, SEALING_KEY_FILE));
  // The database last: a restore cut short leaves no database, so the server cannot start on half of it.
  cpSync(join(source, manifest.database), file);
  return manifest;
}
