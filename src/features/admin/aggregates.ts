import type { TableMetadata } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { notFound } from '../../http/errors.js';
import { ADMIN_PAGE, page, pageWindow } from '../../http/pagination.js';
import { databaseTables, tablePage } from './queries.js';

// Architecture aggregates: a read-only view of the application's tables for administrators.
// A table name from the URL is only ever used after it matched an introspected table exactly,
// and Kysely quotes it as an identifier.

/** Columns whose values are secrets (hashes, idempotency keys, cached responses). */
const REDACTED_COLUMNS = new Set(['password_hash', 'token_hash', 'idem_key', 'request_hash', 'response_body']);
const REDACTED = '[redacted]';

/** The application's tables (not views, not Kysely's migration tables), by name. */
async function applicationTables(ctx: AppContext): Promise<TableMetadata[]> {
  const tables = await databaseTables(ctx.db.kysely);
  return tables
    .filter((t) => !t.isView && !t.name.startsWith('kysely_migration'))
    // PostgreSQL: the default schema only; SQLite reports no schema.
    .filter((t) => t.schema === undefined || t.schema === 'public')
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function describeSchema(ctx: AppContext) {
  const tables = await applicationTables(ctx);
  return {
    tables: tables.map((t) => ({
      name: t.name,
      columns: t.columns.map((c) => ({ name: c.name, type: c.dataType, nullable: c.isNullable })),
    })),
  };
}

function redact(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = REDACTED_COLUMNS.has(key) && value !== null ? REDACTED : value;
  return out;
}

export async function readTable(ctx: AppContext, name: string, query: { limit?: number; offset?: number }) {
  const table = (await applicationTables(ctx)).find((t) => t.name === name);
  if (!table) throw notFound(`Unknown table ${name}`, 'table_not_found');
  const { limit, offset } = pageWindow(query, ADMIN_PAGE);
  // A stable page order: the key leads every table here (id, or organization_id + user_id).
  const order = table.columns.slice(0, 2).map((c) => c.name);
  const { rows, total } = await tablePage(ctx.db.kysely, table.name, order, limit, offset);
  return {
    table: table.name,
    rows: rows.map(redact),
    pagination: page(rows, total, limit, offset),
  };
}
