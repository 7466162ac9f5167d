import type { AppContext } from './context.js';
import { newBackgroundState, runBackgroundWork } from '../features/cron/background.js';

/** How often the scheduler ticks: due jobs (push retries, follow-ups) wait at most about this long. */
export const TICK_MS = 5_000;

// The in-process scheduler (SCHEDULER=on): every few seconds (on a multiple of the interval, plus
// the offset) it runs runBackgroundWork: scheduled publishing, hourly housekeeping, and a kick of
// the job runner. Started by main.ts only; tests start it themselves when they mean to. A round
// never overlaps the previous one; the timer is unref'd and cleared by stop().

export interface Scheduler {
  /** Runs one round now (also what each tick does) and waits for the jobs it kicked. */
  runOnce(): Promise<void>;
  stop(): void;
}

export function startScheduler(ctx: AppContext, options: { intervalMs?: number; offsetMs?: number } = {}): Scheduler {
  const interval = options.intervalMs ?? TICK_MS;
  const offset = options.offsetMs ?? 500;
  const state = newBackgroundState();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = () => {
    running ??= runBackgroundWork(ctx, state)
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    // Real time on purpose: the scheduler wakes the process; the work itself reads ctx.clock.
    const now = Date.now();
    const delay = Math.ceil((now + 1) / interval) * interval - now + offset;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, delay);
    timer.unref();
  };
  schedule();

  return {
    async runOnce() {
      // A round already under way began before this call (and may not see what the caller just
      // did): let it end, then run one of our own.
      if (running) await running;
      await tick();
      await ctx.jobs.idle();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
