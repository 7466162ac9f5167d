import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Presence on documents, watchers of lists and who last wrote a row:
// - document_presence: one row per (document, user), rewritten by each heartbeat (one upsert);
//   rows older than the 60-second window are pruned by a periodic task. In the database, so every
//   instance sees the same people. Goes with the document and with the user.
// - list_watchers: who is told of changes to a list's rows. Goes with the list and with the user.
// - list_rows.updated_by: who last added or edited the row (null for rows written before, by a
//   codehost sync, or by an account since deleted).
// - A partial unique index keeps one unread `list_changed` notification per recipient and list,
//   so that two instances folding changes at once cannot add a second one.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  await db.schema
    .createTable('document_presence')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('editing', bool, (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_presence_pk', ['document_id', 'user_id'])
    .execute();
  await db.schema.createIndex('document_presence_seen_idx').on('document_presence').column('last_seen_at').execute();
  await db.schema.createIndex('document_presence_user_idx').on('document_presence').column('user_id').execute();

  await db.schema
    .createTable('list_watchers')
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_watchers_pk', ['list_id', 'user_id'])
    .execute();
  await db.schema.createIndex('list_watchers_user_idx').on('list_watchers').column('user_id').execute();

  await db.schema.alterTable('list_rows').addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null')).execute();
  await db.schema.createIndex('list_rows_updated_by_idx').on('list_rows').column('updated_by').where(sql.ref('updated_by'), 'is not', null).execute();

  await sql`create unique index notifications_list_changed_unread_uq on notifications (user_id, target_list_id) where type = 'list_changed' and read_at is null`.execute(db);
}
