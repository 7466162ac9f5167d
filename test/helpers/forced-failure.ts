import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/types.js';
import { ENGINE } from './app.js';

// A write that fails on purpose, on both engines: a trigger that aborts the statements of one
// table that match a condition (an SQL expression over `new`). The transaction holding such a
// statement rolls back, as it would after a crash or a database error at that point.

/** Makes `event`s on `table` fail with "simulated crash" when `condition` holds (at most one such trigger per table). */
export async function failWrites(db: Kysely<Database>, table: string, condition: string, event: 'insert' | 'update' = 'insert'): Promise<void> {
  if (ENGINE === 'postgres') {
    await sql.raw(`create or replace function simulated_crash() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`).execute(db);
    await sql.raw(`create trigger simulated_crash before ${event} on ${table} for each row when (${condition}) execute function simulated_crash()`).execute(db);
  } else {
    await sql.raw(`create trigger simulated_crash before ${event} on ${table} when ${condition} begin select raise(abort, 'simulated crash'); end`).execute(db);
  }
}

/** Removes the failing trigger from each of `tables`. */
export async function stopFailingWrites(db: Kysely<Database>, tables: readonly string[]): Promise<void> {
  if (ENGINE === 'postgres') {
    for (const table of tables) await sql.raw(`drop trigger if exists simulated_crash on ${table}`).execute(db);
  } else {
    await sql.raw('drop trigger if exists simulated_crash').execute(db);
  }
}
