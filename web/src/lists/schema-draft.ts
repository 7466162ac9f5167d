import type { components } from '../api/schema.js';
import { fromDraft, optionsOf, toDraft, type Column, type ColumnType } from './cells.js';

// The schema editor's model: a column as the person edits it (every field text, as the inputs
// hold it) and the column definition of the spec's DSL it becomes. Which rule a type takes is
// said once here (RULES), for the editor to show and for the definition to keep.

export const COLUMN_TYPES: readonly ColumnType[] = ['text', 'textarea', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'tel', 'select', 'multiselect', 'priority'];

export const TYPE_LABELS: Record<ColumnType, string> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  boolean: 'Yes / no',
  date: 'Date',
  datetime: 'Date and time',
  email: 'E-mail address',
  url: 'Web address (URL)',
  tel: 'Telephone',
  select: 'One of a set of options',
  multiselect: 'Several of a set of options',
  priority: 'Priority',
};

export type Operator = components['schemas']['Condition']['operator'];

export const OPERATORS: readonly { value: Operator; label: string; needsValue: boolean }[] = [
  { value: 'equals', label: 'equals', needsValue: true },
  { value: 'notEquals', label: 'does not equal', needsValue: true },
  { value: 'contains', label: 'contains', needsValue: true },
  { value: 'notContains', label: 'does not contain', needsValue: true },
  { value: 'greaterThan', label: 'is greater than', needsValue: true },
  { value: 'lessThan', label: 'is less than', needsValue: true },
  { value: 'greaterThanOrEqual', label: 'is at least', needsValue: true },
  { value: 'lessThanOrEqual', label: 'is at most', needsValue: true },
  { value: 'isEmpty', label: 'is empty', needsValue: false },
  { value: 'isNotEmpty', label: 'is not empty', needsValue: false },
];
export const needsValue = (op: Operator) => OPERATORS.find((o) => o.value === op)?.needsValue ?? true;

type Rule = 'min' | 'max' | 'minLength' | 'maxLength' | 'pattern' | 'step' | 'options' | 'unique';

/** The rules each type takes (spec: "Column definition" and its validation table). */
export const RULES: Record<ColumnType, readonly Rule[]> = {
  text: ['minLength', 'maxLength', 'pattern', 'unique'],
  textarea: ['minLength', 'maxLength', 'pattern', 'unique'],
  number: ['min', 'max', 'step', 'unique'],
  boolean: [],
  date: ['min', 'max', 'unique'],
  datetime: ['min', 'max', 'unique'],
  email: ['pattern', 'unique'],
  url: ['unique'],
  tel: ['pattern', 'unique'],
  select: ['options', 'unique'],
  multiselect: ['options'],
  priority: ['options'],
};
export const takes = (type: ColumnType, rule: Rule) => RULES[type].includes(rule);

export interface ColumnDraft {
  /** A stable id for the editor's rows (React keys, input ids). */
  uid: string;
  /** The existing column's id (a non-destructive schema edit keeps its data). */
  propertyId?: string;
  key: string;
  /** The key was typed, not derived from the label. */
  keyTouched: boolean;
  label: string;
  type: ColumnType;
  required: boolean;
  unique: boolean;
  visible: boolean;
  /** One option a line. */
  options: string;
  placeholder: string;
  helpText: string;
  defaultValue: string;
  min: string;
  max: string;
  minLength: string;
  maxLength: string;
  pattern: string;
  step: string;
  /** Conditional visibility: the watched column's key ('' for none), operator and value. */
  whenField: string;
  whenOperator: Operator;
  whenValue: string;
}

let counter = 0;
export function newColumnDraft(type: ColumnType = 'text'): ColumnDraft {
  return {
    uid: `c${++counter}`,
    key: '',
    keyTouched: false,
    label: '',
    type,
    required: false,
    unique: false,
    visible: true,
    options: '',
    placeholder: '',
    helpText: '',
    defaultValue: '',
    min: '',
    max: '',
    minLength: '',
    maxLength: '',
    pattern: '',
    step: '',
    whenField: '',
    whenOperator: 'equals',
    whenValue: '',
  };
}

/** A column key from its label: lower case letters, digits and underscores ("Due date" → "due_date"). */
export function keyFromLabel(label: string): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(key) ? key : key ? `c_${key}` : '';
}

/** The draft after a label change: the key follows the label until it is typed itself. */
export function withLabel(draft: ColumnDraft, label: string): ColumnDraft {
  return { ...draft, label, key: draft.keyTouched ? draft.key : keyFromLabel(label) };
}

const lines = (text: string) => [...new Set(text.split('\n').map((l) => l.trim()).filter(Boolean))];
const integer = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** A bound as the type compares it: a number for numbers, the date text for dates. */
function bound(type: ColumnType, text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (type === 'number') return Number.isFinite(Number(t)) ? Number(t) : t;
  if (type === 'datetime') return fromDraft({ type }, t) as string;
  return t;
}

/** The value a condition compares with, typed as the watched column stores it. */
function conditionValue(watched: ColumnDraft | undefined, text: string): unknown {
  if (!watched) return text;
  if (watched.type === 'multiselect') return text.trim();
  return fromDraft({ type: watched.type }, text) ?? '';
}

/** A draft as a column definition of the DSL (what POST /api/lists and PUT …/schema take). */
export function toDefinition(draft: ColumnDraft, all: readonly ColumnDraft[], displayOrder: number): Record<string, unknown> {
  const { type } = draft;
  const validation: Record<string, unknown> = {};
  if (takes(type, 'min')) validation.min = bound(type, draft.min);
  if (takes(type, 'max')) validation.max = bound(type, draft.max);
  if (takes(type, 'minLength')) validation.minLength = integer(draft.minLength);
  if (takes(type, 'maxLength')) validation.maxLength = integer(draft.maxLength);
  if (takes(type, 'pattern') && draft.pattern.trim()) validation.pattern = draft.pattern.trim();
  if (takes(type, 'step')) validation.step = integer(draft.step);
  for (const k of Object.keys(validation)) if (validation[k] === undefined) delete validation[k];

  const options = takes(type, 'options') ? lines(draft.options) : [];
  const definition: Record<string, unknown> = {
    ...(draft.propertyId ? { propertyId: draft.propertyId } : {}),
    key: draft.key.trim(),
    label: draft.label.trim(),
    type,
    required: draft.required,
    visible: draft.visible,
    displayOrder,
  };
  if (takes(type, 'unique') && draft.unique) definition.unique = true;
  if (options.length) definition.options = options;
  if (draft.placeholder.trim()) definition.placeholder = draft.placeholder.trim();
  if (draft.helpText.trim()) definition.helpText = draft.helpText.trim();
  const defaultValue = draft.defaultValue === '' ? null : type === 'multiselect' ? lines(draft.defaultValue.replaceAll(',', '\n')) : fromDraft({ type }, draft.defaultValue);
  if (defaultValue !== null) definition.defaultValue = defaultValue;
  if (Object.keys(validation).length) definition.validation = validation;
  if (draft.whenField) {
    const watched = all.find((c) => c.key === draft.whenField);
    const condition: Record<string, unknown> = { field: draft.whenField, operator: draft.whenOperator };
    if (needsValue(draft.whenOperator)) condition.value = conditionValue(watched, draft.whenValue);
    definition.visibility = { condition };
  }
  return definition;
}

/** The schema object of POST /api/lists. */
export function toSchema(name: string, description: string, drafts: readonly ColumnDraft[]) {
  return {
    name: name.trim(),
    ...(description.trim() ? { description: description.trim() } : {}),
    fields: drafts.map((d, i) => toDefinition(d, drafts, i)),
  };
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** An existing column as a draft (the list page's "Edit columns"). */
export function fromColumn(column: Column): ColumnDraft {
  const v = column.validation ?? {};
  const condition = column.visibility?.condition;
  const options = optionsOf(column);
  const initial = toDraft(column, column.defaultValue);
  return {
    ...newColumnDraft(column.type),
    propertyId: column.propertyId,
    key: column.key,
    keyTouched: true,
    label: column.label,
    required: column.required,
    unique: column.unique,
    visible: column.visible,
    options: (options ?? []).join('\n'),
    placeholder: column.placeholder ?? '',
    helpText: column.helpText ?? '',
    defaultValue: Array.isArray(initial) ? initial.join(', ') : initial,
    min: column.type === 'datetime' && typeof v.min === 'string' ? text(toDraft(column, v.min)) : text(v.min),
    max: column.type === 'datetime' && typeof v.max === 'string' ? text(toDraft(column, v.max)) : text(v.max),
    minLength: text(v.minLength),
    maxLength: text(v.maxLength),
    pattern: v.pattern ?? '',
    step: text(v.step),
    whenField: condition?.field ?? '',
    whenOperator: condition?.operator ?? 'equals',
    whenValue: Array.isArray(condition?.value) ? condition.value.join(', ') : text(condition?.value),
  };
}
