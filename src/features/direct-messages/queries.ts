import type { Insertable, Kysely } from 'kysely';
import type { Database, DirectMessagesTable } from '../../db/types.js';

// The direct messages' queries, which the service calls (README, Design: queries).

const USER_COLUMNS = ['id', 'username', 'display_name', 'avatar'] as const;

export async function insertDirectMessage(db: Kysely<Database>, values: Insertable<DirectMessagesTable>): Promise<void> {
  await db.insertInto('direct_messages').values(values).execute();
}

/**
 * One page of the user's conversation partners, the most recent conversation first, with the
 * time of its newest message, and the number of partners; partners blocked either way are left out.
 */
export async function conversationPartners(db: Kysely<Database>, me: string, limit: number, offset: number) {
  // One row per other user: the time of the newest message either way (both halves use an index).
  const sides = db
    .selectFrom('direct_messages')
    .select(['recipient_id as partner_id', 'created_at'])
    .where('sender_id', '=', me)
    .unionAll(db.selectFrom('direct_messages').select(['sender_id as partner_id', 'created_at']).where('recipient_id', '=', me));
  const partners = db
    .selectFrom(sides.as('s'))
    .select(['s.partner_id', (eb) => eb.fn.max('s.created_at').as('last_at')])
    .groupBy('s.partner_id');
  const hidden = (eb: any) =>
    eb.and([
      eb('p.partner_id', 'not in', eb.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', me)),
      eb('p.partner_id', 'not in', eb.selectFrom('blocks').select('blocker_id').where('blocked_id', '=', me)),
    ]);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(partners.as('p'))
      .select(['p.partner_id', 'p.last_at'])
      .where(hidden)
      .orderBy('p.last_at', 'desc')
      .orderBy('p.partner_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom(partners.as('p')).select((eb) => eb.fn.countAll().as('n')).where(hidden).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The summaries (id, username, display name, avatar) of these users. */
export function userSummaries(db: Kysely<Database>, ids: readonly string[]) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', 'in', ids).execute();
}

export function userSummary(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * The messages between `me` and any of `partnerIds` sent at one of `times` (the newest of each
 * conversation, and any other message that shares its time), highest id first.
 */
export function messagesAt(db: Kysely<Database>, me: string, partnerIds: readonly string[], times: readonly string[]) {
  return db
    .selectFrom('direct_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', me), eb('recipient_id', 'in', partnerIds)]),
        eb.and([eb('recipient_id', '=', me), eb('sender_id', 'in', partnerIds)]),
      ]),
    )
    .where('created_at', 'in', times)
    .orderBy('id', 'desc')
    .execute();
}

/** The number of unread messages `me` has from each of `senderIds` (senders with none are absent). */
export function unreadCounts(db: Kysely<Database>, me: string, senderIds: readonly string[]) {
  return db
    .selectFrom('direct_messages')
    .select(['sender_id', (eb) => eb.fn.countAll().as('n')])
    .where('recipient_id', '=', me)
    .where('sender_id', 'in', senderIds)
    .where('read_at', 'is', null)
    .groupBy('sender_id')
    .execute();
}

/** One page of the messages between two users, newest first, and their number. */
export async function conversationPage(db: Kysely<Database>, a: string, b: string, limit: number, offset: number) {
  const between = (eb: any) =>
    eb.or([
      eb.and([eb('sender_id', '=', a), eb('recipient_id', '=', b)]),
      eb.and([eb('sender_id', '=', b), eb('recipient_id', '=', a)]),
    ]);
  const [rows, count] = await Promise.all([
    db.selectFrom('direct_messages').selectAll().where(between).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('direct_messages').select((eb) => eb.fn.countAll().as('n')).where(between).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Marks every unread message from `senderId` to `recipientId` read at `now`. */
export async function markReadFrom(db: Kysely<Database>, recipientId: string, senderId: string, now: string): Promise<void> {
  await db
    .updateTable('direct_messages')
    .set({ read_at: now })
    .where('recipient_id', '=', recipientId)
    .where('sender_id', '=', senderId)
    .where('read_at', 'is', null)
    .execute();
}

/** Deletes the message if `senderId` sent it; answers how many rows went (0 or 1). */
export async function deleteSentMessage(db: Kysely<Database>, senderId: string, id: string): Promise<number> {
  const result = await db.deleteFrom('direct_messages').where('id', '=', id).where('sender_id', '=', senderId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- purge and the archive (user-data.ts) ----

export type DirectMessageSide = 'sender_id' | 'recipient_id';

/** At most `limit` ids of the direct messages the user is on this side of. */
export async function directMessageIdsOf(db: Kysely<Database>, side: DirectMessageSide, userId: string, limit: number): Promise<string[]> {
  return (await db.selectFrom('direct_messages').select('id').where(side, '=', userId).limit(limit).execute()).map((r) => r.id);
}

export async function deleteDirectMessages(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('direct_messages').where('id', 'in', ids).execute();
}

/** The user's direct messages on one side after `after` in id order, `limit` of them, with the other party's username. */
export function directMessagesAfter(db: Kysely<Database>, side: DirectMessageSide, userId: string, after: string, limit: number) {
  const other = side === 'sender_id' ? 'recipient_id' : 'sender_id';
  return db
    .selectFrom('direct_messages')
    .innerJoin('users', 'users.id', `direct_messages.${other}`)
    .select(['direct_messages.id', 'direct_messages.content', 'direct_messages.image_urls', 'direct_messages.created_at', 'direct_messages.read_at', 'users.username'])
    .where(`direct_messages.${side}`, '=', userId)
    .where('direct_messages.id', '>', after)
    .orderBy('direct_messages.id')
    .limit(limit)
    .execute();
}
