import type { FastifyBaseLogger } from 'fastify';
import { createBlobStore, type BlobStore } from '../adapters/blob-store.js';
import { createMailer, type Mailer } from '../adapters/mailer.js';
import { createOutboundFetcher, type OutboundFetcher } from '../adapters/outbound-fetch/index.js';
import { createPush, type PushSender } from '../adapters/push/index.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { PasswordHasher } from '../lib/crypto.js';
import { createSealer, type Sealer } from '../lib/sealing.js';
import { EventDispatcher } from './events.js';
import { purgeFinishedJobs } from './jobs/purge.js';
import { JobRunner } from './jobs/runner.js';
import { AppMetrics } from './metrics.js';
import type { FeatureModule } from './module.js';
import { PeriodicScheduler } from './periodic.js';
import { StateRegistry } from './state.js';
import type { AppContext, PeriodicTask, RuntimeControl } from './types.js';

// The context every service receives, made in one place for the server, the admin CLI and the
// tests: `createContext(config, deps, modules)` builds the adapters the config names (unless
// given), the event dispatcher with every module's listeners, the job runner with every module's
// job kinds, the periodic scheduler with every module's tasks, and every module's per-app state.
// The runtime imports no feature: the modules are handed in.

export type { AppContext } from './types.js';

export interface ContextDeps {
  db: Db;
  /** The app's logger, asked for at each use (Fastify's exists only once the app does). */
  log: () => FastifyBaseLogger;
  clock?: Clock;
  mailer?: Mailer;
  push?: PushSender;
  passwords?: PasswordHasher;
  /** Blob storage (default: the store config.blobStore names). */
  blobs?: BlobStore;
  /** The guarded fetcher of user-supplied URLs (default: the one config.outbound describes). */
  outbound?: OutboundFetcher;
  /** Sealing of secrets at rest (default: TOKEN_SEALING_KEY, else the key file in DATA_DIR). */
  sealer?: Sealer;
}

/** The runtime's own periodic task: finished jobs are kept a while for inspection, then removed. */
const FINISHED_JOBS: PeriodicTask = {
  name: 'finished-jobs',
  everyMs: 3600_000,
  group: 'housekeeping',
  counts: { jobs: 'finished background jobs removed (done after a day, failed after 30 days)' },
  run: async (ctx) => ({ jobs: await purgeFinishedJobs(ctx) }),
};

export class Runtime implements RuntimeControl {
  readonly periodic: PeriodicScheduler;

  constructor(
    private readonly ctx: AppContext,
    private readonly states: StateRegistry,
    tasks: readonly PeriodicTask[],
  ) {
    this.periodic = new PeriodicScheduler(ctx, tasks);
  }

  /** Starts the per-app state (a first drain, say): when the app is ready, in every process. */
  startState(): Promise<void> {
    return this.states.start();
  }

  /**
   * Starts the background work of a serving instance: the job runner's poll, always, and the
   * periodic tasks in-process when `periodic` (SCHEDULER=on).
   */
  startBackground(options: { periodic: boolean; pollMs?: number; tickMs?: number }): void {
    this.ctx.jobs.startPolling(options.pollMs);
    if (options.periodic) this.periodic.start({ intervalMs: options.tickMs });
  }

  /** Stops what startBackground started (the app itself goes on serving). */
  async stopBackground(): Promise<void> {
    this.ctx.jobs.stopPolling();
    await this.periodic.stop();
  }

  /**
   * Stops everything, in this order: the periodic ticks, then the listeners finish (they enqueue
   * jobs), the job runner takes no more and its running jobs finish, the per-app state stops, and
   * last the adapters they all use close.
   */
  async stop(): Promise<void> {
    await this.periodic.stop();
    await this.ctx.events.idle();
    await this.ctx.jobs.stop();
    await this.states.stop();
    this.ctx.push.close();
    await this.ctx.mailer.close();
  }
}

/** Builds an app's context from its config, its dependencies and its modules. */
export function createContext(config: Config, deps: ContextDeps, modules: readonly FeatureModule[]): AppContext {
  const ctx: AppContext = {
    config,
    db: deps.db,
    clock: deps.clock ?? systemClock,
    mailer: deps.mailer ?? createMailer(config, () => ctx.log),
    passwords: deps.passwords ?? new PasswordHasher(),
    push: deps.push ?? createPush(config.push),
    blobs: deps.blobs ?? createBlobStore(config.blobStore, config.dataDir),
    outbound: deps.outbound ?? createOutboundFetcher(config),
    sealer: deps.sealer ?? createSealer(config),
    events: new EventDispatcher(() => ctx.log),
    jobs: new JobRunner(() => ctx),
    state: (piece) => states.get(piece),
    // Higher order first; a stable sort keeps FEATURES order within one order.
    userData: modules.flatMap((m) => m.userData ?? []).sort((a, b) => (b.order ?? 100) - (a.order ?? 100)),
    metrics: new AppMetrics(() => ctx),
    get runtime() {
      return runtime;
    },
    // The application's logger; a request's services get its own through request.ctx (withLog).
    get log() {
      return deps.log();
    },
  };
  for (const module of modules) {
    for (const { kind, handler, options } of module.jobs ?? []) ctx.jobs.register(kind, handler, options);
    for (const { type, listener } of module.listeners ?? []) ctx.events.on(type, (payload) => listener(ctx, payload));
  }
  for (const hook of modules.flatMap((m) => m.metrics ?? [])) hook(ctx.metrics.registry, ctx);
  const states = new StateRegistry(
    ctx,
    modules.flatMap((m) => m.state ?? []),
  );
  const runtime = new Runtime(ctx, states, [...modules.flatMap((m) => m.periodic ?? []), FINISHED_JOBS]);
  return ctx;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The app's context whose `log` is this request's logger (its lines carry the request id). */
    readonly ctx: AppContext;
  }
}

/**
 * The context a request's services get: the app's, with the request's own logger. Passed down
 * explicitly rather than found through AsyncLocalStorage, whose promise hooks cost every request
 * about a fifth of its time (measured on message posts and cached feed reads).
 */
export function withLog(ctx: AppContext, log: FastifyBaseLogger): AppContext {
  return Object.create(ctx, { log: { value: log, enumerable: true } }) as AppContext;
}
