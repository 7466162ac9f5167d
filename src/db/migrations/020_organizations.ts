import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Organizations (features/orgs/): what migration 001's organizations and organization_members
// lacked for organizations: a description and an avatar, invites, and messages posted to one.
// - organizations: a description and an avatar URL.
// - org_invites: pending invites, by e-mail (`email`, `email_key` lower-cased) or by username
//   (`user_id`); only the token's hash is kept; an accepted or revoked invite is deleted (single
//   use). Go with the organization, with the invitee's account and with the inviter's.
// - messages.org_id: the organization a message was posted to; null once it is deleted. Message
//   reads show its name and slug, so renaming or deleting an organization raises the
//   message-read version (migration 010) as a write to messages does.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('description', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('avatar', 'text').execute();

  await db.schema
    .createTable('org_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('email_key', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull()) // admin | member
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('org_invites_org_idx').on('org_invites').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('org_invites_user_idx').on('org_invites').column('user_id').execute();
  await db.schema.createIndex('org_invites_inviter_idx').on('org_invites').column('invited_by').execute();

  await db.schema.alterTable('messages').addColumn('org_id', 'text', (c) => c.references('organizations.id').onDelete('set null')).execute();
  await db.schema.createIndex('messages_org_idx').on('messages').columns(['org_id', 'created_at']).execute();

  if (engine === 'sqlite') {
    const bump = sql.raw('update message_versions set n = n + 1 where shard = 0;');
    await sql`create trigger organizations_version_update after update of name, slug on organizations begin ${bump} end`.execute(db);
    await sql`create trigger organizations_version_delete after delete on organizations begin ${bump} end`.execute(db);
  } else {
    await sql`create trigger organizations_version after update of name, slug or delete on organizations
      for each statement execute function bump_message_version()`.execute(db);
  }
}
