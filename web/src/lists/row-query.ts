import type { components } from '../api/schema.js';
import { fromDraft, type Column } from './cells.js';
import { needsValue } from './schema-draft.js';

// What the grid asks GET /api/lists/{id}/data for: one page (offset, limit) of the rows as the
// person sorts, filters and searches them, or as a saved view shows them.

export type Condition = components['schemas']['Condition'];
export type View = components['schemas']['ListView'];

export interface RowQuery {
  /** A column key, createdAt or updatedAt; a leading - sorts descending; '' for the default. */
  sort: string;
  filter: Condition[];
  q: string;
  /** A saved view's id, '' for none. */
  view: string;
}

export const EMPTY_QUERY: RowQuery = { sort: '', filter: [], q: '', view: '' };

/** The query parameters of one page. */
export function pageParams(query: RowQuery, offset: number, limit: number) {
  return {
    limit,
    offset,
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.filter.length ? { filter: JSON.stringify(query.filter) } : {}),
    ...(query.q.trim() ? { q: query.q.trim() } : {}),
    ...(query.view ? { view: query.view } : {}),
  };
}

/** A filter condition from the filter form: the value typed as the column stores it. */
export function condition(column: Column, operator: Condition['operator'], text: string): Condition {
  if (!needsValue(operator)) return { field: column.key, operator };
  const value = column.type === 'multiselect' ? text.trim() : fromDraft(column, text);
  return { field: column.key, operator, value: value ?? '' };
}

/** The next sort when a column's header is activated: ascending, then descending, then none. */
export function nextSort(current: string, key: string): string {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return '';
  return key;
}

/** How a column is sorted now, in the words of aria-sort. */
export function ariaSort(current: string, key: string): 'ascending' | 'descending' | 'none' {
  return current === key ? 'ascending' : current === `-${key}` ? 'descending' : 'none';
}
