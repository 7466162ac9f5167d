import { unprocessable } from '../../http/errors.js';

// The event types of the log (CONTRACT.md, Events: "Types") that a webhook may subscribe to, and
// the filter a webhook keeps: exact types and `prefix.*` (every type under that prefix).

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
  'org.member.added',
  'org.member.removed',
  'webhook.test',
] as const;

const KNOWN = new Set<string>(EVENT_TYPES);

/** Whether an entry of a webhook's `events` names a known type, or a prefix (`list.*`) of one. */
function isKnownFilter(filter: string): boolean {
  if (KNOWN.has(filter)) return true;
  if (!filter.endsWith('.*')) return false;
  const prefix = filter.slice(0, -1);
  return prefix.length > 1 && EVENT_TYPES.some((type) => type.startsWith(prefix));
}

/** The filters as given, without repeats; 422 unknown_event_type naming the first unknown one. */
export function checkedFilters(filters: readonly string[]): string[] {
  const unknown = filters.find((f) => !isKnownFilter(f));
  if (unknown !== undefined) throw unprocessable(`Unknown event type: ${unknown}`, 'unknown_event_type');
  return [...new Set(filters)];
}

/** Whether an event of `type` goes to a webhook with these filters. */
export function subscribed(filters: readonly string[], type: string): boolean {
  return filters.some((f) => f === type || (f.endsWith('.*') && type.startsWith(f.slice(0, -1))));
}
