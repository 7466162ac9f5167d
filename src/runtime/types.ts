import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../adapters/blob-store.js';
import type { Mailer } from '../adapters/mailer.js';
import type { OutboundFetcher } from '../adapters/outbound-fetch/index.js';
import type { PushSender } from '../adapters/push/index.js';
import type { Config } from '../config.js';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/types.js';
import type { Clock } from '../lib/clock.js';
import type { PasswordHasher } from '../lib/crypto.js';
import type { Sealer } from '../lib/sealing.js';
import type { EventDispatcher } from './events.js';
import type { Counter, Histogram, Registry } from 'prom-client';

// The runtime's vocabulary: the context every service receives and the shapes of what plugs into
// it (job kinds and handlers, periodic tasks, per-app state). They refer to each other (a job
// handler receives the context; the context holds the job runner), so they live in one file that
// imports no implementation: the classes implement these interfaces, and nothing is circular.

/** What every feature service receives: infrastructure only, never another feature's internals. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Push delivery to devices (adapters/push): APNs and FCM, chosen by the device's platform. */
  push: PushSender;
  passwords: PasswordHasher;
  /** Media and other blobs (adapters/blob-store.ts): disk under DATA_DIR, or an S3-compatible store. */
  blobs: BlobStore;
  /** Every server-side fetch of a user-supplied URL (adapters/outbound-fetch): SSRF-guarded, capped. */
  outbound: OutboundFetcher;
  /** Seals secrets kept at rest (provider tokens and sessions): lib/sealing.ts. */
  sealer: Sealer;
  log: FastifyBaseLogger;
  /** Domain events: services report here after their transaction commits (events.ts). */
  events: EventDispatcher;
  /** This process's job runner (jobs/runner.ts): handlers by kind; kick() runs due jobs soon. */
  jobs: JobQueue;
  /** One piece of this app's per-app state (state.ts), declared by a module. */
  state<T>(piece: StatePiece<T>): T;
  /** The app's long-lived machinery: its periodic tasks, and starting and stopping it all. */
  readonly runtime: RuntimeControl;
  /** Every module's parts of a user's data, in the order purge and deletion run them. */
  readonly userData: readonly UserDataPart[];
  /** The app's Prometheus metrics (metrics.ts): the platform's, and what modules add. */
  readonly metrics: Metrics;
}

// ---- Metrics ---------------------------------------------------------------------------------

/** The app's Prometheus metrics (metrics.ts, AppMetrics): one registry per app. */
export interface Metrics {
  readonly registry: Registry;
  /** Requests by route template (never the raw path), method and status, with their latency. */
  readonly requests: Histogram<'route' | 'method' | 'status'>;
  /** E-mails this process sent or logged, by type and outcome (mail.ts). */
  readonly emails: Counter<'type' | 'status'>;
  /** The metrics in Prometheus text format. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** A module's metrics: it creates them in the app's registry (`registers: [registry]`). */
export type MetricsHook = (registry: Registry, ctx: AppContext) => void;

// ---- Jobs ------------------------------------------------------------------------------------

/**
 * Payload of each job kind: JSON-serialisable, stored in jobs.payload. Empty here: the runtime
 * knows no kind. A feature adds its own in its module file, by declaration merging:
 * `declare module '<path>/runtime/types.js' { interface JobPayloads { 'kind': {...} } }`.
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

/** The job runner as services, drivers and tests see it (jobs/runner.ts). */
export interface JobQueue {
  /** How long a claimed job is held before another runner may take it again. */
  readonly leaseMs: number;
  register<K extends JobKind>(kind: K, handler: JobHandler<K>, options?: HandlerOptions<K>): void;
  /** The kinds this runner has handlers for: the only ones it claims. */
  kinds(): string[];
  handler(kind: string): RegisteredHandler | undefined;
  backoff(kind: string): Required<BackoffOptions>;
  /** Runs due jobs soon, in the background; safe to call any number of times. */
  kick(): void;
  startPolling(everyMs?: number): void;
  stopPolling(): void;
  /** Resolves once nothing is left to run (tests, shutdown). */
  idle(): Promise<void>;
  /** Takes no more jobs; waits for the running ones. */
  stop(): Promise<void>;
}

// ---- Periodic tasks ---------------------------------------------------------------------------

export interface PeriodicTask {
  /** A stable name, for logs and for the cron endpoints that pick tasks. */
  readonly name: string;
  /** How often it runs in-process (0: every tick). */
  readonly everyMs: number;
  /** `housekeeping`: run together by `GET /api/cron/purge-expired`, whose answer merges their counts. */
  readonly group?: 'housekeeping';
  /** What each count the task answers means (described in the cron endpoint's OpenAPI schema). */
  readonly counts: Readonly<Record<string, string>>;
  run(ctx: AppContext): Promise<Record<string, number>>;
}

/** The periodic scheduler as the cron endpoints and tests see it (periodic.ts). */
export interface PeriodicRunner {
  readonly tasks: readonly PeriodicTask[];
  group(group: NonNullable<PeriodicTask['group']>): PeriodicTask[];
  run(task: PeriodicTask, ctx?: AppContext): Promise<Record<string, number>>;
  start(options?: { intervalMs?: number; offsetMs?: number }): void;
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

// ---- Per-app state and the runtime's controls -------------------------------------------------

/** A piece of per-app state (state.ts, AppState): how to build it for one app, and its lifecycle. */
export interface StatePiece<T> {
  readonly name: string;
  readonly create: (ctx: AppContext) => T;
  readonly lifecycle: {
    /** After every piece is built, when the app starts serving (a first drain, say). */
    start?(value: T, ctx: AppContext): void | Promise<void>;
    /** When the app stops: timers cleared, work in flight finished. */
    stop?(value: T): void | Promise<void>;
  };
}

/** Starting and stopping an app's machinery (context.ts, Runtime). */
export interface RuntimeControl {
  readonly periodic: PeriodicRunner;
  startState(): Promise<void>;
  startBackground(options: { periodic: boolean; pollMs?: number; tickMs?: number }): void;
  stopBackground(): Promise<void>;
  stop(): Promise<void>;
}

// ---- A user's data ---------------------------------------------------------------------------

/** The purge categories of the spec (Administration): what an administrator may remove by kind. */
export const PURGE_CATEGORIES = ['messages', 'directMessages', 'documents', 'lists'] as const;
export type PurgeCategory = (typeof PURGE_CATEGORIES)[number];

/** A file of the data archive: its path inside the ZIP and its content. */
export interface ArchiveFile {
  path: string;
  content: string | Buffer | Readable;
}

/** What one batch of a removal did. */
export interface RemovedBatch {
  removed: number;
  blobKeys: string[];
  partial?: boolean;
  /** Event streams the batch appended to (purge tombstones), announced once it commits. */
  streams?: string[];
  /** With `partial`: nothing to do yet; call again after this long (waiting on other work). */
  waitMs?: number;
}

/**
 * One kind of a user's data held by one feature, behind one small interface, so that content
 * purge, account deletion and the data archive can go through every feature without knowing
 * any. Removal runs in batches, each in its own short transaction, so a large account never holds
 * the (SQLite) writer for long; blobs go after the batch that released them has committed.
 */
export interface UserDataPart {
  /** Its name in counts (`messages`, `folders`...) and in the archive. */
  readonly key: string;
  /** The purge category that removes it; absent: only account deletion removes it. */
  readonly category?: PurgeCategory;
  /**
   * Runs before parts of a lower order (default 100); parts of one order run in FEATURES order.
   * Content goes before the traces that point at it (notifications of a message, say).
   */
  readonly order?: number;
  /**
   * `table.column` pairs naming a user that this part removes (or, for account deletion, that go
   * with the user's row by a cascading foreign key the part relies on): the schema-coverage test
   * fails on any such column no part names.
   */
  readonly covers: readonly string[];
  /** How many of these items the user holds (the purge's counts, a dry run's answer). */
  count(ctx: AppContext, userId: string): Promise<number>;
  /**
   * Removes a batch of at most about `limit` rows of the user's items inside `trx`; answers how
   * many items it removed (0 and no `partial`: none left), whether it did work short of removing
   * an item (`partial`: part of a large item's rows; call again), and the blob keys the removed
   * rows held, deleted by the caller once `trx` has committed.
   */
  removeBatch(ctx: AppContext, trx: Kysely<Database>, userId: string, limit: number): Promise<RemovedBatch>;
  /**
   * The user's items for the data archive, a file at a time (its path inside the archive and its
   * content; a large file as a stream, so the archive never holds an account in memory).
   */
  exportFiles?(ctx: AppContext, userId: string): AsyncIterable<ArchiveFile>;
}
