// The documents feature's queries (README, Design: queries). A folder rather than one queries.ts,
// which would pass 350 lines:
//   documents.ts  the writer transaction (the user's sync stamp), the folder tree, and the
//                 reads and writes of documents and folders every service shares
//   history.ts    revisions, the trash, restoring, the purge of expired trash (history.ts)
//   purge.ts      a user's documents and folders for the archive and their removal (user-data.ts)
//   reads.ts      search (search.ts), the sync pull (sync.ts), templates (templates.ts)
export * from './documents.js';
export * from './history.js';
export * from './purge.js';
export * from './reads.js';
export * from './shared-sync.js';
