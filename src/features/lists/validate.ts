import { isEmailAddress } from '../../lib/email.js';
import { compilePattern, type Column } from './dsl.js';
import { hiddenColumnsOf, isEmptyValue } from './visibility.js';

// Row validation (spec: the validation table and the type-level checks). Every failure is a
// message in the spec's forms; the caller answers 400 `validation_failed` with all of them.

const DATE_RE = /^\d{4}-\d{2}-(\d{2})$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** No cell holds more than this many characters (a bound, whatever the column's own rules). */
export const MAX_CELL_CHARS = 100_000;

export function isValidDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  // Date refuses a month or day out of range (NaN) and rolls a day past the month's end into the
  // next month (2023-02-30 is 2 March): a day that exists reads back as itself.
  return new Date(`${v}T00:00:00Z`).getUTCDate() === Number(m[1]);
}

export function isValidDateTime(v: string): boolean {
  return DATETIME_RE.test(v) && isValidDate(v.slice(0, 10)) && Number.isFinite(Date.parse(v));
}

export function isValidUrl(v: string): boolean {
  if (/\s/.test(v)) return false;
  try {
    // The URL parser gives http and https URLs a host always ('http://' does not parse).
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const charCount = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/**
 * A value or bound of a date or datetime column as a time (Date.parse reads a bare YYYY-MM-DD as
 * UTC midnight), or NaN when it is not a date: NaN compares false, so such a bound bounds nothing.
 */
const timeOf = (v: unknown): number => (typeof v === 'string' ? Date.parse(v) : NaN);

/**
 * The messages for one non-empty value of a column (type check, then its rules). An empty value
 * is handled by the caller (required or not).
 */
export function valueErrors(column: Column, value: unknown): string[] {
  return valueCheck(column)(value);
}

/** valueErrors for one column with its rules worked out once (pattern compiled, date bounds parsed). */
export function valueCheck(column: Column, notes: MessageNotes = {}): (value: unknown) => string[] {
  const { label, validation: rules } = column;
  switch (column.type) {
    case 'text':
    case 'textarea':
    case 'tel':
    case 'email':
    case 'url': {
      const type = column.type;
      const counted = type === 'text' || type === 'textarea';
      const pattern = rules?.pattern !== undefined && type !== 'url' ? compilePattern(rules.pattern) : null;
      return (value) => {
        if (typeof value !== 'string') return [`${label} must be a string`];
        if (value.length > MAX_CELL_CHARS) return [`${label} must be at most ${MAX_CELL_CHARS} characters`];
        const out: string[] = [];
        if (type === 'email' && !isEmailAddress(value)) out.push(`${label} must be a valid email address`);
        if (type === 'url' && !isValidUrl(value)) out.push(`${label} must be a valid URL`);
        if (counted) {
          const n = charCount(value);
          if (rules?.minLength !== undefined && n < rules.minLength) out.push(`${label} must be at least ${rules.minLength} characters`);
          if (rules?.maxLength !== undefined && n > rules.maxLength) out.push(`${label} must be at most ${rules.maxLength} characters`);
        }
        if (pattern && !pattern.matcher(value).find()) out.push(`${label} format is invalid`);
        return out;
      };
    }
    case 'number':
      return (value) => {
        // Stryker disable next-line ConditionalExpression: Number.isFinite is false for anything but a number; the typeof is for the compiler
        if (typeof value !== 'number' || !Number.isFinite(value)) return [`${label} must be a number`];
        const out: string[] = [];
        if (typeof rules?.min === 'number' && value < rules.min) out.push(`${label} must be at least ${rules.min}`);
        if (typeof rules?.max === 'number' && value > rules.max) out.push(`${label} must be at most ${rules.max}`);
        return out;
      };
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? [] : [`${label} must be true or false`]);
    case 'date':
    case 'datetime': {
      const isDate = column.type === 'date';
      const min = timeOf(rules?.min);
      const max = timeOf(rules?.max);
      return (value) => {
        const ok = typeof value === 'string' && (isDate ? isValidDate(value) : isValidDateTime(value));
        if (!ok) return [isDate ? `${label} must be a date (YYYY-MM-DD)` : `${label} must be an ISO 8601 date and time`];
        const t = timeOf(value);
        const out: string[] = [];
        if (t < min) out.push(`${label} must be after ${rules!.min}`);
        if (t > max) out.push(`${label} must be before ${rules!.max}`);
        return out;
      };
    }
    case 'select':
    case 'priority': {
      const options = new Set(column.options!);
      // Stryker disable next-line ConditionalExpression: options are strings, so a value that is not is never in the set; the typeof is for the compiler
      return (value) => (typeof value === 'string' && options.has(value) ? [] : [notAnOption(column, [value], notes)]);
    }
    case 'multiselect': {
      const options = new Set(column.options!);
      return (value) => {
        if (!Array.isArray(value)) return [notAnOption(column, [value], notes)];
        // Stryker disable next-line ConditionalExpression: options are strings, so a value that is not is never in the set; the typeof is for the compiler
        const bad = value.filter((v) => typeof v !== 'string' || !options.has(v));
        return bad.length === 0 ? [] : [notAnOption(column, bad, notes)];
      };
    }
  }
}

/** What a message may add for the input's own form (a CSV import says how it splits a multiselect cell). */
export interface MessageNotes {
  multiselect?: string;
}

/** A value as a message quotes it: JSON, cut short. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The spec's `<label> must be one of: ...`, naming the values that are not. */
function notAnOption(column: Column, bad: readonly unknown[], notes: MessageNotes): string {
  const shown = bad.slice(0, 5).map(quoted).join(', ') + (bad.length > 5 ? ', ...' : '');
  const note = column.type === 'multiselect' && notes.multiselect ? `; ${notes.multiselect}` : '';
  return `${column.label} must be one of: ${column.options!.join(', ')} (${shown} ${bad.length === 1 ? 'is' : 'are'} not${note})`;
}

export interface RowCheck {
  /** The row data to store: keyed by column key, defaults applied, empty values as null. */
  data: Record<string, unknown>;
  errors: string[];
}

/**
 * Validates a whole row. `isNew` applies the columns' default values to keys the client left out.
 * Keys that are not columns are refused. A column hidden by its condition is not required.
 */
export function validateRow(columns: readonly Column[], input: Record<string, unknown>, isNew: boolean): RowCheck {
  return rowValidator(columns)(input, isNew);
}

export type RowValidator = (input: Record<string, unknown>, isNew: boolean) => RowCheck;

/** validateRow with the columns' rules worked out once, for checking many rows of one list; `notes` fit its messages to the input's form. */
export function rowValidator(columns: readonly Column[], notes: MessageNotes = {}): RowValidator {
  const keys = new Set(columns.map((c) => c.key));
  const hiddenOf = hiddenColumnsOf(columns);
  const checks = columns.map((c) => valueCheck(c, notes));
  return (input, isNew) => {
    const errors: string[] = [];
    for (const key of Object.keys(input)) if (!keys.has(key)) errors.push(`${key} is not a column of this list`);
    // No prototype: a column keyed `toString` or `constructor` must not read Object.prototype's.
    const data: Record<string, unknown> = Object.create(null);
    for (const c of columns) {
      let v = Object.prototype.hasOwnProperty.call(input, c.key) ? input[c.key] : undefined;
      if (v === undefined && isNew && c.defaultValue !== null) v = c.defaultValue;
      if (v !== undefined) data[c.key] = v;
    }
    const hidden = hiddenOf(data);
    columns.forEach((c, i) => {
      const v = data[c.key];
      if (isEmptyValue(v)) {
        // An empty string or list is stored as null: one representation of "no value".
        if (v !== undefined) data[c.key] = null;
        if (c.required && !hidden.has(c.key)) errors.push(`${c.label} is required`);
        return;
      }
      errors.push(...checks[i](v));
    });
    return { data, errors };
  };
}
