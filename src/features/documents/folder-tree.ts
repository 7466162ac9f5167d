import { badRequest } from '../../http/errors.js';
import type { FolderRow } from './presenter.js';

// A user's folder tree in memory: paths, live children, subtrees and the checks on a name. The
// writes that change it are in queries/documents.ts, which loads it.

const lower = (s: string) => s.toLowerCase();

/** Checks a folder or file name beyond the schema: not `.` or `..`, no control characters. */
export function checkSegment(name: string, what: string): string {
  if (name === '.' || name === '..' || name.trim() === '' || name.includes('/') || name.includes('\\')) {
    throw badRequest(`${what} must be a single name without slashes, and not "." or ".."`, 'invalid_name');
  }
  return name;
}

/** A user's folders (live and deleted), loaded once per operation (queries/documents.ts, loadFolderTree). */
export class FolderTree {
  private readonly byId: Map<string, FolderRow>;

  constructor(rows: readonly FolderRow[]) {
    this.byId = new Map(rows.map((r) => [r.id, r]));
  }

  all(): FolderRow[] {
    return [...this.byId.values()];
  }

  get(id: string): FolderRow | undefined {
    return this.byId.get(id);
  }

  live(id: string): FolderRow | undefined {
    const f = this.byId.get(id);
    return f && f.deleted_at === null ? f : undefined;
  }

  set(row: FolderRow): void {
    this.byId.set(row.id, row);
  }

  /** Names from the root, joined by '/'. */
  path(id: string): string {
    const names: string[] = [];
    const seen = new Set<string>();
    let cur = this.byId.get(id);
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      names.unshift(cur.name);
      cur = cur.parent_id ? this.byId.get(cur.parent_id) : undefined;
    }
    return names.join('/');
  }

  liveChild(parentId: string | null, name: string): FolderRow | undefined {
    const key = lower(name);
    for (const f of this.byId.values()) if (f.deleted_at === null && f.parent_id === parentId && lower(f.name) === key) return f;
    return undefined;
  }

  liveChildren(parentId: string | null): FolderRow[] {
    return this.all()
      .filter((f) => f.deleted_at === null && f.parent_id === parentId)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** The folder and its descendants that satisfy `keep` (descent stops at one that does not). */
  subtree(id: string, keep: (f: FolderRow) => boolean): string[] {
    const out: string[] = [];
    const queue = [id];
    const seen = new Set<string>();
    while (queue.length) {
      const cur = queue.shift()!;
      if (seen.has(cur)) continue;
      seen.add(cur);
      out.push(cur);
      for (const f of this.byId.values()) if (f.parent_id === cur && keep(f)) queue.push(f.id);
    }
    return out;
  }

  /** True when `candidate` is `ancestor` or lies below it. */
  isSelfOrDescendant(candidate: string, ancestor: string): boolean {
    const seen = new Set<string>();
    let cur: string | null = candidate;
    while (cur && !seen.has(cur)) {
      if (cur === ancestor) return true;
      seen.add(cur);
      cur = this.byId.get(cur)?.parent_id ?? null;
    }
    return false;
  }

  /** The live folder at a path of names ('' is the root, null); undefined when absent. */
  resolve(segments: string[]): string | null | undefined {
    let parent: string | null = null;
    for (const name of segments) {
      const f = this.liveChild(parent, name);
      if (!f) return undefined;
      parent = f.id;
    }
    return parent;
  }
}

/** Splits a sync path into its names; empty, '.' and '..' segments are refused. */
export function splitPath(path: string): string[] {
  const parts = path.split('/').filter((p) => p !== '');
  for (const p of parts) checkSegment(p, 'Every path segment');
  if (parts.length === 0) throw badRequest('The path is empty', 'invalid_path');
  return parts;
}
