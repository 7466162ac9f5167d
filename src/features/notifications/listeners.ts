import type { AppContext } from '../../runtime/context.js';
import { forgetMessages, notify } from './service.js';

// The listeners of the five notification events. The dispatcher calls them after the acting
// write has committed and tracks them in the background: a failure here is logged by the
// dispatcher and never fails, nor waits for, the request that caused the event. Pushes and the
// follow-ups of folded bursts are jobs (delivery.ts), run by the job runner.

/** Registers the listeners; returns the function that removes them. */
export function startNotifications(ctx: AppContext): () => void {
  const { events } = ctx;
  const offs = [
    events.on('dig', (p) => notify(ctx, { type: 'dig', recipientId: p.authorId, actorId: p.actorId, messageId: p.messageId, burstKey: `dig:${p.messageId}` })),
    events.on('push', (p) =>
      notify(ctx, {
        type: 'push',
        recipientId: p.authorId,
        actorId: p.actorId,
        messageId: p.messageId,
        burstKey: `push:${p.pushedMessageId}`,
        ids: { pushedMessageId: p.pushedMessageId },
      }),
    ),
    events.on('reply', (p) =>
      notify(ctx, { type: 'reply', recipientId: p.authorId, actorId: p.actorId, messageId: p.messageId, burstKey: `reply:${p.parentId}`, ids: { parentId: p.parentId } }),
    ),
    events.on('mention', (p) => notify(ctx, { type: 'mention', recipientId: p.mentionedUserId, actorId: p.actorId, messageId: p.messageId, burstKey: 'mention' })),
    events.on('follow', (p) =>
      notify(ctx, { type: 'follow', recipientId: p.followeeId, actorId: p.followerId, messageId: null, burstKey: 'follow', requested: p.requested }),
    ),
    // A deleted message leaves no safe path to navigate to.
    events.on('delete', (p) => forgetMessages(ctx, p.messageIds)),
  ];
  return () => offs.forEach((off) => off());
}
