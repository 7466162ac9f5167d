import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './adapters/blob-store.js';
import type { Mailer } from './adapters/mailer.js';
import type { PushSender } from './adapters/push/index.js';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { JobRunner } from './features/jobs/runner.js';
import type { PasswordHasher } from './lib/crypto.js';
import type { Clock } from './lib/clock.js';
import type { EventDispatcher } from './lib/events.js';

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
  log: FastifyBaseLogger;
  /** Domain events: services report here after their transaction commits (lib/events.ts). */
  events: EventDispatcher;
  /** This process's job runner (features/jobs): handlers by kind; kick() runs due jobs soon. */
  jobs: JobRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
