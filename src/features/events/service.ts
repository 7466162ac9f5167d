import type { ServerResponse } from 'node:http';
import type { Caller } from '../../http/auth.js';
import type { AppContext } from '../../runtime/types.js';
import { liveStreams, MAX_STREAMS_PER_USER } from './live.js';
import { parseCursor, parseTypes, pullPage, pullStart } from './cursor.js';
import { readEvents, streamBounds, streamOfUser, type EventEnvelope } from './queries.js';

// The pull (GET /api/events) and the live stream's opening; the cursor rules are cursor.ts.

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
  const from = pullStart(after, { headSeq, oldestSeq });
  const found = await readEvents(ctx.db.kysely, stream, from, limit + 1, types, headSeq);
  return { ...pullPage(found, limit, after), headSeq, oldestSeq };
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
