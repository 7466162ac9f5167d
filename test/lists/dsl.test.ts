import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.js';
import { checkColumns, COLUMN_TYPES, OPERATORS, parseColumn, parseSchema, type Column } from '../../src/features/lists/dsl.js';
import { validateRow } from '../../src/features/lists/validate.js';
import { conditionHolds, hiddenColumns } from '../../src/features/lists/visibility.js';

function schemaError(raw: unknown): AppError {
  try {
    parseSchema(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected parseSchema to throw');
}

const field = (over: Record<string, unknown> = {}) => ({ key: 'title', type: 'text', label: 'Title', ...over });

describe('parseSchema: refusals', () => {
  const cases: [string, unknown, string | RegExp][] = [
    ['not an object', 'x', /^Invalid schema: /],
    ['missing name', { fields: [field()] }, 'Invalid schema: DSL must have a name'],
    ['blank name', { name: '  ', fields: [field()] }, 'Invalid schema: DSL must have a name'],
    ['empty fields', { name: 'n', fields: [] }, 'Invalid schema: DSL must have at least one field'],
    ['missing fields', { name: 'n' }, 'Invalid schema: DSL must have at least one field'],
    ['fields not an array', { name: 'n', fields: {} }, /^Invalid schema: /],
    ['field lacking key', { name: 'n', fields: [{ type: 'text', label: 'A' }] }, 'Invalid schema: Field at index 0 is missing a key'],
    ['field lacking type', { name: 'n', fields: [{ key: 'a', label: 'A' }] }, 'Invalid schema: Field "a" is missing a type'],
    ['field lacking label', { name: 'n', fields: [{ key: 'a', type: 'text' }] }, 'Invalid schema: Field "a" is missing a label'],
    [
      'unknown type',
      { name: 'n', fields: [field({ key: 'due', type: 'money' })] },
      `Invalid schema: Field "due" has invalid type "money". Valid types: ${COLUMN_TYPES.join(', ')}`,
    ],
    ['select without options', { name: 'n', fields: [field({ type: 'select' })] }, 'Invalid schema: Field "title" of type select must have options'],
    ['select with empty options', { name: 'n', fields: [field({ type: 'select', options: [] })] }, 'Invalid schema: Field "title" of type select must have options'],
    ['multiselect without options', { name: 'n', fields: [field({ type: 'multiselect' })] }, 'Invalid schema: Field "title" of type multiselect must have options'],
    [
      'duplicate keys',
      { name: 'n', fields: [field(), field({ label: 'Other' }), field({ key: 'b' }), field({ key: 'b' })] },
      'Invalid schema: Duplicate field keys found: title, b',
    ],
    ['non-string options', { name: 'n', fields: [field({ type: 'select', options: [1] })] }, /^Invalid schema: /],
    [
      'lookahead pattern',
      { name: 'n', fields: [field({ validation: { pattern: '(?=a)b' } })] },
      'Invalid schema: Field "title" validation.pattern uses lookaround ((?=, (?!, (?<=, (?<!), which is not supported',
    ],
    [
      'lookbehind pattern',
      { name: 'n', fields: [field({ validation: { pattern: '(?<!a)b' } })] },
      'Invalid schema: Field "title" validation.pattern uses lookaround ((?=, (?!, (?<=, (?<!), which is not supported',
    ],
    [
      'backreference pattern',
      { name: 'n', fields: [field({ validation: { pattern: '(a)\\1' } })] },
      'Invalid schema: Field "title" validation.pattern uses a backreference (\\1...), which is not supported',
    ],
    ['invalid pattern', { name: 'n', fields: [field({ validation: { pattern: '(abc' } })] }, 'Invalid schema: Field "title" validation.pattern is not a valid regular expression: missing closing ): `(abc`'],
    ['invalid range', { name: 'n', fields: [field({ validation: { pattern: '[z-a]' } })] }, 'Invalid schema: Field "title" validation.pattern is not a valid regular expression: invalid character class range: `z-a`'],
    ['unknown operator', { name: 'n', fields: [field(), field({ key: 'b', visibility: { condition: { field: 'title', operator: 'like' } } })] }, /invalid operator "like"/],
    ['condition on unknown field', { name: 'n', fields: [field({ visibility: { condition: { field: 'zz', operator: 'isEmpty' } } })] }, /unknown field "zz"/],
    ['unique boolean', { name: 'n', fields: [field({ type: 'boolean', unique: true })] }, /cannot be unique/],
    ['required not a boolean', { name: 'n', fields: [field({ required: 'yes' })] }, /required must be a boolean/],
  ];
  it.each(cases)('%s', (_name, raw, message) => {
    const err = schemaError(raw);
    expect(err.statusCode).toBe(400);
    expect(err.code).toBe('bad_request');
    expect(err.message).toMatch(/^Invalid schema: /);
    if (typeof message === 'string') expect(err.message).toBe(message);
    else expect(err.message).toMatch(message);
  });
});

describe('checkColumns', () => {
  // A schema edit's properties array is capped at 200 by its request schema, so this bound of the
  // column set itself is reached only here.
  it('refuses more than 200 columns and accepts 200', () => {
    const cols = Array.from({ length: 201 }, (_, i) => parseColumn(field({ key: `k${i}` }), i));
    expect(() => checkColumns(cols)).toThrow('Invalid schema: DSL must have at most 200 fields');
    expect(() => checkColumns(cols.slice(0, 200))).not.toThrow();
  });
});

describe('parseColumn: what JSON cannot carry', () => {
  // A request body has no undefined, Infinity or NaN; the parser still refuses or skips them.
  it('skips an undefined rule, refuses an infinite bound, and keeps no undefined condition value', () => {
    expect(parseColumn(field({ validation: { min: undefined, max: 3 } }), 0).validation).toEqual({ max: 3 });
    expect(() => parseColumn(field({ type: 'number', validation: { min: Infinity } }), 0)).toThrow('Invalid schema: Field "title" validation.min must be a number or a date string');
    expect(() => parseColumn(field({ type: 'number', validation: { step: NaN } }), 0)).toThrow('Invalid schema: Field "title" validation.step must be a number');
    const watching = parseColumn(field({ visibility: { condition: { field: 'a', operator: 'isEmpty', value: undefined } } }), 0);
    expect(Object.keys(watching.visibility!.condition)).toEqual(['field', 'operator']);
  });
});

describe('parseSchema: normalised columns', () => {
  it('accepts all twelve types and keeps the optional properties', () => {
    const fields = COLUMN_TYPES.map((type) => ({
      key: `k_${type}`,
      type,
      label: `L ${type}`,
      ...(type === 'select' || type === 'multiselect' ? { options: ['a', 'b'] } : {}),
    }));
    const schema = parseSchema({ name: 'All', description: 'd', fields });
    expect(schema.fields.map((f) => f.type)).toEqual([...COLUMN_TYPES]);
    expect(schema.fields.map((f) => f.displayOrder)).toEqual(COLUMN_TYPES.map((_, i) => i));
    expect(schema.fields.every((f) => f.visible && !f.required)).toBe(true);
  });

  it('defaults priority options to low, medium, high, urgent', () => {
    expect(parseSchema({ name: 'n', fields: [field({ type: 'priority' })] }).fields[0].options).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(parseSchema({ name: 'n', fields: [field({ type: 'priority', options: ['p1', 'p2'] })] }).fields[0].options).toEqual(['p1', 'p2']);
  });

  it('keeps defaultValue, placeholder, helpText, visible, displayOrder, validation and visibility', () => {
    const [, c] = parseSchema({
      name: 'n',
      fields: [
        field(),
        field({
          key: 'n',
          type: 'number',
          label: 'N',
          required: true,
          defaultValue: 3,
          placeholder: 'p',
          helpText: 'h',
          visible: false,
          displayOrder: 7,
          validation: { min: 1, max: 9, step: 2 },
          visibility: { condition: { field: 'title', operator: 'isNotEmpty' } },
        }),
      ],
    }).fields;
    expect(c).toEqual({
      key: 'n',
      type: 'number',
      label: 'N',
      required: true,
      unique: false,
      defaultValue: 3,
      options: null,
      placeholder: 'p',
      helpText: 'h',
      visible: false,
      displayOrder: 7,
      validation: { min: 1, max: 9, step: 2 },
      visibility: { condition: { field: 'title', operator: 'isNotEmpty' } },
    });
  });
});

function columns(...defs: Record<string, unknown>[]): Column[] {
  return parseSchema({ name: 'n', fields: defs }).fields;
}

describe('validateRow: every rule and message form', () => {
  const cases: [string, Record<string, unknown>, unknown, string[]][] = [
    ['required empty', { type: 'text', required: true }, undefined, ['Name is required']],
    ['required empty string', { type: 'text', required: true }, '', ['Name is required']],
    ['required empty multiselect', { type: 'multiselect', options: ['a'], required: true }, [], ['Name is required']],
    ['required boolean false is a value', { type: 'boolean', required: true }, false, []],
    ['required boolean null', { type: 'boolean', required: true }, null, ['Name is required']],
    ['optional boolean null', { type: 'boolean' }, null, []],
    ['boolean as string', { type: 'boolean' }, 'true', ['Name must be true or false']],
    ['number min', { type: 'number', validation: { min: 5 } }, 4, ['Name must be at least 5']],
    ['number min edge', { type: 'number', validation: { min: 5 } }, 5, []],
    ['number max', { type: 'number', validation: { max: 5 } }, 6.5, ['Name must be at most 5']],
    ['number not a number', { type: 'number' }, '5', ['Name must be a number']],
    // JSON has no Infinity or NaN, and a CSV import refuses them before this check: only here.
    ['number infinite', { type: 'number' }, Infinity, ['Name must be a number']],
    ['number NaN', { type: 'number' }, NaN, ['Name must be a number']],
    ['step not enforced', { type: 'number', validation: { step: 2 } }, 3, []],
    ['date min', { type: 'date', validation: { min: '2024-01-01' } }, '2023-12-31', ['Name must be after 2024-01-01']],
    ['date max', { type: 'date', validation: { max: '2024-01-01' } }, '2024-01-02', ['Name must be before 2024-01-01']],
    ['date in range', { type: 'date', validation: { min: '2024-01-01', max: '2024-12-31' } }, '2024-06-01', []],
    ['date invalid', { type: 'date' }, '2024-02-30', ['Name must be a date (YYYY-MM-DD)']],
    ['datetime min', { type: 'datetime', validation: { min: '2024-01-01T00:00:00Z' } }, '2023-12-31T23:00:00Z', ['Name must be after 2024-01-01T00:00:00Z']],
    ['datetime max', { type: 'datetime', validation: { max: '2024-01-01T00:00:00Z' } }, '2024-01-01T00:00:01Z', ['Name must be before 2024-01-01T00:00:00Z']],
    ['datetime invalid', { type: 'datetime' }, 'yesterday', ['Name must be an ISO 8601 date and time']],
    ['minLength', { type: 'text', validation: { minLength: 3 } }, 'ab', ['Name must be at least 3 characters']],
    ['maxLength', { type: 'textarea', validation: { maxLength: 3 } }, 'abcd', ['Name must be at most 3 characters']],
    ['maxLength counts characters, not UTF-16 units', { type: 'text', validation: { maxLength: 2 } }, '😀😀', []],
    ['pattern text', { type: 'text', validation: { pattern: '^[A-Z]+$' } }, 'abc', ['Name format is invalid']],
    ['pattern textarea ok', { type: 'textarea', validation: { pattern: '^[a-z]+$' } }, 'abc', []],
    ['pattern email', { type: 'email', validation: { pattern: '@example\\.org$' } }, 'a@example.com', ['Name format is invalid']],
    ['email format', { type: 'email' }, 'not-an-email', ['Name must be a valid email address']],
    ['email ok', { type: 'email' }, 'a@b.co', []],
    ['url format', { type: 'url' }, 'example.com', ['Name must be a valid URL']],
    ['url javascript refused', { type: 'url' }, 'javascript:alert(1)', ['Name must be a valid URL']],
    ['url ok', { type: 'url' }, 'https://example.com/x?y=1', []],
    ['tel free text', { type: 'tel' }, '+1 (555) 010', []],
    ['select outside options', { type: 'select', options: ['a', 'b'] }, 'c', ['Name must be one of: a, b ("c" is not)']],
    ['select ok', { type: 'select', options: ['a', 'b'] }, 'b', []],
    ['multiselect outside options', { type: 'multiselect', options: ['a', 'b'] }, ['a', 'c', 'd'], ['Name must be one of: a, b ("c", "d" are not)']],
    ['multiselect not an array', { type: 'multiselect', options: ['a', 'b'] }, 'a', ['Name must be one of: a, b ("a" is not)']],
    ['multiselect ok', { type: 'multiselect', options: ['a', 'b'] }, ['b', 'a'], []],
    ['priority default options', { type: 'priority' }, 'urgent', []],
    ['priority outside', { type: 'priority' }, 'critical', ['Name must be one of: low, medium, high, urgent ("critical" is not)']],
    ['text not a string', { type: 'text' }, 5, ['Name must be a string']],
    ['several messages at once', { type: 'text', validation: { maxLength: 2, pattern: '^\\d+$' } }, 'abc', ['Name must be at most 2 characters', 'Name format is invalid']],
  ];
  it.each(cases)('%s', (_name, def, value, expected) => {
    const cols = columns({ key: 'name', label: 'Name', ...def });
    const { errors } = validateRow(cols, value === undefined ? {} : { name: value }, true);
    expect(errors).toEqual(expected);
  });

  it('refuses keys that are not columns and applies defaults on add only', () => {
    const cols = columns({ key: 'a', type: 'text', label: 'A', defaultValue: 'x' });
    expect(validateRow(cols, { zz: 1 }, true)).toEqual({ data: { a: 'x' }, errors: ['zz is not a column of this list'] });
    expect(validateRow(cols, {}, false).data).toEqual({});
  });

  it('runs a pattern from a stranger in linear time: (a+)+$ against a long input', () => {
    const cols = columns({ key: 'a', type: 'text', label: 'A', validation: { pattern: '(a+)+$' } });
    // A backtracking engine would not finish this before the universe ends; RE2 takes a few ms.
    const { errors } = validateRow(cols, { a: `${'a'.repeat(50_000)}!` }, true);
    expect(errors).toEqual(['A format is invalid']);
    expect(validateRow(cols, { a: 'a'.repeat(50_000) }, true).errors).toEqual([]);
  });
});

describe('conditional visibility', () => {
  const cases: [string, unknown, unknown, boolean][] = [
    ['equals', 'a', 'a', true],
    ['equals', 'a', 'b', false],
    ['equals', 5, '5', true],
    ['notEquals', 'a', 'b', true],
    ['notEquals', 'a', 'a', false],
    ['contains', 'Hello world', 'WORLD', true],
    ['contains', ['x', 'y'], 'y', true],
    ['contains', ['x', 'y'], 'z', false],
    ['notContains', 'Hello', 'z', true],
    ['notContains', ['x'], 'x', false],
    ['greaterThan', 5, 3, true],
    ['greaterThan', 3, 3, false],
    ['greaterThan', '2024-02-01', '2024-01-01', true],
    ['lessThan', 2, 3, true],
    ['lessThan', '2024-02-01', '2024-01-01', false],
    ['greaterThanOrEqual', 3, 3, true],
    ['greaterThanOrEqual', 2, 3, false],
    ['lessThanOrEqual', 3, 3, true],
    ['lessThanOrEqual', 4, 3, false],
    ['greaterThan', 'abc', 3, false],
    ['isEmpty', '', 'ignored', true],
    ['isEmpty', [], undefined, true],
    ['isEmpty', 'x', undefined, false],
    ['isNotEmpty', 'x', undefined, true],
    ['isNotEmpty', null, undefined, false],
  ];
  it.each(cases)('%s: %j vs %j is %s', (operator, value, expected, result) => {
    expect(conditionHolds({ operator: operator as (typeof OPERATORS)[number], value: expected }, value)).toBe(result);
  });

  it('covers all ten operators', () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(OPERATORS));
  });

  const cols = columns(
    { key: 'kind', type: 'select', label: 'Kind', options: ['book', 'film'] },
    { key: 'author', type: 'text', label: 'Author', required: true, displayOrder: 1, visibility: { condition: { field: 'kind', operator: 'equals', value: 'book' } } },
    { key: 'isbn', type: 'text', label: 'ISBN', required: true, displayOrder: 2, visibility: { condition: { field: 'author', operator: 'isNotEmpty' } } },
  );

  it('a required column hidden by its condition is not enforced', () => {
    expect(validateRow(cols, { kind: 'film' }, true).errors).toEqual([]);
    expect(validateRow(cols, { kind: 'book' }, true).errors).toEqual(['Author is required']);
    expect(validateRow(cols, { kind: 'book', author: 'X' }, true).errors).toEqual(['ISBN is required']);
  });

  it('evaluates in displayOrder: a column watching a hidden column sees it as empty', () => {
    expect(hiddenColumns(cols, { kind: 'film', author: 'still here' })).toEqual(new Set(['author', 'isbn']));
    expect(hiddenColumns(cols, { kind: 'book', author: 'A' })).toEqual(new Set());
  });
});
