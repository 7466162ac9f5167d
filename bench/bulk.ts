import { sql } from 'kysely';
import type { Db } from '../src/db/connection.js';

// Bulk seeding for the scale bench: many rows in one statement that reads them out of one JSON
// parameter (SQLite json_each, PostgreSQL jsonb_to_recordset), so a chunk of 10,000 rows is one
// parse, one plan and one round trip. The table's triggers run as for any insert, so what they
// keep (counts, tag uses, search index rows) stays consistent.

/** A column and its PostgreSQL type (the record's type in jsonb_to_recordset). */
export type BulkColumns = Record<string, 'text' | 'boolean' | 'integer' | 'bigint'>;

const CHUNK = 10_000;

/** Inserts `rows` (objects with the columns' keys; missing keys are null) into `table`, CHUNK a statement, in the caller's transaction. */
export async function bulkInsert(db: Pick<Db, 'engine'> & { kysely: Db['kysely'] }, table: string, columns: BulkColumns, rows: readonly Record<string, unknown>[]): Promise<void> {
  const names = Object.keys(columns);
  const list = sql.raw(names.join(', '));
  for (let at = 0; at < rows.length; at += CHUNK) {
    const json = JSON.stringify(rows.slice(at, at + CHUNK));
    if (db.engine === 'sqlite') {
      // ->> gives SQL values: JSON true/false become 1/0, as booleans are stored on SQLite.
      const values = sql.raw(names.map((n) => `value ->> '$.${n}'`).join(', '));
      await sql`insert into ${sql.raw(table)} (${list}) select ${values} from json_each(${json})`.execute(db.kysely);
    } else {
      const record = sql.raw(names.map((n) => `${n} ${columns[n]}`).join(', '));
      await sql`insert into ${sql.raw(table)} (${list}) select ${list} from jsonb_to_recordset(${json}::jsonb) as x(${record})`.execute(db.kysely);
    }
  }
}
