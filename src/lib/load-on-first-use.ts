import { createRequire } from 'node:module';

// Libraries that only some requests or jobs need (the AI providers' SDKs, the payment provider's,
// the networkB clients, the S3 client, the zip writer, the image encoder, the SMTP client...) are
// loaded the first time they are used, not at start: loading them all was most of the CPU of a
// start (docs/operations.md, "Start-up time"). A module that uses one imports its types with
// `import type` and its values through one of these loaders, declared once at module level.

/** The promise of `load()` (an import, or a client made from one), started on the first call and shared by every later one; a failed load stays failed (a missing module stays missing). */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => (loading ??= load());
}

const require = createRequire(import.meta.url);

/** For a CommonJS library used from synchronous code: `require(specifier)`, on the first call (Node caches it). */
export function requireOnFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
