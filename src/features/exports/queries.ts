import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

// The export's queries, which the service calls (README, Design: queries): keyset batches, so
// that the service can stream an account of any size.

type Db = Kysely<Database>;

/** Up to `limit` of the user's messages (scheduled ones too) with ids after `after`, by id, with dig and reply counts. */
export function messagesAfter(db: Db, userId: string, after: string, limit: number) {
  return db
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
    .limit(limit)
    .execute();
}

/** The two sides of a follow as `relation` reads them: the user's own column, then the other's. */
const FOLLOW_SIDES = {
  follower: ['followee_id', 'follower_id'],
  following: ['follower_id', 'followee_id'],
} as const;

/** Up to `limit` of the user's followers (`follower`) or followed users (`following`) with ids after `after`, by id. */
export function followsAfter(db: Db, userId: string, relation: keyof typeof FOLLOW_SIDES, after: string, limit: number) {
  const [mine, theirs] = FOLLOW_SIDES[relation];
  return db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', `follows.${theirs}`)
    .select(['users.id', 'users.username', 'users.display_name', 'follows.created_at'])
    .where(`follows.${mine}`, '=', userId)
    .where('users.id', '>', after)
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

const REQUEST_SIDES = {
  requested_by: ['target_id', 'requester_id'],
  requested: ['requester_id', 'target_id'],
} as const;

/** The pending follow requests to the user (`requested_by`) or from them (`requested`), by the other's id (at most `limit`). */
export function followRequestsOf(db: Db, userId: string, relation: keyof typeof REQUEST_SIDES, limit: number) {
  const [mine, theirs] = REQUEST_SIDES[relation];
  return db
    .selectFrom('follow_requests')
    .innerJoin('users', 'users.id', `follow_requests.${theirs}`)
    .select(['users.id', 'users.username', 'users.display_name', 'follow_requests.created_at'])
    .where(`follow_requests.${mine}`, '=', userId)
    .orderBy('users.id')
    .limit(limit)
    .execute();
}
