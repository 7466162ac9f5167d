// The event types of the contract (docs/events.md): what the log writes, a webhook may ask
// for, and a `types` filter names. Clients ignore types they do not know.
export const EVENT_TYPES = [
  'message.created',
  'message.updated',
  'message.deleted',
  'timeline.message',
  'timeline.message_removed',
  'notification.created',
  'follow.created',
  'follow.requested',
  'follow.deleted',
  'list.created',
  'list.updated',
  'list.deleted',
  'list.row.created',
  'list.row.updated',
  'list.row.deleted',
  'list.rows.imported',
  'document.created',
  'document.updated',
  'document.deleted',
  'folder.created',
  'folder.updated',
  'folder.deleted',
  'share.granted',
  'share.revoked',
  'share.updated',
  'org.member.added',
  'org.member.removed',
  'org.member.updated',
  'webhook.test',
] as const;

export type EventTypeName = (typeof EVENT_TYPES)[number];

/** Why a tombstone was written (the contract's `reason`). */
export type TombstoneReason = 'deleted' | 'purged' | 'access_revoked';

/** A type or a `prefix.*` of the filter syntax (`[a-z_.]+`, a trailing `.*` allowed). */
export const TYPE_PATTERN = /^[a-z_]+(\.[a-z_]+)*(\.\*)?$/;
