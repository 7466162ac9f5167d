import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from '../../../db/connection.js';
import { escapeLike } from '../../../db/dialect.js';
import { badRequest } from '../../../http/errors.js';
import { TEXT_LIKE_TYPES, type Operator } from '../dsl.js';
import type { FilterCondition } from '../filter.js';
import { uniqueKey } from '../unique-key.js';
import { isValidDate, isValidDateTime } from '../validate.js';
import type { StoredColumn } from './columns.js';

// The where clause and order by of a row query: filters, sorts and `q` are SQL expressions on
// the row's JSON (`->`/`->>` on both engines, through Cells); an empty cell is an absent key.
// A filter value or column that does not fit is a 400, raised while the SQL is built.

/** What a row query asks for, beside its page. */
export interface RowCriteria {
  sort?: string;
  filter?: FilterCondition[];
  q?: string;
}

const NUMERIC = new Set(['number', 'date', 'datetime', 'boolean']);

/** SQL for the cells of one row (alias `r`) on one engine. */
class Cells {
  constructor(readonly engine: Engine) {}

  /** The cell as JSON (null when the row has none). */
  json(c: StoredColumn): RawBuilder<unknown> {
    return this.engine === 'postgres' ? sql`(r.data -> ${c.propertyId}::text)` : sql`(r.data -> ${jsonPath(c)})`;
  }

  /** The cell as an SQL scalar: text, or a number on SQLite for numbers and booleans. */
  text(c: StoredColumn): RawBuilder<unknown> {
    return this.engine === 'postgres' ? sql`(r.data ->> ${c.propertyId}::text)` : sql`(r.data ->> ${jsonPath(c)})`;
  }

  /** The cell in the form comparisons and sorts use: numbers, booleans (0/1) and datetimes (epoch ms) as numbers; dates as YYYY-MM-DD text. */
  typed(c: StoredColumn): RawBuilder<unknown> {
    const pg = this.engine === 'postgres';
    const t = this.text(c);
    switch (c.type) {
      case 'number':
        return pg ? sql`(${t})::double precision` : t;
      case 'boolean':
        return pg ? sql`(${t})::boolean::int` : t;
      case 'datetime':
        return pg ? sql`floor(extract(epoch from (${t})::timestamptz) * 1000)` : sql`round(unixepoch(${t}, 'subsec') * 1000)`;
      default:
        return t;
    }
  }

  /** A priority cell as its place among the column's options (0 for the first; null when empty or not an option). */
  rank(c: StoredColumn): RawBuilder<unknown> {
    return sql`(case ${this.text(c)} ${sql.join(
      c.options!.map((o, i) => sql`when ${o} then ${sql.lit(i)}`),
      sql` `,
    )} end)`;
  }

  /** What a column sorts by: priorities by their place among the options, multiselects by their JSON. */
  sortKey(c: StoredColumn): RawBuilder<unknown> {
    if (c.type === 'priority') return this.rank(c);
    if (c.type === 'multiselect') return this.engine === 'postgres' ? sql`(${this.json(c)})::text` : this.json(c);
    return this.typed(c);
  }

  /** Whether the multiselect cell holds `option`. */
  holds(c: StoredColumn, option: string): RawBuilder<SqlBool> {
    return this.engine === 'postgres' ?
        sql<SqlBool>`coalesce(${this.json(c)} @> ${JSON.stringify([option])}::jsonb, false)`
      : sql<SqlBool>`exists (select 1 from json_each(r.data, ${jsonPath(c)}) e where e.value = ${option})`;
  }

  /** Whether the multiselect cell is exactly this list of options (in this order). */
  isList(c: StoredColumn, options: string[]): RawBuilder<SqlBool> {
    const j = JSON.stringify(options);
    return this.engine === 'postgres' ? sql<SqlBool>`coalesce(${this.json(c)} = ${j}::jsonb, false)` : sql<SqlBool>`coalesce(${this.json(c)} = json(${j}), false)`;
  }

  /** Whether the cell's text (any option of a multiselect) contains the LIKE pattern, case-insensitively. */
  like(c: StoredColumn, pattern: string): RawBuilder<SqlBool> {
    if (c.type !== 'multiselect') return sql<SqlBool>`coalesce(lower(${this.text(c)}) like ${pattern} escape '\\', false)`;
    return this.engine === 'postgres' ?
        sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(${this.json(c)}) e(v) where lower(e.v) like ${pattern} escape '\\')`
      : sql<SqlBool>`exists (select 1 from json_each(r.data, ${jsonPath(c)}) e where lower(e.value) like ${pattern} escape '\\')`;
  }
}

const jsonPath = (c: StoredColumn) => `$."${c.propertyId}"`;

/** The value a condition compares with, in the form of Cells.typed. */
function operand(column: StoredColumn, value: unknown): number | string {
  const bad = () => badRequest(`Filter value for ${column.key} is not valid for a ${column.type} column`);
  switch (column.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw bad();
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return 1;
      if (value === false || value === 'false') return 0;
      throw bad();
    case 'date':
      if (typeof value !== 'string' || !isValidDate(value)) throw bad();
      return value;
    case 'datetime':
      if (typeof value !== 'string' || !(isValidDateTime(value) || isValidDate(value))) throw bad();
      return Date.parse(isValidDate(value) ? `${value}T00:00:00Z` : value);
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw bad();
      return String(value);
  }
}

const COMPARE: Partial<Record<Operator, string>> = {
  greaterThan: '>',
  lessThan: '<',
  greaterThanOrEqual: '>=',
  lessThanOrEqual: '<=',
};

const not = (p: RawBuilder<SqlBool>) => sql<SqlBool>`not coalesce(${p}, false)`;

function equalsSql(cells: Cells, column: StoredColumn, value: unknown): RawBuilder<SqlBool> {
  if (column.type === 'multiselect') {
    if (Array.isArray(value)) {
      if (!value.every((x) => typeof x === 'string')) throw badRequest(`Filter value for ${column.key} is not valid for a multiselect column`);
      return cells.isList(column, value as string[]);
    }
    return containsSql(cells, column, value);
  }
  return sql<SqlBool>`${cells.typed(column)} = ${operand(column, value)}`;
}

function containsSql(cells: Cells, column: StoredColumn, value: unknown): RawBuilder<SqlBool> {
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`Filter value for ${column.key} must be text`);
  if (column.type === 'multiselect') return cells.holds(column, String(value));
  if (NUMERIC.has(column.type)) throw badRequest(`Operator contains does not apply to the ${column.type} column ${column.key}`);
  return cells.like(column, `%${escapeLike(String(value).toLowerCase())}%`);
}

function conditionSql(cells: Cells, column: StoredColumn, c: FilterCondition): RawBuilder<SqlBool> {
  switch (c.operator) {
    case 'isEmpty':
      return sql<SqlBool>`${cells.json(column)} is null`;
    case 'isNotEmpty':
      return sql<SqlBool>`${cells.json(column)} is not null`;
    case 'equals':
      return equalsSql(cells, column, c.value);
    case 'notEquals':
      // An empty cell is not equal to anything.
      return not(equalsSql(cells, column, c.value));
    case 'contains':
      return containsSql(cells, column, c.value);
    case 'notContains':
      return not(containsSql(cells, column, c.value));
    default: {
      if (column.type === 'boolean' || column.type === 'multiselect') {
        throw badRequest(`Operator ${c.operator} does not apply to the ${column.type} column ${column.key}`);
      }
      if (column.type === 'priority') {
        // Priorities compare by their place among the column's options (low < medium < high < urgent by default), not as text.
        const rank = typeof c.value === 'string' ? column.options!.indexOf(c.value) : -1;
        if (rank < 0) throw badRequest(`Filter value for ${column.key} must be one of the options: ${column.options!.join(', ')}`);
        return sql<SqlBool>`${cells.rank(column)} ${sql.raw(COMPARE[c.operator]!)} ${sql.lit(rank)}`;
      }
      return sql<SqlBool>`${cells.typed(column)} ${sql.raw(COMPARE[c.operator]!)} ${operand(column, c.value)}`;
    }
  }
}

/**
 * An `equals` on a unique column, narrowed to the row that claims the value in
 * list_unique_values (its primary key is (property, value)): the page reads one row instead of
 * evaluating the condition on every row's JSON. The condition itself still decides, so the answer
 * is the one without the index (e-mail claims are lower-cased: a superset). Datetimes are left
 * out: their claims are JavaScript's reading of the value, which SQLite rounds differently below
 * a millisecond.
 */
function uniqueClaimSql(column: StoredColumn, c: FilterCondition): RawBuilder<SqlBool> | null {
  if (c.operator !== 'equals' || !column.unique || column.type === 'datetime') return null;
  const claimed = uniqueKey(column, operand(column, c.value));
  return sql<SqlBool>`r.id in (select u.row_id from list_unique_values u where u.property_id = ${column.propertyId} and u.value = ${claimed})`;
}

function resolveColumn(columns: readonly StoredColumn[], key: string): StoredColumn {
  const c = columns.find((x) => x.key === key);
  if (!c) throw badRequest(`Unknown column "${key}"`);
  return c;
}

/** The where-clause parts of a row query (list, live, filters, q). */
function rowConditions(cells: Cells, listId: string, columns: readonly StoredColumn[], query: RowCriteria): RawBuilder<SqlBool>[] {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`r.list_id = ${listId}`, sql<SqlBool>`r.deleted_at is null`];
  for (const c of query.filter ?? []) {
    const column = resolveColumn(columns, c.field);
    parts.push(conditionSql(cells, column, c));
    const claim = uniqueClaimSql(column, c);
    if (claim) parts.push(claim);
  }
  const q = query.q?.trim();
  if (q) {
    const searched = columns.filter((c) => TEXT_LIKE_TYPES.includes(c.type));
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    parts.push(searched.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(searched.map((c) => cells.like(c, pattern)), sql` or `)})`);
  }
  return parts;
}

// Sort keys that are numbers (Cells.sortKey); dates sort as YYYY-MM-DD text.
const NUMBER_KEYS = new Set(['number', 'boolean', 'datetime', 'priority']);

/** How a sort key compares: as a number, as text (in code point order), or there is none (a sort by a time). */
export type SortKeyKind = 'number' | 'text' | 'none';

/** The sort of a query: a column, or createdAt/updatedAt; 400 for anything else. */
function parseSort(columns: readonly StoredColumn[], raw: string | undefined) {
  let key = raw?.trim() || 'createdAt';
  const desc = key.startsWith('-');
  if (desc) key = key.slice(1);
  const column = columns.find((c) => c.key === key) ?? null;
  if (!column && key !== 'createdAt' && key !== 'updatedAt') throw badRequest(`Unknown sort column "${key}"`);
  return { column, byCreation: key === 'createdAt', time: sql.raw(key === 'updatedAt' ? 'r.updated_at' : 'r.created_at'), desc, dir: sql.raw(desc ? 'desc' : 'asc'), text: `${desc ? '-' : ''}${key}` };
}

/**
 * A row query made SQL (400 for an unknown column or a value that does not fit): the conditions
 * on the list's live rows, the order, and whether that is the list's own order (by creation, no
 * filter, no q), which its index gives.
 */
export function rowSelection(engine: Engine, listId: string, columns: readonly StoredColumn[], criteria: RowCriteria) {
  const cells = new Cells(engine);
  const where = sql.join(rowConditions(cells, listId, columns, criteria), sql` and `);
  const sort = parseSort(columns, criteria.sort);
  // Rows holding a value first (in its order), then the empty ones in creation order; ties by creation.
  const order = sort.column ?
      sql`(${cells.sortKey(sort.column)}) is null, ${cells.sortKey(sort.column)} ${sort.dir}, r.created_at ${sort.dir}, r.id ${sort.dir}`
    : sql`${sort.time} ${sort.dir}, r.id ${sort.dir}`;
  const listOrder = sort.byCreation && (criteria.filter ?? []).length === 0 && !criteria.q?.trim();
  // What the order is made of, for row-pages.ts to place a row among the others without the
  // database: the column's sort key (null when sorting by a time), then a time, then the id.
  const key = sort.column ? cells.sortKey(sort.column) : sql`null`;
  const keyKind: SortKeyKind = !sort.column ? 'none' : NUMBER_KEYS.has(sort.column.type) ? 'number' : 'text';
  return { where, order, dir: sort.dir, listOrder, sortText: sort.text, key, keyKind, time: sort.column ? sql.raw('r.created_at') : sort.time, desc: sort.desc };
}

export type RowSelection = ReturnType<typeof rowSelection>;
