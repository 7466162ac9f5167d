import { AppError } from '../../http/errors.js';
import type { PreparedRow, StoredColumn, UniqueKey } from './queries/index.js';
import { uniqueKey } from './unique-key.js';
import { isEmptyValue } from './visibility.js';

// A row's cells as stored: keyed by property id (so renaming or re-keying a column never rewrites
// rows), empty cells left out; and the unique values among them, which list_unique_values claims.

/** Row data as stored: keyed by property id, empty cells left out. */
export function storedData(columns: readonly StoredColumn[], data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) if (!isEmptyValue(data[c.key])) out[c.propertyId] = data[c.key];
  return out;
}

/** The unique values of a row's data: one per non-empty cell of a unique column. */
export function uniqueKeys(columns: readonly StoredColumn[], stored: Record<string, unknown>): UniqueKey[] {
  const out: UniqueKey[] = [];
  for (const c of columns) if (c.unique && !isEmptyValue(stored[c.propertyId])) out.push([c.propertyId, uniqueKey(c, stored[c.propertyId])]);
  return out;
}

export function prepareRow(columns: readonly StoredColumn[], stored: Record<string, unknown>): PreparedRow {
  return { data: JSON.stringify(stored), keys: uniqueKeys(columns, stored) };
}

/** 409 unique_violation naming the columns whose values are taken by another live row. */
export function uniqueViolation(labels: string[]): AppError {
  const errors = labels.map((l) => `${l} must be unique`);
  return new AppError(409, errors[0] ?? 'A unique value is already taken', 'unique_violation', { errors });
}
