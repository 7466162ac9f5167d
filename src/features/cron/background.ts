import type { AppContext } from '../../runtime/context.js';
import { publishDueMessages } from '../messages/scheduling.js';
import { searchIndexer } from '../messages/search-index.js';
import { runMaintenance, type MaintenanceResult } from './maintenance.js';

// All background work of one scheduler tick, in one function: publish the scheduled messages
// that are due, run housekeeping when an hour has passed since this process last did, and kick
// the job runner, which runs due jobs (pushes, their retries, burst follow-ups, imports) in the
// background. Each part claims its rows atomically, so instances may run it side by side.

/** How often housekeeping runs (trash, unattached uploads, finished jobs). */
export const MAINTENANCE_EVERY_MS = 3600_000;

export interface BackgroundState {
  lastMaintenance: number;
}

export const newBackgroundState = (): BackgroundState => ({ lastMaintenance: Number.NEGATIVE_INFINITY });

export interface BackgroundResult {
  published: number;
  /** null: housekeeping was not due this time. */
  removed: MaintenanceResult | null;
}

/** Runs one round; a failing part is logged and does not stop the others. */
export async function runBackgroundWork(ctx: AppContext, state: BackgroundState): Promise<BackgroundResult> {
  const result: BackgroundResult = { published: 0, removed: null };
  try {
    result.published = await publishDueMessages(ctx);
    if (result.published > 0) ctx.log.info({ published: result.published }, 'published scheduled messages');
  } catch (err) {
    ctx.log.error({ err }, 'scheduled publishing failed');
  }
  // Posts a stopped process had not yet indexed for search (SQLite; a no-op when none are left).
  await searchIndexer(ctx).drain();
  const now = ctx.clock.now().getTime();
  if (now - state.lastMaintenance >= MAINTENANCE_EVERY_MS) {
    state.lastMaintenance = now;
    try {
      result.removed = await runMaintenance(ctx);
      if (Object.values(result.removed).some((n) => n > 0)) ctx.log.info(result.removed, 'removed expired items');
    } catch (err) {
      ctx.log.error({ err }, 'housekeeping failed');
    }
  }
  ctx.jobs.kick();
  return result;
}
