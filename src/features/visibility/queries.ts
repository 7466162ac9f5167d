import type { Kysely } from 'kysely';
import type { Database, MessageRow } from '../../db/types.js';

// The single-item checks' queries, which messages.ts and users.ts call (README, Design: queries).
// The rules for lists stay in messages.ts as where-clause fragments: they are composed into
// other features' queries, and are what this module is for.

type Db = Kysely<Database>;

/** Whether `followerId` follows `followeeId`. */
export async function follows(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const row = await db.selectFrom('follows').select('follower_id').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
  return !!row;
}

/** Whether the user blocks anyone or is blocked by anyone. */
export async function inAnyBlock(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocks.blocker_id')
    .where((eb) => eb.or([eb('blocks.blocker_id', '=', userId), eb('blocks.blocked_id', '=', userId)]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Whether the user mutes anyone. */
export async function mutesAnyone(db: Db, userId: string): Promise<boolean> {
  return !!(await db.selectFrom('mutes').select('mutes.muter_id').where('mutes.muter_id', '=', userId).limit(1).executeTakeFirst());
}

/** What a single-message check reads of the message `id`. */
export function messageAccess(db: Db, id: string): Promise<Pick<MessageRow, 'id' | 'user_id' | 'published_at' | 'publicly_visible'> | undefined> {
  return db.selectFrom('messages').select(['id', 'user_id', 'published_at', 'publicly_visible']).where('id', '=', id).executeTakeFirst();
}
