import { recordNotification } from './log-events.js';
import type { AppContext } from '../../runtime/context.js';
import { toBool } from '../../db/dialect.js';
import { notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { blockedEitherWay, hasMuted } from '../blocks/service.js';
import { deliverEmail, deliverPush, type Outgoing } from './delivery.js';
import type { EventKey, NotificationType } from './events.js';
import { channelsFor } from './preferences.js';
import { pathTo } from './route-paths.js';
import {
  clearMessagePaths,
  deleteOwnNotification,
  markAllNotificationsRead,
  markNotificationRead,
  messageContent,
  notificationPage,
  notifyUsers,
  ownNotification,
} from './queries.js';

// Notifications: created by the listeners of the five domain events (listeners.ts), after the
// write that caused them has committed; read through the tray and the feed.

export interface NotifyInput {
  type: EventKey;
  recipientId: string;
  actorId: string;
  /** The message the notification is about (dig: the dug one; push, reply, mention: the new post). */
  messageId: string | null;
  /** The key that groups e-mails and pushes of a burst (e.g. every dig of one message). */
  burstKey: string;
  /** A follow request (private account) rather than a new follower. */
  requested?: boolean;
  /** Extra ids for metadata. */
  ids?: Record<string, string>;
}

/** The in-app path a client may navigate to, or null when none can be resolved safely. */
export function routePathFor(input: { type: EventKey; messageId: string | null; requested?: boolean }, actorUsername: string): string | null {
  if (input.type === 'follow') {
    if (input.requested) return '/follow-requests';
    return pathTo('/users', actorUsername);
  }
  return pathTo('/messages', input.messageId);
}

function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/** Title and body of a notification in words. */
function wording(type: EventKey, actor: string, content: string | null, requested: boolean): { title: string; body: string } {
  const quoted = content ? `: “${excerpt(content)}”` : '';
  switch (type) {
    case 'dig':
      return { title: 'New dig', body: `${actor} dug your message${quoted}` };
    case 'push':
      return { title: 'Your message was pushed', body: `${actor} pushed your message${quoted}` };
    case 'reply':
      return { title: 'New reply', body: `${actor} replied to your message${quoted}` };
    case 'mention':
      return { title: 'You were mentioned', body: `${actor} mentioned you${quoted}` };
    case 'follow':
      return requested ? { title: 'New follow request', body: `${actor} asked to follow you` } : { title: 'New follower', body: `${actor} started following you` };
  }
}

/**
 * Creates the notification of one event for one recipient and starts its e-mail and push
 * deliveries. Never for acting on your own content, never between users who block each other;
 * a recipient who muted the actor gets nothing delivered (and the tray hides the item).
 */
export async function notify(ctx: AppContext, input: NotifyInput): Promise<void> {
  if (input.recipientId === input.actorId) return;
  const db = ctx.db.kysely;
  if (await blockedEitherWay(db, input.recipientId, input.actorId)) return;
  const users = await notifyUsers(db, [input.recipientId, input.actorId]);
  const recipient = users.find((u) => u.id === input.recipientId);
  const actor = users.find((u) => u.id === input.actorId);
  if (!recipient || !actor) return;
  const message = input.messageId ? await messageContent(db, input.messageId) : undefined;

  const channels = await channelsFor(db, recipient.id, input.type);
  // Events without an inApp channel (follow, mention, reply) always reach the tray.
  const inApp = input.type === 'dig' || input.type === 'push' ? channels.inApp : true;
  const routePath = routePathFor(input, actor.username);
  const { title, body } = wording(input.type, actor.display_name || actor.username, message?.content ?? null, !!input.requested);
  const metadata = {
    actor: { id: actor.id, username: actor.username, displayName: actor.display_name, avatar: actor.avatar },
    ...(input.messageId ? { messageId: input.messageId } : {}),
    ...(input.type === 'follow' ? { requested: !!input.requested } : {}),
    ...input.ids,
  };
  const id = newId();
  if (inApp) {
    await recordNotification(ctx, {
      id,
      user_id: recipient.id,
      actor_id: actor.id,
      type: input.type,
      title,
      body,
      action_url: routePath,
      route_path: routePath,
      metadata: JSON.stringify(metadata),
      target_message_id: input.messageId,
      target_list_id: null,
      target_org_id: null,
      created_at: ctx.clock.now().toISOString(),
    });
  }

  if (!channels.email && !channels.push) return;
  if (await hasMuted(db, recipient.id, actor.id)) return;
  const outgoing: Outgoing = {
    type: input.type,
    burstKey: input.burstKey,
    recipient: { id: recipient.id, email: recipient.email },
    title,
    body,
    routePath,
    data: { type: input.type, notificationId: id, ...(routePath ? { routePath } : {}), ...(input.messageId ? { messageId: input.messageId } : {}) },
  };
  // E-mail goes only to verified addresses: an unconfirmed one may belong to someone else.
  const email = channels.email && toBool(recipient.email_verified);
  await Promise.all([email ? deliverEmail(ctx, outgoing) : undefined, channels.push ? deliverPush(ctx, outgoing) : undefined]);
}

export interface InAppNotice {
  type: Exclude<NotificationType, EventKey>;
  recipientId: string;
  messageId: string | null;
  title: string;
  body: string;
  metadata?: Record<string, unknown>;
  /** Who caused it (an organization invite's sender); null for the service's own notices. */
  actorId?: string | null;
  /** Where it leads when it is not about a message (`/orgs/<slug>`). */
  routePath?: string;
  /** `target.orgId` of a notice about an organization. */
  orgId?: string;
  /** `target.listId` of a notice about a list (a list shared with the recipient). */
  listId?: string;
}

/**
 * A notice of the service's own (a cross-post that failed) or about something other than a
 * message (an organization invite): in the tray only, its routePath the message it is about or
 * the one given.
 */
export async function notifyInApp(ctx: AppContext, notice: InAppNotice): Promise<void> {
  const routePath = notice.routePath ?? pathTo('/messages', notice.messageId);
  await recordNotification(ctx, {
    id: newId(),
    user_id: notice.recipientId,
    actor_id: notice.actorId ?? null,
    type: notice.type,
    title: notice.title,
    body: notice.body,
    action_url: routePath,
    route_path: routePath,
    metadata: JSON.stringify({ ...(notice.messageId ? { messageId: notice.messageId } : {}), ...notice.metadata }),
    target_message_id: notice.messageId,
    target_list_id: notice.listId ?? null,
    target_org_id: notice.orgId ?? null,
    created_at: ctx.clock.now().toISOString(),
  });
}

export { foldListChange, type ListChange } from './folding.js';

export const TRAY_DEFAULT = 20;
export const TRAY_MIN = 10;
export const TRAY_MAX = 40;

/** The tray (unread only, newest first) or the feed (read and unread), with the unread count. */
export async function listNotifications(ctx: AppContext, userId: string, scope: 'tray' | 'feed', limit: number, offset: number) {
  return notificationPage(ctx.db.kysely, userId, scope === 'tray', limit, scope === 'tray' ? 0 : offset);
}

/** Marks one of the caller's notifications read (idempotent: the first read time stays). */
export async function markRead(ctx: AppContext, userId: string, id: string): Promise<void> {
  const db = ctx.db.kysely;
  const row = await ownNotification(db, userId, id);
  if (!row) throw notFound('Notification not found');
  if (row.read_at === null) await markNotificationRead(db, id, ctx.clock.now().toISOString());
}

/** Marks every unread notification of the caller read; answers how many changed. */
export async function markAllRead(ctx: AppContext, userId: string): Promise<number> {
  return markAllNotificationsRead(ctx.db.kysely, userId, ctx.clock.now().toISOString());
}

export async function deleteNotification(ctx: AppContext, userId: string, id: string): Promise<void> {
  if ((await deleteOwnNotification(ctx.db.kysely, userId, id)) === 0) throw notFound('Notification not found');
}

/** Notifications about deleted messages keep their text but lose their path (routePath null). */
export async function forgetMessages(ctx: AppContext, messageIds: string[]): Promise<void> {
  for (let i = 0; i < messageIds.length; i += 500) {
    await clearMessagePaths(ctx.db.kysely, messageIds.slice(i, i + 500));
  }
}
