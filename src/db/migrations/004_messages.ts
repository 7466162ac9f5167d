import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Following, follow requests, messages, their tags, digs and message reports.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const bool = engine === 'postgres' ? 'boolean' : 'integer';

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema.createIndex('follows_followee_idx').on('follows').columns(['followee_id', 'created_at']).execute();

  await db.schema
    .createTable('follow_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('follow_requests_pair_uq', ['requester_id', 'target_id'])
    .execute();
  await db.schema.createIndex('follow_requests_target_idx').on('follow_requests').columns(['target_id', 'created_at']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publicly_visible', bool, (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('parent_id', 'text', (c) => c.references('messages.id').onDelete('cascade'))
    // No foreign key: a push outlives what it pushed (it then reads `pushedMessage: null`); while
    // pushes exist, deleting the pushed message is refused (409) by the service.
    .addColumn('pushed_message_id', 'text')
    .addColumn('image_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('video_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('scheduled_at', 'text')
    // Null while scheduled and not yet published; the feeds order by it.
    .addColumn('published_at', 'text')
    .addColumn('cross_post_config', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_published_idx').on('messages').columns(['published_at', 'id']).execute();
  // Counting the public feed: a covering range of this index instead of a table scan.
  await db.schema.createIndex('messages_visible_idx').on('messages').columns(['publicly_visible', 'published_at']).execute();
  await db.schema.createIndex('messages_user_published_idx').on('messages').columns(['user_id', 'published_at', 'id']).execute();
  await db.schema.createIndex('messages_parent_idx').on('messages').columns(['parent_id', 'published_at']).execute();
  await db.schema.createIndex('messages_pushed_idx').on('messages').column('pushed_message_id').execute();
  await db.schema.createIndex('messages_scheduled_idx').on('messages').column('scheduled_at').execute();
  await sql`create index messages_content_lower_idx on messages (lower(content))`.execute(db);

  await db.schema
    .createTable('message_tags')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_tags_pk', ['message_id', 'tag'])
    .execute();
  // Tags compare case-sensitively (the default collation on both engines).
  await db.schema.createIndex('message_tags_tag_idx').on('message_tags').columns(['tag', 'message_id']).execute();

  await db.schema
    .createTable('digs')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('digs_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('digs_user_idx').on('digs').column('user_id').execute();

  await db.schema
    .createTable('message_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('note', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('message_reports_pair_uq', ['message_id', 'reporter_id'])
    .execute();
  await db.schema.createIndex('message_reports_status_idx').on('message_reports').columns(['status', 'created_at']).execute();
}
