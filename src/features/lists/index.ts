// What other features use of lists besides its service: reading a page of the caller’s rows
// (AI documents made from a list read its first rows as clients see them), and reading the
// caller's lists whole (materialize); the row writes and the shapes of rows on the wire, for
// writes made through a share link (share-links), under the list's own row rules.

export { readOwnRows } from './row-pages.js';
export { addRow, deleteRow, editRow } from './rows.js';
export { presentRow, presentSchema } from './presenter.js';
export { AddRowBody, EditRowBody, ListPageQuery, ListSchemaObject, RowEnvelope, ROWS_SERIALIZER, RowsEnvelope } from './schemas.js';
export { ownListContents, ownListSummaries, type ListContents, type ListSummary } from './contents.js';
export { COLUMN_TYPES } from './dsl.js';
