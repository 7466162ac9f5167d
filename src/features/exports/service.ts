import type { AppContext } from '../../runtime/context.js';
import { parseJson, toBool } from '../../db/dialect.js';

// The user's own data as CSV records, read in keyset batches so that memory stays bounded
// whatever the size of the account (100,000 messages are 100 small queries, never one array).

const BATCH = 1000;

export const MESSAGE_COLUMNS = ['id', 'createdAt', 'publishedAt', 'scheduledAt', 'publiclyVisible', 'content', 'tags', 'parentId', 'pushedMessageId', 'digCount', 'replyCount'] as const;

/** Every message of the user (scheduled ones too), oldest first. */
export async function* messageRecords(ctx: AppContext, userId: string): AsyncGenerator<unknown[]> {
  const db = ctx.db.kysely;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('messages')
      .select([
        'messages.id',
        'messages.created_at',
        'messages.published_at',
        'messages.scheduled_at',
        'messages.publicly_visible',
        'messages.content',
        'messages.tags',
        'messages.parent_id',
        'messages.orphaned_parent_id',
        'messages.pushed_message_id',
      ])
      .select((eb) => [
        eb.selectFrom('digs').select(eb.fn.countAll().as('n')).whereRef('digs.message_id', '=', 'messages.id').as('dig_count'),
        eb.selectFrom('messages as r').select(eb.fn.countAll().as('n')).whereRef('r.parent_id', '=', 'messages.id').as('reply_count'),
      ])
      .where('messages.user_id', '=', userId)
      .where('messages.id', '>', after)
      .orderBy('messages.id')
      .limit(BATCH)
      .execute();
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
    const [mine, theirs] = relation === 'follower' ? (['followee_id', 'follower_id'] as const) : (['follower_id', 'followee_id'] as const);
    let after = '';
    for (;;) {
      const rows = await db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', `follows.${theirs}`)
        .select(['users.id', 'users.username', 'users.display_name', 'follows.created_at'])
        .where(`follows.${mine}`, '=', userId)
        .where('users.id', '>', after)
        .orderBy('users.id')
        .limit(BATCH)
        .execute();
      for (const r of rows) yield [relation, r.id, r.username, r.display_name, r.created_at];
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
  }
  for (const relation of ['requested_by', 'requested'] as const) {
    const [mine, theirs] = relation === 'requested_by' ? (['target_id', 'requester_id'] as const) : (['requester_id', 'target_id'] as const);
    const rows = await db
      .selectFrom('follow_requests')
      .innerJoin('users', 'users.id', `follow_requests.${theirs}`)
      .select(['users.id', 'users.username', 'users.display_name', 'follow_requests.created_at'])
      .where(`follow_requests.${mine}`, '=', userId)
      .orderBy('users.id')
      .limit(10_000)
      .execute();
    for (const r of rows) yield [relation, r.id, r.username, r.display_name, r.created_at];
  }
}
