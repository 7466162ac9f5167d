import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Each row carries the list's rows_version of its last write (`stamp`; null while the writing
// transaction has not yet bumped the list), so that a cached row order of an older version is
// brought up to date from the rows written since (an index range on (list_id, stamp)) instead of
// being computed again over every row. Rows older than this migration count as written at 0.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('list_rows').addColumn('stamp', 'integer').execute();
  await sql`update list_rows set stamp = 0`.execute(db);
  await db.schema.createIndex('list_rows_list_stamp_idx').on('list_rows').columns(['list_id', 'stamp']).execute();
}
