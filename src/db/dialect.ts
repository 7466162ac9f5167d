import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './types.js';

// The few places where SQLite and PostgreSQL differ, behind small helpers.

/** Whether this connection (or transaction) is PostgreSQL's, for code that has no Db at hand. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL. */
export function toBool(value: SqlBool | null | undefined): boolean {
  return value === true || value === 1;
}

/** Escape LIKE wildcards in user input (used with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive "contains" that works on both engines: lower(col) LIKE lower(%text%). */
export function containsInsensitive(column: Expression<string | null>, text: string): RawBuilder<SqlBool> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/** A database error that means a unique constraint was violated, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY');
}

/** PostgreSQL aborted the transaction to break a deadlock (SQLite has one writer: never). */
export function isDeadlock(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '40P01';
}

/** Parse a JSON text column; null stays null. */
export function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}
