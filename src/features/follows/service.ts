import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { toBool } from '../../db/dialect.js';
import type { Database, UserRow } from '../../db/types.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { userByUsername } from '../users/service.js';
import { blockedEitherWay } from '../blocks/service.js';
import { visibleUser } from '../visibility/service.js';

// Following: follow, unfollow, follow requests for private accounts, lists.
// Events are reported after the transaction commits.

export interface FollowState {
  following: boolean;
  requested: boolean;
}

/** Whether `followerId` follows `followeeId`. */
export async function isFollowing(db: Kysely<Database>, followerId: string, followeeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return !!row;
}

async function hasRequest(db: Kysely<Database>, requesterId: string, targetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follow_requests')
    .select('id')
    .where('requester_id', '=', requesterId)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return !!row;
}

export async function follow(ctx: AppContext, follower: UserRow, username: string): Promise<FollowState> {
  const target = await userByUsername(ctx, username);
  if (target.id === follower.id) throw badRequest('You cannot follow yourself', 'cannot_follow_self');
  if (await blockedEitherWay(ctx.db.kysely, follower.id, target.id)) throw forbidden('You cannot interact with this user', 'blocked');
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (await isFollowing(trx, follower.id, target.id)) return { state: { following: true, requested: false }, created: false };
    if (toBool(target.is_private)) {
      const inserted = await trx
        .insertInto('follow_requests')
        .values({ id: newId(), requester_id: follower.id, target_id: target.id, created_at: now })
        .onConflict((oc) => oc.columns(['requester_id', 'target_id']).doNothing())
        .executeTakeFirst();
      return { state: { following: false, requested: true }, created: Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 };
    }
    const inserted = await trx
      .insertInto('follows')
      .values({ follower_id: follower.id, followee_id: target.id, created_at: now })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .executeTakeFirst();
    return { state: { following: true, requested: false }, created: Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 };
  });
  if (result.created) ctx.events.emit('follow', { followerId: follower.id, followeeId: target.id, requested: result.state.requested });
  return result.state;
}

/** Ends a follow and withdraws a pending request; idempotent. */
export async function unfollow(ctx: AppContext, follower: UserRow, username: string): Promise<FollowState> {
  const target = await userByUsername(ctx, username);
  if (target.id === follower.id) throw badRequest('You cannot unfollow yourself', 'cannot_follow_self');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('follows').where('follower_id', '=', follower.id).where('followee_id', '=', target.id).execute();
    await trx.deleteFrom('follow_requests').where('requester_id', '=', follower.id).where('target_id', '=', target.id).execute();
  });
  return { following: false, requested: false };
}

const SUMMARY = ['users.id', 'users.username', 'users.display_name', 'users.avatar'] as const;

/** Followers (`side` followers) or followed users (`side` following) of a user, newest first. */
export async function listFollows(ctx: AppContext, userId: string, side: 'followers' | 'following', limit: number, offset: number) {
  const db = ctx.db.kysely;
  const [mine, theirs] = side === 'followers' ? (['followee_id', 'follower_id'] as const) : (['follower_id', 'followee_id'] as const);
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
    db.selectFrom('follows').select((eb) => eb.fn.countAll().as('n')).where(mine, '=', userId).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { users, pagination: page(users, total, limit, offset) };
}

export async function listFollowRequests(ctx: AppContext, userId: string) {
  return ctx.db.kysely
    .selectFrom('follow_requests')
    .innerJoin('users', 'users.id', 'follow_requests.requester_id')
    .select([...SUMMARY, 'follow_requests.id as request_id', 'follow_requests.created_at'])
    .where('follow_requests.target_id', '=', userId)
    .orderBy('follow_requests.created_at')
    .orderBy('follow_requests.id')
    .limit(1000)
    .execute();
}

/** Accepts (the requester now follows) or rejects a request made to `userId`; 404 if not theirs. */
export async function answerFollowRequest(ctx: AppContext, userId: string, requestId: string, accept: boolean): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('follow_requests')
      .selectAll()
      .where('id', '=', requestId)
      .where('target_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('Follow request not found');
    await trx.deleteFrom('follow_requests').where('id', '=', row.id).execute();
    if (accept) {
      await trx
        .insertInto('follows')
        .values({ follower_id: row.requester_id, followee_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .execute();
    }
  });
}

/** The viewer-aware public profile (spec, Public): a private account's bio only for its followers and itself. */
export async function publicProfile(ctx: AppContext, viewerId: string | null, username: string) {
  // Blocked either way: the profile is absent for the other.
  const { user, viewerFollows, mayReadBio } = await visibleUser(ctx, viewerId, username);
  const db = ctx.db.kysely;
  const [followers, following, viewerRequested] = await Promise.all([
    db.selectFrom('follows').select((eb) => eb.fn.countAll().as('n')).where('followee_id', '=', user.id).executeTakeFirstOrThrow(),
    db.selectFrom('follows').select((eb) => eb.fn.countAll().as('n')).where('follower_id', '=', user.id).executeTakeFirstOrThrow(),
    viewerId && viewerId !== user.id ? hasRequest(db, viewerId, user.id) : Promise.resolve(false),
  ]);
  return { user, mayReadBio, followers: Number(followers.n), following: Number(following.n), viewerFollows, viewerRequested };
}
