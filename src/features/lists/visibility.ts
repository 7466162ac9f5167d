import { inDisplayOrder, type Column, type Condition } from './dsl.js';

// Conditional visibility (spec: "Conditional visibility"): a column with `visibility.condition`
// is shown only while its watched column's value meets the condition. Columns are evaluated in
// displayOrder, and a hidden column's value counts as empty for the columns that watch it.

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (typeof a === 'object' || typeof b === 'object') return false;
  return String(a) === String(b);
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Orders two values as numbers, else as dates; null when they cannot be compared. */
export function compareValues(a: unknown, b: unknown): number | null {
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
  const na = num(a);
  const nb = num(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  if (typeof a === 'string' && typeof b === 'string' && DATE_LIKE.test(a) && DATE_LIKE.test(b)) {
    const da = Date.parse(a);
    const db = Date.parse(b);
    if (Number.isFinite(da) && Number.isFinite(db)) return da - db;
  }
  return null;
}

function containsValue(haystack: unknown, needle: unknown): boolean {
  if (Array.isArray(haystack)) return haystack.some((x) => sameValue(x, needle));
  if (typeof haystack === 'string' && needle !== undefined && needle !== null) {
    return haystack.toLowerCase().includes(String(needle).toLowerCase());
  }
  return false;
}

/** Whether `value` (the watched column's value) meets the condition. */
export function conditionHolds(condition: Pick<Condition, 'operator' | 'value'>, value: unknown): boolean {
  const expected = condition.value;
  switch (condition.operator) {
    case 'equals':
      return sameValue(value, expected);
    case 'notEquals':
      return !sameValue(value, expected);
    case 'contains':
      return containsValue(value, expected);
    case 'notContains':
      return !containsValue(value, expected);
    case 'greaterThan': {
      const c = compareValues(value, expected);
      return c !== null && c > 0;
    }
    case 'lessThan': {
      const c = compareValues(value, expected);
      return c !== null && c < 0;
    }
    case 'greaterThanOrEqual': {
      const c = compareValues(value, expected);
      return c !== null && c >= 0;
    }
    case 'lessThanOrEqual': {
      const c = compareValues(value, expected);
      return c !== null && c <= 0;
    }
    case 'isEmpty':
      return isEmptyValue(value);
    case 'isNotEmpty':
      return !isEmptyValue(value);
  }
}

/** The keys of the columns hidden by their conditions for this row's data. */
export function hiddenColumns(columns: readonly Column[], data: Record<string, unknown>): Set<string> {
  return hiddenColumnsOf(columns)(data);
}

/** hiddenColumns with the display order worked out once (an import checks many rows). */
export function hiddenColumnsOf(columns: readonly Column[]): (data: Record<string, unknown>) => Set<string> {
  const conditional = inDisplayOrder(columns).filter((c) => c.visibility?.condition);
  return (data) => {
    const hidden = new Set<string>();
    for (const column of conditional) {
      const condition = column.visibility!.condition;
      const watched = hidden.has(condition.field) ? undefined : data[condition.field];
      if (!conditionHolds(condition, watched)) hidden.add(column.key);
    }
    return hidden;
  };
}
