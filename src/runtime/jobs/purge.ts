import type { AppContext } from '../types.js';

// Finished jobs are kept for a while for inspection, then removed by the housekeeping job:
// done ones after a day, failed ones after 30 days. In batches, so no statement runs long.

const DAY = 24 * 3600_000;
const KEEP_MS = { done: DAY, failed: 30 * DAY } as const;
const BATCH = 1000;

export async function purgeFinishedJobs(ctx: AppContext): Promise<number> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now().getTime();
  let removed = 0;
  for (const [status, keep] of Object.entries(KEEP_MS)) {
    const before = new Date(now - keep).toISOString();
    for (;;) {
      const ids = db.selectFrom('jobs').select('id').where('status', '=', status).where('updated_at', '<', before).limit(BATCH);
      const result = await db.deleteFrom('jobs').where('id', 'in', ids).executeTakeFirst();
      const n = Number(result.numDeletedRows);
      removed += n;
      if (n < BATCH) break;
    }
  }
  return removed;
}
