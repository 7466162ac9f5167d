import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Notifications, their preferences and burst folding, push devices, blocks, mutes, user reports
// and direct messages; plus the server-held key that signs one-click unsubscribe tokens.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('type', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('action_url', 'text')
    .addColumn('route_path', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('target_message_id', 'text')
    .addColumn('target_list_id', 'text')
    .addColumn('target_org_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user_created_idx').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_user_unread_idx').on('notifications').columns(['user_id', 'read_at', 'created_at']).execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull()) // JSON text: { channel: boolean }
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'event_key'])
    .execute();

  // Burst folding of e-mail and push: one row per recipient, channel and burst key.
  await db.schema
    .createTable('notification_bursts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('burst_key', 'text', (c) => c.notNull())
    .addColumn('window_until', 'text', (c) => c.notNull())
    .addColumn('folded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_notification_id', 'text')
    .addPrimaryKeyConstraint('notification_bursts_pk', ['user_id', 'channel', 'burst_key'])
    .execute();
  await db.schema.createIndex('notification_bursts_due_idx').on('notification_bursts').columns(['folded', 'window_until']).execute();

  await db.schema
    .createTable('push_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('push_devices_user_token_uq', ['user_id', 'token'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id', 'blocker_id']).execute();

  await db.schema
    .createTable('mutes')
    .addColumn('muter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mutes_pk', ['muter_id', 'muted_id'])
    .execute();

  await db.schema
    .createTable('user_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_reports_status_idx').on('user_reports').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('direct_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('direct_messages_sender_idx').on('direct_messages').columns(['sender_id', 'recipient_id', 'created_at']).execute();
  await db.schema.createIndex('direct_messages_recipient_idx').on('direct_messages').columns(['recipient_id', 'sender_id', 'created_at']).execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('app_secrets').values({ name: 'unsubscribe', value: randomBytes(32).toString('hex') }).execute();
}
