import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Engine } from '../../db/connection.js';
import { escapeLike } from '../../db/dialect.js';
import { badRequest } from '../../http/errors.js';
import { IdList, listCaches, listVersion } from './cache.js';
import { OPERATORS, TEXT_LIKE_TYPES, type Operator } from './dsl.js';
import type { ListRecord, StoredColumn } from './store.js';
import { isValidDate, isValidDateTime } from './validate.js';

// Paged row reads with sort, filter and q. Conditions and sorts
// are SQL expressions on the row's JSON (cells.ts-style helpers below: `->`/`->>` on both
// engines); an empty cell is an absent key. A page is then cheap in one of two ways:
// - no filter and no q, sorted by createdAt: an index walk of `limit` rows, and the total a
//   count cached per rows_version;
// - otherwise: one query computes the ids of every matching row in order, cached per
//   (rows_version, schema_version, filter, q, sort) (cache.ts); the total is their number and a
//   page at any offset is a slice of it, its rows read by primary key.
export interface FilterCondition {
  field: string;
  operator: Operator;
  value?: unknown;
}

export interface RowQuery {
  limit: number;
  offset: number;
  sort?: string;
  filter?: FilterCondition[];
  q?: string;
}

export const MAX_FILTERS = 20;

/** Parses the `filter` query parameter: a JSON array of { field, operator, value }. */
export function parseFilter(text: string | undefined): FilterCondition[] {
  if (text === undefined || text === '') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest('filter must be a JSON array of { field, operator, value } conditions');
  }
  return checkFilter(raw);
}

export function checkFilter(raw: unknown): FilterCondition[] {
  if (!Array.isArray(raw)) throw badRequest('filter must be a JSON array of { field, operator, value } conditions');
  if (raw.length > MAX_FILTERS) throw badRequest(`filter may hold at most ${MAX_FILTERS} conditions`);
  return raw.map((c: unknown) => {
    if (typeof c !== 'object' || c === null || Array.isArray(c)) throw badRequest('Each filter condition must be an object { field, operator, value }');
    const { field, operator, value } = c as Record<string, unknown>;
    if (typeof field !== 'string' || field === '') throw badRequest('Each filter condition must name a field');
    if (typeof operator !== 'string' || !(OPERATORS as readonly string[]).includes(operator)) {
      throw badRequest(`Unknown filter operator "${String(operator)}". Valid operators: ${OPERATORS.join(', ')}`);
    }
    return { field, operator: operator as Operator, ...(value !== undefined ? { value } : {}) };
  });
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

export function conditionSql(cells: Cells, column: StoredColumn, c: FilterCondition): RawBuilder<SqlBool> {
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

function resolveColumn(columns: readonly StoredColumn[], key: string): StoredColumn {
  const c = columns.find((x) => x.key === key);
  if (!c) throw badRequest(`Unknown column "${key}"`);
  return c;
}

/** The where-clause parts of a row query (list, live, filters, q). */
function rowConditions(cells: Cells, listId: string, columns: readonly StoredColumn[], query: Pick<RowQuery, 'filter' | 'q'>): RawBuilder<SqlBool>[] {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`r.list_id = ${listId}`, sql<SqlBool>`r.deleted_at is null`];
  for (const c of query.filter ?? []) parts.push(conditionSql(cells, resolveColumn(columns, c.field), c));
  const q = query.q?.trim();
  if (q) {
    const searched = columns.filter((c) => TEXT_LIKE_TYPES.includes(c.type));
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    parts.push(searched.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(searched.map((c) => cells.like(c, pattern)), sql` or `)})`);
  }
  return parts;
}

export interface RowPage {
  rows: { id: string; data: string | Record<string, unknown>; created_at: string; updated_at: string }[];
  total: number;
}

/** The sort of a query: a column, or createdAt/updatedAt; 400 for anything else. */
function parseSort(columns: readonly StoredColumn[], raw: string | undefined) {
  let key = raw?.trim() || 'createdAt';
  const desc = key.startsWith('-');
  if (desc) key = key.slice(1);
  const column = columns.find((c) => c.key === key) ?? null;
  if (!column && key !== 'createdAt' && key !== 'updatedAt') throw badRequest(`Unknown sort column "${key}"`);
  return { column, byCreation: key === 'createdAt', time: sql.raw(key === 'updatedAt' ? 'r.updated_at' : 'r.created_at'), dir: sql.raw(desc ? 'desc' : 'asc'), text: `${desc ? '-' : ''}${key}` };
}

/** One page of live rows and the total matching. `list` carries the version counters read with it. */
export async function queryRows(ctx: AppContext, list: ListRecord, columns: readonly StoredColumn[], query: RowQuery): Promise<RowPage> {
  const db = ctx.db.kysely;
  const cells = new Cells(ctx.db.engine);
  const where = sql.join(rowConditions(cells, list.id, columns, query), sql` and `);
  const sort = parseSort(columns, query.sort);
  const orders = listCaches(ctx).orders;
  const version = listVersion(list);
  type Row = RowPage['rows'][number];

  if (sort.byCreation && (query.filter ?? []).length === 0 && !query.q?.trim()) {
    // The list's own order: its index gives the page; only the count is worth keeping.
    const [page, total] = await Promise.all([
      sql<Row>`select r.id, r.data, r.created_at, r.updated_at from list_rows r where ${where} order by r.created_at ${sort.dir}, r.id ${sort.dir} limit ${query.limit} offset ${query.offset}`.execute(
        db,
      ),
      liveCount(ctx, list, version),
    ]);
    return { rows: page.rows, total };
  }

  const key = JSON.stringify([sort.text, query.filter ?? [], query.q?.trim() ?? '']);
  const ids = (await orders.getOrCompute(list.id, version, key, async () => {
    // Rows holding a value first (in its order), then the empty ones in creation order; ties by creation.
    const order = sort.column ?
        sql`(${cells.sortKey(sort.column)}) is null, ${cells.sortKey(sort.column)} ${sort.dir}, r.created_at ${sort.dir}, r.id ${sort.dir}`
      : sql`${sort.time} ${sort.dir}, r.id ${sort.dir}`;
    const found = await sql<{ id: string }>`select r.id from list_rows r where ${where} order by ${order}`.execute(db);
    return IdList.of(found.rows.map((r) => r.id));
  })) as IdList;
  const pageIds = ids.slice(query.offset, query.offset + query.limit);
  if (pageIds.length === 0) return { rows: [], total: ids.length };
  const found = await db
    .selectFrom('list_rows')
    .select(['id', 'data', 'created_at', 'updated_at'])
    .where('id', 'in', pageIds)
    .where('list_id', '=', list.id)
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(found.map((r) => [r.id, r]));
  return { rows: pageIds.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined), total: ids.length };
}

/** The number of live rows, cached per rows_version. */
async function liveCount(ctx: AppContext, list: ListRecord, version: string): Promise<number> {
  return (await listCaches(ctx).orders.getOrCompute(list.id, version, 'count', async () => {
    const r = await ctx.db.kysely
      .selectFrom('list_rows')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('list_id', '=', list.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  })) as number;
}
