import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, call, cookieOf, createList, type Auth } from './support.js';

// The schema DSL through POST /api/lists and PUT /api/lists/{id}/schema: every malformed column
// and every size bound is 400 `bad_request` "Invalid schema: ..." (spec), the value at a bound is
// accepted, and what is accepted comes back normalised.

let t: TestApp;
let me: Auth;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  me = cookieOf(await activeUser(t));
});
afterAll(async () => t.close());

const field = (over: Record<string, unknown> = {}) => ({ key: 'v', type: 'text', label: 'V', ...over });
const schemaOf = (...fields: unknown[]) => ({ name: 'S', fields });

function create(schema: unknown) {
  return call(t, 'POST', '/api/lists', me, { title: 'S', schema });
}

/** The normalised columns `keys` of a schema that is accepted. */
async function acceptedByKey(keys: string[], schema: unknown): Promise<Record<string, any>[]> {
  const res = await create(schema);
  expect(res.statusCode, res.body).toBe(201);
  const fields: Record<string, any>[] = res.json().data.schema.fields;
  return keys.map((key) => fields.find((f) => f.key === key)!);
}

describe('refused schemas', () => {
  const cases: [string, unknown, string][] = [
    // Validation rules.
    ['validation not an object', schemaOf(field({ validation: 'min 3' })), 'Field "v" validation must be an object'],
    ['validation an array', schemaOf(field({ validation: [1] })), 'Field "v" validation must be an object'],
    ['an unknown rule', schemaOf(field({ validation: { minimum: 3 } })), 'Field "v" validation has unknown rule "minimum"'],
    ['minLength -1', schemaOf(field({ validation: { minLength: -1 } })), 'Field "v" validation.minLength must be a non-negative integer'],
    ['minLength 1.5', schemaOf(field({ validation: { minLength: 1.5 } })), 'Field "v" validation.minLength must be a non-negative integer'],
    ['maxLength as a string', schemaOf(field({ validation: { maxLength: '5' } })), 'Field "v" validation.maxLength must be a non-negative integer'],
    ['step not a number', schemaOf(field({ type: 'number', validation: { step: 'one' } })), 'Field "v" validation.step must be a number'],
    ['min a boolean', schemaOf(field({ type: 'number', validation: { min: true } })), 'Field "v" validation.min must be a number or a date string'],
    ['max over 100 characters', schemaOf(field({ type: 'date', validation: { max: '9'.repeat(101) } })), 'Field "v" validation.max must be a number or a date string'],
    ['pattern over 500 characters', schemaOf(field({ validation: { pattern: 'a'.repeat(501) } })), 'Field "v" validation.pattern must be a string of at most 500 characters'],
    ['pattern not a string', schemaOf(field({ validation: { pattern: 5 } })), 'Field "v" validation.pattern must be a string of at most 500 characters'],
    [
      'a pattern RE2 cannot run',
      schemaOf(field({ validation: { pattern: '(a)\\1' } })),
      'Field "v" validation.pattern uses a backreference (\\1...), which is not supported',
    ],
    // Visibility conditions.
    ['visibility not an object', schemaOf(field({ key: 'a' }), field({ visibility: 'when a' })), 'Field "v" visibility must be { condition: { field, operator, value } }'],
    ['visibility without condition', schemaOf(field({ key: 'a' }), field({ visibility: {} })), 'Field "v" visibility must be { condition: { field, operator, value } }'],
    ['condition an array', schemaOf(field({ key: 'a' }), field({ visibility: { condition: ['a'] } })), 'Field "v" visibility must be { condition: { field, operator, value } }'],
    ['condition without field', schemaOf(field({ key: 'a' }), field({ visibility: { condition: { operator: 'isEmpty' } } })), 'Field "v" visibility condition must name a field'],
    ['condition field empty', schemaOf(field({ key: 'a' }), field({ visibility: { condition: { field: '', operator: 'isEmpty' } } })), 'Field "v" visibility condition must name a field'],
    [
      'condition without operator',
      schemaOf(field({ key: 'a' }), field({ visibility: { condition: { field: 'a' } } })),
      'Field "v" visibility condition has invalid operator "undefined". Valid operators: equals, notEquals, contains, notContains, greaterThan, lessThan, greaterThanOrEqual, lessThanOrEqual, isEmpty, isNotEmpty',
    ],
    ['a condition watching its own field', schemaOf(field({ key: 'a' }), field({ visibility: { condition: { field: 'v', operator: 'isEmpty' } } })), 'Field "v" visibility condition cannot watch itself'],
    // Size bounds.
    ['name over 200 characters', { name: 'n'.repeat(201), fields: [field()] }, 'name must be at most 200 characters'],
    ['description over 2000 characters', { name: 'n', description: 'd'.repeat(2001), fields: [field()] }, 'description must be at most 2000 characters'],
    ['description not a string', { name: 'n', description: 5, fields: [field()] }, 'description must be a string'],
    ['name not a string', { name: 5, fields: [field()] }, 'DSL must have a name'],
    ['schema not an object', ['n'], 'schema must be an object with name and fields'],
    ['fields null', { name: 'n', fields: null }, 'DSL must have at least one field'],
    ['fields not an array', { name: 'n', fields: 'v' }, 'fields must be an array'],
    ['201 fields', schemaOf(...Array.from({ length: 201 }, (_, i) => field({ key: `k${i}` }))), 'DSL must have at most 200 fields'],
    ['a field that is not an object', schemaOf('v'), 'Field at index 0 must be an object'],
    ['a blank key', schemaOf(field(), field({ key: '  ' })), 'Field at index 1 is missing a key'],
    ['a key over 100 characters', schemaOf(field({ key: 'k'.repeat(101) })), `Field "${'k'.repeat(20)}..." key must be at most 100 characters`],
    ['a blank label', schemaOf(field({ label: ' ' })), 'Field "v" is missing a label'],
    ['a label over 200 characters', schemaOf(field({ label: 'l'.repeat(201) })), 'Field "v" label must be at most 200 characters'],
    ['an empty type', schemaOf(field({ type: '' })), 'Field "v" is missing a type'],
    ['a null type', schemaOf(field({ type: null })), 'Field "v" is missing a type'],
    [
      'a type that is not a string',
      schemaOf(field({ type: 7 })),
      'Field "v" has invalid type "7". Valid types: text, textarea, number, boolean, date, datetime, email, url, tel, select, multiselect, priority',
    ],
    ['501 options', schemaOf(field({ type: 'select', options: Array.from({ length: 501 }, (_, i) => `o${i}`) })), 'Field "v" has more than 500 options'],
    ['an option over 200 characters', schemaOf(field({ type: 'select', options: ['o'.repeat(201)] })), 'Field "v" options must be an array of non-empty strings of at most 200 characters'],
    ['an empty option', schemaOf(field({ type: 'select', options: ['a', ''] })), 'Field "v" options must be an array of non-empty strings of at most 200 characters'],
    ['options not an array', schemaOf(field({ type: 'select', options: 'a,b' })), 'Field "v" options must be an array of non-empty strings of at most 200 characters'],
    ['placeholder over 500 characters', schemaOf(field({ placeholder: 'p'.repeat(501) })), 'Field "v" placeholder must be at most 500 characters'],
    ['helpText not a string', schemaOf(field({ helpText: ['h'] })), 'Field "v" helpText must be a string'],
    ['defaultValue over 10,000 characters of JSON', schemaOf(field({ defaultValue: 'd'.repeat(9_999) })), 'Field "v" defaultValue is too large'],
    ['displayOrder not an integer', schemaOf(field({ displayOrder: 1.5 })), 'Field "v" displayOrder must be an integer'],
    ['displayOrder a string', schemaOf(field({ displayOrder: '1' })), 'Field "v" displayOrder must be an integer'],
    ['displayOrder over a million', schemaOf(field({ displayOrder: 1_000_001 })), 'Field "v" displayOrder must be an integer'],
    ['displayOrder under minus a million', schemaOf(field({ displayOrder: -1_000_001 })), 'Field "v" displayOrder must be an integer'],
    ['visible not a boolean', schemaOf(field({ visible: 'no' })), 'Field "v" visible must be a boolean'],
    ['unique not a boolean', schemaOf(field({ unique: 1 })), 'Field "v" unique must be a boolean'],
    ['a unique multiselect', schemaOf(field({ type: 'multiselect', options: ['a'], unique: true })), 'Field "v" of type multiselect cannot be unique'],
    ['a select with only null options', schemaOf(field({ type: 'select', options: null })), 'Field "v" of type select must have options'],
  ];
  it.each(cases)('%s', async (_what, schema, message) => {
    const res = await create(schema);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: `Invalid schema: ${message}`, code: 'bad_request' });
  });

  it('nothing is created by a refused schema', async () => {
    const before = (await call(t, 'GET', '/api/lists', me)).json().pagination.total;
    expect((await create(schemaOf(field({ validation: { minLength: -1 } })))).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/lists', me)).json().pagination.total).toBe(before);
  });
});

describe('accepted schemas, at their bounds', () => {
  it('every size bound admits its own value', async () => {
    const res = await create({
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
          validation: { pattern: 'a'.repeat(500), minLength: 0, min: '9'.repeat(100) },
        }),
        field({ type: 'select', options: Array.from({ length: 500 }, (_, i) => `${i}`.padEnd(200, 'o')), displayOrder: -1_000_000 }),
        ...Array.from({ length: 198 }, (_, i) => field({ key: `k${i}` })),
      ],
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const byKey = (key: string) => res.json().data.schema.fields.find((f: { key: string }) => f.key === key);
    const [first, second] = [byKey('k'.repeat(100)), byKey('v')];
    expect(first).toMatchObject({ key: 'k'.repeat(100), displayOrder: 1_000_000, validation: { pattern: 'a'.repeat(500), minLength: 0, min: '9'.repeat(100) } });
    expect(first.defaultValue).toHaveLength(9_998);
    expect(second.options).toHaveLength(500);
    expect(res.json().data.schema.fields).toHaveLength(200);
  });

  it('normalises: empty rules dropped, null rules skipped, duplicate options folded, options only on option types, flags defaulted', async () => {
    const [text, empty, select, priority] = await acceptedByKey(['v', 'e', 's', 'p'],
      schemaOf(
        field({ options: ['ignored'], validation: { min: null, maxLength: 3 }, placeholder: null, unique: true }),
        field({ key: 'e', validation: {}, visible: null, required: null, unique: null, visibility: null, displayOrder: null, defaultValue: null }),
        field({ key: 's', type: 'select', options: ['a', 'b', 'a'], visible: false, required: true }),
        field({ key: 'p', type: 'priority', options: [] }),
      ),
    );
    expect(text).toMatchObject({ options: null, validation: { maxLength: 3 }, placeholder: null, unique: true, required: false, visible: true });
    expect(empty).toMatchObject({ validation: null, visible: true, required: false, unique: false, visibility: null, displayOrder: 1, defaultValue: null });
    expect(select).toMatchObject({ options: ['a', 'b'], visible: false, required: true });
    expect(priority.options).toEqual(['low', 'medium', 'high', 'urgent']);
  });

  it('keeps a visibility condition with its value, and one without a value', async () => {
    const [withValue, without] = await acceptedByKey(['b', 'c'],
      schemaOf(
        field({ key: 'a' }),
        field({ key: 'b', visibility: { condition: { field: 'a', operator: 'equals', value: 0 } } }),
        field({ key: 'c', visibility: { condition: { field: 'a', operator: 'isEmpty' } } }),
      ),
    );
    expect(withValue.visibility).toEqual({ condition: { field: 'a', operator: 'equals', value: 0 } });
    expect(without.visibility).toEqual({ condition: { field: 'a', operator: 'isEmpty' } });
  });
});

describe('column types', () => {
  const UNIQUE = ['text', 'textarea', 'email', 'url', 'tel', 'number', 'date', 'datetime', 'select'];

  it('unique is allowed on every type but boolean, multiselect and priority', async () => {
    const fields = await acceptedByKey(
      UNIQUE,
      schemaOf(...UNIQUE.map((type) => field({ key: type, type, unique: true, ...(type === 'select' ? { options: ['a'] } : {}) }))),
    );
    expect(fields.map((f) => f.unique)).toEqual(UNIQUE.map(() => true));
    for (const type of ['boolean', 'multiselect', 'priority']) {
      const res = await create(schemaOf(field({ type, unique: true, ...(type === 'multiselect' ? { options: ['a'] } : {}) })));
      expect(res.json().error).toBe(`Invalid schema: Field "v" of type ${type} cannot be unique`);
    }
  });

  it('q searches the text-like columns (text, textarea, email, url, tel, select, priority, multiselect) and no other', async () => {
    const marker = 'zq';
    const list = await createList(t, me, {
      title: 'Q',
      schema: schemaOf(
        field({ key: 'text' }),
        field({ key: 'textarea', type: 'textarea' }),
        field({ key: 'email', type: 'email' }),
        field({ key: 'url', type: 'url' }),
        field({ key: 'tel', type: 'tel' }),
        field({ key: 'select', type: 'select', options: [`${marker}-s`, 'other'] }),
        field({ key: 'priority', type: 'priority', options: [`${marker}-p`, 'other'] }),
        field({ key: 'multiselect', type: 'multiselect', options: [`${marker}-m`, 'other'] }),
        field({ key: 'date', type: 'date' }),
      ),
    });
    const values: Record<string, unknown> = {
      text: `${marker} text`,
      textarea: `${marker} textarea`,
      email: `${marker}@example.org`,
      url: `https://${marker}.example.org`,
      tel: `${marker} 555`,
      select: `${marker}-s`,
      priority: `${marker}-p`,
      multiselect: [`${marker}-m`],
    };
    const ids: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      const res = await call(t, 'POST', `/api/lists/${list.id}/data`, me, { data: { [key]: value } });
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = res.json().data.id;
    }
    await call(t, 'POST', `/api/lists/${list.id}/data`, me, { data: { date: '2024-01-01', text: 'nothing' } });
    const found = (await call(t, 'GET', `/api/lists/${list.id}/data?q=${marker}&limit=100`, me)).json().data.map((r: { id: string }) => r.id);
    expect(found.sort()).toEqual(Object.values(ids).sort());
    const byDate = (await call(t, 'GET', `/api/lists/${list.id}/data?q=2024-01&limit=100`, me)).json().data;
    expect(byDate).toEqual([]);
  });
});

describe('conditional visibility is evaluated in displayOrder, not array order', () => {
  // In the array: isbn (watches author), author (watches kind), kind. In displayOrder: kind,
  // author, isbn. Evaluated in displayOrder, a film hides author, and isbn, watching a hidden
  // column, sees it as empty and hides too; in array order isbn would see author's value first.
  const fields = [
    { key: 'isbn', type: 'text', label: 'ISBN', required: true, displayOrder: 3, visibility: { condition: { field: 'author', operator: 'isNotEmpty' } } },
    { key: 'author', type: 'text', label: 'Author', required: true, displayOrder: 2, visibility: { condition: { field: 'kind', operator: 'equals', value: 'book' } } },
    { key: 'kind', type: 'select', label: 'Kind', options: ['book', 'film'], displayOrder: 1 },
  ];
  let id: string;
  let columns: { key: string; propertyId: string }[];
  beforeAll(async () => {
    const list = await createList(t, me, { title: 'Order', schema: { name: 'Order', fields } });
    id = list.id;
    columns = list.schema.fields;
  });
  const add = (data: Record<string, unknown>) => call(t, 'POST', `/api/lists/${id}/data`, me, { data });

  it('a column watching a hidden column is hidden too, so it is not required', async () => {
    const film = await add({ kind: 'film', author: 'left over' });
    expect(film.statusCode, film.body).toBe(201);
    const book = await add({ kind: 'book', author: 'Herbert' });
    expect(book.statusCode).toBe(400);
    expect(book.json().errors).toEqual(['ISBN is required']);
    expect((await add({ kind: 'book', author: 'Herbert', isbn: '978' })).statusCode).toBe(201);
  });

  it('the order comes from displayOrder, which a schema edit can change', async () => {
    const pid = (key: string) => columns.find((f) => f.key === key)!.propertyId;
    // Now isbn is evaluated before author: with a film, isbn sees author's value and is required.
    const edit = await call(t, 'PUT', `/api/lists/${id}/schema`, me, {
      properties: fields.map((f) => ({ ...f, propertyId: pid(f.key), displayOrder: f.key === 'isbn' ? 0 : f.displayOrder })),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const film = await add({ kind: 'film', author: 'left over' });
    expect(film.statusCode).toBe(400);
    expect(film.json().errors).toEqual(['ISBN is required']);
  });
});

describe('conditional visibility with equal displayOrder', () => {
  it('ties are evaluated in array order', async () => {
    const list = await createList(t, me, {
      title: 'Ties',
      schema: {
        name: 'Ties',
        fields: [
          { key: 'isbn', type: 'text', label: 'ISBN', required: true, displayOrder: 1, visibility: { condition: { field: 'author', operator: 'isNotEmpty' } } },
          { key: 'author', type: 'text', label: 'Author', displayOrder: 1, visibility: { condition: { field: 'kind', operator: 'equals', value: 'book' } } },
          { key: 'kind', type: 'select', label: 'Kind', options: ['book', 'film'], displayOrder: 0 },
        ],
      },
    });
    // isbn comes first among the ties: it sees author's value before author is hidden.
    const res = await call(t, 'POST', `/api/lists/${list.id}/data`, me, { data: { kind: 'film', author: 'left over' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['ISBN is required']);
  });
});

describe('schema edits (properties)', () => {
  it('refuses a condition on its own column, an unknown column, and duplicate keys', async () => {
    const list = await createList(t, me, { title: 'Edit', schema: schemaOf(field({ key: 'a' }), field({ key: 'b' })) });
    const [a, b] = list.schema.fields as { key: string; propertyId: string }[];
    const put = (properties: unknown[]) => call(t, 'PUT', `/api/lists/${list.id}/schema`, me, { properties });
    const cases: [unknown[], string][] = [
      [[field({ key: 'a', propertyId: a.propertyId, visibility: { condition: { field: 'a', operator: 'isEmpty' } } })], 'Field "a" visibility condition cannot watch itself'],
      [[field({ key: 'a', propertyId: a.propertyId, visibility: { condition: { field: 'b', operator: 'isEmpty' } } })], 'Field "a" visibility condition refers to unknown field "b"'],
      [[field({ key: 'a', propertyId: a.propertyId }), field({ key: 'a', propertyId: b.propertyId })], 'Duplicate field keys found: a'],
      [[], 'DSL must have at least one field'],
    ];
    for (const [properties, message] of cases) {
      const res = await put(properties);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: `Invalid schema: ${message}`, code: 'bad_request' });
    }
    const ok = await put([field({ key: 'a', propertyId: a.propertyId }), field({ key: 'b', propertyId: b.propertyId, visibility: { condition: { field: 'a', operator: 'isEmpty' } } })]);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
