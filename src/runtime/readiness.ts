import { pendingMigrations } from '../db/migrate.js';
import type { AppContext } from './types.js';

// The readiness probe's checks (GET /api/health/ready): whether this instance can serve, so a load
// balancer takes it out while one fails. Each check is bounded in time: a store that hangs is a
// store that fails.

export type CheckState = 'ok' | 'failing';
export interface Readiness {
  database: CheckState;
  migrations: CheckState;
  blobStore: CheckState;
}

const CHECK_TIMEOUT_MS = 3000;
/** The one blob the probe writes and reads back (overwritten each time, so it never grows). */
const PROBE_KEY = 'health/ready-probe';

async function check(ctx: AppContext, name: string, run: () => Promise<boolean>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    const ok = await Promise.race([run(), timeout]);
    if (!ok) ctx.log.warn({ check: name }, 'readiness check failing');
    return ok ? 'ok' : 'failing';
  } catch (err) {
    ctx.log.warn({ check: name, err: (err as Error).message }, 'readiness check failing');
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const database = await check(ctx, 'database', () => ctx.db.ping());
  const [migrations, blobStore] = await Promise.all([
    database === 'ok' ? check(ctx, 'migrations', async () => (await pendingMigrations(ctx.db)).length === 0) : Promise.resolve<CheckState>('failing'),
    check(ctx, 'blobStore', async () => {
      await ctx.blobs.put(PROBE_KEY, Buffer.from(ctx.clock.now().toISOString()), 'text/plain');
      return ctx.blobs.exists(PROBE_KEY);
    }),
  ]);
  return { database, migrations, blobStore };
}
