import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Lists: folders, lists, their columns (property records), rows, the typed value index of rows,
// saved views and CSV import jobs.
//
// Row storage: each row's data is one JSON text (`list_rows.data`, keyed by property id so a
// column can be re-keyed without rewriting rows), and every non-empty cell is also written to
// `list_row_values` as a typed, indexed value (v_num for numbers, dates and booleans; v_text for
// text and the order of dates; v_unique, set only for unique columns, behind a unique index).
// Filters, sorts and `q` run on the value table with its indexes; uniqueness is a database
// constraint, so it holds under concurrent writes on both engines.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  const double = engine === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('list_folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('list_folders_user_idx').on('list_folders').columns(['user_id', 'deleted_at']).execute();

  await db.schema
    .createTable('lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_public', bool, (c) => c.notNull())
    .addColumn('folder_id', 'text', (c) => c.references('list_folders.id').onDelete('set null'))
    .addColumn('schema_name', 'text', (c) => c.notNull())
    .addColumn('schema_description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lists_user_created_idx').on('lists').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('lists_folder_idx').on('lists').column('folder_id').execute();

  await db.schema
    .createTable('list_properties')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('property_key', 'text', (c) => c.notNull())
    .addColumn('property_name', 'text', (c) => c.notNull())
    .addColumn('property_type', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull()) // JSON: the normalised column definition
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('list_properties_list_idx').on('list_properties').columns(['list_id', 'position']).execute();

  await db.schema
    .createTable('list_rows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull()) // JSON keyed by property id
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('list_rows_list_created_idx').on('list_rows').columns(['list_id', 'deleted_at', 'created_at', 'id']).execute();
  await db.schema.createIndex('list_rows_list_updated_idx').on('list_rows').columns(['list_id', 'deleted_at', 'updated_at', 'id']).execute();

  await db.schema
    .createTable('list_row_values')
    .addColumn('row_id', 'text', (c) => c.notNull().references('list_rows.id').onDelete('cascade'))
    .addColumn('property_id', 'text', (c) => c.notNull().references('list_properties.id').onDelete('cascade'))
    .addColumn('v_text', 'text')
    .addColumn('v_num', double)
    .addColumn('v_unique', 'text')
    .addPrimaryKeyConstraint('list_row_values_pk', ['row_id', 'property_id'])
    .execute();
  await db.schema.createIndex('list_row_values_num_idx').on('list_row_values').columns(['property_id', 'v_num', 'row_id']).execute();
  await db.schema.createIndex('list_row_values_text_idx').on('list_row_values').columns(['property_id', 'v_text', 'row_id']).execute();
  // NULLs are distinct in a unique index on both engines: only unique columns' live rows set it.
  await db.schema.createIndex('list_row_values_unique_idx').on('list_row_values').columns(['property_id', 'v_unique']).unique().execute();

  await db.schema
    .createTable('list_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'text')
    .addColumn('filter', 'text') // JSON: conditions
    .addColumn('hidden_columns', 'text', (c) => c.notNull()) // JSON: column keys
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('list_views_list_idx').on('list_views').column('list_id').execute();

  await db.schema
    .createTable('list_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('dry_run', bool, (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull())
    .addColumn('inserted', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull())
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('list_imports_list_idx').on('list_imports').columns(['list_id', 'created_at']).execute();
}
