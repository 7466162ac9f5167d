import { streamOfUser, type EventInput } from './queries.js';

// The event log's public face (docs/events.md): what other features write with and read from.
// A feature appends its events with `appendEvents` inside the transaction of the change, and once
// that commits calls `announceEvents` (the domain event `eventsAppended`), which wakes the live
// streams of every instance and the webhook deliveries.
export {
  appendEventRows,
  appendEvents,
  appendEventsPg,
  eventRows,
  readEvents,
  streamBounds,
  streamOfOrg,
  streamOfUser,
  type EventEnvelope,
  type EventInput,
  type EventRows,
  type StreamBounds,
  type TypeFilter,
} from './queries.js';
export { announceEvents } from './announce.js';
export { changeAccess, changeAccessIn, lockItems, type SharedItemRef } from './access.js';
export { enqueueTimeline, timelineAuthors, type TimelineJob } from './timeline.js';
export { EVENT_TYPES, type EventTypeName, type TombstoneReason } from './types.js';

/** One event of each of these users' streams (owners and collaborators of an item, say). */
export function eventsFor(userIds: Iterable<string>, type: string, actorId: string | null, data: Record<string, unknown>): EventInput[] {
  return [...new Set(userIds)].map((id) => ({ stream: streamOfUser(id), type, actorId, data }));
}

/** The streams of these users (for announceEvents). */
export const streamsOf = (userIds: Iterable<string>): string[] => [...new Set(userIds)].map(streamOfUser);
export { itemAudience, itemsSharedWithOrg, removeOrgStream } from './queries.js';
