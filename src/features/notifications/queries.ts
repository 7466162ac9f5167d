import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection.js';
import type { Database, NotificationsTable } from '../../db/types.js';

// The notifications' queries, which notify, the tray, delivery, preferences, push devices and
// unsubscribe links call (README, Design: queries).

type Db = Kysely<Database>;

// ---- notifications ----

/** The recipient and actor of a notification (whichever of the ids exist). */
export function notifyUsers(db: Db, ids: readonly string[]) {
  return db.selectFrom('users').select(['id', 'username', 'display_name', 'avatar', 'email', 'email_verified']).where('id', 'in', ids).execute();
}

/** The text of the message a notification is about. */
export function messageContent(db: Db, id: string) {
  return db.selectFrom('messages').select(['id', 'content']).where('id', '=', id).executeTakeFirst();
}

export async function insertNotification(db: Db, values: Insertable<NotificationsTable>): Promise<void> {
  await db.insertInto('notifications').values(values).execute();
}

/**
 * The recipient's unread notice of `type` about the list, if there is one (at most one: migration
 * 023's index), locked until the transaction ends on PostgreSQL (SQLite's one writer needs no lock).
 */
export function unreadListNotice(db: Db, engine: Engine, userId: string, type: string, listId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'metadata'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('target_list_id', '=', listId)
    .where('read_at', 'is', null)
    .$if(engine === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Rewrites what a folded notice says. */
export async function refoldNotice(db: Db, id: string, set: { actor_id: string; title: string; body: string; metadata: string }): Promise<void> {
  await db.updateTable('notifications').set(set).where('id', '=', id).execute();
}

/** Notifications hidden from their recipient: from users they muted or block, or who block them. */
function visibleToRecipient(userId: string) {
  return (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.or([
      eb('notifications.actor_id', 'is', null),
      eb.and([
        eb('notifications.actor_id', 'not in', eb.selectFrom('mutes').select('mutes.muted_id').where('mutes.muter_id', '=', userId)),
        eb('notifications.actor_id', 'not in', eb.selectFrom('blocks').select('blocks.blocked_id').where('blocks.blocker_id', '=', userId)),
        eb('notifications.actor_id', 'not in', eb.selectFrom('blocks').select('blocks.blocker_id').where('blocks.blocked_id', '=', userId)),
      ]),
    ]);
}

/**
 * One page of the notifications the user may see, newest first (with `unreadOnly`, the unread
 * ones from the start), and the number of unread ones.
 */
export async function notificationPage(db: Db, userId: string, unreadOnly: boolean, limit: number, offset: number) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(unreadOnly, (q) => q.where('read_at', 'is', null))
      .where(visibleToRecipient(userId))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('notifications')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where(visibleToRecipient(userId))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, unreadCount: Number(count.n) };
}

/** The user's notification `id` (its read time), if it is theirs. */
export function ownNotification(db: Db, userId: string, id: string) {
  return db.selectFrom('notifications').select(['id', 'read_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Marks a notification read unless it already is (the first read time stays). */
export async function markNotificationRead(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('notifications').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
}

/** Marks every unread notification of the user read; answers how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string, now: string): Promise<number> {
  const result = await db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the user's notification `id`; answers how many rows went (0 or 1). */
export async function deleteOwnNotification(db: Db, userId: string, id: string): Promise<number> {
  const result = await db.deleteFrom('notifications').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Clears the path (route_path, action_url) of the notifications about these messages. */
export async function clearMessagePaths(db: Db, messageIds: readonly string[]): Promise<void> {
  await db.updateTable('notifications').set({ route_path: null, action_url: null }).where('target_message_id', 'in', messageIds).execute();
}

// ---- bursts (delivery.ts) ----

export interface BurstKey {
  userId: string;
  channel: string;
  burstKey: string;
}

const burstWhere = <Q extends { where: (...args: any[]) => any }>(q: Q, k: BurstKey): Q =>
  q.where('user_id', '=', k.userId).where('channel', '=', k.channel).where('burst_key', '=', k.burstKey);

/** Opens the burst's first window unless the burst exists; answers whether it was new. */
export async function insertBurst(db: Db, k: BurstKey, windowUntil: string, sample: string): Promise<boolean> {
  const inserted = await db
    .insertInto('notification_bursts')
    .values({ user_id: k.userId, channel: k.channel, burst_key: k.burstKey, window_until: windowUntil, folded: 0, last_notification_id: sample })
    .onConflict((oc) => oc.columns(['user_id', 'channel', 'burst_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Opens a new window when the burst's has passed with nothing folded; answers whether it did. */
export async function reopenBurst(db: Db, k: BurstKey, windowUntil: string, sample: string, now: string): Promise<boolean> {
  const reopened = await burstWhere(db.updateTable('notification_bursts').set({ window_until: windowUntil, last_notification_id: sample }), k)
    .where('window_until', '<=', now)
    .where('folded', '=', 0)
    .executeTakeFirst();
  return Number(reopened.numUpdatedRows) > 0;
}

/** Counts one more delivery into the burst's window; answers the new count and the window's end. */
export function foldIntoBurst(db: Db, k: BurstKey, sample: string): Promise<{ folded: number; window_until: string } | undefined> {
  return burstWhere(db.updateTable('notification_bursts').set((eb: any) => ({ folded: eb('folded', '+', 1), last_notification_id: sample })), k)
    .returning(['folded', 'window_until'])
    .executeTakeFirst();
}

/**
 * Resets the burst's count and opens a new window, if the count is still `folded` (a
 * compare-and-set); answers whether it did.
 */
export async function claimBurst(db: Db, k: BurstKey, folded: number, windowUntil: string): Promise<boolean> {
  const claimed = await burstWhere(db.updateTable('notification_bursts').set({ folded: 0, window_until: windowUntil }), k)
    .where('folded', '=', folded)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

const dueBursts = (db: Db, now: string) => db.selectFrom('notification_bursts').selectAll().where('folded', '>', 0).where('window_until', '<=', now);

/** Bursts whose window has passed with folded deliveries (at most `limit`). */
export function dueBurstsPage(db: Db, now: string, limit: number) {
  return dueBursts(db, now).limit(limit).execute();
}

/** The burst `k` if its window has passed with folded deliveries. */
export function dueBurst(db: Db, now: string, k: BurstKey) {
  return burstWhere(dueBursts(db, now), k).executeTakeFirst();
}

/** The id and e-mail address of a burst's recipient. */
export function recipientOf(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
}

// ---- push devices (devices.ts, delivery.ts) ----

/** The user's devices, most recently registered first (devices.ts lists them for their owner). */
export function devicesOf(db: Db, userId: string) {
  return db
    .selectFrom('push_devices')
    .select(['token', 'platform', 'environment', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export function deviceIdsOf(db: Db, userId: string) {
  return db.selectFrom('push_devices').select('id').where('user_id', '=', userId).execute();
}

/** Whether the user has registered any device. */
export async function hasDevice(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('push_devices').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

export function pushDevice(db: Db, id: string) {
  return db.selectFrom('push_devices').select(['id', 'token', 'platform', 'environment']).where('id', '=', id).executeTakeFirst();
}

/** Removes the device row `id` only while it still holds `token`. */
export async function deleteDeviceWithToken(db: Db, id: string, token: string): Promise<void> {
  await db.deleteFrom('push_devices').where('id', '=', id).where('token', '=', token).execute();
}

/** Registers the user's token, or updates the platform and environment of its row. */
export async function upsertDevice(
  db: Db,
  d: { id: string; userId: string; token: string; platform: string; environment: string; now: string },
): Promise<void> {
  await db
    .insertInto('push_devices')
    .values({ id: d.id, user_id: d.userId, token: d.token, platform: d.platform, environment: d.environment, created_at: d.now, updated_at: d.now })
    .onConflict((oc) => oc.columns(['user_id', 'token']).doUpdateSet({ platform: d.platform, environment: d.environment, updated_at: d.now }))
    .execute();
}

export async function deleteUserDevice(db: Db, userId: string, token: string): Promise<void> {
  await db.deleteFrom('push_devices').where('user_id', '=', userId).where('token', '=', token).execute();
}

// ---- preferences (preferences.ts) ----

/** The user's stored channel settings, one row per event they changed (JSON text). */
export function storedPreferences(db: Db, userId: string) {
  return db.selectFrom('notification_preferences').select(['event_key', 'channels']).where('user_id', '=', userId).execute();
}

/** The user's stored channel settings of one event (JSON text), if they changed any. */
export function storedPreference(db: Db, userId: string, eventKey: string) {
  return db.selectFrom('notification_preferences').select('channels').where('user_id', '=', userId).where('event_key', '=', eventKey).executeTakeFirst();
}

export async function upsertPreference(db: Db, userId: string, eventKey: string, channels: string, now: string): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, event_key: eventKey, channels, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'event_key']).doUpdateSet({ channels, updated_at: now }))
    .execute();
}

// ---- unsubscribe links (unsubscribe.ts) ----

export async function userExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

// ---- purge ----

const pointingAtMessagesOf = (db: Db, userId: string) =>
  db.selectFrom('notifications').innerJoin('messages', 'messages.id', 'notifications.target_message_id').where('messages.user_id', '=', userId);

/** How many notifications point at a message of the user. */
export async function countPointingAtMessagesOf(db: Db, userId: string): Promise<number> {
  const row = await pointingAtMessagesOf(db, userId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes at most `limit` notifications that point at a message of the user; answers how many went. */
export async function deletePointingAtMessagesOf(db: Db, userId: string, limit: number): Promise<number> {
  const ids = pointingAtMessagesOf(db, userId).select('notifications.id').limit(limit);
  const deleted = await db.deleteFrom('notifications').where('id', 'in', ids).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
