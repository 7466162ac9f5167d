import type { components } from '../api/schema.js';

// A list's cells between the API's values and the text of an input: what a person types becomes
// the value the API stores for the column's type, and a stored value becomes text to show and to
// edit. The rules themselves are the server's (src/features/lists/validate.ts): a value that cannot
// be converted here goes as typed, and the API's error says what is wrong with it.

export type Column = components['schemas']['ListColumn'];
export type ColumnType = Column['type'];
export type Row = components['schemas']['ListRow'];

/** What an editor holds: text for most types, the chosen options for a multiselect. */
export type Draft = string | string[];

/** A stored value as the text of its cell. */
export function cellText(column: Pick<Column, 'type'>, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (column.type === 'boolean') return value === true ? 'Yes' : value === false ? 'No' : String(value);
  if (column.type === 'datetime' && typeof value === 'string') {
    const local = toLocalInput(value);
    return local ? local.replace('T', ' ') : value;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A stored value as an editor's starting draft. */
export function toDraft(column: Pick<Column, 'type'>, value: unknown): Draft {
  if (column.type === 'multiselect') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (column.type === 'boolean') return value === true ? 'true' : value === false ? 'false' : '';
  if (column.type === 'datetime' && typeof value === 'string') return toLocalInput(value) ?? value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** An editor's draft as the value to send: null for nothing, typed for numbers and booleans. */
export function fromDraft(column: Pick<Column, 'type'>, draft: Draft): unknown {
  if (Array.isArray(draft)) return draft.length ? draft : null;
  const text = column.type === 'textarea' ? draft : draft.trim();
  if (text === '') return null;
  switch (column.type) {
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'datetime': {
      // A datetime-local input says the person's local time; the API stores ISO 8601 with a zone.
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return text;
      const t = new Date(text);
      return Number.isFinite(t.getTime()) ? t.toISOString() : text;
    }
    case 'multiselect':
      return [text];
    default:
      return text;
  }
}

/** ISO 8601 as the value of a datetime-local input (local time, minutes), or null when unreadable. */
export function toLocalInput(iso: string): string | null {
  const t = new Date(iso);
  if (!Number.isFinite(t.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/** The options a column offers (select, multiselect, priority), else null. */
export function optionsOf(column: Pick<Column, 'type' | 'options'>): string[] | null {
  if (column.type === 'priority') return column.options?.length ? column.options : ['low', 'medium', 'high', 'urgent'];
  if (column.type === 'select' || column.type === 'multiselect') return column.options ?? [];
  return null;
}

/** Columns in displayOrder (ties keep their order, as the server sorts them). */
export function inDisplayOrder<T extends { displayOrder: number }>(columns: readonly T[]): T[] {
  return [...columns].sort((a, b) => a.displayOrder - b.displayOrder);
}
