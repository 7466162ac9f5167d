import { jobKind, listen, type FeatureModule } from '../../runtime/module.js';
import { PUSH_RETRY_BASE_MS, runBurstFollowUp, runPushDelivery } from './delivery.js';
import { notificationRoutes } from './routes.js';
import { NOTIFICATION_COMPONENTS } from './schemas.js';
import { forgetMessages, notify } from './service.js';
import { messageNotificationsPart, notificationTracesPart } from './user-data.js';

declare module '../../runtime/types.js' {
  interface JobPayloads {
    /** One push to one device (delivery.ts). */
    'push-delivery': { deviceId: string; title: string; body: string; data: Record<string, string> };
    /** The "and N others" follow-up of a folded notification burst, due when its window ends. */
    'notification-follow-up': { userId: string; channel: 'email' | 'push'; burstKey: string };
  }
}

// The listeners of the five notification events run after the acting write has committed, in
// the background: a failure here is logged by the dispatcher and never fails, nor waits for, the
// request that caused the event. Pushes and the follow-ups of folded bursts are jobs.
export const notificationsModule: FeatureModule = {
  name: 'notifications',
  routes: [notificationRoutes],
  components: NOTIFICATION_COMPONENTS,
  userData: [messageNotificationsPart, notificationTracesPart],
  jobs: [jobKind('push-delivery', runPushDelivery, { baseDelayMs: PUSH_RETRY_BASE_MS }), jobKind('notification-follow-up', runBurstFollowUp)],
  listeners: [
    listen('dig', (ctx, p) => notify(ctx, { type: 'dig', recipientId: p.authorId, actorId: p.actorId, messageId: p.messageId, burstKey: `dig:${p.messageId}` })),
    listen('push', (ctx, p) =>
      notify(ctx, {
        type: 'push',
        recipientId: p.authorId,
        actorId: p.actorId,
        messageId: p.messageId,
        burstKey: `push:${p.pushedMessageId}`,
        ids: { pushedMessageId: p.pushedMessageId },
      }),
    ),
    listen('reply', (ctx, p) =>
      notify(ctx, { type: 'reply', recipientId: p.authorId, actorId: p.actorId, messageId: p.messageId, burstKey: `reply:${p.parentId}`, ids: { parentId: p.parentId } }),
    ),
    listen('mention', (ctx, p) => notify(ctx, { type: 'mention', recipientId: p.mentionedUserId, actorId: p.actorId, messageId: p.messageId, burstKey: 'mention' })),
    listen('follow', (ctx, p) =>
      notify(ctx, { type: 'follow', recipientId: p.followeeId, actorId: p.followerId, messageId: null, burstKey: 'follow', requested: p.requested }),
    ),
    // A deleted message leaves no safe path to navigate to.
    listen('delete', (ctx, p) => forgetMessages(ctx, p.messageIds)),
  ],
};
