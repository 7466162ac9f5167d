import { sql, type Kysely } from 'kysely';
import type { Database, MessageRow } from '../../db/types.js';
import { preparedQuery } from '../../db/prepared.js';

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

const someFollowerOf = preparedQuery((db: Db, authorId: string) => db.selectFrom('follows').select('followee_id').where('followee_id', '=', authorId).limit(sql.lit(1)), ['$author']);

/** Which of these authors at least one account follows (accepted follows: a request is none yet). */
export async function authorsWithFollowers(db: Db, authorIds: readonly string[]): Promise<Set<string>> {
  if (authorIds.length === 0) return new Set();
  // One author (most batches of posts): a compiled probe of one index entry.
  if (authorIds.length === 1) return new Set((await someFollowerOf(db, authorIds[0]!)).map((r) => r.followee_id));
  const rows = await db.selectFrom('follows').select('followee_id').distinct().where('followee_id', 'in', authorIds).execute();
  return new Set(rows.map((r) => r.followee_id));
}

/**
 * PostgreSQL: authorsWithFollowers as a query of the caller's statement (one round trip for a
 * write and its probe), the authors read from a JSON array parameter (`$5`, say); answers their
 * ids as `followee_id`. One index probe per author.
 */
export function authorsWithFollowersPg(authors: string): string {
  return `select a.followee_id from jsonb_array_elements_text(${authors}::jsonb) as a(followee_id)
  where exists (select 1 from follows f where f.followee_id = a.followee_id)`;
}

/**
 * The users whose home timeline shows the author's published messages, a page at a time by id:
 * their followers (and, for a message of an organization, its members), less those whose feed
 * leaves the author out (a block either way, or a mute: messages.ts, feedHiddenAuthors), never
 * the author. A private account's followers are the ones it accepted.
 */
export async function timelineAudience(db: Db, authorId: string, orgId: string | null, afterUserId: string, limit: number): Promise<string[]> {
  let people = db.selectFrom('follows').select('follows.follower_id as id').where('follows.followee_id', '=', authorId);
  if (orgId !== null) people = people.union(db.selectFrom('organization_members').select('organization_members.user_id as id').where('organization_members.organization_id', '=', orgId));
  const rows = await db
    .selectFrom(people.as('p'))
    .select('p.id')
    .where('p.id', '>', afterUserId)
    .where('p.id', '!=', authorId)
    .where('p.id', 'not in', db.selectFrom('blocks').select('blocks.blocker_id').where('blocks.blocked_id', '=', authorId))
    .where('p.id', 'not in', db.selectFrom('blocks').select('blocks.blocked_id').where('blocks.blocker_id', '=', authorId))
    .where('p.id', 'not in', db.selectFrom('mutes').select('mutes.muter_id').where('mutes.muted_id', '=', authorId))
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
