import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Two indexes the anonymous message reads need (issue 20: a cold feed over 100,000 messages
// took 260–450 ms on SQLite, and every purge batch makes the feed cold; README, Performance):
// - messages_visible_idx gains `id`, the feed's second sort key: messages published at the same
//   instant (a scheduled batch, an import) were sorted in a temporary B-tree, all of them for
//   the first page, and now come in index order;
// - messages_parent_visible_idx: the replies of a message that are public. Without it SQLite,
//   which keeps no statistics, read the reply counts and an anonymous replies page through
//   messages_visible_idx (every public message) rather than through the parent.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema.dropIndex('messages_visible_idx').execute();
  await db.schema.createIndex('messages_visible_idx').on('messages').columns(['publicly_visible', 'published_at', 'id']).execute();
  await db.schema
    .createIndex('messages_parent_visible_idx')
    .on('messages')
    .columns(['parent_id', 'publicly_visible', 'published_at', 'id'])
    .where(sql.ref('parent_id'), 'is not', null)
    .execute();
}
