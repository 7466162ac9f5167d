import type { ErrorObject } from 'ajv';

// Ajv's schema violations as sentences a client can act on: "password must be at least 8
// characters", "username may contain letters, digits and _ (3 to 30)". Every problem of the
// request is reported (the validators collect them all, validation.ts), one sentence each, in
// the order of the fields; a regular expression is never shown: a schema with a `pattern` says
// in words what it accepts (`PatternString`, `x-rule`).

/** At most this many sentences are reported for one request (a body of many bad items stays small). */
export const MAX_REPORTED = 20;

/** The keywords a string schema's `x-rule` speaks for (its lengths keep their own sentences). */
const RULED = new Set(['pattern', 'format']);

const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an e-mail address (name@example.org)',
  uri: 'must be an absolute URL',
  url: 'must be an absolute URL',
  'date-time': 'must be an ISO 8601 date and time (2026-01-31T09:30:00Z)',
  date: 'must be a date (YYYY-MM-DD)',
  time: 'must be a time of day (09:30:00)',
  uuid: 'must be a UUID',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** A value as an error names it: JSON, cut short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

const plural = (n: unknown, one: string, many: string) => (n === 1 ? `1 ${one}` : `${String(n)} ${many}`);

/** A field as a sentence names it: `items.0.name`, or the part of the request for the whole of it. */
const dotted = (instancePath: string) =>
  instancePath
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
const fieldName = (instancePath: string, where: string) => dotted(instancePath) || where;

/** The sentence of one violation, or null for one that only sums up others (anyOf...). */
function sentence(e: ErrorObject, where: string): string | null {
  const path = dotted(e.instancePath);
  const field = path || where;
  const params = e.params as Record<string, unknown>;
  const rule = (e.parentSchema as Record<string, unknown> | undefined)?.['x-rule'];
  if (typeof rule === 'string' && RULED.has(e.keyword)) return `${field} ${rule}`;
  switch (e.keyword) {
    case 'required':
      return `${path ? `${path}.` : ''}${String(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${field} has unknown field "${String(params.additionalProperty)}"`;
    case 'minLength':
      return params.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${plural(params.limit, 'character', 'characters')}`;
    case 'minimum':
      return `${field} must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${field} must be at most ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `${field} must be less than ${String(params.limit)}`;
    case 'multipleOf':
      return `${field} must be a multiple of ${String(params.multipleOf)}`;
    case 'minItems':
      return `${field} must have at least ${plural(params.limit, 'item', 'items')}`;
    case 'maxItems':
      return `${field} must have at most ${plural(params.limit, 'item', 'items')}`;
    case 'uniqueItems':
      return `${field} must not hold the same item twice`;
    case 'minProperties':
      return `${field} must not be empty`;
    case 'maxProperties':
      return `${field} must have at most ${plural(params.limit, 'field', 'fields')}`;
    case 'enum':
      return `${field} must be one of: ${(params.allowedValues as unknown[]).join(', ')} (${shown(e.data)} is not)`;
    case 'const':
      return `${field} must be ${shown(params.allowedValue)}`;
    case 'type':
      return `${field} must be ${String(params.type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    case 'format':
      return `${field} ${FORMAT_WORDS[String(params.format)] ?? `must be a valid ${String(params.format)}`}`;
    case 'pattern':
      return `${field} is not in the accepted form`;
    case 'anyOf':
    case 'oneOf':
      return null;
    default:
      return `${field} is invalid`;
  }
}

/**
 * The sentences for a failed validation, in the order Ajv found them. Where one value failed
 * every branch of a union, its type mismatches become one sentence ("must be a number or a
 * string"); where it had the type of a branch and broke that branch's rules (a nullable string
 * that is too long), only those rules are reported.
 */
export function validationMessages(errors: readonly ErrorObject[], where: string): string[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) byPath.set(e.instancePath, [...(byPath.get(e.instancePath) ?? []), e]);
  const out: string[] = [];
  for (const [at, group] of byPath) {
    const types = group.filter((e) => e.keyword === 'type' || e.keyword === 'const');
    const rules = group.filter((e) => e.keyword !== 'type' && e.keyword !== 'const' && e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
    // The value got into a branch and failed inside it: what it broke there is reported, not
    // that it was not one of the other branches.
    const inside = rules.length > 0 || errors.some((e) => e.instancePath.startsWith(`${at}/`));
    let sentences: (string | null)[];
    if (inside) sentences = rules.map((e) => sentence(e, where));
    else if (types.length > 1) sentences = [mergedAlternatives(types, where)];
    else if (types.length === 1) sentences = [sentence(types[0], where)];
    else sentences = [`${fieldName(at, where)} is not in any accepted form`];
    for (const s of sentences) if (s !== null && !out.includes(s)) out.push(s);
  }
  return out.slice(0, MAX_REPORTED);
}

/** One sentence for a value that matched no branch of a union: the types and constants it could have been. */
function mergedAlternatives(alternatives: ErrorObject[], where: string): string {
  const words: string[] = [];
  for (const e of alternatives) {
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'const') words.push(shown(params.allowedValue));
    else for (const t of String(params.type).split(',')) words.push(TYPE_WORDS[t] ?? t);
  }
  return `${fieldName(alternatives[0].instancePath, where)} must be ${[...new Set(words)].join(' or ')}`;
}
