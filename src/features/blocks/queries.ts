import type { Insertable, Kysely } from 'kysely';
import type { Database, UserReportsTable } from '../../db/types.js';

// The blocks' and mutes' queries, which the service calls (README, Design: queries); the two
// relation checks other features ask about (the visibility module, notifications, following,
// messages, direct messages) are re-exported by the service.

type Db = Kysely<Database>;

const SUMMARY = ['users.id', 'users.username', 'users.display_name', 'users.avatar'] as const;

/** Whether either user has blocked the other. */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return !!row;
}

/** Whether `muterId` has muted `mutedId`. */
export async function hasMuted(db: Db, muterId: string, mutedId: string): Promise<boolean> {
  const row = await db.selectFrom('mutes').select('muter_id').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).executeTakeFirst();
  return !!row;
}

/** Records the block (kept when it exists) and ends follows and follow requests between the two, both ways. */
export async function insertBlockEndingFollows(db: Db, blockerId: string, blockedId: string, now: string): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  await db
    .deleteFrom('follows')
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', blockerId), eb('followee_id', '=', blockedId)]),
        eb.and([eb('follower_id', '=', blockedId), eb('followee_id', '=', blockerId)]),
      ]),
    )
    .execute();
  await db
    .deleteFrom('follow_requests')
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_id', '=', blockerId), eb('target_id', '=', blockedId)]),
        eb.and([eb('requester_id', '=', blockedId), eb('target_id', '=', blockerId)]),
      ]),
    )
    .execute();
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

export async function insertMute(db: Db, muterId: string, mutedId: string, now: string): Promise<void> {
  await db
    .insertInto('mutes')
    .values({ muter_id: muterId, muted_id: mutedId, created_at: now })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .execute();
}

export async function deleteMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.deleteFrom('mutes').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).execute();
}

/** One page of the users `me` blocks or mutes (summaries), most recent first, and their number. */
export async function relationPage(db: Db, me: string, kind: 'blocks' | 'mutes', limit: number, offset: number) {
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
  return { users, total: Number(count.n) };
}

export async function insertUserReport(db: Db, row: Insertable<UserReportsTable>): Promise<void> {
  await db.insertInto('user_reports').values(row).execute();
}
