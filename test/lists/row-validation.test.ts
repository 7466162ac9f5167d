import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, call, cookieOf, createList, type Auth } from './support.js';

// Row validation through POST /api/lists/{id}/data, at each rule's edges (spec: the validation
// table and the type-level checks): the value just inside a bound is stored, the one just outside
// is 400 validation_failed with the spec's message.

let t: TestApp;
let me: Auth;
let listId: string;

const FIELDS = [
  { key: 'site', type: 'url', label: 'Site' },
  { key: 'mail', type: 'email', label: 'Mail' },
  { key: 'day', type: 'date', label: 'Day', validation: { min: '2024-01-01', max: '2024-12-31' } },
  { key: 'anyDay', type: 'date', label: 'Any day' },
  { key: 'at', type: 'datetime', label: 'At', validation: { min: '2024-01-01T00:00:00Z', max: '2024-12-31T23:59:59Z' } },
  { key: 'anyAt', type: 'datetime', label: 'Any at' },
  { key: 'n', type: 'number', label: 'N', validation: { min: 1, max: 10 } },
  { key: 'word', type: 'text', label: 'Word', validation: { minLength: 3, maxLength: 5 } },
  { key: 'note', type: 'textarea', label: 'Note' },
  { key: 'phone', type: 'tel', label: 'Phone', validation: { pattern: '^\\+?[0-9 ]+$', minLength: 50 } },
  { key: 'home', type: 'url', label: 'Home', validation: { pattern: '^never$' } },
  { key: 'tags', type: 'multiselect', label: 'Tags', options: ['a', 'b'] },
  { key: 'numericBound', type: 'date', label: 'Numeric bound', validation: { min: 5 } },
  { key: 'badBound', type: 'date', label: 'Bad bound', validation: { max: 'not a date' } },
  { key: 'toString', type: 'text', label: 'Inherited name' },
  { key: 'strBound', type: 'number', label: 'String bound', validation: { min: '5', max: '1' } },
  { key: 'mood', type: 'select', label: 'Mood', options: ['calm', 'busy'], defaultValue: 'calm' },
];

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  me = cookieOf(await activeUser(t));
  listId = (await createList(t, me, { title: 'Edges', schema: { name: 'Edges', fields: FIELDS } })).id;
});
afterAll(async () => t.close());

async function add(data: Record<string, unknown>) {
  return call(t, 'POST', `/api/lists/${listId}/data`, me, { data });
}

/** The messages an add of `data` gets: [] when the row was stored. */
async function errorsOf(data: Record<string, unknown>): Promise<string[]> {
  const res = await add(data);
  if (res.statusCode === 201) return [];
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('validation_failed');
  return res.json().errors;
}

type Case = [key: string, value: unknown, messages: string[]];
const refused = (key: string, message: string) => (value: unknown): Case => [key, value, [message]];
const accepted = (key: string) => (value: unknown): Case => [key, value, []];

describe('type-level checks', () => {
  const badUrl = refused('site', 'Site must be a valid URL');
  const badMail = refused('mail', 'Mail must be a valid email address');
  const badDay = refused('anyDay', 'Any day must be a date (YYYY-MM-DD)');
  const badAt = refused('anyAt', 'Any at must be an ISO 8601 date and time');
  const local = 'a'.repeat(64);
  const cases: Case[] = [
    // A URL must parse, be http or https, and hold no whitespace.
    badUrl('ftp://example.com/file'),
    badUrl('javascript:alert(1)'),
    badUrl('mailto:ada@example.org'),
    badUrl('file:///etc/passwd'),
    badUrl('http://'),
    badUrl('example.com'),
    badUrl('https://example.com/a b'),
    badUrl(' https://example.com'),
    accepted('site')('http://example.com'),
    accepted('site')('HTTPS://Example.com/x?y=1#z'),
    // E-mail: one @, a dot in the domain, no spaces anywhere, at most 254 characters.
    badMail(' ada@example.org'),
    badMail('ada@example.org '),
    badMail('a da@example.org'),
    badMail('ada@exam ple.org'),
    badMail('ada@example'),
    badMail('ada@@example.org'),
    badMail('@example.org'),
    badMail('ada@.org'),
    accepted('mail')(`${local}@${'b'.repeat(185)}.com`),
    badMail(`${local}@${'b'.repeat(186)}.com`),
    // Dates: YYYY-MM-DD that exists on the calendar.
    badDay('2023-02-30'),
    badDay('2023-02-29'),
    badDay('2023-04-31'),
    badDay('2023-13-01'),
    badDay('2024-1-01'),
    badDay('+002024-01-01'),
    badDay('2024-01-01T00:00:00Z'),
    badDay('01/02/2024'),
    badDay(20240101),
    accepted('anyDay')('2024-02-29'),
    accepted('anyDay')('2023-12-31'),
    // Datetimes: ISO 8601 with a zone, on a real day.
    badAt('2024-01-01'),
    badAt('2024-01-01 10:00:00Z'),
    badAt('2024-01-01T10:00:00'),
    badAt('2024-01-01T10:00:00+0100'),
    badAt('2024-01-01T10:00:00.1234567890Z'),
    badAt('2024-02-30T10:00:00Z'),
    badAt('2024-01-01T25:00:00Z'),
    badAt('Mon, 01 Jan 2024 10:00:00 GMT'),
    badAt(' 2024-01-01T10:00:00Z'),
    badAt('2024-01-01T10:00:00Zx'),
    accepted('anyAt')('2024-01-01T10:00Z'),
    accepted('anyAt')('2024-01-01T10:00:00.123456789+05:30'),
    accepted('anyAt')('2024-02-29T23:59:59-08:00'),
    // Numbers are JSON numbers.
    refused('n', 'N must be a number')('5'),
    refused('n', 'N must be a number')(true),
  ];
  it.each(cases)('%s = %j → %j', async (key, value, expected) => {
    expect(await errorsOf({ [key]: value })).toEqual(expected);
  });
});

describe('rules at their bounds', () => {
  const cases: Case[] = [
    // number min 1, max 10: both inclusive.
    accepted('n')(1),
    accepted('n')(10),
    refused('n', 'N must be at least 1')(0.5),
    refused('n', 'N must be at most 10')(10.5),
    // date min and max are inclusive.
    accepted('day')('2024-01-01'),
    accepted('day')('2024-12-31'),
    refused('day', 'Day must be after 2024-01-01')('2023-12-31'),
    refused('day', 'Day must be before 2024-12-31')('2025-01-01'),
    // datetime bounds are instants: the same instant in another zone is inside.
    accepted('at')('2024-01-01T00:00:00Z'),
    accepted('at')('2024-01-01T01:00:00+01:00'),
    accepted('at')('2024-12-31T23:59:59Z'),
    refused('at', 'At must be after 2024-01-01T00:00:00Z')('2023-12-31T23:59:59.999Z'),
    refused('at', 'At must be after 2024-01-01T00:00:00Z')('2024-01-01T00:30:00+01:00'),
    refused('at', 'At must be before 2024-12-31T23:59:59Z')('2025-01-01T00:00:00Z'),
    // minLength 3, maxLength 5, counted in characters (an emoji is one).
    accepted('word')('abc'),
    accepted('word')('abcde'),
    accepted('word')('😀😀😀'),
    accepted('word')('😀😀😀😀😀'),
    refused('word', 'Word must be at least 3 characters')('ab'),
    refused('word', 'Word must be at least 3 characters')('😀😀'),
    refused('word', 'Word must be at most 5 characters')('abcdef'),
    refused('word', 'Word must be a string')(12345),
    // Pattern constrains tel; minLength is a text rule only, so it does not apply to tel.
    accepted('phone')('+1 555 0100'),
    refused('phone', 'Phone format is invalid')('call me'),
    // The URL type has its own format check: a pattern does not apply to it.
    accepted('home')('https://example.org'),
    // A date bound that is not a date (a number, or an unparsable string) bounds nothing.
    accepted('numericBound')('1970-01-02'),
    accepted('badBound')('2999-01-01'),
    // A number column's bounds are numbers: a string bound bounds nothing.
    accepted('strBound')(3),
  ];
  it.each(cases)('%s = %j → %j', async (key, value, expected) => {
    expect(await errorsOf({ [key]: value })).toEqual(expected);
  });

  it('every failing rule of a row is reported, in column order', async () => {
    expect(await errorsOf({ n: 0, word: 'ab', site: 'ftp://x.org' })).toEqual(['Site must be a valid URL', 'N must be at least 1', 'Word must be at least 3 characters']);
  });
});

describe('cell size', () => {
  it('a cell holds at most 100,000 characters, whatever its column allows', async () => {
    const res = await add({ note: 'x'.repeat(100_000) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.data.note).toHaveLength(100_000);
    expect(await errorsOf({ note: 'x'.repeat(100_001) })).toEqual(['Note must be at most 100000 characters']);
    // The bound comes before the format checks: one message, not two.
    expect(await errorsOf({ mail: 'x'.repeat(100_001) })).toEqual(['Mail must be at most 100000 characters']);
  });
});

describe('empty values', () => {
  it('"" and [] are stored as null, on add and on edit', async () => {
    const res = await add({ note: '', tags: [], word: 'abc' });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json().data;
    expect(row.data).toMatchObject({ note: null, tags: null, word: 'abc' });
    const edited = await call(t, 'PUT', `/api/lists/${listId}/data`, me, { rowId: row.id, data: { word: '', tags: ['a'] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.data).toMatchObject({ note: null, tags: ['a'], word: null });
    const page = await call(t, 'GET', `/api/lists/${listId}/data?limit=100`, me);
    const readBack = page.json().data.find((r: { id: string }) => r.id === row.id);
    expect(readBack.data).toMatchObject({ note: null, tags: ['a'], word: null });
  });

  it('a default fills a left-out column on add only; an explicit null is kept, on add and on a later edit', async () => {
    const defaulted = await add({ word: 'abc' });
    expect(defaulted.json().data.data.mood).toBe('calm');
    const cleared = await add({ word: 'abc', mood: null });
    expect(cleared.statusCode, cleared.body).toBe(201);
    expect(cleared.json().data.data.mood).toBeNull();
    const edited = await call(t, 'PUT', `/api/lists/${listId}/data`, me, { rowId: cleared.json().data.id, data: { word: 'abcd' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.data).toMatchObject({ word: 'abcd', mood: null });
  });

  it('a column named like an Object.prototype member reads only what was sent', async () => {
    const res = await add({});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.data.toString).toBeNull();
    const sent = await add({ toString: 'mine' });
    expect(sent.json().data.data.toString).toBe('mine');
  });
});
