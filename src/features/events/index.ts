import type { AppContext } from '../../runtime/types.js';

// The event log's public face (docs/events.md): what other features write with and read from.
// A feature appends its events with `appendEvents` inside the transaction of the change, and once
// that commits calls `announceEvents` (the domain event `eventsAppended`), which wakes the live
// streams of every instance and the webhook deliveries.
export {
  appendEvents,
  readEvents,
  streamBounds,
  streamOfOrg,
  streamOfUser,
  type EventEnvelope,
  type EventInput,
  type StreamBounds,
  type TypeFilter,
} from './queries.js';

/** After the commit of a transaction that appended events: reports `eventsAppended` (nothing when none). */
export function announceEvents(ctx: Pick<AppContext, 'events'>, streams: readonly string[]): void {
  if (streams.length > 0) ctx.events.emit('eventsAppended', { streams: [...new Set(streams)] });
}
