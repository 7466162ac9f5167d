// What other features use of lists besides its service: reading a page of the caller’s rows
// (AI documents made from a list read its first rows as clients see them), and reading the
// caller's lists whole (materialize).

export { readOwnRows } from './row-pages.js';
export { presentSchema } from './presenter.js';
export { ownListContents, ownListSummaries, type ListContents, type ListSummary } from './contents.js';
export { COLUMN_TYPES } from './dsl.js';
