import type { TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { DomainEvents, EventType } from './events.js';
import type { AppContext, HandlerOptions, JobHandler, JobKind, MetricsHook, PeriodicTask, StatePiece, UserDataPart } from './types.js';

// What a feature brings to the app, declared in one place: its `module.ts`. `app.ts` registers
// the modules of one list (`src/features/index.ts`); `createContext` wires their job kinds,
// listeners, periodic tasks and per-app state. A feature that has none of something omits it.

export interface FeatureModule {
  readonly name: string;
  /** Route plugins, registered in this order. */
  readonly routes?: readonly FastifyPluginAsync<any, RawServerDefault, any>[];
  /** Component schemas of the OpenAPI document (TypeBox schemas with an `$id`). */
  readonly components?: readonly TSchema[];
  /** The job kinds this feature runs in the background. */
  readonly jobs?: readonly JobKindSpec[];
  /** What this feature does when another reports a domain event. */
  readonly listeners?: readonly ListenerSpec[];
  /** Work that runs every so often (in-process with SCHEDULER=on, else from the cron endpoints). */
  readonly periodic?: readonly PeriodicTask[];
  /** What this feature keeps in memory per app (caches, indexers). */
  readonly state?: readonly StatePiece<any>[];
  /** This feature's parts of a user's data: for account deletion, content purge and the archive. */
  readonly userData?: readonly UserDataPart[];
  /** This feature's own Prometheus metrics, created in the app's registry (runtime/metrics.ts). */
  readonly metrics?: readonly MetricsHook[];
}

export interface JobKindSpec {
  kind: JobKind;
  handler: JobHandler<any>;
  options: HandlerOptions<any>;
}

/** A job kind with its handler and retry options, for a module's `jobs`. */
export function jobKind<K extends JobKind>(kind: K, handler: JobHandler<K>, options: HandlerOptions<K> = {}): JobKindSpec {
  return { kind, handler, options };
}

export interface ListenerSpec {
  type: EventType;
  listener: (ctx: AppContext, payload: any) => void | Promise<void>;
}

/** A listener of one domain event, for a module's `listeners`; it gets the app's context. */
export function listen<K extends EventType>(type: K, listener: (ctx: AppContext, payload: DomainEvents[K]) => void | Promise<void>): ListenerSpec {
  return { type, listener };
}

export type { MetricsHook } from './types.js';
export { PURGE_CATEGORIES, type ArchiveFile, type PurgeCategory, type RemovedBatch, type UserDataPart } from './types.js';
