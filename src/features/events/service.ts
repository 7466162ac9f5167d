import type { ServerResponse } from 'node:http';
import type { Caller } from '../../http/auth.js';
import type { AppContext } from '../../runtime/types.js';
import { liveStreams, MAX_STREAMS_PER_USER } from './live.js';
import { AppError, badRequest } from '../../http/errors.js';
import { readEvents, streamBounds, streamOfUser, type EventEnvelope } from './queries.js';
import { TYPE_PATTERN } from './types.js';

// The pull (GET /api/events) and the cursor rules it shares with the live stream.

/** A cursor: a seq as decimal digits (`0`: from the oldest retained). Malformed: 400 invalid_cursor. */
export function parseCursor(value: string | undefined, name: string): number {
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

export interface PullAnswer {
  events: EventEnvelope[];
  seq: number;
  headSeq: number;
  oldestSeq: number;
  hasMore: boolean;
}

export async function pullEvents(ctx: AppContext, userId: string, query: { after?: string; limit?: number; types?: string }): Promise<PullAnswer> {
  const after = parseCursor(query.after, 'after');
  const types = parseTypes(query.types);
  const limit = query.limit ?? 100;
  const stream = streamOfUser(userId);
  // The head first: every event up to it has committed (queries.ts), so nothing below it is skipped.
  const { headSeq, oldestSeq } = await streamBounds(ctx.db.kysely, stream);
  if (after > headSeq) throw new AppError(409, 'The cursor is past the newest event', 'cursor_ahead', { headSeq });
  if (after !== 0 && after < oldestSeq - 1) throw new AppError(410, 'The cursor is older than the retained events: refetch, then pull from seq', 'cursor_too_old', { oldestSeq, headSeq });
  const from = after === 0 ? oldestSeq - 1 : after;
  const found = await readEvents(ctx.db.kysely, stream, from, limit + 1, types, headSeq);
  const events = found.slice(0, limit);
  return { events, seq: events.length > 0 ? events[events.length - 1].seq : after, headSeq, oldestSeq, hasMore: found.length > limit };
}

/** The live stream's cursor: `Last-Event-ID`, else `?after`, else none (live from the head). */
export function streamCursor(lastEventId: string | string[] | undefined, after: string | undefined): number | null {
  const header = Array.isArray(lastEventId) ? lastEventId[0] : lastEventId;
  if (header !== undefined && header !== '') return parseCursor(header, 'Last-Event-ID');
  if (after !== undefined) return parseCursor(after, 'after');
  return null;
}

/**
 * Reserves a live stream for the caller: null when they hold the most already; else the function
 * that starts it on the (hijacked) response.
 */
export function openStream(ctx: AppContext, caller: Caller, cursor: number | null, res: ServerResponse): (() => Promise<void>) | null {
  const hub = ctx.state(liveStreams);
  if (hub.count(caller.user.id) >= MAX_STREAMS_PER_USER) return null;
  const request = { userId: caller.user.id, credentialId: caller.credentialId, method: caller.method, cursor };
  return async () => {
    try {
      await hub.open(res, request);
    } catch (err) {
      ctx.log.warn({ err }, 'events: a stream failed to start');
      res.destroy();
    }
  };
}

/** Ends every live stream of this instance (the app is closing). */
export async function endAllStreams(ctx: AppContext): Promise<void> {
  await ctx.state(liveStreams).stop();
}
