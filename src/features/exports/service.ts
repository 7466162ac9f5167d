import type { AppContext } from '../../runtime/context.js';
import { parseJson, toBool } from '../../db/dialect.js';
import { followRequestsOf, followsAfter, messagesAfter } from './queries.js';

// The user's own data as CSV records, read in keyset batches so that memory stays bounded
// whatever the size of the account (100,000 messages are 100 small queries, never one array).

const BATCH = 1000;

export const MESSAGE_COLUMNS = ['id', 'createdAt', 'publishedAt', 'scheduledAt', 'publiclyVisible', 'content', 'tags', 'parentId', 'pushedMessageId', 'digCount', 'replyCount'] as const;

/** Every message of the user (scheduled ones too), oldest first. */
export async function* messageRecords(ctx: AppContext, userId: string): AsyncGenerator<unknown[]> {
  const db = ctx.db.kysely;
  let after = '';
  for (;;) {
    const rows = await messagesAfter(db, userId, after, BATCH);
    for (const r of rows) {
      yield [
        r.id,
        r.created_at,
        r.published_at,
        r.scheduled_at,
        toBool(r.publicly_visible),
        r.content,
        (parseJson<string[]>(r.tags) ?? []).join(' '),
        r.parent_id ?? r.orphaned_parent_id,
        r.pushed_message_id,
        Number(r.dig_count ?? 0),
        Number(r.reply_count ?? 0),
      ];
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

export const FOLLOW_COLUMNS = ['relation', 'userId', 'username', 'displayName', 'since'] as const;

/** The user's followers, then the users they follow, then pending requests both ways. */
export async function* followRecords(ctx: AppContext, userId: string): AsyncGenerator<unknown[]> {
  const db = ctx.db.kysely;
  for (const relation of ['follower', 'following'] as const) {
    let after = '';
    for (;;) {
      const rows = await followsAfter(db, userId, relation, after, BATCH);
      for (const r of rows) yield [relation, r.id, r.username, r.display_name, r.created_at];
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
  }
  for (const relation of ['requested_by', 'requested'] as const) {
    const rows = await followRequestsOf(db, userId, relation, 10_000);
    for (const r of rows) yield [relation, r.id, r.username, r.display_name, r.created_at];
  }
}
