import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { escapeLike } from '../../db/dialect.js';
import { badRequest } from '../../http/errors.js';
import { OPERATORS, TEXT_LIKE_TYPES, type Operator } from './dsl.js';
import { encodeMulti, type StoredColumn, type Tx } from './store.js';
import { isValidDate, isValidDateTime } from './validate.js';

// Paged row reads with sort, filter and q (CONTRACT.md, Lists additions). Every condition is an
// EXISTS over the indexed value table; only non-empty cells are stored there, so isEmpty is
// NOT EXISTS. Sorting joins the sort column's values; empty cells come last either way.

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

/** The value a condition compares with, in the column's indexed form. */
function operand(column: StoredColumn, value: unknown): { kind: 'num' | 'text'; v: number | string } {
  const bad = () => badRequest(`Filter value for ${column.key} is not valid for a ${column.type} column`);
  switch (column.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw bad();
      return { kind: 'num', v: n };
    }
    case 'boolean':
      if (value === true || value === 'true') return { kind: 'num', v: 1 };
      if (value === false || value === 'false') return { kind: 'num', v: 0 };
      throw bad();
    case 'date':
      if (typeof value !== 'string' || !isValidDate(value)) throw bad();
      return { kind: 'num', v: Date.parse(`${value}T00:00:00Z`) };
    case 'datetime':
      if (typeof value !== 'string' || !(isValidDateTime(value) || isValidDate(value))) throw bad();
      return { kind: 'num', v: Date.parse(isValidDate(value) ? `${value}T00:00:00Z` : value) };
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw bad();
      return { kind: 'text', v: String(value) };
  }
}

const COMPARE: Partial<Record<Operator, string>> = {
  greaterThan: '>',
  lessThan: '<',
  greaterThanOrEqual: '>=',
  lessThanOrEqual: '<=',
};

function valueExists(column: StoredColumn, predicate: RawBuilder<unknown> | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from list_row_values v where v.row_id = r.id and v.property_id = ${column.propertyId}${
    predicate ? sql` and ${predicate}` : sql``
  })`;
}

function equalsPredicate(column: StoredColumn, value: unknown): RawBuilder<unknown> {
  if (column.type === 'multiselect') {
    if (Array.isArray(value)) {
      if (!value.every((x) => typeof x === 'string')) throw badRequest(`Filter value for ${column.key} is not valid for a multiselect column`);
      return sql`v.v_text = ${encodeMulti(value as string[])}`;
    }
    return containsPredicate(column, value);
  }
  const o = operand(column, value);
  return o.kind === 'num' ? sql`v.v_num = ${o.v}` : sql`v.v_text = ${o.v}`;
}

function containsPredicate(column: StoredColumn, value: unknown): RawBuilder<unknown> {
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`Filter value for ${column.key} must be text`);
  if (column.type === 'multiselect') {
    return sql`v.v_text like ${`%${escapeLike(encodeMulti([String(value)]))}%`} escape '\\'`;
  }
  if (NUMERIC.has(column.type)) throw badRequest(`Operator contains does not apply to the ${column.type} column ${column.key}`);
  return sql`lower(v.v_text) like ${`%${escapeLike(String(value).toLowerCase())}%`} escape '\\'`;
}

export function conditionSql(column: StoredColumn, c: FilterCondition): RawBuilder<SqlBool> {
  switch (c.operator) {
    case 'isEmpty':
      return sql<SqlBool>`not ${valueExists(column, null)}`;
    case 'isNotEmpty':
      return valueExists(column, null);
    case 'equals':
      return valueExists(column, equalsPredicate(column, c.value));
    case 'notEquals':
      return sql<SqlBool>`not ${valueExists(column, equalsPredicate(column, c.value))}`;
    case 'contains':
      return valueExists(column, containsPredicate(column, c.value));
    case 'notContains':
      return sql<SqlBool>`not ${valueExists(column, containsPredicate(column, c.value))}`;
    default: {
      if (column.type === 'boolean' || column.type === 'multiselect') {
        throw badRequest(`Operator ${c.operator} does not apply to the ${column.type} column ${column.key}`);
      }
      const op = sql.raw(COMPARE[c.operator]!);
      const o = operand(column, c.value);
      // Written on an expression so the planner looks the cell up by (row_id, property_id)
      // instead of range-scanning the value index once per row (SQLite did, at 100,000 rows).
      return valueExists(column, o.kind === 'num' ? sql`v.v_num + 0 ${op} ${o.v}` : sql`v.v_text || '' ${op} ${o.v}`);
    }
  }
}

function resolveColumn(columns: readonly StoredColumn[], key: string): StoredColumn {
  const c = columns.find((x) => x.key === key);
  if (!c) throw badRequest(`Unknown column "${key}"`);
  return c;
}

/** The where-clause parts of a row query (list, live, filters, q). */
export function rowConditions(listId: string, columns: readonly StoredColumn[], query: Pick<RowQuery, 'filter' | 'q'>): RawBuilder<SqlBool>[] {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`r.list_id = ${listId}`, sql<SqlBool>`r.deleted_at is null`];
  for (const c of query.filter ?? []) parts.push(conditionSql(resolveColumn(columns, c.field), c));
  const q = query.q?.trim();
  if (q) {
    const ids = columns.filter((c) => TEXT_LIKE_TYPES.includes(c.type)).map((c) => c.propertyId);
    if (ids.length === 0) {
      parts.push(sql<SqlBool>`1 = 0`);
    } else {
      const pattern = `%${escapeLike(q.toLowerCase())}%`;
      parts.push(
        sql<SqlBool>`exists (select 1 from list_row_values v where v.row_id = r.id and v.property_id in (${sql.join(ids)}) and lower(v.v_text) like ${pattern} escape '\\')`,
      );
    }
  }
  return parts;
}

export interface RowPage {
  rows: { id: string; data: string; created_at: string; updated_at: string }[];
  total: number;
}

/** One page of live rows and the total matching. */
export async function queryRows(db: Tx, listId: string, columns: readonly StoredColumn[], query: RowQuery): Promise<RowPage> {
  const where = sql.join(rowConditions(listId, columns, query), sql` and `);
  let sortKey = query.sort?.trim() || 'createdAt';
  const desc = sortKey.startsWith('-');
  if (desc) sortKey = sortKey.slice(1);
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const column = columns.find((c) => c.key === sortKey);
  const count = async () => Number((await sql<{ n: number | string }>`select count(*) as n from list_rows r where ${where}`.execute(db)).rows[0]?.n ?? 0);
  type Page = RowPage['rows'];

  if (!column) {
    if (sortKey !== 'createdAt' && sortKey !== 'updatedAt') throw badRequest(`Unknown sort column "${sortKey}"`);
    const col = sql.raw(sortKey === 'createdAt' ? 'r.created_at' : 'r.updated_at');
    const [page, total] = await Promise.all([
      sql<Page[number]>`select r.id, r.data, r.created_at, r.updated_at from list_rows r where ${where} order by ${col} ${dir}, r.id ${dir} limit ${query.limit} offset ${query.offset}`.execute(db),
      count(),
    ]);
    return { rows: page.rows, total };
  }

  // Sorted by a column: the rows holding a value come in the order of the value index
  // (property_id, value, row_id), so a page reads about `limit` index entries instead of sorting
  // every row; the rows without a value follow, oldest (or newest) first.
  const v = sql.raw(NUMERIC.has(column.type) || column.type === 'priority' ? 's.v_num' : 's.v_text');
  const [valued, total] = await Promise.all([
    sql<Page[number]>`select r.id, r.data, r.created_at, r.updated_at from list_row_values s join list_rows r on r.id = s.row_id where s.property_id = ${column.propertyId} and ${where} order by ${v} ${dir}, s.row_id ${dir} limit ${query.limit} offset ${query.offset}`.execute(
      db,
    ),
    count(),
  ]);
  const rows = valued.rows;
  if (rows.length < query.limit) {
    const withValue = Number(
      (
        await sql<{ n: number | string }>`select count(*) as n from list_row_values s join list_rows r on r.id = s.row_id where s.property_id = ${column.propertyId} and ${where}`.execute(db)
      ).rows[0]?.n ?? 0,
    );
    const offset = Math.max(0, query.offset - withValue);
    const rest = await sql<Page[number]>`select r.id, r.data, r.created_at, r.updated_at from list_rows r where ${where} and not exists (select 1 from list_row_values s where s.row_id = r.id and s.property_id = ${column.propertyId}) order by r.created_at ${dir}, r.id ${dir} limit ${query.limit - rows.length} offset ${offset}`.execute(
      db,
    );
    rows.push(...rest.rows);
  }
  return { rows, total };
}
