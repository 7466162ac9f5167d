import type { AppContext } from '../../runtime/context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { userByUsername } from '../users/service.js';
import { blockedEitherWay, deleteBlock, deleteMute, insertBlockEndingFollows, insertMute, insertUserReport, relationPage } from './queries.js';

// Blocks, mutes and reports of users.
// A block ends follows and pending follow requests both ways, in the same transaction.

// The block and mute relations as other features ask about them (the visibility module,
// notifications, following, messages, direct messages).
export { blockedEitherWay, hasMuted } from './queries.js';

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
  await ctx.db.kysely.transaction().execute((trx) => insertBlockEndingFollows(trx, me.id, other.id, now));
}

export async function unblock(ctx: AppContext, me: UserRow, username: string): Promise<void> {
  const other = await target(ctx, me, username, 'block');
  await deleteBlock(ctx.db.kysely, me.id, other.id);
}

export async function mute(ctx: AppContext, me: UserRow, username: string): Promise<void> {
  const other = await target(ctx, me, username, 'mute');
  await insertMute(ctx.db.kysely, me.id, other.id, ctx.clock.now().toISOString());
}

export async function unmute(ctx: AppContext, me: UserRow, username: string): Promise<void> {
  const other = await target(ctx, me, username, 'mute');
  await deleteMute(ctx.db.kysely, me.id, other.id);
}

/** The users the caller blocks or mutes, most recent first. */
export async function listRelation(ctx: AppContext, me: string, kind: 'blocks' | 'mutes', limit: number, offset: number) {
  const { users, total } = await relationPage(ctx.db.kysely, me, kind, limit, offset);
  return { users, pagination: page(users, total, limit, offset) };
}

export async function reportUser(ctx: AppContext, me: UserRow, username: string, body: { reason: (typeof REPORT_REASONS)[number]; detail?: string }) {
  const other = await target(ctx, me, username, 'report');
  const row = { id: newId(), reporter_id: me.id, reported_id: other.id, reason: body.reason, detail: body.detail ?? null, status: 'open', created_at: ctx.clock.now().toISOString() };
  await insertUserReport(ctx.db.kysely, row);
  return { id: row.id, reason: row.reason, createdAt: row.created_at };
}
