import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

// The blog subscription tables (migration 017): subscriptions, and the folding of an author's
// blog_post e-mails (a window row per author, the documents waiting for the window's end).

type Db = Kysely<Database>;

export function subscriptionOf(db: Db, authorId: string, emailKey: string) {
  return db.selectFrom('blog_subscriptions').selectAll().where('author_id', '=', authorId).where('email_key', '=', emailKey).executeTakeFirst();
}

/** A new pending subscription; false when the address already has one for this author (a race). */
export async function insertPendingSubscription(
  db: Db,
  row: { id: string; authorId: string; email: string; emailKey: string; tokenHash: string; expiresAt: string; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto('blog_subscriptions')
    .values({
      id: row.id,
      author_id: row.authorId,
      email: row.email,
      email_key: row.emailKey,
      status: 'pending',
      token_hash: row.tokenHash,
      token_expires_at: row.expiresAt,
      created_at: row.now,
      confirmed_at: null,
    })
    .onConflict((oc) => oc.columns(['author_id', 'email_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

/** A fresh confirmation token for a subscription still pending (the earlier one stops working). */
export function renewPendingToken(db: Db, id: string, tokenHash: string, expiresAt: string) {
  return db.updateTable('blog_subscriptions').set({ token_hash: tokenHash, token_expires_at: expiresAt }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/** Confirms the pending subscription whose token this is, if it has not expired; its row or undefined. */
export function confirmByToken(db: Db, tokenHash: string, now: string) {
  return db
    .updateTable('blog_subscriptions')
    .set({ status: 'confirmed', token_hash: null, token_expires_at: null, confirmed_at: now })
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('token_expires_at', '>', now)
    .returning(['id', 'author_id'])
    .executeTakeFirst();
}

export async function deleteSubscription(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('blog_subscriptions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the author has any confirmed subscriber (else a new post needs no e-mail at all). */
export async function hasConfirmedSubscribers(db: Db, authorId: string): Promise<boolean> {
  const row = await db.selectFrom('blog_subscriptions').select('id').where('author_id', '=', authorId).where('status', '=', 'confirmed').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A page of an author's confirmed subscribers, in id order after `afterId`. */
export function confirmedSubscribersPage(db: Db, authorId: string, afterId: string, limit: number) {
  return db
    .selectFrom('blog_subscriptions')
    .select(['id', 'email'])
    .where('author_id', '=', authorId)
    .where('status', '=', 'confirmed')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ---- Folding -----------------------------------------------------------------------------------

/** Opens the author's first window; false when the author already has a window row. */
export async function openWindow(db: Db, authorId: string, until: string): Promise<boolean> {
  const result = await db
    .insertInto('blog_post_windows')
    .values({ author_id: authorId, window_until: until })
    .onConflict((oc) => oc.column('author_id').doNothing())
    .returning('author_id')
    .executeTakeFirst();
  return result !== undefined;
}

/** Opens a new window when the last one has passed with nothing waiting; false otherwise. */
export async function reopenWindow(db: Db, authorId: string, until: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('blog_post_windows')
    .set({ window_until: until })
    .where('author_id', '=', authorId)
    .where('window_until', '<=', now)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blog_pending_posts').select('document_id').where('blog_pending_posts.author_id', '=', authorId))))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function windowOf(db: Db, authorId: string) {
  return db.selectFrom('blog_post_windows').select('window_until').where('author_id', '=', authorId).executeTakeFirst();
}

/** Adds a document to the author's waiting ones; answers how many are waiting now. */
export async function addPending(db: Db, authorId: string, documentId: string, now: string): Promise<number> {
  await db
    .insertInto('blog_pending_posts')
    .values({ author_id: authorId, document_id: documentId, created_at: now })
    .onConflict((oc) => oc.columns(['author_id', 'document_id']).doNothing())
    .execute();
  const row = await db.selectFrom('blog_pending_posts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('author_id', '=', authorId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes every waiting document of the author (removing them), and opens the next window. */
export async function takePending(db: Db, authorId: string, nextUntil: string): Promise<string[]> {
  const rows = await db.deleteFrom('blog_pending_posts').where('author_id', '=', authorId).returning('document_id').execute();
  if (rows.length > 0) await db.updateTable('blog_post_windows').set({ window_until: nextUntil }).where('author_id', '=', authorId).execute();
  return rows.map((r) => r.document_id);
}
