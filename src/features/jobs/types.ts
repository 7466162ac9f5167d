import type { AppContext } from '../../context.js';

// The kinds of background job and their payloads (one map, as the domain events are), the
// outcome a handler reports, and what a handler is.

/** Payload of each job kind: JSON-serialisable, stored in jobs.payload. */
export interface JobPayloads {
  /** One push to one device (notifications/delivery.ts). */
  'push-delivery': { deviceId: string; title: string; body: string; data: Record<string, string> };
  /** The "and N others" follow-up of a folded notification burst, due when its window ends. */
  'notification-follow-up': { userId: string; channel: 'email' | 'push'; burstKey: string };
  /** A CSV import into a list; the list_imports row holds its input and progress. */
  'list-import': { jobId: string };
}

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

export interface HandlerOptions {
  /** Delay before the first retry, doubled for each further one (default 10 s). */
  baseDelayMs?: number;
  /** Upper bound of the backoff (default 1 hour). */
  maxDelayMs?: number;
}

export interface RegisteredHandler {
  handler: JobHandler<any>;
  options: Required<HandlerOptions>;
}
