import type { AppContext } from '../context.js';

// The kinds of background job and their payloads, the outcome a handler reports, and what a
// handler is. The runtime knows no kind: each feature adds its own to `JobPayloads` (declaration
// merging, in its module file) and registers the handler there.

/**
 * Payload of each job kind: JSON-serialisable, stored in jobs.payload. Empty here; a feature
 * adds its kinds with `declare module '<path>/runtime/jobs/types.js' { interface JobPayloads { ... } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}

export type JobKind = keyof JobPayloads;

/**
 * What a run of a job came to. A handler may also return nothing (done) or throw (retry). A
 * retry is rescheduled with exponential backoff, no sooner than `retryAfterMs` when given, until
 * the job's attempts are used up; then the job is `failed` with the last reason.
 */
export type JobOutcome = { status: 'done' } | { status: 'retry'; reason: string; retryAfterMs?: number } | { status: 'failed'; reason: string };

export interface JobInfo {
  id: string;
  kind: string;
  /** This run's attempt number, from 1. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Runs one job. Handlers must be idempotent-friendly: a job runs at least once, and may run
 * again if its runner dies (or its lease ends) after the side effect but before the job was
 * marked done. So re-read the current state instead of trusting the payload (a device may have
 * been unregistered, an import may already be running), and prefer effects that are harmless
 * to repeat.
 */
export type JobHandler<K extends JobKind = JobKind> = (ctx: AppContext, payload: JobPayloads[K], job: JobInfo) => Promise<JobOutcome | void>;

/**
 * Called when the runner gives a job up: its attempts are used up, either because the last one
 * ended in a retry (a throw or a retry outcome) or because the last one's runner died (its lease
 * ended) before it answered, in which case the handler was not called again. The job's work is
 * then left to the hook to end (an import marked failed, say). It runs before the job is recorded
 * failed, under the job's lease: if its process dies meanwhile the job is claimed again and the
 * hook called again, so it must be harmless to repeat. Not called when a handler answers
 * `failed` itself. A throw is logged; the job is failed all the same.
 */
export type GiveUpHook<K extends JobKind = JobKind> = (ctx: AppContext, payload: JobPayloads[K], job: JobInfo, reason: string) => Promise<void>;

export interface BackoffOptions {
  /** Delay before the first retry, doubled for each further one (default 10 s). */
  baseDelayMs?: number;
  /** Upper bound of the backoff (default 1 hour). */
  maxDelayMs?: number;
}

export interface HandlerOptions<K extends JobKind = JobKind> extends BackoffOptions {
  onGiveUp?: GiveUpHook<K>;
}

export interface RegisteredHandler {
  handler: JobHandler<any>;
  options: Required<BackoffOptions>;
  onGiveUp?: GiveUpHook<any>;
}
