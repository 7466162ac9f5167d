import { badRequest } from '../../http/errors.js';
import { OPERATORS, type Operator } from './dsl.js';

// Row filters as clients send them (the `filter` query parameter, a saved view's `filter`): a
// list of conditions that must all hold. Turned into SQL by queries/row-filters.ts.

export interface FilterCondition {
  field: string;
  operator: Operator;
  value?: unknown;
}

const MAX_FILTERS = 20;

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
