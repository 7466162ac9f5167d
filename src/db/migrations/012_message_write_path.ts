import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// A plain post wrote eight index entries and, on SQLite, indexed its text for search in its own
// transaction (an FTS5 segment per post: half the cost of posting). Now:
// - the reply, push and schedule indexes are partial: only replies, pushes and unpublished
//   messages are in them, which is every row their queries look for;
// - SQLite indexes message text for search in batches after the posts commit
//   (features/messages/search-index.ts). A message not yet indexed has fts_rowid null, and
//   search reads those rows directly, so a post is found the moment it commits.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.dropIndex('messages_parent_idx').execute();
  await db.schema.dropIndex('messages_pushed_idx').execute();
  await db.schema.dropIndex('messages_scheduled_idx').execute();
  await db.schema
    .createIndex('messages_parent_idx')
    .on('messages')
    .columns(['parent_id', 'published_at'])
    .where(sql.ref('parent_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('messages_pushed_idx').on('messages').column('pushed_message_id').where(sql.ref('pushed_message_id'), 'is not', null).execute();
  await db.schema.createIndex('messages_scheduled_idx').on('messages').column('scheduled_at').where(sql.ref('published_at'), 'is', null).execute();
  if (engine === 'sqlite') await sql`drop trigger messages_fts_insert`.execute(db);
}
