import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// A CSV import's input (the uploaded file, then the checked plan of its writes) is kept until
// the import ends in a table of its own, beside the import row rather than on it: the import row
// is rewritten with every batch's progress, and on SQLite an UPDATE rewrites the whole record,
// so a file kept there would be written again with every batch. It goes with its import.
// Inputs kept before this migration move here: those of a second `<id>:data` import row (status
// `data`, which then goes), and those still on the import row of an unfinished import.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('list_import_data')
    .addColumn('import_id', 'text', (c) => c.primaryKey().references('list_imports.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into list_import_data (import_id, content)
    select i.id, d.content from list_imports d join list_imports i on i.id = substr(d.id, 1, length(d.id) - 5)
    where d.status = 'data' and d.content is not null and d.id like '%:data'`.execute(db);
  await sql`insert into list_import_data (import_id, content)
    select id, content from list_imports
    where status in ('queued', 'running') and content is not null and id not in (select import_id from list_import_data)`.execute(db);
  await sql`update list_imports set content = null where content is not null`.execute(db);
  await sql`delete from list_imports where status = 'data'`.execute(db);
}
