import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

// The presence queries (service.ts, user-data.ts, the prune task).

type Db = Kysely<Database>;

/** One heartbeat: the user's row for the document written anew (one statement). */
export async function upsertHeartbeat(db: Db, documentId: string, userId: string, editing: boolean, at: string): Promise<void> {
  await db
    .insertInto('document_presence')
    .values({ document_id: documentId, user_id: userId, editing, last_seen_at: at })
    .onConflict((oc) => oc.columns(['document_id', 'user_id']).doUpdateSet({ editing, last_seen_at: at }))
    .execute();
}

/** Who was seen on the document at or after `since`, most recently seen first. */
export function seenSince(db: Db, documentId: string, since: string) {
  return db
    .selectFrom('document_presence')
    .innerJoin('users', 'users.id', 'document_presence.user_id')
    .select(['users.id', 'users.username', 'users.display_name', 'users.avatar', 'document_presence.editing', 'document_presence.last_seen_at'])
    .where('document_presence.document_id', '=', documentId)
    .where('document_presence.last_seen_at', '>=', since)
    .orderBy('document_presence.last_seen_at', 'desc')
    .orderBy('users.id')
    .execute();
}

/** Removes the heartbeats older than `before`; answers how many. */
export async function pruneBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('document_presence').where('last_seen_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's heartbeats, and those on the user's documents (what purge and deletion remove). */
const touching = (userId: string) => (eb: ExpressionBuilder<Database, 'document_presence'>) =>
  eb.or([
    eb('document_presence.user_id', '=', userId),
    eb('document_presence.document_id', 'in', eb.selectFrom('documents').select('documents.id').where('documents.user_id', '=', userId)),
  ]);

export async function countPresenceTouching(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('document_presence')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(touching(userId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deletePresenceTouching(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('document_presence').where(touching(userId)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
