import { describe, expect, it } from 'vitest';
import { cellText, fromDraft, inDisplayOrder, optionsOf, toDraft, toLocalInput } from '../../web/src/lists/cells.js';
import { folderTree, indented } from '../../web/src/lists/folders.js';
import { moveFor, pageCount } from '../../web/src/lists/grid-keys.js';
import { rowErrors } from '../../web/src/lists/row-errors.js';
import { ariaSort, condition, nextSort, pageParams, EMPTY_QUERY } from '../../web/src/lists/row-query.js';
import { fromColumn, keyFromLabel, newColumnDraft, RULES, toDefinition, toSchema, withLabel, type ColumnDraft } from '../../web/src/lists/schema-draft.js';
import { parseSchema } from '../../src/features/lists/dsl.js';

// The lists screens' own logic (web/src/lists/): values between inputs and the API, the API's row
// errors placed by column, the schema editor's drafts as the spec's DSL (checked by the service's
// own parser), the grid's keys and pages, the row queries, the folder tree.

const column = (type: any, over: Record<string, unknown> = {}) => ({
  key: 'k',
  label: 'K',
  type,
  options: null,
  required: false,
  unique: false,
  visible: true,
  displayOrder: 0,
  defaultValue: null,
  helpText: null,
  placeholder: null,
  propertyId: 'p1',
  validation: null,
  visibility: null,
  ...over,
}) as any;

describe('cells: drafts and values by type', () => {
  it('types what was typed as the column stores it, and leaves what it cannot convert for the API to refuse', () => {
    expect(fromDraft(column('number'), ' 42 ')).toBe(42);
    expect(fromDraft(column('number'), '1e3')).toBe(1000);
    expect(fromDraft(column('number'), 'twelve')).toBe('twelve');
    expect(fromDraft(column('number'), '')).toBe(null);
    expect(fromDraft(column('boolean'), 'true')).toBe(true);
    expect(fromDraft(column('boolean'), 'false')).toBe(false);
    expect(fromDraft(column('boolean'), '')).toBe(null);
    expect(fromDraft(column('text'), '  padded  ')).toBe('padded');
    expect(fromDraft(column('textarea'), '  two\nlines ')).toBe('  two\nlines ');
    expect(fromDraft(column('multiselect'), ['a', 'b'])).toEqual(['a', 'b']);
    expect(fromDraft(column('multiselect'), [])).toBe(null);
    expect(fromDraft(column('date'), '2026-03-01')).toBe('2026-03-01');
    expect(fromDraft(column('datetime'), 'soon')).toBe('soon');
  });

  it('a datetime-local value (local time) goes as ISO 8601 and comes back the same', () => {
    const iso = fromDraft(column('datetime'), '2026-02-03T09:30') as string;
    expect(iso).toBe(new Date('2026-02-03T09:30').toISOString());
    expect(toDraft(column('datetime'), iso)).toBe('2026-02-03T09:30');
    expect(toLocalInput('not a date')).toBe(null);
  });

  it('shows stored values as text, and starts editors from them', () => {
    expect(cellText(column('boolean'), true)).toBe('Yes');
    expect(cellText(column('boolean'), false)).toBe('No');
    expect(cellText(column('multiselect'), ['red', 'green'])).toBe('red, green');
    expect(cellText(column('number'), 0)).toBe('0');
    expect(cellText(column('text'), null)).toBe('');
    expect(toDraft(column('boolean'), false)).toBe('false');
    expect(toDraft(column('multiselect'), null)).toEqual([]);
    expect(toDraft(column('number'), 7)).toBe('7');
  });

  it('offers the options of select, multiselect and priority (the four default priorities when none)', () => {
    expect(optionsOf(column('priority'))).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(optionsOf(column('select', { options: ['a'] }))).toEqual(['a']);
    expect(optionsOf(column('text'))).toBe(null);
    expect(inDisplayOrder([{ displayOrder: 2, k: 'b' }, { displayOrder: 1, k: 'a' }, { displayOrder: 2, k: 'c' }]).map((c) => c.k)).toEqual(['a', 'b', 'c']);
  });
});

describe('rowErrors: the API’s messages beside their cells', () => {
  const columns = [
    { key: 'name', label: 'Name' },
    { key: 'name2', label: 'Name 2' },
    { key: 'pts', label: 'Points' },
  ];
  it('puts each message with the column whose label starts it, the longest label first', () => {
    const body = { error: 'Name is required', code: 'validation_failed', errors: ['Name is required', 'Name 2 must be at most 3 characters', 'Points must be at most 100', 'Something else'] };
    expect(rowErrors(body, columns)).toEqual({
      byColumn: { name: ['Name is required'], name2: ['Name 2 must be at most 3 characters'], pts: ['Points must be at most 100'] },
      row: ['Something else'],
    });
  });
  it('a body without `errors` gives its `error`; a label must be followed by a space', () => {
    expect(rowErrors({ error: 'Names must be unique' }, columns)).toEqual({ byColumn: {}, row: ['Names must be unique'] });
    expect(rowErrors({ error: 'Name must be unique', code: 'unique_violation' }, columns).byColumn).toEqual({ name: ['Name must be unique'] });
    expect(rowErrors(undefined, columns)).toEqual({ byColumn: {}, row: [] });
  });
});

describe('schema drafts as the DSL', () => {
  const draft = (label: string, type: any, over: Partial<ColumnDraft> = {}) => ({ ...withLabel(newColumnDraft(type), label), ...over });

  it('derives keys from labels until the key is typed', () => {
    expect(keyFromLabel('Due date')).toBe('due_date');
    expect(keyFromLabel('Café crème!')).toBe('cafe_creme');
    expect(keyFromLabel('2nd try')).toBe('c_2nd_try');
    expect(keyFromLabel('!!!')).toBe('');
    const typed = { ...withLabel(newColumnDraft(), 'Title'), key: 'headline', keyTouched: true };
    expect(withLabel(typed, 'New title').key).toBe('headline');
  });

  it('keeps only the rules a type takes, typed as the service reads them', () => {
    const points = draft('Points', 'number', { min: '0', max: '100', step: '5', minLength: '3', pattern: 'x' });
    expect(toDefinition(points, [points], 0)).toEqual({ key: 'points', label: 'Points', type: 'number', required: false, visible: true, displayOrder: 0, validation: { min: 0, max: 100, step: 5 } });
    const due = draft('Due', 'date', { min: '2026-01-01', unique: true });
    expect(toDefinition(due, [due], 1)).toMatchObject({ unique: true, validation: { min: '2026-01-01' } });
    const tags = draft('Tags', 'multiselect', { options: 'red\n green \n\nred', unique: true, defaultValue: 'red, green' });
    expect(toDefinition(tags, [tags], 0)).toEqual({ key: 'tags', label: 'Tags', type: 'multiselect', required: false, visible: true, displayOrder: 0, options: ['red', 'green'], defaultValue: ['red', 'green'] });
    const done = draft('Done', 'boolean', { defaultValue: 'false' });
    expect(toDefinition(done, [done], 0).defaultValue).toBe(false);
    for (const type of Object.keys(RULES)) expect(RULES[type as keyof typeof RULES]).toBeDefined();
  });

  it('writes a condition with its value typed as the watched column stores it (none for isEmpty)', () => {
    const points = draft('Points', 'number');
    const bonus = draft('Bonus', 'text', { whenField: 'points', whenOperator: 'greaterThan', whenValue: '10' });
    const gone = draft('Gone', 'text', { whenField: 'points', whenOperator: 'isEmpty', whenValue: 'ignored' });
    expect(toDefinition(bonus, [points, bonus], 1).visibility).toEqual({ condition: { field: 'points', operator: 'greaterThan', value: 10 } });
    expect(toDefinition(gone, [points, gone], 1).visibility).toEqual({ condition: { field: 'points', operator: 'isEmpty' } });
  });

  it('every one of the twelve types makes a schema the service’s own parser accepts', () => {
    const drafts = [
      draft('Name', 'text', { required: true, unique: true, minLength: '2', maxLength: '80', pattern: '^[A-Z]' }),
      draft('Notes', 'textarea', { maxLength: '500', placeholder: 'Anything', helpText: 'Free text' }),
      draft('Points', 'number', { min: '0', max: '10', step: '1' }),
      draft('Done', 'boolean'),
      draft('Due', 'date', { min: '2026-01-01', max: '2026-12-31' }),
      draft('Starts', 'datetime', { min: '2026-01-01T00:00' }),
      draft('Contact', 'email', { pattern: '@example\\.com$' }),
      draft('Site', 'url', { unique: true }),
      draft('Phone', 'tel', { pattern: '^[0-9 ]+$' }),
      draft('Status', 'select', { options: 'open\nclosed', defaultValue: 'open', whenField: 'done', whenOperator: 'equals', whenValue: 'false' }),
      draft('Tags', 'multiselect', { options: 'a\nb' }),
      draft('Priority', 'priority'),
    ];
    const parsed = parseSchema(toSchema('Everything', 'All types', drafts));
    expect(parsed.fields.map((f) => f.type)).toEqual(['text', 'textarea', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'tel', 'select', 'multiselect', 'priority']);
    expect(parsed.fields[9]!.visibility).toEqual({ condition: { field: 'done', operator: 'equals', value: false } });
    expect(parsed.fields[11]!.options).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(parsed.description).toBe('All types');
  });

  it('an existing column comes back as the draft that writes it again (with its propertyId)', () => {
    const stored = column('datetime', { key: 'starts', label: 'Starts', required: true, validation: { min: '2026-01-01T00:00:00.000Z' }, visibility: { condition: { field: 'done', operator: 'isNotEmpty' } } });
    const d = fromColumn(stored);
    expect(d).toMatchObject({ propertyId: 'p1', key: 'starts', keyTouched: true, label: 'Starts', required: true, whenField: 'done', whenOperator: 'isNotEmpty' });
    expect(toDefinition(d, [d], 3)).toEqual({
      propertyId: 'p1',
      key: 'starts',
      label: 'Starts',
      type: 'datetime',
      required: true,
      visible: true,
      displayOrder: 3,
      validation: { min: '2026-01-01T00:00:00.000Z' },
      visibility: { condition: { field: 'done', operator: 'isNotEmpty' } },
    });
    const priority = fromColumn(column('priority', { options: ['low', 'medium', 'high', 'urgent'], defaultValue: 'high' }));
    expect(priority).toMatchObject({ options: 'low\nmedium\nhigh\nurgent', defaultValue: 'high' });
  });
});

describe('the grid’s keys and pages', () => {
  it('moves within the grid and stops at its edges; Page Up and Down turn pages', () => {
    const at = { row: 1, col: 1 };
    expect(moveFor('ArrowRight', false, at, 4, 5)).toEqual({ to: { row: 1, col: 2 } });
    expect(moveFor('ArrowLeft', false, { row: 1, col: 0 }, 4, 5)).toEqual({ to: { row: 1, col: 0 } });
    expect(moveFor('ArrowDown', false, { row: 3, col: 2 }, 4, 5)).toEqual({ to: { row: 3, col: 2 } });
    expect(moveFor('ArrowUp', false, at, 4, 5)).toEqual({ to: { row: 0, col: 1 } });
    expect(moveFor('Home', false, { row: 2, col: 3 }, 4, 5)).toEqual({ to: { row: 2, col: 0 } });
    expect(moveFor('End', false, { row: 2, col: 3 }, 4, 5)).toEqual({ to: { row: 2, col: 4 } });
    expect(moveFor('Home', true, { row: 2, col: 3 }, 4, 5)).toEqual({ to: { row: 0, col: 0 } });
    expect(moveFor('End', true, at, 4, 5)).toEqual({ to: { row: 3, col: 4 } });
    expect(moveFor('PageDown', false, { row: 2, col: 3 }, 4, 5)).toEqual({ page: 1, col: 3 });
    expect(moveFor('PageUp', false, { row: 2, col: 3 }, 4, 5)).toEqual({ page: -1, col: 3 });
    expect(moveFor('a', false, at, 4, 5)).toBe(null);
  });
  it('counts pages, one at least', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(100_000, 50)).toBe(2000);
    expect(pageCount(101, 50)).toBe(3);
  });
});

describe('row queries', () => {
  it('asks for one page with only the parameters in use', () => {
    expect(pageParams(EMPTY_QUERY, 0, 50)).toEqual({ limit: 50, offset: 0 });
    const filter = [{ field: 'status', operator: 'equals' as const, value: 'done' }];
    expect(pageParams({ sort: '-points', filter, q: ' ada ', view: 'v1' }, 100, 50)).toEqual({ limit: 50, offset: 100, sort: '-points', filter: JSON.stringify(filter), q: 'ada', view: 'v1' });
  });
  it('types a filter’s value by its column, and drops it for isEmpty', () => {
    expect(condition(column('number', { key: 'n' }), 'greaterThan', '5')).toEqual({ field: 'n', operator: 'greaterThan', value: 5 });
    expect(condition(column('boolean', { key: 'b' }), 'equals', 'true')).toEqual({ field: 'b', operator: 'equals', value: true });
    expect(condition(column('multiselect', { key: 'm' }), 'contains', ' red ')).toEqual({ field: 'm', operator: 'contains', value: 'red' });
    expect(condition(column('text', { key: 't' }), 'isEmpty', 'x')).toEqual({ field: 't', operator: 'isEmpty' });
  });
  it('cycles a column’s sort: ascending, descending, none', () => {
    expect(nextSort('', 'n')).toBe('n');
    expect(nextSort('n', 'n')).toBe('-n');
    expect(nextSort('-n', 'n')).toBe('');
    expect(nextSort('-m', 'n')).toBe('n');
    expect([ariaSort('n', 'n'), ariaSort('-n', 'n'), ariaSort('m', 'n')]).toEqual(['ascending', 'descending', 'none']);
  });
});

describe('folderTree', () => {
  it('orders folders as a tree by name, children under their parents; an orphan at the root', () => {
    const folders = [
      { id: 'c', name: 'Child', parentId: 'w' },
      { id: 'w', name: 'Work', parentId: null },
      { id: 'a', name: 'Archive', parentId: null },
      { id: 'g', name: 'Grandchild', parentId: 'c' },
      { id: 'o', name: 'Orphan', parentId: 'gone' },
    ];
    expect(folderTree(folders).map(({ folder, depth }) => `${depth}:${folder.name}`)).toEqual(['0:Archive', '0:Orphan', '0:Work', '1:Child', '2:Grandchild']);
    expect(indented('Child', 1)).toBe('\u00a0\u00a0└ Child');
    expect(indented('Top', 0)).toBe('Top');
  });
});
