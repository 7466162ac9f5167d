import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

// The follows' queries, which the service calls (README, Design: queries).

type Db = Kysely<Database>;

const SUMMARY = ['users.id', 'users.username', 'users.display_name', 'users.avatar'] as const;

/** The two sides of a follow as `side` reads them: the user's own column, then the other's. */
const COLUMNS = {
  followers: ['followee_id', 'follower_id'],
  following: ['follower_id', 'followee_id'],
} as const;

export type FollowSide = keyof typeof COLUMNS;

/** Whether `followerId` follows `followeeId`. */
export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return !!row;
}

/** Whether `requesterId` has a pending follow request to `targetId`. */
export async function hasRequest(db: Db, requesterId: string, targetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follow_requests')
    .select('id')
    .where('requester_id', '=', requesterId)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return !!row;
}

/** Records a follow unless it exists; answers whether it was new. */
export async function insertFollow(db: Db, followerId: string, followeeId: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Records a follow request unless one is pending; answers whether it was new. */
export async function insertFollowRequest(db: Db, values: { id: string; requester_id: string; target_id: string; created_at: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('follow_requests')
    .values(values)
    .onConflict((oc) => oc.columns(['requester_id', 'target_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Ends the follow of `followerId` and their pending request to `followeeId`. */
/** Answers whether a follow or a request was there. */
export async function deleteFollowAndRequest(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const follows = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
  const requests = await db.deleteFrom('follow_requests').where('requester_id', '=', followerId).where('target_id', '=', followeeId).executeTakeFirst();
  return Number(follows.numDeletedRows) + Number(requests.numDeletedRows) > 0;
}

/** One page of a user's followers or followed users (summaries), newest follow first, and their number. */
export async function followPage(db: Db, userId: string, side: FollowSide, limit: number, offset: number) {
  const [mine, theirs] = COLUMNS[side];
  const [users, count] = await Promise.all([
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', `follows.${theirs}`)
      .select(SUMMARY)
      .where(`follows.${mine}`, '=', userId)
      .orderBy('follows.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    countFollows(db, userId, side),
  ]);
  return { users, total: count };
}

/** How many followers (`followers`) or followed users (`following`) a user has. */
export async function countFollows(db: Db, userId: string, side: FollowSide): Promise<number> {
  const row = await db.selectFrom('follows').select((eb) => eb.fn.countAll().as('n')).where(COLUMNS[side][0], '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The pending requests to a user with their requesters' summaries, oldest first (at most 1000). */
export function requestsTo(db: Db, userId: string) {
  return db
    .selectFrom('follow_requests')
    .innerJoin('users', 'users.id', 'follow_requests.requester_id')
    .select([...SUMMARY, 'follow_requests.id as request_id', 'follow_requests.created_at'])
    .where('follow_requests.target_id', '=', userId)
    .orderBy('follow_requests.created_at')
    .orderBy('follow_requests.id')
    .limit(1000)
    .execute();
}

/** The request `requestId` if it was made to `targetId`. */
export function requestTo(db: Db, requestId: string, targetId: string) {
  return db.selectFrom('follow_requests').selectAll().where('id', '=', requestId).where('target_id', '=', targetId).executeTakeFirst();
}

export async function deleteRequest(db: Db, requestId: string): Promise<void> {
  await db.deleteFrom('follow_requests').where('id', '=', requestId).execute();
}
