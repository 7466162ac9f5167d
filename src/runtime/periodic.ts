import type { AppContext, PeriodicRunner, PeriodicTask } from './types.js';

// Periodic tasks: work that runs every so often rather than because of a request (publishing the
// scheduled messages that are due, housekeeping). Features declare them in their module files.
// With SCHEDULER=on each instance runs them in-process: every TICK_MS the scheduler runs each
// task whose interval has passed since this process last ran it. With SCHEDULER=off an outside
// cron calls the endpoints that run them (`/api/cron/*`). Every task claims its rows in the
// database, so several instances may run it side by side without doing anything twice. (Jobs are
// not periodic tasks: every instance's job runner polls for them whatever SCHEDULER says.)

/** How often the in-process scheduler looks for due tasks. */
export const TICK_MS = 5_000;

export class PeriodicScheduler implements PeriodicRunner {
  /** When (ctx.clock) each task last ran in this process. */
  private readonly lastRun = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    readonly tasks: readonly PeriodicTask[],
  ) {}

  /** The tasks of a group, in declaration order. */
  group(group: NonNullable<PeriodicTask['group']>): PeriodicTask[] {
    return this.tasks.filter((t) => t.group === group);
  }

  /** Runs one task now (a cron endpoint); a failure is thrown to the caller. */
  async run(task: PeriodicTask, ctx: AppContext = this.ctx): Promise<Record<string, number>> {
    this.lastRun.set(task.name, ctx.clock.now().getTime());
    const counts = await task.run(ctx);
    if (Object.values(counts).some((n) => n > 0)) ctx.log.info({ task: task.name, ...counts }, 'periodic task done');
    return counts;
  }

  /** One round: each task whose interval has passed; a failing task is logged and the others run. */
  private round(): Promise<void> {
    this.running ??= (async () => {
      const now = this.ctx.clock.now().getTime();
      for (const task of this.tasks) {
        if (now - (this.lastRun.get(task.name) ?? Number.NEGATIVE_INFINITY) < task.everyMs) continue;
        try {
          await this.run(task);
        } catch (err) {
          this.ctx.log.error({ err, task: task.name }, 'periodic task failed');
        }
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Starts the in-process ticks (SCHEDULER=on), on a multiple of the interval plus the offset. */
  start(options: { intervalMs?: number; offsetMs?: number } = {}): void {
    const interval = options.intervalMs ?? TICK_MS;
    const offset = options.offsetMs ?? 500;
    this.stopped = false;
    const schedule = () => {
      if (this.stopped) return;
      // Real time on purpose: the scheduler wakes the process; the tasks read ctx.clock.
      const now = Date.now();
      const delay = Math.ceil((now + 1) / interval) * interval - now + offset;
      this.timer = setTimeout(() => void this.round().finally(schedule), delay);
      this.timer.unref();
    };
    schedule();
  }

  /** Runs one round now (what each tick does), then the jobs that are due, and waits for both. */
  async runOnce(): Promise<void> {
    // A round already under way began before this call and may not see what the caller just did.
    if (this.running) await this.running;
    await this.round();
    this.ctx.jobs.kick();
    await this.ctx.jobs.idle();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
