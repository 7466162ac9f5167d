import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// PostgreSQL: a row's `stamp` is now the id of the transaction that last wrote it
// (pg_current_xact_id(), 64 bits with its epoch), set by the row's own INSERT (this default) or
// UPDATE (writtenStamp), so that a cached row order is patched there too
// (features/lists/row-orders.ts). Rows written before (stamped 0 by 035, or left null since)
// count as written before any order kept from now on. SQLite keeps 035's list versions.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`alter table list_rows
    alter column stamp type bigint using coalesce(stamp, 0),
    alter column stamp set default (pg_current_xact_id()::text::bigint)`.execute(db);
}
