import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The housekeeping job removes list rows whose 30 days in the trash are over, across all lists:
// an index that starts with deleted_at keeps that an index range, not a scan of every row.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema.createIndex('list_rows_deleted_idx').on('list_rows').column('deleted_at').execute();
}
