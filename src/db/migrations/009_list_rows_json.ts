import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Lists: rows are filtered and sorted on their JSON (`list_rows.data`) instead of on a copy of
// every cell in `list_row_values` (which cost ten indexed rows per row written: imports ran at
// 2–5k rows/s). What stays indexed:
// - unique columns: `list_unique_values (property_id, value)` is the constraint, one row per
//   non-empty cell of a unique column of a live row (so two simultaneous adds leave one row);
// - two counters on `lists`: rows_version (every row write bumps it, in the same transaction)
//   and schema_version (every column change). Totals and row orders are cached per version, so a
//   cache entry can never be read after a write committed (features/lists/cache.ts).
// On PostgreSQL `data` becomes jsonb, so a filter reads a cell without parsing the row's text.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.alterTable('lists').addColumn('rows_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('lists').addColumn('schema_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('list_unique_values')
    .addColumn('property_id', 'text', (c) => c.notNull().references('list_properties.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull().references('list_rows.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('list_unique_values_pk', ['property_id', 'value'])
    // On SQLite the primary key is then the table itself: one b-tree less to write per value.
    .$call((t) => (engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  await db.schema.createIndex('list_unique_values_row_idx').on('list_unique_values').column('row_id').execute();
  await sql`insert into list_unique_values (property_id, value, row_id)
    select property_id, v_unique, row_id from list_row_values where v_unique is not null`.execute(db);
  await db.schema.dropTable('list_row_values').execute();

  // Only trashed rows need this index (the housekeeping job's range); live rows stay out of it.
  // Rows sorted by updatedAt are served from the cached order like any sort (query.ts), so no
  // index on it is written with every row.
  await db.schema.dropIndex('list_rows_list_updated_idx').execute();
  await db.schema.dropIndex('list_rows_deleted_idx').execute();
  await db.schema.createIndex('list_rows_deleted_idx').on('list_rows').column('deleted_at').where(sql.ref('deleted_at'), 'is not', null).execute();

  if (engine === 'postgres') {
    await sql`alter table list_rows alter column data type jsonb using data::jsonb`.execute(db);
  }
}
