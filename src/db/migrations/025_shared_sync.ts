import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Document sync of shared documents (features/documents/shared-sync.ts): what each user's sync
// clients were given of other people's documents. One row per (user, document): the role it was
// given with, `changed_ms` the user's sync stamp when it was given or its role changed, and
// `ended_ms` the stamp at which a pull found the access gone (null while it lasts). A pull sends
// a tombstone for every row that ended after its cursor, so a revoke, however it came about
// (collaborator removed, membership or organization grant ended, the document deleted), reaches
// every client that could have had the document. Goes with the user and with the document.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const big = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('document_share_syncs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull()) // viewer | editor
    .addColumn('changed_ms', big, (c) => c.notNull())
    .addColumn('ended_ms', big)
    .addPrimaryKeyConstraint('document_share_syncs_pk', ['user_id', 'document_id'])
    .execute();
  await db.schema.createIndex('document_share_syncs_document_idx').on('document_share_syncs').column('document_id').execute();
}
