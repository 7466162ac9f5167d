// The folder tree of the documents screen, from the flat folder list the API answers
// (GET /api/documents/folders: every folder with its parentId). Pure, unit-tested.

/** The root folder the API keeps template documents in (spec: "A root folder named `_templates`"). */
export const TEMPLATES_FOLDER = '_templates';

export interface FlatFolder {
  id: string;
  name: string;
  parentId: string | null;
}

export interface FolderNode<F extends FlatFolder = FlatFolder> {
  folder: F;
  children: FolderNode<F>[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The folders as a tree, each level sorted by name; the templates folder is left out (shown apart). */
export function folderTree<F extends FlatFolder>(folders: readonly F[]): FolderNode<F>[] {
  const ids = new Set(folders.map((f) => f.id));
  const children = new Map<string | null, F[]>();
  for (const f of folders) {
    // A folder whose parent is not in the list (deleted meanwhile) shows at the root.
    const parent = f.parentId && ids.has(f.parentId) ? f.parentId : null;
    if (parent === null && f.name === TEMPLATES_FOLDER) continue;
    children.set(parent, [...(children.get(parent) ?? []), f]);
  }
  const build = (parent: string | null): FolderNode<F>[] => [...(children.get(parent) ?? [])].sort(byName).map((folder) => ({ folder, children: build(folder.id) }));
  return build(null);
}

/** The ids of a folder and everything beneath it (a folder may not move into any of them). */
export function subtreeIds(folders: readonly FlatFolder[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of folders) {
      if (f.parentId && out.has(f.parentId) && !out.has(f.id)) {
        out.add(f.id);
        grew = true;
      }
    }
  }
  return out;
}

/** "Work / Plans": the names from the root down to the folder. */
export function folderPath(folders: readonly FlatFolder[], id: string): string {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const names: string[] = [];
  for (let f = byId.get(id); f && names.length <= folders.length; f = f.parentId ? byId.get(f.parentId) : undefined) names.unshift(f.name);
  return names.join(' / ');
}

/**
 * Where a folder (or, with null, a document) may move: the top level and every folder outside the
 * moving folder's own subtree, by path.
 */
export function moveTargets(folders: readonly FlatFolder[], moving: string | null): { id: string | null; label: string }[] {
  const excluded = moving ? subtreeIds(folders, moving) : new Set<string>();
  const targets = folders
    .filter((f) => !excluded.has(f.id))
    .map((f) => ({ id: f.id as string | null, label: folderPath(folders, f.id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [{ id: null, label: 'Top level' }, ...targets];
}
