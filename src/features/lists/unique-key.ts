import type { Column } from './dsl.js';

// The form list_unique_values keys a unique column's value in: written with every row
// (row-data.ts), and looked up by an `equals` filter on that column (queries/row-filters.ts).

/** The form a unique column's value is compared in (numbers as numbers, e-mail addresses case-insensitively). */
export function uniqueKey(column: Column, value: unknown): string {
  switch (column.type) {
    case 'number':
      return String(value);
    case 'email':
      return (value as string).toLowerCase();
    case 'datetime':
      return new Date(Date.parse(value as string)).toISOString();
    default:
      return String(value);
  }
}
