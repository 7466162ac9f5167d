import type { AppContext, BackoffOptions, HandlerOptions, JobHandler, JobKind, JobQueue, RegisteredHandler } from '../types.js';
import { claimDueJobs, hasDueJobs, runClaimedJob } from './execute.js';

// This process's job runner: the handler registry by kind, and a pump that runs due jobs in the
// background when kicked. A kick (after a job is enqueued here, and whenever the poll finds a job
// due) starts the pump on the next turn of the event loop; the pump claims as many due jobs as it
// has free slots, refills slots as jobs finish while more are due, and stops when nothing is left.
// It is never awaited by a request and never throws. Every instance polls (`startPolling`),
// whatever SCHEDULER says, so a retry or a job enqueued by another instance is taken within
// about POLL_MS: leases make it safe for several instances to claim side by side. stop() ends it
// cleanly for shutdown.

export interface JobRunnerOptions {
  /** Jobs run at once in this process (default 100: most jobs wait on a provider's answer). */
  concurrency?: number;
  /** How long a claimed job is held before another runner may take it again (default 10 minutes). */
  leaseMs?: number;
}

const DEFAULT_BACKOFF = { baseDelayMs: 10_000, maxDelayMs: 3600_000 };

/** How often an instance looks for due jobs (± a fifth, so instances spread their probes). */
export const POLL_MS = 5_000;

export class JobRunner implements JobQueue {
  readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly minClaim: number;
  private readonly handlers = new Map<string, RegisteredHandler>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private pumping: Promise<void> | null = null;
  /** Set by a kick: due jobs may be waiting. */
  private wanted = false;
  private wake: (() => void) | null = null;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: () => AppContext,
    options: JobRunnerOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 100);
    this.minClaim = Math.max(1, Math.floor(this.concurrency / 10));
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
  }

  /**
   * Registers the handler of a kind (one per kind; a second registration replaces the first), its
   * backoff, and what to do when a job of the kind is given up (`onGiveUp`, see GiveUpHook).
   */
  register<K extends JobKind>(kind: K, handler: JobHandler<K>, options: HandlerOptions<K> = {}): void {
    const { onGiveUp, ...backoff } = options;
    this.handlers.set(kind, { handler, options: { ...DEFAULT_BACKOFF, ...backoff }, ...(onGiveUp ? { onGiveUp } : {}) });
  }

  /** The kinds this runner has handlers for: the only ones it claims. */
  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  handler(kind: string): RegisteredHandler | undefined {
    return this.handlers.get(kind);
  }

  backoff(kind: string): Required<BackoffOptions> {
    return this.handlers.get(kind)?.options ?? DEFAULT_BACKOFF;
  }

  /** Runs due jobs soon, in the background (setImmediate); safe to call any number of times. */
  kick(): void {
    if (this.stopped) return;
    this.wanted = true;
    this.wake?.();
    if (this.pumping) return;
    this.pumping = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.pump())
      .catch((err: unknown) => this.ctx().log.error({ err }, 'job runner failed'))
      .finally(() => {
        this.pumping = null;
        // A kick that came while the pump was ending.
        if (this.wanted) this.kick();
      });
  }

  private async pump(): Promise<void> {
    while (!this.stopped) {
      const free = this.concurrency - this.inFlight.size;
      // Claims are batched: with jobs running, wait until a tenth of the slots are free, rather
      // than paying one claim statement per finished job.
      if (this.wanted && free > 0 && (free >= this.minClaim || this.inFlight.size === 0)) {
        this.wanted = false;
        const ctx = this.ctx();
        const jobs = await claimDueJobs(ctx, free);
        // A full claim may have left more behind.
        if (jobs.length === free) this.wanted = true;
        for (const job of jobs) {
          const run = runClaimedJob(ctx, job).finally(() => {
            this.inFlight.delete(run);
            this.wake?.();
          });
          this.inFlight.add(run);
        }
        continue;
      }
      if (this.inFlight.size === 0 && !this.wanted) return;
      // Until a job finishes (a slot frees) or a kick comes.
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }

  /**
   * Looks for due jobs every `everyMs` (jittered) and kicks the pump when there are: retries,
   * jobs whose time has come, jobs enqueued by another instance, jobs whose runner died.
   */
  startPolling(everyMs = POLL_MS): void {
    if (this.stopped || this.pollTimer) return;
    const next = () => {
      this.pollTimer = setTimeout(() => void this.poll().finally(() => this.pollTimer && next()), everyMs * (0.8 + Math.random() * 0.4));
      this.pollTimer.unref();
    };
    next();
  }

  stopPolling(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private async poll(): Promise<void> {
    if (this.stopped) return;
    // Busy already: the pump's next claim finds whatever is due.
    if (this.pumping) return this.kick();
    try {
      if (await hasDueJobs(this.ctx())) this.kick();
    } catch (err) {
      this.ctx().log.error({ err }, 'looking for due jobs failed');
    }
  }

  /** Resolves once the pump has nothing left to run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  /** Takes no more jobs; waits for the running ones (a job cut short is taken again when its lease ends). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopPolling();
    this.wanted = false;
    this.wake?.();
    await this.idle();
    await Promise.allSettled([...this.inFlight]);
  }
}
