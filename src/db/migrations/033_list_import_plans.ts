import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The plan of a CSV import's writes, kept from the end of its checking pass until it ends, so a
// run that died mid-write is resumed exactly: which lines the checks refused, the id its rows are
// numbered from, and each upserted row's id and data before the import. It is small (the rows'
// data is read again from the file, kept beside it in list_import_data), so it has a table of its
// own: on SQLite an UPDATE rewrites the whole record, and the file's record is megabytes.
// It goes with its import.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('list_import_plans')
    .addColumn('import_id', 'text', (c) => c.primaryKey().references('list_imports.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .execute();
}
