import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Content purge and account deletion (features/purge/).
// - user_removals: one row per purge or account deletion, the audit record and the resumable
//   job's progress at once (its counts are what was removed so far, written in each batch's
//   transaction). No foreign keys: the record outlives the accounts it names.
// - name_holds: the e-mail and username of a deleted account stay taken for a cooling-off
//   period (hashed: the record must not keep the address itself).
// - messages.orphaned_parent_id: a reply whose parent was removed with its author keeps the
//   parent's id here (parent_id cascades, so it is cleared first), and reads show the parent as gone.
// - user_archives: the data archives users ask for (features/archive/).
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('user_removals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull()) // purge | delete
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'text') // null: the user deleted their own account
    .addColumn('categories', 'text', (c) => c.notNull()) // JSON: { messages: true, ... }
    .addColumn('reason', 'text')
    .addColumn('counts', 'text', (c) => c.notNull()) // JSON: what was removed so far
    .addColumn('status', 'text', (c) => c.notNull()) // running | done
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('user_removals_user_idx').on('user_removals').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('name_holds')
    .addColumn('key_hash', 'text', (c) => c.primaryKey()) // sha256 of `email:<address>` or `username:<key>`
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('name_holds_until_idx').on('name_holds').column('until').execute();

  await db.schema.alterTable('messages').addColumn('orphaned_parent_id', 'text').execute();

  // What removal reads by: a user's messages newest first (without sorting 100,000 of them per
  // batch), the notifications pointing at a message or sent by a user, and the reports of a
  // message (its delete cascades to them; without an index each deleted message scans them).
  await db.schema.createIndex('messages_user_created_idx').on('messages').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_target_message_idx').on('notifications').column('target_message_id').execute();
  await db.schema.createIndex('notifications_actor_idx').on('notifications').column('actor_id').execute();
  await db.schema.createIndex('message_reports_message_idx').on('message_reports').column('message_id').execute();

  // The data archive (features/archive/): one ZIP per request, at most one a day per user.
  await db.schema
    .createTable('user_archives')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull()) // building | ready | failed
    .addColumn('blob_key', 'text')
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('user_archives_user_idx').on('user_archives').columns(['user_id', 'created_at']).execute();
}
