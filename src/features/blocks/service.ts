import type { AppContext } from '../../runtime/context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { userByUsername } from '../users/service.js';
import { blockedEitherWay } from './relations.js';

// Blocks, mutes and reports of users.
// A block ends follows and pending follow requests both ways, in the same transaction.

export { blockedEitherWay, hasMuted } from './relations.js';

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'violence', 'sexual', 'misinformation', 'illegal', 'other'] as const;

/** Throws 403 `blocked` when either user has blocked the other (follow, reply, push, dig, DM). */
export async function assertNotBlocked(ctx: AppContext, a: string, b: string): Promise<void> {
  if (await blockedEitherWay(ctx.db.kysely, a, b)) throw forbidden('You cannot interact with this user', 'blocked');
}

async function target(ctx: AppContext, me: UserRow, username: string, verb: string): Promise<UserRow> {
  const user = await userByUsername(ctx, username);
  if (user.id === me.id) throw badRequest(`You cannot ${verb} yourself`, `cannot_${verb}_self`);
  return user;
}

export async function block(ctx: AppContext, me: UserRow, username: string): Promise<void> {
  const other = await target(ctx, me, username, 'block');
  const now = ctx.clock.now().toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('blocks')
      .values({ blocker_id: me.id, blocked_id: other.id, created_at: now })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
    await trx
      .deleteFrom('follows')
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', me.id), eb('followee_id', '=', other.id)]),
          eb.and([eb('follower_id', '=', other.id), eb('followee_id', '=', me.id)]),
        ]),
      )
      .execute();
    await trx
      .deleteFrom('follow_requests')
      .where((eb) =>
        eb.or([
          eb.and([eb('requester_id', '=', me.id), eb('target_id', '=', other.id)]),
          eb.and([eb('requester_id', '=', other.id), eb('target_id', '=', me.id)]),
        ]),
      )
      .execute();
  });
}

export async function unblock(ctx: AppContext, me: UserRow, username: string): Promise<void> {
  const other = await target(ctx, me, username, 'block');
  await ctx.db.kysely.deleteFrom('blocks').where('blocker_id', '=', me.id).where('blocked_id', '=', other.id).execute();
}

export async function mute(ctx: AppContext, me: UserRow, username: string): Promise<void> {
  const other = await target(ctx, me, username, 'mute');
  await ctx.db.kysely
    .insertInto('mutes')
    .values({ muter_id: me.id, muted_id: other.id, created_at: ctx.clock.now().toISOString() })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .execute();
}

export async function unmute(ctx: AppContext, me: UserRow, username: string): Promise<void> {
  const other = await target(ctx, me, username, 'mute');
  await ctx.db.kysely.deleteFrom('mutes').where('muter_id', '=', me.id).where('muted_id', '=', other.id).execute();
}

const SUMMARY = ['users.id', 'users.username', 'users.display_name', 'users.avatar'] as const;

/** The users the caller blocks or mutes, most recent first. */
export async function listRelation(ctx: AppContext, me: string, kind: 'blocks' | 'mutes', limit: number, offset: number) {
  const db = ctx.db.kysely;
  const [users, count] =
    kind === 'blocks'
      ? await Promise.all([
          db
            .selectFrom('blocks')
            .innerJoin('users', 'users.id', 'blocks.blocked_id')
            .select(SUMMARY)
            .where('blocks.blocker_id', '=', me)
            .orderBy('blocks.created_at', 'desc')
            .orderBy('users.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
          db.selectFrom('blocks').select((eb) => eb.fn.countAll().as('n')).where('blocker_id', '=', me).executeTakeFirstOrThrow(),
        ])
      : await Promise.all([
          db
            .selectFrom('mutes')
            .innerJoin('users', 'users.id', 'mutes.muted_id')
            .select(SUMMARY)
            .where('mutes.muter_id', '=', me)
            .orderBy('mutes.created_at', 'desc')
            .orderBy('users.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
          db.selectFrom('mutes').select((eb) => eb.fn.countAll().as('n')).where('muter_id', '=', me).executeTakeFirstOrThrow(),
        ]);
  const total = Number(count.n);
  return { users, pagination: page(users, total, limit, offset) };
}

export async function reportUser(ctx: AppContext, me: UserRow, username: string, body: { reason: (typeof REPORT_REASONS)[number]; detail?: string }) {
  const other = await target(ctx, me, username, 'report');
  const row = { id: newId(), reporter_id: me.id, reported_id: other.id, reason: body.reason, detail: body.detail ?? null, status: 'open', created_at: ctx.clock.now().toISOString() };
  await ctx.db.kysely.insertInto('user_reports').values(row).execute();
  return { id: row.id, reason: row.reason, createdAt: row.created_at };
}
