import type { UserDataPart } from '../../runtime/module.js';
import { userRowsPart } from '../../runtime/user-data.js';
import { countPointingAtMessagesOf, deletePointingAtMessagesOf } from './queries.js';

// Notifications that point at the user's messages go before the messages (the purge's
// `messages` category: another user's tray must not keep a dig of a message that is gone).
// Account deletion also removes notifications to and from the user, devices, preferences and
// burst windows.

export const messageNotificationsPart: UserDataPart = {
  key: 'messageNotifications',
  category: 'messages',
  order: 300,
  covers: [],
  count: (ctx, userId) => countPointingAtMessagesOf(ctx.db.kysely, userId),
  removeBatch: async (_ctx, trx, userId, limit) => ({ removed: await deletePointingAtMessagesOf(trx, userId, limit), blobKeys: [] }),
};

export const notificationTracesPart = userRowsPart('notifications', [
  'notifications.user_id',
  'notifications.actor_id',
  'notification_preferences.user_id',
  'notification_bursts.user_id',
  'push_devices.user_id',
]);
