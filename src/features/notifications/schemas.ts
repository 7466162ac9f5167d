import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, ref, StringEnum, UserSummary } from '../../http/schemas.js';
import { EVENT_KEYS, NOTIFICATION_TYPES } from './events.js';

// Notifications, preferences and push devices (spec: Notification, Notification preference
// event, Notifications and preferences, Push devices).

export const NotificationTarget = Type.Object(
  { messageId: Nullable(Type.String()), listId: Nullable(Type.String()), orgId: Nullable(Type.String()) },
  { $id: 'NotificationTarget', description: 'What the notification is about; every field null when not applicable; always present' },
);

export const Notification = Type.Object(
  {
    id: Type.String(),
    title: Type.String({ description: 'Short heading' }),
    body: Type.String({ description: 'Full text' }),
    actionUrl: Nullable(Type.String({ description: 'Relative URL' })),
    type: Nullable(StringEnum(NOTIFICATION_TYPES, { description: 'Category: dig, push, follow, mention, reply, cross_post_failed (a cross-post could not be delivered), org_invite (an invite to an organization), shared_with_you (a list or document shared with you) list_changed (rows of a list you watch changed; folded while unread) or webhook_disabled (a webhook of yours, or of an organization you administer, was disabled)' })),
    metadata: Type.Object(
      {
        actor: Type.Optional(ref(UserSummary)),
        messageId: Type.Optional(Type.String()),
        parentId: Type.Optional(Type.String()),
        pushedMessageId: Type.Optional(Type.String()),
        requested: Type.Optional(Type.Boolean({ description: 'follow: a follow request rather than a new follower' })),
        listId: Type.Optional(Type.String()),
        changes: Type.Optional(Type.Integer({ minimum: 1, description: 'list_changed: how many row changes this unread notification counts' })),
      },
      { additionalProperties: true, description: 'Server-attached structured data: the actor and the ids involved' },
    ),
    createdAt: DateTime(),
    readAt: Nullable(DateTime({ description: 'null while unread' })),
    routePath: Nullable(Type.String({ description: 'Client-navigable in-app path; null when no safe path can be resolved' })),
    target: ref(NotificationTarget),
  },
  { $id: 'Notification', description: 'A notification of the current user' },
);

export const NotificationList = Type.Object(
  { unreadCount: Type.Integer({ minimum: 0, description: 'All unread notifications' }), items: Type.Array(ref(Notification)) },
  { description: 'Notifications, newest first, with the unread count' },
);

export const NotificationQuery = Type.Object({
  scope: Type.Optional(StringEnum(['tray'] as const, { description: '`tray`: the unread tray; omitted: the historical feed' })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, description: 'Feed: 1 to 50 (default 20). Tray: the tray limit, clamped to 10..40 (default 20)' }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Feed only: items to skip (default 0)' })),
});


export const OkResult = Type.Object({ ok: Type.Literal(true) }, { $id: 'OkResult', description: 'Done' });
export const MarkAllReadResult = Type.Object({ ok: Type.Literal(true), updated: Type.Integer({ minimum: 0, description: 'Notifications changed from unread to read' }) });

const Channels = Type.Object(
  {
    push: Type.Optional(Type.Boolean()),
    inApp: Type.Optional(Type.Boolean()),
    email: Type.Optional(Type.Boolean()),
  },
  { description: 'Only the channel keys the event supports, each boolean' },
);

export const PreferenceEvent = Type.Object(
  { key: StringEnum(EVENT_KEYS), label: Type.String(), description: Type.String(), channels: Channels },
  { $id: 'NotificationPreferenceEvent', description: 'One notification event and its channels (every channel defaults to enabled)' },
);

export const PreferenceList = Type.Object({ events: Type.Array(ref(PreferenceEvent)) }, { description: 'Every notification event with its channels' });

export const PreferencePatch = Type.Object(
  {
    key: Type.String({ maxLength: 40, description: 'The event key: dig, push, follow, mention or reply' }),
    channels: Type.Object({}, { additionalProperties: true, maxProperties: 10, description: 'Channel name (push, inApp, email) to boolean; only channels the event supports' }),
  },
  { additionalProperties: false, examples: [{ key: 'dig', channels: { push: false } }] },
);

export const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 1000, description: 'The signed token from the e-mail' }) });
export const UnsubscribeResult = Type.Object(
  { ok: Type.Literal(true), key: StringEnum(EVENT_KEYS, { description: 'The event whose e-mail channel is now off' }) },
  { description: 'The e-mail channel of that event is off' },
);

export const DeviceRegistration = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 4096, description: 'The APNs device token or FCM registration token' }),
    platform: StringEnum(['ios', 'android'] as const),
    environment: Type.Optional(StringEnum(['sandbox', 'production'] as const, { description: 'APNs environment; inferred from PUSH_ENVIRONMENT when omitted' })),
  },
  { additionalProperties: false, examples: [{ token: '740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad', platform: 'ios', environment: 'production' }] },
);

export const DeviceToken = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false, examples: [{ token: '740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad' }] },
);

export const Registered = Type.Object({ registered: Type.Literal(true) }, { description: 'The device is registered for the caller' });
export const Unregistered = Type.Object({ registered: Type.Literal(false) }, { description: 'The token is not registered for the caller (also when it never was)' });

export const PushDevice = Type.Object(
  {
    token: Type.String(),
    platform: StringEnum(['ios', 'android'] as const),
    environment: StringEnum(['sandbox', 'production'] as const),
    createdAt: DateTime(),
    updatedAt: DateTime({ description: 'When it was last registered' }),
  },
  { $id: 'PushDevice' },
);
export const DeviceList = Type.Object({ devices: Type.Array(ref(PushDevice)) });

export const NOTIFICATION_COMPONENTS = [NotificationTarget, Notification, OkResult, PreferenceEvent, PushDevice];
