import { badRequest } from '../../http/errors.js';
import type { Material } from './sources.js';
import type { ListConfig } from './schemas.js';

// The new list of a materialize request: listConfig's fields as a lists DSL schema (the lists
// parser then applies every rule of a schema: types, options, duplicate keys), and a row per
// source record whose cells are the record's attributes named by each field's sourceKey, put into
// the column's form where that is plain (a list of tags as text, a count as a number, a datetime
// as a date). Whether a value then fits is the new list's own row validation's call.

type Field = ListConfig['fields'][number];

/** listConfig as a lists DSL schema object. */
export function listSchema(config: ListConfig) {
  return {
    name: config.title,
    ...(config.description ? { description: config.description } : {}),
    fields: config.fields.map((f) => ({
      key: f.propertyKey,
      label: f.propertyName,
      type: f.propertyType,
      required: f.isRequired ?? false,
      ...(f.options !== undefined ? { options: f.options } : {}),
    })),
  };
}

/** 400 when a field names a source attribute the source does not have. */
export function checkSourceKeys(config: ListConfig, material: Material): void {
  const known = new Set(material.keys);
  const unknown = config.fields.filter((f) => f.sourceKey !== null && !known.has(f.sourceKey));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown sourceKey ${unknown.map((f) => `"${f.sourceKey}" (field ${f.propertyKey})`).join(', ')}; this source has: ${material.keys.join(', ') || 'no attributes'}`,
      'bad_field_config',
    );
  }
}

const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'url', 'tel', 'select', 'priority']);

/** A source value in the form of a column type, where the change is plain; else as it is. */
export function coerce(value: unknown, type: Field['propertyType']): unknown {
  if (value === null || value === undefined) return null;
  if (TEXT_TYPES.has(type)) {
    if (Array.isArray(value)) return value.map(String).join(', ');
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return value;
  }
  switch (type) {
    case 'number':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
    case 'multiselect':
      return typeof value === 'string' ? [value] : value;
    default:
      return value;
  }
}

/** One row per record: each field with a sourceKey takes that attribute; the others stay empty. */
export function rowsOf(config: ListConfig, material: Material): Record<string, unknown>[] {
  const mapped = config.fields.filter((f): f is Field & { sourceKey: string } => f.sourceKey !== null);
  return material.records.map((record) => {
    const row: Record<string, unknown> = {};
    for (const f of mapped) {
      const v = coerce(record[f.sourceKey], f.propertyType);
      if (v !== null) row[f.propertyKey] = v;
    }
    return row;
  });
}
