import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';

// The local side: a folder of markdown files mirroring the server's folder tree. Paths inside it
// are always '/'-joined and relative ("work/plan.md").

export const STATE_FILE = '.social-lists-sync.json';

/** `notes.conflict-2026-11-23T120501Z.md` (and `-2`, `-3`... when taken). */
const CONFLICT_FILE = /\.conflict-\d{4}-\d{2}-\d{2}T\d{6}Z(?:-\d+)?(?:\.[^./]*)?$/;

export interface LocalFile {
  hash: string;
}

export interface LocalTree {
  files: Map<string, LocalFile>;
  dirs: Set<string>;
  /** Conflict copies (never synced). */
  conflicts: Set<string>;
}

export function sha256(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export function isConflictFile(path: string): boolean {
  return CONFLICT_FILE.test(path);
}

/** One path segment the server may send that is safe as a local file or folder name. */
export function safeSegment(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\\') && !name.includes('\0');
}

export function joinPath(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('/');
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function isMarkdown(name: string): boolean {
  return name.toLowerCase().endsWith('.md');
}

/**
 * Every markdown file (and every file the state tracks, whatever its name) and every folder,
 * skipping hidden entries, symbolic links, the state file and conflict copies.
 */
export async function scanLocal(root: string, tracked: Set<string>): Promise<LocalTree> {
  const files = new Map<string, LocalFile>();
  const dirs = new Set<string>();
  const conflicts = new Set<string>();
  // Hidden names and conflict-copy names are skipped, except where a document of the base is.
  const trackedDirs = new Set<string>();
  for (const p of tracked) for (let d = parentOf(p); d !== ''; d = parentOf(d)) trackedDirs.add(d);
  async function walk(rel: string): Promise<void> {
    const entries = await readdir(rel === '' ? root : join(root, ...rel.split('/')), { withFileTypes: true });
    for (const entry of entries) {
      const path = joinPath(rel, entry.name);
      if (path === STATE_FILE || (entry.name.startsWith('.') && !tracked.has(path) && !trackedDirs.has(path))) continue;
      if (entry.isDirectory()) {
        dirs.add(path);
        await walk(path);
      } else if (entry.isFile() && tracked.has(path)) {
        files.set(path, { hash: sha256(await readFile(abs(root, path))) });
      } else if (entry.isFile() && isConflictFile(path)) {
        conflicts.add(path);
      } else if (entry.isFile() && isMarkdown(entry.name)) {
        files.set(path, { hash: sha256(await readFile(abs(root, path))) });
      }
    }
  }
  await walk('');
  return { files, dirs, conflicts };
}

export function abs(root: string, path: string): string {
  return join(root, ...path.split('/'));
}

export async function readLocal(root: string, path: string): Promise<Buffer | null> {
  try {
    return await readFile(abs(root, path));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Writes through a temporary file and a rename, so a file is never seen half-written. */
export async function writeLocal(root: string, path: string, content: string): Promise<void> {
  const target = abs(root, path);
  await mkdir(dirname(target), { recursive: true });
  const tmp = join(dirname(target), `.${baseName(path)}.${process.pid}.tmp`);
  await writeFile(tmp, content);
  await rename(tmp, target);
}

export async function moveLocal(root: string, from: string, to: string): Promise<void> {
  await mkdir(dirname(abs(root, to)), { recursive: true });
  await rename(abs(root, from), abs(root, to));
}

export async function deleteLocal(root: string, path: string): Promise<void> {
  await rm(abs(root, path), { force: true });
}

/** Removes the folder and its parents up to the root while they are empty. */
export async function pruneEmptyDirs(root: string, dir: string): Promise<void> {
  for (let d = dir; d !== ''; d = parentOf(d)) {
    try {
      await rmdir(abs(root, d));
    } catch {
      return;
    }
  }
}

export async function makeDir(root: string, dir: string): Promise<void> {
  await mkdir(abs(root, dir), { recursive: true });
}

/** A free `name.conflict-<date>.md` beside `path`. */
export async function conflictPath(root: string, path: string, now: Date): Promise<string> {
  const name = baseName(path);
  const ext = extname(name);
  const stem = ext ? name.slice(0, -ext.length) : name;
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/^(\d{4})(\d{2})(\d{2})/, '$1-$2-$3').replace(/\.\d+Z$/, 'Z');
  for (let n = 1; ; n++) {
    const candidate = joinPath(parentOf(path), `${stem}.conflict-${stamp}${n > 1 ? `-${n}` : ''}${ext || '.md'}`);
    if ((await readLocal(root, candidate)) === null) return candidate;
  }
}

