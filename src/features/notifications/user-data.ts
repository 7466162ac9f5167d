import type { UserDataPart } from '../../runtime/module.js';
import { userRowsPart } from '../../runtime/user-data.js';

// Notifications that point at the user's messages go before the messages (the purge's
// `messages` category: another user's tray must not keep a dig of a message that is gone).
// Account deletion also removes notifications to and from the user, devices, preferences and
// burst windows.

const pointingAtMessagesOf = (trx: Parameters<UserDataPart['removeBatch']>[1], userId: string) =>
  trx.selectFrom('notifications').innerJoin('messages', 'messages.id', 'notifications.target_message_id').where('messages.user_id', '=', userId);

export const messageNotificationsPart: UserDataPart = {
  key: 'messageNotifications',
  category: 'messages',
  order: 300,
  covers: [],
  async count(ctx, userId) {
    const row = await pointingAtMessagesOf(ctx.db.kysely, userId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async removeBatch(_ctx, trx, userId, limit) {
    const ids = pointingAtMessagesOf(trx, userId).select('notifications.id').limit(limit);
    const deleted = await trx.deleteFrom('notifications').where('id', 'in', ids).executeTakeFirst();
    return { removed: Number(deleted.numDeletedRows), blobKeys: [] };
  },
};

export const notificationTracesPart = userRowsPart('notifications', [
  'notifications.user_id',
  'notifications.actor_id',
  'notification_preferences.user_id',
  'notification_bursts.user_id',
  'push_devices.user_id',
]);
