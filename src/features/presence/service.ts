import type { AppContext } from '../../runtime/context.js';
import { toBool } from '../../db/dialect.js';
import { readableDocument } from '../item-access/index.js';
import { presentUserSummary } from '../users/index.js';
import { pruneBefore, seenSince, upsertHeartbeat } from './queries.js';

// Presence on documents: whoever may read a document sends
// heartbeats while it is open, and sees everyone seen on it in the last 60 seconds. Heartbeats are
// kept in the database (one upsert each), so every instance answers the same; rows older than the
// window are pruned by a periodic task and never shown meanwhile.

export const PRESENCE_WINDOW_MS = 60_000;

export interface Present {
  user: ReturnType<typeof presentUserSummary>;
  editing: boolean;
  lastSeenAt: string;
}

const windowStart = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock.now().getTime() - PRESENCE_WINDOW_MS).toISOString();

async function presentOn(ctx: AppContext, documentId: string): Promise<Present[]> {
  const rows = await seenSince(ctx.db.kysely, documentId, windowStart(ctx));
  return rows.map((r) => ({
    user: presentUserSummary(r),
    editing: toBool(r.editing),
    lastSeenAt: r.last_seen_at,
  }));
}

/** Records the caller's heartbeat on the document and answers who is there now (the caller too). */
export async function heartbeat(ctx: AppContext, userId: string, documentId: string, editing: boolean): Promise<Present[]> {
  await readableDocument(ctx, userId, documentId);
  await upsertHeartbeat(ctx.db.kysely, documentId, userId, editing, ctx.clock.now().toISOString());
  return presentOn(ctx, documentId);
}

/** Who is on the document now, without a heartbeat. */
export async function presence(ctx: AppContext, userId: string, documentId: string): Promise<Present[]> {
  await readableDocument(ctx, userId, documentId);
  return presentOn(ctx, documentId);
}

/** The periodic prune: heartbeats older than the window are gone for good. */
export async function prunePresence(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  return pruneBefore(ctx.db.kysely, windowStart(ctx));
}
