// The lists feature's queries (README, Design: a feature's queries live in its queries file; the
// services call them, routes never do). A folder rather than one queries.ts, which would pass
// 800 lines; each file holds the queries of the service file of the same name:
//   lists.ts        lists (service.ts) and their version counters
//   columns.ts      columns: property records (service.ts, schema-edits.ts)
//   rows.ts         row writes, the trash, unique-value claims, bulk inserts (rows.ts, import.ts)
//   imports.ts      CSV imports: the record, its kept input, the lookups and writes of its passes (import.ts)
//   row-pages.ts    the reads behind a page of rows (row-pages.ts), whose where clause and order
//                   row-filters.ts builds from filters, sorts and q
//   purge.ts        the removal of a user's lists and folders, a batch at a time (user-data.ts)
//   views.ts  folders.ts  public.ts  exports.ts
//   sources.ts      codehost-backed lists: found, their rows replaced by a sync (codehost-sync.ts)
export * from './columns.js';
export * from './exports.js';
export * from './folders.js';
export * from './imports.js';
export * from './lists.js';
export * from './public.js';
export * from './purge.js';
export * from './row-filters.js';
export * from './row-pages.js';
export * from './rows.js';
export * from './tx.js';
export * from './views.js';
export * from './sources.js';
