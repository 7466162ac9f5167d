import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.js';
import { COLUMN_TYPES, inDisplayOrder, OPERATORS, parseSchema, TEXT_LIKE_TYPES, UNIQUE_TYPES } from '../../src/features/lists/dsl.js';

// The schema DSL's rules called directly (spec: "List schema object (DSL)", "Column definition"):
// every malformed column and size bound refused with 400 `bad_request` "Invalid schema: ...", the
// value at each bound accepted, what is accepted normalised. test/lists/schema-dsl.test.ts pins the
// same rules through POST /api/lists; this file is fast enough to run once per mutant of dsl.ts.

const field = (over: Record<string, unknown> = {}) => ({ key: 'v', type: 'text', label: 'V', ...over });
const schemaOf = (...fields: unknown[]) => ({ name: 'S', fields });

/** The message parseSchema refuses `raw` with, after checking it is the spec's 400 bad_request. */
function refusal(raw: unknown): string {
  try {
    parseSchema(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(400);
    expect((err as AppError).code).toBe('bad_request');
    return (err as AppError).message;
  }
  throw new Error('expected the schema to be refused');
}

// The spec's twelve types and ten operators, written out (not read from the module under test).
const TYPES = ['text', 'textarea', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'tel', 'select', 'multiselect', 'priority'];
const SPEC_OPERATORS = ['equals', 'notEquals', 'contains', 'notContains', 'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'isEmpty', 'isNotEmpty'];
const VALID_TYPES = `Valid types: ${TYPES.join(', ')}`;
const VALID_OPERATORS = `Valid operators: ${SPEC_OPERATORS.join(', ')}`;
const watching = (condition: unknown) => schemaOf(field({ key: 'a' }), field({ visibility: { condition } }));

describe('refused schemas', () => {
  const cases: [string, unknown, string][] = [
    // The schema object.
    ['schema not an object', ['n'], 'schema must be an object with name and fields'],
    ['schema null', null, 'schema must be an object with name and fields'],
    ['name missing', { fields: [field()] }, 'DSL must have a name'],
    ['name blank', { name: '  ', fields: [field()] }, 'DSL must have a name'],
    ['name not a string', { name: 5, fields: [field()] }, 'DSL must have a name'],
    ['name over 200 characters', { name: 'n'.repeat(201), fields: [field()] }, 'name must be at most 200 characters'],
    ['description over 2000 characters', { name: 'n', description: 'd'.repeat(2001), fields: [field()] }, 'description must be at most 2000 characters'],
    ['description not a string', { name: 'n', description: 5, fields: [field()] }, 'description must be a string'],
    ['fields missing', { name: 'n' }, 'DSL must have at least one field'],
    ['fields null', { name: 'n', fields: null }, 'DSL must have at least one field'],
    ['fields empty', { name: 'n', fields: [] }, 'DSL must have at least one field'],
    ['fields not an array', { name: 'n', fields: 'v' }, 'fields must be an array'],
    ['201 fields', schemaOf(...Array.from({ length: 201 }, (_, i) => field({ key: `k${i}` }))), 'DSL must have at most 200 fields'],
    // The count is checked before any column is read.
    ['201 fields, the last malformed', schemaOf(...Array.from({ length: 200 }, (_, i) => field({ key: `k${i}` })), 'v'), 'DSL must have at most 200 fields'],
    // A column's key, type and label.
    ['a field that is not an object', schemaOf('v'), 'Field at index 0 must be an object'],
    ['a field that is an array', schemaOf(field(), []), 'Field at index 1 must be an object'],
    ['a field that is null', schemaOf(null), 'Field at index 0 must be an object'],
    ['a key missing', schemaOf({ type: 'text', label: 'A' }), 'Field at index 0 is missing a key'],
    ['a blank key', schemaOf(field(), field({ key: '  ' })), 'Field at index 1 is missing a key'],
    ['a key not a string', schemaOf(field({ key: 5 })), 'Field at index 0 is missing a key'],
    ['a key over 100 characters', schemaOf(field({ key: 'k'.repeat(101) })), `Field "${'k'.repeat(20)}..." key must be at most 100 characters`],
    ['a type missing', schemaOf({ key: 'v', label: 'V' }), 'Field "v" is missing a type'],
    ['an empty type', schemaOf(field({ type: '' })), 'Field "v" is missing a type'],
    ['a null type', schemaOf(field({ type: null })), 'Field "v" is missing a type'],
    ['a label missing', schemaOf({ key: 'v', type: 'text' }), 'Field "v" is missing a label'],
    ['a blank label', schemaOf(field({ label: ' ' })), 'Field "v" is missing a label'],
    ['a label not a string', schemaOf(field({ label: 5 })), 'Field "v" is missing a label'],
    ['a label over 200 characters', schemaOf(field({ label: 'l'.repeat(201) })), 'Field "v" label must be at most 200 characters'],
    ['an unknown type', schemaOf(field({ type: 'money' })), `Field "v" has invalid type "money". ${VALID_TYPES}`],
    ['a type that is not a string', schemaOf(field({ type: 7 })), `Field "v" has invalid type "7". ${VALID_TYPES}`],
    // Options.
    ['select without options', schemaOf(field({ type: 'select' })), 'Field "v" of type select must have options'],
    ['select with null options', schemaOf(field({ type: 'select', options: null })), 'Field "v" of type select must have options'],
    ['select with empty options', schemaOf(field({ type: 'select', options: [] })), 'Field "v" of type select must have options'],
    ['multiselect without options', schemaOf(field({ type: 'multiselect' })), 'Field "v" of type multiselect must have options'],
    ['501 options', schemaOf(field({ type: 'select', options: Array.from({ length: 501 }, (_, i) => `o${i}`) })), 'Field "v" has more than 500 options'],
    ['an option over 200 characters', schemaOf(field({ type: 'select', options: ['o'.repeat(201)] })), 'Field "v" options must be an array of non-empty strings of at most 200 characters'],
    ['an empty option', schemaOf(field({ type: 'select', options: ['a', ''] })), 'Field "v" options must be an array of non-empty strings of at most 200 characters'],
    ['a non-string option', schemaOf(field({ type: 'select', options: ['a', 1] })), 'Field "v" options must be an array of non-empty strings of at most 200 characters'],
    ['options not an array', schemaOf(field({ type: 'select', options: 'a,b' })), 'Field "v" options must be an array of non-empty strings of at most 200 characters'],
    // Flags, order, texts, default.
    ['required not a boolean', schemaOf(field({ required: 'yes' })), 'Field "v" required must be a boolean'],
    ['visible not a boolean', schemaOf(field({ visible: 'no' })), 'Field "v" visible must be a boolean'],
    ['unique not a boolean', schemaOf(field({ unique: 1 })), 'Field "v" unique must be a boolean'],
    ['a unique boolean', schemaOf(field({ type: 'boolean', unique: true })), 'Field "v" of type boolean cannot be unique'],
    ['a unique multiselect', schemaOf(field({ type: 'multiselect', options: ['a'], unique: true })), 'Field "v" of type multiselect cannot be unique'],
    ['a unique priority', schemaOf(field({ type: 'priority', unique: true })), 'Field "v" of type priority cannot be unique'],
    ['displayOrder not an integer', schemaOf(field({ displayOrder: 1.5 })), 'Field "v" displayOrder must be an integer'],
    ['displayOrder a string', schemaOf(field({ displayOrder: '1' })), 'Field "v" displayOrder must be an integer'],
    ['displayOrder over a million', schemaOf(field({ displayOrder: 1_000_001 })), 'Field "v" displayOrder must be an integer'],
    ['displayOrder under minus a million', schemaOf(field({ displayOrder: -1_000_001 })), 'Field "v" displayOrder must be an integer'],
    ['placeholder over 500 characters', schemaOf(field({ placeholder: 'p'.repeat(501) })), 'Field "v" placeholder must be at most 500 characters'],
    ['placeholder not a string', schemaOf(field({ placeholder: 5 })), 'Field "v" placeholder must be a string'],
    ['helpText over 500 characters', schemaOf(field({ helpText: 'h'.repeat(501) })), 'Field "v" helpText must be at most 500 characters'],
    ['helpText not a string', schemaOf(field({ helpText: ['h'] })), 'Field "v" helpText must be a string'],
    // JSON of a 9,999-character string is 10,001 characters.
    ['defaultValue over 10,000 characters of JSON', schemaOf(field({ defaultValue: 'd'.repeat(9_999) })), 'Field "v" defaultValue is too large'],
    // Validation rules.
    ['validation not an object', schemaOf(field({ validation: 'min 3' })), 'Field "v" validation must be an object'],
    ['validation an array', schemaOf(field({ validation: [1] })), 'Field "v" validation must be an object'],
    ['an unknown rule', schemaOf(field({ validation: { minimum: 3 } })), 'Field "v" validation has unknown rule "minimum"'],
    ['minLength -1', schemaOf(field({ validation: { minLength: -1 } })), 'Field "v" validation.minLength must be a non-negative integer'],
    ['minLength 1.5', schemaOf(field({ validation: { minLength: 1.5 } })), 'Field "v" validation.minLength must be a non-negative integer'],
    ['maxLength -1', schemaOf(field({ validation: { maxLength: -1 } })), 'Field "v" validation.maxLength must be a non-negative integer'],
    ['maxLength as a string', schemaOf(field({ validation: { maxLength: '5' } })), 'Field "v" validation.maxLength must be a non-negative integer'],
    ['step not a number', schemaOf(field({ type: 'number', validation: { step: 'one' } })), 'Field "v" validation.step must be a number'],
    ['step not finite', schemaOf(field({ type: 'number', validation: { step: Infinity } })), 'Field "v" validation.step must be a number'],
    ['min a boolean', schemaOf(field({ type: 'number', validation: { min: true } })), 'Field "v" validation.min must be a number or a date string'],
    ['min not finite', schemaOf(field({ type: 'number', validation: { min: -Infinity } })), 'Field "v" validation.min must be a number or a date string'],
    ['max NaN', schemaOf(field({ type: 'number', validation: { max: NaN } })), 'Field "v" validation.max must be a number or a date string'],
    ['max over 100 characters', schemaOf(field({ type: 'date', validation: { max: '9'.repeat(101) } })), 'Field "v" validation.max must be a number or a date string'],
    ['pattern over 500 characters', schemaOf(field({ validation: { pattern: 'a'.repeat(501) } })), 'Field "v" validation.pattern must be a string of at most 500 characters'],
    ['pattern not a string', schemaOf(field({ validation: { pattern: 5 } })), 'Field "v" validation.pattern must be a string of at most 500 characters'],
    ['a lookahead', schemaOf(field({ validation: { pattern: '(?=a)b' } })), 'Field "v" validation.pattern uses lookaround ((?=, (?!, (?<=, (?<!), which is not supported'],
    ['a negative lookahead', schemaOf(field({ validation: { pattern: 'a(?!b)' } })), 'Field "v" validation.pattern uses lookaround ((?=, (?!, (?<=, (?<!), which is not supported'],
    ['a lookbehind', schemaOf(field({ validation: { pattern: '(?<=a)b' } })), 'Field "v" validation.pattern uses lookaround ((?=, (?!, (?<=, (?<!), which is not supported'],
    ['a negative lookbehind', schemaOf(field({ validation: { pattern: '(?<!a)b' } })), 'Field "v" validation.pattern uses lookaround ((?=, (?!, (?<=, (?<!), which is not supported'],
    ['a backreference', schemaOf(field({ validation: { pattern: '(a)\\1' } })), 'Field "v" validation.pattern uses a backreference (\\1...), which is not supported'],
    ['a backreference \\9', schemaOf(field({ validation: { pattern: '(a)\\9' } })), 'Field "v" validation.pattern uses a backreference (\\1...), which is not supported'],
    ['an unclosed group', schemaOf(field({ validation: { pattern: '(abc' } })), 'Field "v" validation.pattern is not a valid regular expression: missing closing ): `(abc`'],
    ['a bad range', schemaOf(field({ validation: { pattern: '[z-a]' } })), 'Field "v" validation.pattern is not a valid regular expression: invalid character class range: `z-a`'],
    ['a bad escape that is not a backreference', schemaOf(field({ validation: { pattern: 'a\\q' } })), 'Field "v" validation.pattern is not a valid regular expression: invalid escape sequence: `\\q`'],
    ['a bad named group', schemaOf(field({ validation: { pattern: '(?P<>a)' } })), 'Field "v" validation.pattern is not a valid regular expression: invalid named capture: `(?P<>`'],
    ['other Perl syntax RE2 lacks', schemaOf(field({ validation: { pattern: '(?#x)' } })), 'Field "v" validation.pattern is not a valid regular expression: invalid or unsupported Perl syntax: `(?#`'],
    // Visibility conditions.
    ['visibility not an object', schemaOf(field({ key: 'a' }), field({ visibility: 'when a' })), 'Field "v" visibility must be { condition: { field, operator, value } }'],
    ['visibility an array', schemaOf(field({ key: 'a' }), field({ visibility: [] })), 'Field "v" visibility must be { condition: { field, operator, value } }'],
    ['visibility without condition', schemaOf(field({ key: 'a' }), field({ visibility: {} })), 'Field "v" visibility must be { condition: { field, operator, value } }'],
    ['condition an array', watching(['a']), 'Field "v" visibility must be { condition: { field, operator, value } }'],
    ['condition a string', watching('a'), 'Field "v" visibility must be { condition: { field, operator, value } }'],
    ['condition without field', watching({ operator: 'isEmpty' }), 'Field "v" visibility condition must name a field'],
    ['condition field empty', watching({ field: '', operator: 'isEmpty' }), 'Field "v" visibility condition must name a field'],
    ['condition field not a string', watching({ field: 1, operator: 'isEmpty' }), 'Field "v" visibility condition must name a field'],
    ['condition without operator', watching({ field: 'a' }), `Field "v" visibility condition has invalid operator "undefined". ${VALID_OPERATORS}`],
    ['condition with an unknown operator', watching({ field: 'a', operator: 'like' }), `Field "v" visibility condition has invalid operator "like". ${VALID_OPERATORS}`],
    ['a condition watching its own field', watching({ field: 'v', operator: 'isEmpty' }), 'Field "v" visibility condition cannot watch itself'],
    ['a condition on an unknown field', watching({ field: 'zz', operator: 'isEmpty' }), 'Field "v" visibility condition refers to unknown field "zz"'],
    // The set of columns.
    ['duplicate keys', schemaOf(field(), field({ label: 'Other' }), field({ key: 'b' }), field({ key: 'b' })), 'Duplicate field keys found: v, b'],
  ];
  it.each(cases)('%s', (_what, raw, message) => {
    expect(refusal(raw)).toBe(`Invalid schema: ${message}`);
  });
});

describe('accepted schemas', () => {
  it('every size bound admits its own value', () => {
    const schema = parseSchema({
      name: 'n'.repeat(200),
      description: 'd'.repeat(2000),
      fields: [
        field({
          key: 'k'.repeat(100),
          label: 'l'.repeat(200),
          placeholder: 'p'.repeat(500),
          helpText: 'h'.repeat(500),
          defaultValue: 'd'.repeat(9_998),
          displayOrder: 1_000_000,
          validation: { pattern: 'a'.repeat(500), minLength: 0, maxLength: 0, min: '9'.repeat(100), max: 0, step: 0.5 },
        }),
        field({ type: 'select', options: Array.from({ length: 500 }, (_, i) => `${i}`.padEnd(200, 'o')), displayOrder: -1_000_000 }),
        ...Array.from({ length: 198 }, (_, i) => field({ key: `k${i}` })),
      ],
    });
    expect(schema.name).toHaveLength(200);
    expect(schema.description).toHaveLength(2000);
    expect(schema.fields).toHaveLength(200);
    const [first, second] = schema.fields;
    expect(first).toMatchObject({ key: 'k'.repeat(100), displayOrder: 1_000_000, validation: { pattern: 'a'.repeat(500), minLength: 0, maxLength: 0, min: '9'.repeat(100), max: 0, step: 0.5 } });
    expect(first.label).toHaveLength(200);
    expect(first.placeholder).toHaveLength(500);
    expect(first.helpText).toHaveLength(500);
    expect(first.defaultValue).toHaveLength(9_998);
    expect(second.options).toHaveLength(500);
    expect(second.displayOrder).toBe(-1_000_000);
  });

  it('normalises: empty rules dropped, null rules skipped, duplicate options folded, options only on option types, flags defaulted', () => {
    const { description, fields } = parseSchema(
      schemaOf(
        field({ options: ['ignored'], validation: { min: null, maxLength: 3 }, placeholder: null, unique: true }),
        field({ key: 'e', validation: {}, visible: null, required: null, unique: null, visibility: null, displayOrder: null, defaultValue: null, helpText: null }),
        field({ key: 's', type: 'select', options: ['a', 'b', 'a'], visible: false, required: true }),
        field({ key: 'p', type: 'priority', options: [] }),
        field({ key: 'q', type: 'priority', options: null }),
        field({ key: 'r', type: 'priority', options: ['p1', 'p2'] }),
        field({ key: 'x', validation: { min: undefined, pattern: null } }),
        field({ key: 'y', validation: null }),
      ),
    );
    expect(description).toBeNull();
    const [text, empty, select, priority, nullPriority, ownPriority, skipped, none] = fields;
    expect(none.validation).toBeNull();
    expect(text).toMatchObject({ options: null, validation: { maxLength: 3 }, placeholder: null, unique: true, required: false, visible: true });
    expect(empty).toEqual({
      key: 'e', type: 'text', label: 'V', required: false, unique: false, defaultValue: null, options: null,
      placeholder: null, helpText: null, validation: null, visible: true, visibility: null, displayOrder: 1,
    });
    expect(select).toMatchObject({ options: ['a', 'b'], visible: false, required: true });
    expect(priority.options).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(nullPriority.options).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(ownPriority.options).toEqual(['p1', 'p2']);
    expect(skipped.validation).toBeNull();
  });

  it('keeps every property of a column', () => {
    const [, c] = parseSchema(
      schemaOf(
        field({ key: 'a' }),
        field({
          key: 'n', type: 'number', label: 'N', required: true, unique: true, defaultValue: 3, placeholder: 'p', helpText: 'h', visible: false,
          displayOrder: 7, validation: { min: 1, max: 9, step: 2 }, visibility: { condition: { field: 'a', operator: 'isNotEmpty' } },
        }),
      ),
    ).fields;
    expect(c).toEqual({
      key: 'n', type: 'number', label: 'N', required: true, unique: true, defaultValue: 3, options: null, placeholder: 'p', helpText: 'h',
      visible: false, displayOrder: 7, validation: { min: 1, max: 9, step: 2 }, visibility: { condition: { field: 'a', operator: 'isNotEmpty' } },
    });
  });

  it('keeps a condition with its value (even a falsy one), and one without a value', () => {
    const [, withValue, withZero, without] = parseSchema(
      schemaOf(
        field({ key: 'a' }),
        field({ key: 'b', visibility: { condition: { field: 'a', operator: 'equals', value: 'x' } } }),
        field({ key: 'c', visibility: { condition: { field: 'a', operator: 'equals', value: 0 } } }),
        field({ key: 'd', visibility: { condition: { field: 'a', operator: 'isEmpty' } } }),
      ),
    ).fields;
    expect(withValue.visibility).toEqual({ condition: { field: 'a', operator: 'equals', value: 'x' } });
    expect(withZero.visibility).toEqual({ condition: { field: 'a', operator: 'equals', value: 0 } });
    expect(without.visibility).toEqual({ condition: { field: 'a', operator: 'isEmpty' } });
    expect(Object.keys(without.visibility!.condition)).toEqual(['field', 'operator']);
  });

  it('the module lists exactly the spec\'s types and operators', () => {
    expect([...COLUMN_TYPES]).toEqual(TYPES);
    expect([...OPERATORS]).toEqual(SPEC_OPERATORS);
  });

  it('accepts all twelve types, each with its defaults', () => {
    const { fields } = parseSchema(schemaOf(...TYPES.map((type) => field({ key: type, type, ...(type === 'select' || type === 'multiselect' ? { options: ['a'] } : {}) }))));
    expect(fields.map((f) => f.type)).toEqual(TYPES);
    expect(fields.map((f) => f.options)).toEqual(TYPES.map((type) => (type === 'select' || type === 'multiselect' ? ['a'] : type === 'priority' ? ['low', 'medium', 'high', 'urgent'] : null)));
  });

  it('accepts every operator', () => {
    for (const operator of SPEC_OPERATORS) {
      expect(parseSchema(watching({ field: 'a', operator, value: 1 })).fields[1].visibility!.condition.operator).toBe(operator);
    }
  });

  it('a valid pattern is kept, and patterns RE2 runs are accepted', () => {
    for (const pattern of ['^[A-Z]{2}\\d+$', '(?i)abc', '(?P<n>a)', '\\bword\\b']) {
      expect(parseSchema(schemaOf(field({ validation: { pattern } }))).fields[0].validation).toEqual({ pattern });
    }
  });

  it('unique is allowed on every type but boolean, multiselect and priority; q searches the text-like types', () => {
    expect([...UNIQUE_TYPES].sort()).toEqual(['date', 'datetime', 'email', 'number', 'select', 'tel', 'text', 'textarea', 'url']);
    expect([...TEXT_LIKE_TYPES].sort()).toEqual(['email', 'multiselect', 'priority', 'select', 'tel', 'text', 'textarea', 'url']);
    for (const type of UNIQUE_TYPES) {
      expect(parseSchema(schemaOf(field({ type, unique: true, ...(type === 'select' ? { options: ['a'] } : {}) }))).fields[0].unique).toBe(true);
    }
  });

  it('displayOrder defaults to the array position', () => {
    expect(parseSchema(schemaOf(field({ key: 'a' }), field({ key: 'b' }), field({ key: 'c', displayOrder: 0 }))).fields.map((f) => f.displayOrder)).toEqual([0, 1, 0]);
  });
});

describe('inDisplayOrder', () => {
  it('orders by displayOrder, ties in array order, without changing its input', () => {
    const columns = [
      { key: 'c', displayOrder: 2 },
      { key: 'a', displayOrder: -1 },
      { key: 'b1', displayOrder: 0 },
      { key: 'b2', displayOrder: 0 },
      { key: 'b3', displayOrder: 0 },
    ];
    expect(inDisplayOrder(columns).map((c) => c.key)).toEqual(['a', 'b1', 'b2', 'b3', 'c']);
    expect(columns.map((c) => c.key)).toEqual(['c', 'a', 'b1', 'b2', 'b3']);
    const reversedTies = [
      { key: 'x', displayOrder: 5 },
      { key: 'y', displayOrder: 5 },
      { key: 'z', displayOrder: 1 },
    ];
    expect(inDisplayOrder(reversedTies).map((c) => c.key)).toEqual(['z', 'x', 'y']);
  });
});
