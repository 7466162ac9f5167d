import { describe, expect, it } from 'vitest';
import { parseSchema } from '../../src/features/lists/dsl.js';
import { isValidDate, isValidDateTime, isValidUrl, MAX_CELL_CHARS, rowValidator, validateRow, valueErrors } from '../../src/features/lists/validate.js';

// Row validation's rules called directly (spec: the validation table, the type-level checks, the
// conditional-visibility rules), at every bound: fast enough to run once per mutant of validate.ts.
// test/lists/row-validation.test.ts pins the same rules through POST /api/lists/{id}/data.

const columnsOf = (fields: Record<string, unknown>[]) => parseSchema({ name: 'n', fields }).fields;
const column = (over: Record<string, unknown>) => columnsOf([{ key: 'v', label: 'V', ...over }])[0];
const local = 'a'.repeat(64);

describe('formats', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-12-31', true],
    ['2023-01-31', true],
    ['2023-02-28', true],
    ['2023-02-29', false],
    ['2023-02-30', false],
    ['2023-04-31', false],
    ['2023-13-01', false],
    ['2023-00-10', false],
    ['2023-01-00', false],
    ['2024-1-01', false],
    ['+002024-01-01', false],
    ['x2024-01-01', false],
    ['2024-01-01x', false],
    ['2024-01-01T00:00:00Z', false],
    ['01/02/2024', false],
  ])('date %s → %s', (value, ok) => expect(isValidDate(value)).toBe(ok));

  it.each([
    ['2024-01-01T10:00Z', true],
    ['2024-01-01T10:00:00Z', true],
    ['2024-01-01T10:00:00.123456789+05:30', true],
    ['2024-02-29T23:59:59-08:00', true],
    ['2024-01-01', false],
    ['2024-01-01 10:00:00Z', false],
    ['2024-01-01T10:00:00', false],
    ['2024-01-01T10:00:00+0100', false],
    ['2024-01-01T10:00:00.1234567890Z', false],
    ['2024-01-01T10:00:00.Z', false],
    ['2024-02-30T10:00:00Z', false],
    ['2023-02-29T10:00:00Z', false],
    ['2024-01-01T25:00:00Z', false],
    ['2024-01-01T10:60:00Z', false],
    ['Mon, 01 Jan 2024 10:00:00 GMT', false],
    [' 2024-01-01T10:00:00Z', false],
    ['x2024-01-01T10:00:00Z', false],
    ['2024-01-01T10:00:00Zx', false],
  ])('datetime %s → %s', (value, ok) => expect(isValidDateTime(value)).toBe(ok));

  it.each([
    ['http://example.com', true],
    ['HTTPS://Example.com/x?y=1#z', true],
    ['https://example.com/a', true],
    ['ftp://example.com/file', false],
    ['javascript:alert(1)', false],
    ['mailto:ada@example.org', false],
    ['file:///etc/passwd', false],
    ['http://', false],
    ['http:', false],
    ['example.com', false],
    ['https://example.com/a b', false],
    [' https://example.com', false],
    ['https://example.com\t', false],
    ['https://example.com\n/x', false],
  ])('url %j → %s', (value, ok) => expect(isValidUrl(value)).toBe(ok));
});

type Case = [what: string, over: Record<string, unknown>, value: unknown, errors: string[]];

describe('one value of a column', () => {
  const cases: Case[] = [
    // Strings: the type check, then the cell bound before any format check.
    ['text not a string', { type: 'text' }, 12345, ['V must be a string']],
    ['textarea not a string', { type: 'textarea' }, ['a'], ['V must be a string']],
    ['tel not a string', { type: 'tel' }, 5, ['V must be a string']],
    ['email not a string', { type: 'email' }, 5, ['V must be a string']],
    ['url not a string', { type: 'url' }, 5, ['V must be a string']],
    ['a cell of exactly the bound', { type: 'textarea' }, 'x'.repeat(MAX_CELL_CHARS), []],
    ['a cell over the bound', { type: 'textarea' }, 'x'.repeat(MAX_CELL_CHARS + 1), ['V must be at most 100000 characters']],
    ['an e-mail cell over the bound: one message', { type: 'email' }, 'x'.repeat(MAX_CELL_CHARS + 1), ['V must be at most 100000 characters']],
    // E-mail.
    ['email', { type: 'email' }, 'ada@example.org', []],
    ['email leading space', { type: 'email' }, ' ada@example.org', ['V must be a valid email address']],
    ['email trailing space', { type: 'email' }, 'ada@example.org ', ['V must be a valid email address']],
    ['email without a dotted domain', { type: 'email' }, 'ada@example', ['V must be a valid email address']],
    ['email of 254 characters', { type: 'email' }, `${local}@${'b'.repeat(185)}.com`, []],
    ['email of 255 characters', { type: 'email' }, `${local}@${'b'.repeat(186)}.com`, ['V must be a valid email address']],
    ['email pattern', { type: 'email', validation: { pattern: '@example\\.org$' } }, 'ada@example.net', ['V format is invalid']],
    ['email pattern met', { type: 'email', validation: { pattern: '@example\\.org$' } }, 'ada@example.org', []],
    // URL: its own format check; a pattern does not apply to it.
    ['url', { type: 'url' }, 'https://example.org', []],
    ['url ftp', { type: 'url' }, 'ftp://example.org', ['V must be a valid URL']],
    ['url ignores a pattern', { type: 'url', validation: { pattern: '^never$' } }, 'https://example.org', []],
    ['url is not text: no length rules', { type: 'url', validation: { minLength: 50 } }, 'https://example.org', []],
    // Text lengths in characters (an emoji is one), both bounds inclusive.
    ['minLength met exactly', { type: 'text', validation: { minLength: 3 } }, 'abc', []],
    ['minLength in emoji', { type: 'text', validation: { minLength: 3 } }, '😀😀😀', []],
    ['under minLength', { type: 'text', validation: { minLength: 3 } }, 'ab', ['V must be at least 3 characters']],
    ['under minLength in emoji', { type: 'text', validation: { minLength: 3 } }, '😀😀', ['V must be at least 3 characters']],
    ['maxLength met exactly', { type: 'textarea', validation: { maxLength: 5 } }, 'abcde', []],
    ['maxLength in emoji', { type: 'textarea', validation: { maxLength: 5 } }, '😀😀😀😀😀', []],
    ['over maxLength', { type: 'textarea', validation: { maxLength: 5 } }, 'abcdef', ['V must be at most 5 characters']],
    ['maxLength 0', { type: 'text', validation: { maxLength: 0 } }, 'a', ['V must be at most 0 characters']],
    ['both lengths broken cannot happen; both reported in order', { type: 'text', validation: { minLength: 3, pattern: '^z' } }, 'ab', ['V must be at least 3 characters', 'V format is invalid']],
    // Pattern: found anywhere unless anchored; tel honours it; minLength is not a tel rule.
    ['pattern found inside', { type: 'text', validation: { pattern: 'b' } }, 'abc', []],
    ['pattern missed', { type: 'text', validation: { pattern: 'z' } }, 'abc', ['V format is invalid']],
    ['tel pattern', { type: 'tel', validation: { pattern: '^\\+?[0-9 ]+$', minLength: 50 } }, '+1 555 0100', []],
    ['tel pattern missed', { type: 'tel', validation: { pattern: '^\\+?[0-9 ]+$' } }, 'call me', ['V format is invalid']],
    ['tel free text', { type: 'tel' }, 'call me', []],
    // Numbers: JSON numbers, finite, min and max inclusive.
    ['number', { type: 'number' }, 0, []],
    ['number as a string', { type: 'number' }, '5', ['V must be a number']],
    ['number true', { type: 'number' }, true, ['V must be a number']],
    ['number infinite', { type: 'number' }, Infinity, ['V must be a number']],
    ['number NaN', { type: 'number' }, NaN, ['V must be a number']],
    ['number at min', { type: 'number', validation: { min: 1, max: 10 } }, 1, []],
    ['number at max', { type: 'number', validation: { min: 1, max: 10 } }, 10, []],
    ['number under min', { type: 'number', validation: { min: 1, max: 10 } }, 0.5, ['V must be at least 1']],
    ['number over max', { type: 'number', validation: { min: 1, max: 10 } }, 10.5, ['V must be at most 10']],
    ['number max alone', { type: 'number', validation: { max: 0 } }, 1, ['V must be at most 0']],
    ['number min alone', { type: 'number', validation: { min: 0 } }, -1, ['V must be at least 0']],
    ['a string bound bounds nothing', { type: 'number', validation: { min: '5', max: '1' } }, 3, []],
    // Booleans.
    ['boolean true', { type: 'boolean' }, true, []],
    ['boolean false', { type: 'boolean' }, false, []],
    ['boolean as a string', { type: 'boolean' }, 'true', ['V must be true or false']],
    ['boolean as 1', { type: 'boolean' }, 1, ['V must be true or false']],
    // Dates: inclusive bounds; messages name the bound as written.
    ['date at min', { type: 'date', validation: { min: '2024-01-01', max: '2024-12-31' } }, '2024-01-01', []],
    ['date at max', { type: 'date', validation: { min: '2024-01-01', max: '2024-12-31' } }, '2024-12-31', []],
    ['date before min', { type: 'date', validation: { min: '2024-01-01', max: '2024-12-31' } }, '2023-12-31', ['V must be after 2024-01-01']],
    ['date after max', { type: 'date', validation: { min: '2024-01-01', max: '2024-12-31' } }, '2025-01-01', ['V must be before 2024-12-31']],
    ['date impossible', { type: 'date' }, '2023-02-30', ['V must be a date (YYYY-MM-DD)']],
    ['date not a string', { type: 'date' }, 20240101, ['V must be a date (YYYY-MM-DD)']],
    ['date given a datetime', { type: 'date' }, '2024-01-01T00:00:00Z', ['V must be a date (YYYY-MM-DD)']],
    ['date given an array that reads as one', { type: 'date' }, ['2024-01-01'], ['V must be a date (YYYY-MM-DD)']],
    ['datetime given an array that reads as one', { type: 'datetime' }, ['2024-01-01T00:00:00Z'], ['V must be an ISO 8601 date and time']],
    ['a numeric date bound bounds nothing', { type: 'date', validation: { min: 5 } }, '1970-01-02', []],
    ['an unparsable date bound bounds nothing', { type: 'date', validation: { max: 'not a date' } }, '2999-01-01', []],
    // Datetimes: bounds are instants.
    ['datetime at min', { type: 'datetime', validation: { min: '2024-01-01T00:00:00Z' } }, '2024-01-01T00:00:00Z', []],
    ['datetime at min in another zone', { type: 'datetime', validation: { min: '2024-01-01T00:00:00Z' } }, '2024-01-01T01:00:00+01:00', []],
    ['datetime before min', { type: 'datetime', validation: { min: '2024-01-01T00:00:00Z' } }, '2023-12-31T23:59:59.999Z', ['V must be after 2024-01-01T00:00:00Z']],
    ['datetime at max', { type: 'datetime', validation: { max: '2024-12-31T23:59:59Z' } }, '2024-12-31T23:59:59Z', []],
    ['datetime after max', { type: 'datetime', validation: { max: '2024-12-31T23:59:59Z' } }, '2025-01-01T00:00:00Z', ['V must be before 2024-12-31T23:59:59Z']],
    ['datetime given a date', { type: 'datetime' }, '2024-01-01', ['V must be an ISO 8601 date and time']],
    ['datetime not a string', { type: 'datetime' }, 0, ['V must be an ISO 8601 date and time']],
    // Options: the spec's `<label> must be one of: ...`, naming what is not.
    ['select', { type: 'select', options: ['a', 'b'] }, 'b', []],
    ['select outside', { type: 'select', options: ['a', 'b'] }, 'c', ['V must be one of: a, b ("c" is not)']],
    ['select not a string', { type: 'select', options: ['1'] }, 1, ['V must be one of: 1 (1 is not)']],
    ['priority default options', { type: 'priority' }, 'urgent', []],
    ['priority outside', { type: 'priority' }, 'asap', ['V must be one of: low, medium, high, urgent ("asap" is not)']],
    ['multiselect', { type: 'multiselect', options: ['a', 'b'] }, ['b', 'a'], []],
    ['multiselect outside', { type: 'multiselect', options: ['a', 'b'] }, ['a', 'c', 'd'], ['V must be one of: a, b ("c", "d" are not)']],
    ['multiselect non-string member', { type: 'multiselect', options: ['1'] }, ['1', 1], ['V must be one of: 1 (1 is not)']],
    ['multiselect not an array', { type: 'multiselect', options: ['a'] }, 'a', ['V must be one of: a ("a" is not)']],
    [
      'multiselect: at most five named',
      { type: 'multiselect', options: ['a'] },
      ['1', '2', '3', '4', '5', '6'],
      ['V must be one of: a ("1", "2", "3", "4", "5", ... are not)'],
    ],
    ['multiselect: exactly five named', { type: 'multiselect', options: ['a'] }, ['1', '2', '3', '4', '5'], ['V must be one of: a ("1", "2", "3", "4", "5" are not)']],
    ['a long value is cut short', { type: 'select', options: ['a'] }, 'x'.repeat(80), [`V must be one of: a ("${'x'.repeat(56)}... is not)`]],
    ['a value of 60 quoted characters is whole', { type: 'select', options: ['a'] }, 'x'.repeat(58), [`V must be one of: a ("${'x'.repeat(58)}" is not)`]],
  ];
  it.each(cases)('%s', (_what, over, value, errors) => {
    expect(valueErrors(column(over), value)).toEqual(errors);
  });

  it("a note fits a multiselect's message to its input's form; other types take none", () => {
    const [tags, mood] = columnsOf([
      { key: 'tags', type: 'multiselect', label: 'Tags', options: ['a'] },
      { key: 'mood', type: 'select', label: 'Mood', options: ['a'] },
    ]);
    const check = rowValidator([tags, mood], { multiselect: 'a CSV cell separates values with ;' });
    expect(check({ tags: ['b'], mood: 'b' }, true).errors).toEqual([
      'Tags must be one of: a ("b" is not; a CSV cell separates values with ;)',
      'Mood must be one of: a ("b" is not)',
    ]);
  });
});

describe('a whole row', () => {
  const fields = [
    { key: 'title', type: 'text', label: 'Title', required: true },
    { key: 'mood', type: 'select', label: 'Mood', options: ['calm', 'busy'], defaultValue: 'calm' },
    { key: 'note', type: 'textarea', label: 'Note' },
    { key: 'tags', type: 'multiselect', label: 'Tags', options: ['a'] },
    { key: 'toString', type: 'text', label: 'Inherited' },
  ];
  const columns = columnsOf(fields);

  it('keys that are not columns are refused, each named', () => {
    expect(validateRow(columns, { title: 'x', nope: 1, other: 2 }, true).errors).toEqual(['nope is not a column of this list', 'other is not a column of this list']);
  });

  it('a required column needs a non-empty value, on add and on edit', () => {
    for (const isNew of [true, false]) {
      expect(validateRow(columns, {}, isNew).errors).toEqual(['Title is required']);
      expect(validateRow(columns, { title: '' }, isNew).errors).toEqual(['Title is required']);
      expect(validateRow(columns, { title: null }, isNew).errors).toEqual(['Title is required']);
      expect(validateRow(columns, { title: 'x' }, isNew).errors).toEqual([]);
    }
    const list = columnsOf([{ key: 'tags', type: 'multiselect', label: 'Tags', options: ['a'], required: true }]);
    expect(validateRow(list, { tags: [] }, true).errors).toEqual(['Tags is required']);
  });

  it('"" and [] are stored as null; a left-out column stays out; defaults fill a new row only', () => {
    expect(validateRow(columns, { title: 'x', note: '', tags: [] }, true)).toEqual({ data: { title: 'x', mood: 'calm', note: null, tags: null }, errors: [] });
    // A column left out of an edit is not in the data at all (not even as undefined): the row keeps its value.
    expect(Object.keys(validateRow(columns, { title: 'x' }, false).data)).toEqual(['title']);
    expect(Object.keys(validateRow(columns, { title: 'x' }, true).data)).toEqual(['title', 'mood']);
    expect(validateRow(columns, { title: 'x', mood: null }, true).data).toEqual({ title: 'x', mood: null });
    expect(validateRow(columns, { title: 'x', mood: 'busy' }, true).data).toEqual({ title: 'x', mood: 'busy' });
  });

  it('a default is checked like a sent value', () => {
    const list = columnsOf([{ key: 'n', type: 'number', label: 'N', defaultValue: 'five' }]);
    expect(validateRow(list, {}, true).errors).toEqual(['N must be a number']);
    expect(validateRow(list, {}, false).errors).toEqual([]);
  });

  it('a column named like an Object.prototype member reads only what was sent', () => {
    expect(validateRow(columns, { title: 'x' }, false).data.toString).toBeUndefined();
    expect(validateRow(columns, { title: 'x', toString: 'mine' }, false).data.toString).toBe('mine');
  });

  it('every failing rule is reported, in column order', () => {
    const list = columnsOf([
      { key: 'site', type: 'url', label: 'Site' },
      { key: 'n', type: 'number', label: 'N', validation: { min: 1 } },
      { key: 'word', type: 'text', label: 'Word', required: true },
    ]);
    expect(validateRow(list, { n: 0, site: 'ftp://x.org' }, true).errors).toEqual(['Site must be a valid URL', 'N must be at least 1', 'Word is required']);
  });

  it('a required column hidden by its condition is not enforced until visible', () => {
    const list = columnsOf([
      { key: 'kind', type: 'select', label: 'Kind', options: ['book', 'film'] },
      { key: 'isbn', type: 'text', label: 'ISBN', required: true, visibility: { condition: { field: 'kind', operator: 'equals', value: 'book' } } },
    ]);
    expect(validateRow(list, { kind: 'film' }, true).errors).toEqual([]);
    expect(validateRow(list, {}, true).errors).toEqual([]);
    expect(validateRow(list, { kind: 'book' }, true).errors).toEqual(['ISBN is required']);
    // A hidden column's value is still checked when sent.
    expect(validateRow(list, { kind: 'film', isbn: 5 }, true).errors).toEqual(['ISBN must be a string']);
  });
});
