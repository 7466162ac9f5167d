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

/** What a single-message check reads of the message `id`. */
export function messageAccess(db: Db, id: string): Promise<Pick<MessageRow, 'id' | 'user_id' | 'published_at' | 'publicly_visible'> | undefined> {
  return db.selectFrom('messages').select(['id', 'user_id', 'published_at', 'publicly_visible']).where('id', '=', id).executeTakeFirst();
}
