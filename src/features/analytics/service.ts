import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Database } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { insertAnalyticsEvents } from './queries.js';

export interface AnalyticsEvent {
  type: string;
  path?: string | null;
  referrer?: string | null;
  userId?: string | null;
  metadata?: Record<string, unknown> | null;
}

/** Records first-party analytics events (beacons and server-side actions such as `user_cleared`). */
export async function recordAnalyticsEvents(
  ctx: AppContext,
  events: AnalyticsEvent[],
  db: Kysely<Database> = ctx.db.kysely,
): Promise<void> {
  if (events.length === 0) return;
  const now = ctx.clock.now().toISOString();
  await insertAnalyticsEvents(
    db,
    events.map((e) => ({
      id: newId(),
      type: e.type,
      path: e.path ?? null,
      referrer: e.referrer ?? null,
      user_id: e.userId ?? null,
      metadata: e.metadata ? JSON.stringify(e.metadata) : null,
      created_at: now,
    })),
  );
}
