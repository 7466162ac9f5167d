import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Share links of lists and documents (features/share-links/). A link names exactly one item
// (list_id or document_id) and the owner who made it (user_id); only the token's hash is kept.
// Links go with their list (deleted), with their owner's account, and with a document's purge
// through the feature's user-data part (documents are tombstoned, not deleted). No cache of them is
// kept: every use reads the row, so a revoked link stops working at once on every instance.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list_id', 'text', (c) => c.references('lists.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
    .addColumn('access', 'text', (c) => c.notNull()) // view | edit
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addCheckConstraint('share_links_one_item', sql`(list_id is null) <> (document_id is null)`)
    .execute();
  await db.schema.createIndex('share_links_list_idx').on('share_links').columns(['list_id', 'created_at']).execute();
  await db.schema.createIndex('share_links_document_idx').on('share_links').columns(['document_id', 'created_at']).execute();
  await db.schema.createIndex('share_links_user_idx').on('share_links').column('user_id').execute();
}
