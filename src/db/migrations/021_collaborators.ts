import type { Kysely } from 'kysely';

// Collaborators on lists and documents (features/sharing/).
// One grant per row, on exactly one item (`list_id` or `document_id`: a foreign key each, so a
// deleted list takes its grants with it) to exactly one grantee: a user (`user_id`), a whole
// organization (`org_id`, every current and future member) or an e-mail of no account
// (`email`, `email_key` lower-cased, with the hash of a single-use invite token and its expiry;
// accepting it turns the row into the accepting user's grant). The unique indexes make a second
// grant to the same grantee on the same item impossible on both engines (nulls are distinct).
// `invited_by` is who made the grant; grants go with that account, with the grantee's and with
// the organization.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collaborators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.references('lists.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('email_key', 'text')
    .addColumn('role', 'text', (c) => c.notNull()) // viewer | editor
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'text')
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const item of ['list_id', 'document_id']) {
    for (const grantee of ['user_id', 'org_id', 'email_key']) {
      await db.schema.createIndex(`collaborators_${item}_${grantee}_uq`).on('collaborators').columns([item, grantee]).unique().execute();
    }
  }
  // The access check's other side: a caller's own grants and their organizations' (shared-with-me).
  await db.schema.createIndex('collaborators_user_idx').on('collaborators').column('user_id').execute();
  await db.schema.createIndex('collaborators_org_idx').on('collaborators').column('org_id').execute();
  await db.schema.createIndex('collaborators_inviter_idx').on('collaborators').column('invited_by').execute();
}
