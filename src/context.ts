import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mailer.js';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { PasswordHasher } from './lib/crypto.js';
import type { Clock } from './lib/clock.js';

/** What every feature service receives: infrastructure only, never another feature's internals. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
