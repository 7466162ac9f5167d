import { RE2JS } from 're2js';
import { badRequest } from '../../http/errors.js';

// The list schema DSL (spec: "List schema object (DSL)" and "Column definition"): one parser that
// turns whatever a client sent into a normalised schema, or throws the spec's 400 `bad_request`
// with a message starting `Invalid schema:`. Row validation (validate.ts) and conditional
// visibility (visibility.ts) work on the normalised form.

export const COLUMN_TYPES = [
  'text',
  'textarea',
  'number',
  'boolean',
  'date',
  'datetime',
  'email',
  'url',
  'tel',
  'select',
  'multiselect',
  'priority',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
  'isEmpty',
  'isNotEmpty',
] as const;
export type Operator = (typeof OPERATORS)[number];

export const PRIORITY_OPTIONS = ['low', 'medium', 'high', 'urgent'] as const;
/** Types whose columns may carry `unique: true`. */
export const UNIQUE_TYPES: readonly ColumnType[] = ['text', 'textarea', 'email', 'url', 'tel', 'number', 'date', 'datetime', 'select'];
/** Types searched by `q`. */
export const TEXT_LIKE_TYPES: readonly ColumnType[] = ['text', 'textarea', 'email', 'url', 'tel', 'select', 'priority', 'multiselect'];
const OPTION_TYPES: readonly ColumnType[] = ['select', 'multiselect', 'priority'];

export const LIMITS = {
  fields: 200,
  key: 100,
  label: 200,
  name: 200,
  description: 2000,
  text: 500,
  options: 500,
  option: 200,
  pattern: 500,
} as const;

export interface Validation {
  min?: number | string;
  max?: number | string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  step?: number;
}

export interface Condition {
  field: string;
  operator: Operator;
  value?: unknown;
}

export interface Column {
  key: string;
  type: ColumnType;
  label: string;
  required: boolean;
  unique: boolean;
  defaultValue: unknown;
  options: string[] | null;
  placeholder: string | null;
  helpText: string | null;
  validation: Validation | null;
  visible: boolean;
  visibility: { condition: Condition } | null;
  displayOrder: number;
}

export interface ListSchema {
  name: string;
  description: string | null;
  fields: Column[];
}

const invalid = (why: string) => badRequest(`Invalid schema: ${why}`);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalString(v: unknown, what: string, max: number): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw invalid(`${what} must be a string`);
  if (v.length > max) throw invalid(`${what} must be at most ${max} characters`);
  return v;
}

const COMPILED = new Map<string, RE2JS>();

/**
 * A user-supplied pattern compiled by a linear-time engine (RE2): no pattern can make matching
 * take more than time proportional to the input. Patterns RE2 cannot run (lookaround,
 * backreferences) are refused when the schema is saved. Compiled patterns are cached.
 */
export function compilePattern(pattern: string): RE2JS {
  let re = COMPILED.get(pattern);
  // Stryker disable next-line ConditionalExpression: compiling again (never trusting the cache) gives the same matcher
  if (!re) {
    re = RE2JS.compile(pattern);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the bound keeps the cache's memory small; matching is the same
    if (COMPILED.size > 1000) COMPILED.clear();
    COMPILED.set(pattern, re);
  }
  return re;
}

/**
 * Why RE2 refused a pattern, in words: a lookaround or a backreference (regular expressions
 * elsewhere have them; RE2 cannot run them in linear time), or a pattern that is simply not a
 * valid regular expression, with RE2's reason ("missing closing )").
 */
function patternProblem(err: unknown): string {
  // Stryker disable next-line Regex: RE2's messages carry this prefix at their start only
  const reason = String((err as Error).message ?? err).replace(/^error parsing regexp: /, '');
  if (/(unsupported Perl syntax|invalid named capture): `\(\?<?[=!]/.test(reason)) return 'uses lookaround ((?=, (?!, (?<=, (?<!), which is not supported';
  if (/invalid escape sequence: `\\[1-9]/.test(reason)) return 'uses a backreference (\\1...), which is not supported';
  return `is not a valid regular expression: ${reason}`;
}

function parseValidation(v: unknown, where: string): Validation | null {
  if (v === undefined || v === null) return null;
  if (!isObject(v)) throw invalid(`${where} validation must be an object`);
  const out: Validation = {};
  for (const [k, val] of Object.entries(v)) {
    if (val === undefined || val === null) continue;
    switch (k) {
      case 'min':
      case 'max':
        if (typeof val === 'number' ? !Number.isFinite(val) : typeof val !== 'string' || val.length > 100) {
          throw invalid(`${where} validation.${k} must be a number or a date string`);
        }
        out[k] = val as number | string;
        break;
      // Number.isInteger and Number.isFinite are false for anything but a number.
      case 'minLength':
      case 'maxLength':
        if (!Number.isInteger(val) || (val as number) < 0) {
          throw invalid(`${where} validation.${k} must be a non-negative integer`);
        }
        out[k] = val as number;
        break;
      case 'step':
        if (!Number.isFinite(val)) throw invalid(`${where} validation.step must be a number`);
        out.step = val as number;
        break;
      case 'pattern':
        if (typeof val !== 'string' || val.length > LIMITS.pattern) {
          throw invalid(`${where} validation.pattern must be a string of at most ${LIMITS.pattern} characters`);
        }
        try {
          compilePattern(val);
        } catch (err) {
          throw invalid(`${where} validation.pattern ${patternProblem(err)}`);
        }
        out.pattern = val;
        break;
      default:
        throw invalid(`${where} validation has unknown rule "${k}"`);
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

function parseVisibility(v: unknown, where: string): { condition: Condition } | null {
  if (v === undefined || v === null) return null;
  if (!isObject(v) || !isObject(v.condition)) throw invalid(`${where} visibility must be { condition: { field, operator, value } }`);
  const { field, operator, value } = v.condition;
  if (typeof field !== 'string' || field === '') throw invalid(`${where} visibility condition must name a field`);
  if (!(OPERATORS as readonly unknown[]).includes(operator)) {
    throw invalid(`${where} visibility condition has invalid operator "${String(operator)}". Valid operators: ${OPERATORS.join(', ')}`);
  }
  return { condition: { field, operator: operator as Operator, ...(value !== undefined ? { value } : {}) } };
}

/** One column definition, normalised. `index` is its position in the array. */
export function parseColumn(raw: unknown, index: number): Column {
  if (!isObject(raw)) throw invalid(`Field at index ${index} must be an object`);
  const { key, type, label } = raw;
  if (typeof key !== 'string' || key.trim() === '') throw invalid(`Field at index ${index} is missing a key`);
  if (key.length > LIMITS.key) throw invalid(`Field "${key.slice(0, 20)}..." key must be at most ${LIMITS.key} characters`);
  const where = `Field "${key}"`;
  if (type === undefined || type === null || type === '') throw invalid(`${where} is missing a type`);
  if (typeof label !== 'string' || label.trim() === '') throw invalid(`${where} is missing a label`);
  if (label.length > LIMITS.label) throw invalid(`${where} label must be at most ${LIMITS.label} characters`);
  if (!(COLUMN_TYPES as readonly unknown[]).includes(type)) {
    throw invalid(`${where} has invalid type "${String(type)}". Valid types: ${COLUMN_TYPES.join(', ')}`);
  }
  const columnType = type as ColumnType;

  let options: string[] | null = null;
  if (raw.options !== undefined && raw.options !== null) {
    if (!Array.isArray(raw.options) || raw.options.some((o) => typeof o !== 'string' || o === '' || o.length > LIMITS.option)) {
      throw invalid(`${where} options must be an array of non-empty strings of at most ${LIMITS.option} characters`);
    }
    if (raw.options.length > LIMITS.options) throw invalid(`${where} has more than ${LIMITS.options} options`);
    options = [...new Set(raw.options as string[])];
  }
  if (OPTION_TYPES.includes(columnType)) {
    if (columnType === 'priority' && (options === null || options.length === 0)) options = [...PRIORITY_OPTIONS];
    if (options === null || options.length === 0) throw invalid(`${where} of type ${columnType} must have options`);
  } else {
    options = null;
  }

  for (const flag of ['required', 'visible', 'unique'] as const) {
    if (raw[flag] !== undefined && raw[flag] !== null && typeof raw[flag] !== 'boolean') throw invalid(`${where} ${flag} must be a boolean`);
  }
  const unique = raw.unique === true;
  if (unique && !UNIQUE_TYPES.includes(columnType)) throw invalid(`${where} of type ${columnType} cannot be unique`);

  let displayOrder = index;
  if (raw.displayOrder !== undefined && raw.displayOrder !== null) {
    if (!Number.isInteger(raw.displayOrder) || Math.abs(raw.displayOrder as number) > 1_000_000) {
      throw invalid(`${where} displayOrder must be an integer`);
    }
    displayOrder = raw.displayOrder as number;
  }
  const defaultValue = raw.defaultValue === undefined ? null : raw.defaultValue;
  if (JSON.stringify(defaultValue).length > 10_000) throw invalid(`${where} defaultValue is too large`);

  return {
    key,
    type: columnType,
    label,
    required: raw.required === true,
    unique,
    defaultValue,
    options,
    placeholder: optionalString(raw.placeholder, `${where} placeholder`, LIMITS.text),
    helpText: optionalString(raw.helpText, `${where} helpText`, LIMITS.text),
    validation: parseValidation(raw.validation, where),
    visible: raw.visible !== false,
    visibility: parseVisibility(raw.visibility, where),
    displayOrder,
  };
}

/** Checks what only the whole set of columns can show: duplicate keys and conditions' fields. */
export function checkColumns(fields: Column[]): void {
  if (fields.length === 0) throw invalid('DSL must have at least one field');
  if (fields.length > LIMITS.fields) throw invalid(`DSL must have at most ${LIMITS.fields} fields`);
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const f of fields) (seen.has(f.key) ? dups : seen).add(f.key);
  if (dups.size > 0) throw invalid(`Duplicate field keys found: ${[...dups].join(', ')}`);
  for (const f of fields) {
    const watched = f.visibility?.condition.field;
    if (watched === undefined) continue;
    if (watched === f.key) throw invalid(`Field "${f.key}" visibility condition cannot watch itself`);
    if (!seen.has(watched)) throw invalid(`Field "${f.key}" visibility condition refers to unknown field "${watched}"`);
  }
}

/** Parses a list schema object (`{ name, description?, fields }`) or throws 400 `Invalid schema: ...`. */
export function parseSchema(raw: unknown): ListSchema {
  if (!isObject(raw)) throw invalid('schema must be an object with name and fields');
  if (typeof raw.name !== 'string' || raw.name.trim() === '') throw invalid('DSL must have a name');
  if (raw.name.length > LIMITS.name) throw invalid(`name must be at most ${LIMITS.name} characters`);
  const description = optionalString(raw.description, 'description', LIMITS.description);
  if (raw.fields === undefined || raw.fields === null) throw invalid('DSL must have at least one field');
  if (!Array.isArray(raw.fields)) throw invalid('fields must be an array');
  if (raw.fields.length > LIMITS.fields) throw invalid(`DSL must have at most ${LIMITS.fields} fields`);
  const fields = raw.fields.map((f, i) => parseColumn(f, i));
  checkColumns(fields);
  return { name: raw.name, description, fields };
}

/** Columns in displayOrder (Array.prototype.sort is stable: ties keep array order). */
export function inDisplayOrder<T extends { displayOrder: number }>(columns: readonly T[]): T[] {
  return [...columns].sort((a, b) => a.displayOrder - b.displayOrder);
}
