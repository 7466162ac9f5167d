import { join } from 'node:path';

// The web build's manifest (vite's, dist/web/.vite/manifest.json): each chunk by its key (its
// source module, or `_name-hash.js` for a shared chunk), its file, and what it imports. Read by
// the build's size table (scripts/build-web.ts) and by the shell's preloads (shell.ts).

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Where a build in `distDir` keeps its manifest. */
export const manifestPath = (distDir: string) => join(distDir, '.vite', 'manifest.json');

/**
 * The chunks `keys` pull in statically (themselves and their imports, transitively), added to
 * `into` and answered: a chunk already in `into` (the entry's, say) is not followed again.
 */
export function staticChunks(manifest: Manifest, keys: readonly string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) continue;
    into.add(key);
    staticChunks(manifest, chunk.imports ?? [], into);
  }
  return into;
}
