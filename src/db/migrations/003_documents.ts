import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Documents, document folders, their revision history, and the per-user sync stamp.
//
// Sync: every write to a user's documents or folders takes the user's `document_sync_state` row
// (an UPDATE, so PostgreSQL row-locks it until commit; SQLite has one writer) and stamps the rows
// it changes with `change_ms`, strictly greater than any earlier stamp of that user. Writes of one
// user therefore commit in stamp order, and a reader that takes the committed stamp first can
// never later see a change with a stamp at or below it appear (see features/documents/sync.ts).
//
// Search: SQLite has an FTS5 table with the trigram tokenizer (substrings in any script, CJK
// included), kept up to date by triggers; PostgreSQL has pg_trgm GIN indexes on lower(title) and
// lower(content), used by `lower(col) LIKE '%term%'`.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  const big = engine === 'postgres' ? 'bigint' : 'integer';
  const f = sql.raw(engine === 'postgres' ? 'false' : '0');

  await db.schema
    .createTable('document_sync_state')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_change_ms', big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('document_folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: a parent may be purged from the trash while a child restored to the root lives on.
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('delete_batch', 'text')
    .addColumn('change_ms', big, (c) => c.notNull())
    .execute();
  await sql`create unique index document_folders_live_name_uq on document_folders (user_id, coalesce(parent_id, ''), lower(name)) where deleted_at is null`.execute(db);
  await db.schema.createIndex('document_folders_change_idx').on('document_folders').columns(['user_id', 'change_ms']).execute();
  await db.schema.createIndex('document_folders_deleted_idx').on('document_folders').column('deleted_at').execute();

  let documents = db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('relative_path', 'text', (c) => c.notNull())
    .addColumn('is_public', bool, (c) => c.notNull().defaultTo(f))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('delete_batch', 'text')
    .addColumn('change_ms', big, (c) => c.notNull());
  // SQLite: the row of documents_fts that indexes this document (set by the insert trigger).
  if (engine === 'sqlite') documents = documents.addColumn('fts_rowid', 'integer');
  await documents.execute();
  await sql`create unique index documents_live_path_uq on documents (user_id, coalesce(folder_id, ''), lower(relative_path)) where deleted_at is null`.execute(db);
  await db.schema.createIndex('documents_change_idx').on('documents').columns(['user_id', 'change_ms']).execute();
  await db.schema.createIndex('documents_folder_idx').on('documents').columns(['user_id', 'folder_id']).execute();
  await db.schema.createIndex('documents_public_idx').on('documents').columns(['user_id', 'is_public', 'updated_at']).execute();
  await db.schema.createIndex('documents_deleted_idx').on('documents').column('deleted_at').execute();

  await db.schema
    .createTable('document_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('editor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_revisions_doc_idx').on('document_revisions').columns(['document_id', 'revision']).unique().execute();

  if (engine === 'sqlite') {
    await sql`create virtual table documents_fts using fts5(title, content, tokenize = 'trigram')`.execute(db);
    await sql`create trigger documents_fts_insert after insert on documents begin
      insert into documents_fts (title, content) values (new.title, new.content);
      update documents set fts_rowid = last_insert_rowid() where id = new.id;
    end`.execute(db);
    await sql`create trigger documents_fts_update after update of title, content on documents begin
      update documents_fts set title = new.title, content = new.content where rowid = new.fts_rowid;
    end`.execute(db);
    await sql`create trigger documents_fts_delete after delete on documents begin
      delete from documents_fts where rowid = old.fts_rowid;
    end`.execute(db);
    await sql`create index documents_fts_rowid_idx on documents (fts_rowid)`.execute(db);
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index documents_title_trgm_idx on documents using gin (lower(title) gin_trgm_ops)`.execute(db);
    await sql`create index documents_content_trgm_idx on documents using gin (lower(content) gin_trgm_ops)`.execute(db);
  }
}
