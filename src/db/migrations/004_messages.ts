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
  // Counting private messages of the viewer and followed users (and a user's public ones) from the index alone.
  await db.schema.createIndex('messages_user_visible_idx').on('messages').columns(['user_id', 'publicly_visible', 'published_at']).execute();
  await db.schema.createIndex('messages_user_published_idx').on('messages').columns(['user_id', 'published_at', 'id']).execute();
  await db.schema.createIndex('messages_parent_idx').on('messages').columns(['parent_id', 'published_at']).execute();
  await db.schema.createIndex('messages_pushed_idx').on('messages').column('pushed_message_id').execute();
  await db.schema.createIndex('messages_scheduled_idx').on('messages').column('scheduled_at').execute();
  // Search (case-insensitive substring): SQLite keeps an FTS5 table with the trigram tokenizer,
  // filled by triggers, whose row each message records in fts_rowid (the table's own rowid may
  // change on VACUUM); PostgreSQL answers lower(content) LIKE '%term%' from a pg_trgm GIN index.
  if (engine === 'sqlite') {
    await sql`alter table messages add column fts_rowid integer`.execute(db);
    await sql`create virtual table messages_fts using fts5(content, tokenize = 'trigram')`.execute(db);
    await sql`create trigger messages_fts_insert after insert on messages begin
      insert into messages_fts (content) values (new.content);
      update messages set fts_rowid = last_insert_rowid() where id = new.id;
    end`.execute(db);
    await sql`create trigger messages_fts_update after update of content on messages begin
      update messages_fts set content = new.content where rowid = new.fts_rowid;
    end`.execute(db);
    await sql`create trigger messages_fts_delete after delete on messages begin
      delete from messages_fts where rowid = old.fts_rowid;
    end`.execute(db);
    await sql`create index messages_fts_rowid_idx on messages (fts_rowid)`.execute(db);
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index messages_content_trgm_idx on messages using gin (lower(content) gin_trgm_ops)`.execute(db);
  }

  // The number of published public messages (the anonymous feed's total), kept exact by
  // triggers on both engines so that a feed page never counts the whole table.
  await db.schema
    .createTable('message_counts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into message_counts (name, n) values ('public', 0)`.execute(db);
  const isPublic = (row: 'new' | 'old') =>
    engine === 'sqlite' ?
      sql.raw(`(case when ${row}.publicly_visible = 1 and ${row}.published_at is not null then 1 else 0 end)`)
    : sql.raw(`(case when ${row}.publicly_visible and ${row}.published_at is not null then 1 else 0 end)`);
  if (engine === 'sqlite') {
    await sql`create trigger messages_count_insert after insert on messages begin
      update message_counts set n = n + ${isPublic('new')} where name = 'public';
    end`.execute(db);
    await sql`create trigger messages_count_update after update of publicly_visible, published_at on messages begin
      update message_counts set n = n + ${isPublic('new')} - ${isPublic('old')} where name = 'public';
    end`.execute(db);
    await sql`create trigger messages_count_delete after delete on messages begin
      update message_counts set n = n - ${isPublic('old')} where name = 'public';
    end`.execute(db);
  } else {
    await sql`create function messages_count() returns trigger language plpgsql as $$
      declare delta integer := 0;
      begin
        if tg_op in ('INSERT', 'UPDATE') then delta := delta + ${isPublic('new')}; end if;
        if tg_op in ('DELETE', 'UPDATE') then delta := delta - ${isPublic('old')}; end if;
        if delta <> 0 then update message_counts set n = n + delta where name = 'public'; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger messages_count after insert or delete or update of publicly_visible, published_at on messages
      for each row execute function messages_count()`.execute(db);
  }

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
