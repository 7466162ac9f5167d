// List folders as a tree (GET /api/folders answers them flat, each with its parentId): in tree
// order, each with its depth, for a nested list and for indented choices in a select.

export interface Folder {
  id: string;
  name: string;
  parentId: string | null;
}

export function folderTree<F extends Folder>(folders: readonly F[]): { folder: F; depth: number }[] {
  const ids = new Set(folders.map((f) => f.id));
  const children = new Map<string | null, F[]>();
  for (const f of folders) {
    // A parent that is not in the set (deleted meanwhile) puts its child at the root.
    const parent = f.parentId && ids.has(f.parentId) ? f.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), f]);
  }
  const out: { folder: F; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    const kids = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const f of kids) {
      if (seen.has(f.id)) continue;
      seen.add(f.id);
      out.push({ folder: f, depth });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A folder's name indented by its depth, for the options of a select. */
export function indented(name: string, depth: number): string {
  return `${'\u00a0\u00a0'.repeat(depth)}${depth ? '└ ' : ''}${name}`;
}
