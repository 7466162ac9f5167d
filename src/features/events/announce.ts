import type { AppContext } from '../../runtime/types.js';

/** After the commit of a transaction that appended events: reports `eventsAppended` (nothing when none). */
export function announceEvents(ctx: Pick<AppContext, 'events'>, streams: readonly string[]): void {
  if (streams.length > 0) ctx.events.emit('eventsAppended', { streams: [...new Set(streams)] });
}
