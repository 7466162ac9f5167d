// The notification events of the spec ("Notification preference event", "Events"): their keys,
// words and the channels each supports. Every channel defaults to on.

export const CHANNELS = ['push', 'inApp', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

export const EVENT_KEYS = ['dig', 'push', 'follow', 'mention', 'reply'] as const;
export type EventKey = (typeof EVENT_KEYS)[number];

export interface EventDefinition {
  key: EventKey;
  label: string;
  description: string;
  channels: readonly Channel[];
}

export const EVENTS: Record<EventKey, EventDefinition> = {
  dig: { key: 'dig', label: 'Digs', description: 'Digs on your messages', channels: ['push', 'inApp'] },
  push: { key: 'push', label: 'Pushes', description: 'Pushes (reposts) of your messages', channels: ['push', 'inApp'] },
  follow: { key: 'follow', label: 'Follows', description: 'New followers and follow requests', channels: ['push', 'email'] },
  mention: { key: 'mention', label: 'Mentions', description: '@-mentions of you', channels: ['email'] },
  reply: { key: 'reply', label: 'Replies', description: 'Replies to your messages', channels: ['email'] },
};

/** Every type a notification can have: the events', and the service's own notices (in-app only). */
export const NOTIFICATION_TYPES = [...EVENT_KEYS, 'cross_post_failed', 'org_invite', 'shared_with_you', 'list_changed', 'webhook_disabled'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const isEventKey = (key: string): key is EventKey => (EVENT_KEYS as readonly string[]).includes(key);

export type ChannelSettings = Partial<Record<Channel, boolean>>;

/** What a folded follow-up says after "and N others" (the burst's event type). */
export const FOLDED_VERB: Record<EventKey, string> = {
  dig: 'dug your message',
  push: 'pushed your message',
  follow: 'followed you or asked to',
  mention: 'mentioned you',
  reply: 'replied to your message',
};
