import type { AppContext } from './context.js';
import { AppState } from './state.js';

// Work written after the writes that owe it have committed, in batches on the event loop: SQLite's
// search indexes (the messages' in features/messages/search-index.ts, an import's list rows' in
// features/lists/row-words.ts). A write that leaves work asks for a batch soon(); the batches
// coalesce what arrives within DELAY_MS and each run drains everything owed, a batch per turn of
// the event loop, so whatever a stopped process left goes too (the app's start runs one as well).
// Until its batch runs the readers find the owed items some other way, so nothing is missing in
// between. On PostgreSQL there is nothing to defer: the database writes its indexes itself.

const DELAY_MS = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One kind of deferred work: a batch, and whether more is owed after it. */
export interface BatchWork {
  /** Does one batch in its own transaction; answers whether more may be owed. */
  batch(ctx: AppContext): Promise<boolean>;
  /** The error line of a failed run. */
  failure: string;
}

export class DeferredBatches {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Holds of the timer's batches (hold()), and whether a batch waits for their end. */
  private holds = 0;
  private deferred = false;
  /** Callers of settled() waiting for the scheduled batch to start. */
  private waiting: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly work: BatchWork,
  ) {}

  /** Work was left: do it (and whatever else is left meanwhile) shortly. */
  soon(): void {
    if (this.ctx.db.engine !== 'sqlite' || this.timer !== null || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.holds > 0) this.deferred = true;
      else void this.drain();
      for (const resolve of this.waiting.splice(0)) resolve();
    }, DELAY_MS);
    this.timer.unref();
  }

  /**
   * Holds the batches the timer would run until the returned release is called (then the held
   * batch runs): a caller sees the owed items before their batch, however slow the machine is. An
   * explicit drain() still runs.
   */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0 && this.deferred) {
        this.deferred = false;
        this.soon();
      }
    };
  }

  /** Resolves once the scheduled batch has run (at once when none is scheduled, held or running). */
  async settled(): Promise<void> {
    if (this.timer !== null) await new Promise<void>((resolve) => this.waiting.push(resolve));
    await this.running;
  }

  /** Does everything owed, a batch per turn of the event loop. */
  drain(): Promise<void> {
    if (this.ctx.db.engine !== 'sqlite') return Promise.resolve();
    this.running ??= (async () => {
      try {
        while (!this.stopped && (await this.work.batch(this.ctx))) await nextTurn();
      } catch (err) {
        this.ctx.log.error({ err }, this.work.failure);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const resolve of this.waiting.splice(0)) resolve();
    await this.running;
  }
}

/**
 * One app's batches of `work`, made with the app's context (so its error lines are the app's):
 * when the app starts they do what a stopped process left.
 */
export function deferredBatches(name: string, work: BatchWork): AppState<DeferredBatches> {
  return new AppState(name, (ctx) => new DeferredBatches(ctx, work), {
    start: (batches) => batches.soon(),
    stop: (batches) => batches.stop(),
  });
}
