import type { AppContext } from '../../context.js';
import { publishDueMessages, SLOT_MS } from '../messages/scheduling.js';
import { runMaintenance } from './maintenance.js';

/** How often the housekeeping job (trash and unattached uploads) runs. */
const MAINTENANCE_EVERY_MS = 3600_000;

// The in-process scheduler (SCHEDULER=on): runs the publish job on every 5-minute boundary (a
// few seconds after it, so messages due on the boundary are included), and the housekeeping job
// (runMaintenance) at most hourly. Started by main.ts only;
// tests start it themselves when they mean to. A run never overlaps the previous one.

export interface Scheduler {
  /** Runs the jobs once now (also what each tick does). */
  runOnce(): Promise<void>;
  stop(): void;
}

export function startScheduler(ctx: AppContext, options: { intervalMs?: number; offsetMs?: number } = {}): Scheduler {
  const interval = options.intervalMs ?? SLOT_MS;
  const offset = options.offsetMs ?? 2_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let lastMaintenance = Number.NEGATIVE_INFINITY;

  const runOnce = async () => {
    if (running) return running;
    running = (async () => {
      try {
        const published = await publishDueMessages(ctx);
        if (published > 0) ctx.log.info({ published }, 'published scheduled messages');
      } catch (err) {
        ctx.log.error({ err }, 'scheduled publishing failed');
      }
      try {
        const now = ctx.clock.now().getTime();
        if (now - lastMaintenance >= MAINTENANCE_EVERY_MS) {
          lastMaintenance = now;
          const removed = await runMaintenance(ctx);
          if (Object.values(removed).some((n) => n > 0)) ctx.log.info(removed, 'removed expired items');
        }
      } catch (err) {
        ctx.log.error({ err }, 'housekeeping failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    // Real time on purpose: the scheduler wakes the process; the job itself reads ctx.clock.
    const now = Date.now();
    const delay = Math.ceil((now + 1) / interval) * interval - now + offset;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, delay);
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
