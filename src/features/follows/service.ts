import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { announceEvents, appendEvents, eventsFor, streamsOf } from '../events/index.js';
import type { AppContext } from '../../runtime/context.js';
import { toBool } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { userByUsername } from '../users/service.js';
import { blockedEitherWay } from '../blocks/service.js';
import { visibleUser } from '../visibility/service.js';
import {
  countFollows,
  deleteFollowAndRequest,
  deleteRequest,
  type FollowSide,
  followPage,
  hasRequest,
  insertFollow,
  insertFollowRequest,
  isFollowing,
  requestsTo,
  requestTo,
} from './queries.js';

// Following: follow, unfollow, follow requests for private accounts, lists.
// Events are reported after the transaction commits; the event log's are written inside it.

/** A follow event to both sides' streams. */
function logFollow(trx: Kysely<Database>, ctx: AppContext, type: string, actorId: string, followerId: string, followeeId: string) {
  return appendEvents(trx, eventsFor([followerId, followeeId], type, actorId, { followerId, followeeId }), ctx.clock.now());
}

/** The wire shape of a profile, for the web client's server-rendered pages. */
export { presentPublicProfile } from './presenter.js';

export interface FollowState {
  following: boolean;
  requested: boolean;
}

export async function follow(ctx: AppContext, follower: UserRow, username: string): Promise<FollowState> {
  const target = await userByUsername(ctx, username);
  if (target.id === follower.id) throw badRequest('You cannot follow yourself', 'cannot_follow_self');
  if (await blockedEitherWay(ctx.db.kysely, follower.id, target.id)) throw forbidden('You cannot interact with this user', 'blocked');
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (await isFollowing(trx, follower.id, target.id)) return { state: { following: true, requested: false }, created: false };
    if (toBool(target.is_private)) {
      const created = await insertFollowRequest(trx, { id: newId(), requester_id: follower.id, target_id: target.id, created_at: now });
      if (created) await logFollow(trx, ctx, 'follow.requested', follower.id, follower.id, target.id);
      return { state: { following: false, requested: true }, created };
    }
    const created = await insertFollow(trx, follower.id, target.id, now);
    if (created) await logFollow(trx, ctx, 'follow.created', follower.id, follower.id, target.id);
    return { state: { following: true, requested: false }, created };
  });
  if (result.created) announceEvents(ctx, streamsOf([follower.id, target.id]));
  if (result.created) ctx.events.emit('follow', { followerId: follower.id, followeeId: target.id, requested: result.state.requested });
  return result.state;
}

/** Ends a follow and withdraws a pending request; idempotent. */
export async function unfollow(ctx: AppContext, follower: UserRow, username: string): Promise<FollowState> {
  const target = await userByUsername(ctx, username);
  if (target.id === follower.id) throw badRequest('You cannot unfollow yourself', 'cannot_follow_self');
  const ended = await ctx.db.kysely.transaction().execute(async (trx) => {
    const gone = await deleteFollowAndRequest(trx, follower.id, target.id);
    if (gone) await logFollow(trx, ctx, 'follow.deleted', follower.id, follower.id, target.id);
    return gone;
  });
  if (ended) announceEvents(ctx, streamsOf([follower.id, target.id]));
  return { following: false, requested: false };
}

/** Followers (`side` followers) or followed users (`side` following) of a user, newest first. */
export async function listFollows(ctx: AppContext, userId: string, side: FollowSide, limit: number, offset: number) {
  const { users, total } = await followPage(ctx.db.kysely, userId, side, limit, offset);
  return { users, pagination: page(users, total, limit, offset) };
}

export async function listFollowRequests(ctx: AppContext, userId: string) {
  return requestsTo(ctx.db.kysely, userId);
}

/** Accepts (the requester now follows) or rejects a request made to `userId`; 404 if not theirs. */
export async function answerFollowRequest(ctx: AppContext, userId: string, requestId: string, accept: boolean): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const requesterId = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await requestTo(trx, requestId, userId);
    if (!row) throw notFound('Follow request not found');
    await deleteRequest(trx, row.id);
    if (accept && (await insertFollow(trx, row.requester_id, userId, now))) await logFollow(trx, ctx, 'follow.created', userId, row.requester_id, userId);
    else if (!accept) await logFollow(trx, ctx, 'follow.deleted', userId, row.requester_id, userId);
    return row.requester_id;
  });
  announceEvents(ctx, streamsOf([requesterId, userId]));
}

/** The viewer-aware public profile (spec, Public): a private account's bio only for its followers and itself. */
export async function publicProfile(ctx: AppContext, viewerId: string | null, username: string) {
  // Blocked either way: the profile is absent for the other.
  const { user, viewerFollows, mayReadBio } = await visibleUser(ctx, viewerId, username);
  const db = ctx.db.kysely;
  const [followers, following, viewerRequested] = await Promise.all([
    countFollows(db, user.id, 'followers'),
    countFollows(db, user.id, 'following'),
    viewerId && viewerId !== user.id ? hasRequest(db, viewerId, user.id) : Promise.resolve(false),
  ]);
  return { user, mayReadBio, followers, following, viewerFollows, viewerRequested };
}
