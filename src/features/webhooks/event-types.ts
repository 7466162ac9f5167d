import { unprocessable } from '../../http/errors.js';
import { EVENT_TYPES } from '../events/index.js';

// The filter a webhook keeps over the log's event types (docs/web-client.md): exact types
// and `prefix.*` (every type under that prefix).

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
