import { AppError, badRequest } from '../../http/errors.js';
import type { StreamBounds } from './queries.js';
import { TYPE_PATTERN } from './types.js';

// The cursor rules of the pull (GET /api/events) and the live stream's replay (docs/events.md):
// where a reader starts after its cursor, and when it cannot (409, 410, or a `resync`). Pure.

/** At most this many missed events are replayed on a live stream; further behind: resync. */
export const MAX_REPLAY = 1000;

/** A cursor: a seq as decimal digits (`0`: from the oldest retained). Malformed: 400 invalid_cursor. */
export function parseCursor(value: string | undefined, name: string): number {
  // Stryker disable next-line ConditionalExpression: equivalent; test(undefined) reads "undefined", which the pattern refuses too
  if (value === undefined || !/^\d{1,15}$/.test(value)) throw badRequest(`${name} must be a non-negative integer event seq`, 'invalid_cursor');
  return Number(value);
}

/** The `types` filter: a comma list of types or `prefix.*`. */
export function parseTypes(value: string | undefined): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  const types = value.split(',').map((s) => s.trim());
  if (types.length > 50 || types.some((t) => !TYPE_PATTERN.test(t))) throw badRequest('types must be a comma list of event types, each optionally ending in .*', 'bad_request');
  return types;
}

/** The live stream's cursor: `Last-Event-ID`, else `?after`, else none (live from the head). */
export function streamCursor(lastEventId: string | string[] | undefined, after: string | undefined): number | null {
  const header = Array.isArray(lastEventId) ? lastEventId[0] : lastEventId;
  if (header !== undefined && header !== '') return parseCursor(header, 'Last-Event-ID');
  if (after !== undefined) return parseCursor(after, 'after');
  return null;
}

/** The seq a reader at `cursor` reads after: `0` means from the oldest retained. */
const startOf = (cursor: number, { oldestSeq }: StreamBounds) => (cursor === 0 ? oldestSeq - 1 : cursor);

/** Why a cursor cannot be replayed on a live stream (null: it can, or there is none). */
export function resyncReason(cursor: number | null, { headSeq, oldestSeq }: StreamBounds): 'cursor_too_old' | 'too_far_behind' | 'cursor_ahead' | null {
  if (cursor === null) return null;
  if (cursor > headSeq) return 'cursor_ahead';
  if (cursor !== 0 && cursor < oldestSeq - 1) return 'cursor_too_old';
  if (headSeq - startOf(cursor, { headSeq, oldestSeq }) > MAX_REPLAY) return 'too_far_behind';
  return null;
}

/**
 * Where a live stream starts: the seq it has "sent" (the events after it are replayed), and the
 * resync reason when the cursor cannot be replayed (it then starts at the head). No cursor: live
 * from the head, no resync.
 */
export function replayStart(cursor: number | null, bounds: StreamBounds): { sent: number; resync: ReturnType<typeof resyncReason> } {
  const resync = resyncReason(cursor, bounds);
  if (cursor === null || resync !== null) return { sent: bounds.headSeq, resync };
  return { sent: startOf(cursor, bounds), resync: null };
}

/** The seq a pull reads after: 409 cursor_ahead past the head, 410 cursor_too_old below the retained events. */
export function pullStart(after: number, { headSeq, oldestSeq }: StreamBounds): number {
  if (after > headSeq) throw new AppError(409, 'The cursor is past the newest event', 'cursor_ahead', { headSeq });
  if (after !== 0 && after < oldestSeq - 1) throw new AppError(410, 'The cursor is older than the retained events: refetch, then pull from seq', 'cursor_too_old', { oldestSeq, headSeq });
  return startOf(after, { headSeq, oldestSeq });
}

/**
 * A pull's page from the events read after its cursor (at most `limit` + 1: one more than the
 * page tells whether more follow): the page, the cursor to pull from next (the last seq given,
 * else the cursor itself) and `hasMore`.
 */
export function pullPage<E extends { seq: number }>(found: readonly E[], limit: number, after: number): { events: E[]; seq: number; hasMore: boolean } {
  const events = found.slice(0, limit);
  return { events, seq: events.length > 0 ? events[events.length - 1].seq : after, hasMore: found.length > limit };
}
