import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createScratchDatabase } from './postgres.js';
import type { OutboundFetcher } from '../../src/adapters/outbound-fetch/index.js';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openPostgres, openSqlite, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { ManualClock } from '../../src/lib/clock.js';
import { PasswordHasher } from '../../src/lib/crypto.js';
import { TestSmtpServer } from './smtp.js';

export const ENGINE = (process.env.TEST_ENGINE ?? 'sqlite') as 'sqlite' | 'postgres';

// Cheap Argon2id parameters in tests only; production uses OWASP's (tested in crypto.test.ts).
export const testPasswords = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

/** A fresh database of its own: in-memory SQLite, or a new PostgreSQL database dropped on close. */
/** An empty database (nothing migrated) of the engine under test, with a way to drop it. */
export async function blankDatabase(): Promise<{ db: Db; name: string; url: string | null; drop(): Promise<void> }> {
  if (ENGINE === 'sqlite') {
    const { db } = openSqlite(':memory:');
    return { db, name: ':memory:', url: null, drop: async () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const scratch = await createScratchDatabase(base, 't');
  const db = openPostgres(scratch.url);
  return {
    db,
    name: scratch.name,
    url: scratch.url,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

/** A database of the engine under test, migrated to the latest schema. */
export async function freshDatabase(): Promise<{ db: Db; name: string; url: string | null; drop(): Promise<void> }> {
  const blank = await blankDatabase();
  await migrateToLatest(blank.db);
  return blank;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** PostgreSQL: the URL of the test app's own database (null on SQLite). */
  dbUrl: string | null;
  config: Config;
  clock: ManualClock;
  smtp: TestSmtpServer;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Start the loopback SMTP server and point SMTP_URL at it (default true). */
  smtp?: boolean;
  /** Where the server log goes (JSON lines at env LOG_LEVEL); without it the app does not log. */
  logStream?: NodeJS.WritableStream;
  /** Fixture routes added before the app is ready: for platform rules that no real route shows (a 204, a streamed write). */
  routes?: (app: FastifyInstance) => void;
  /** The guarded fetcher of outside URLs (e.g. one that maps stand-ins' host names); default: the config's. */
  outbound?: OutboundFetcher;
}

/** Builds the real app on a fresh database, with a real SMTP server on loopback. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const smtp = new TestSmtpServer();
  if (options.smtp !== false) await smtp.start();
  const { db, url: dbUrl, drop } = await freshDatabase();
  const config = loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // A key of the test's own, so that no test writes a key file under ./data.
    TOKEN_SEALING_KEY: randomBytes(32).toString('hex'),
    ...(options.smtp !== false ? { SMTP_URL: smtp.url } : {}),
    ...options.env,
  });
  const clock = new ManualClock(new Date());
  const logging = options.logStream ? { logStream: options.logStream } : { logger: false as const };
  const app = await buildApp(config, { db, clock, passwords: testPasswords, ...logging, ...(options.outbound ? { outbound: options.outbound } : {}) });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    db,
    dbUrl,
    config,
    clock,
    smtp,
    close: async () => {
      await app.close();
      await drop();
      if (options.smtp !== false) await smtp.stop();
    },
  };
}

/**
 * A second app instance on the test app's database and clock, as a second server process sharing
 * one database would be (its own in-process caches). With `ownConnection` on PostgreSQL it also
 * has a pool of its own, as a second process would (SQLite's in-memory database has one
 * connection). Close it before the test app.
 */
export async function secondInstance(t: TestApp, options: { ownConnection?: boolean } = {}): Promise<FastifyInstance> {
  const own = options.ownConnection && ENGINE === 'postgres' ? openPostgres(t.dbUrl!) : null;
  const app = await buildApp(t.config, { db: own ?? t.db, clock: t.clock, passwords: testPasswords, logger: false });
  if (own) app.addHook('onClose', () => own.close());
  await app.ready();
  return app;
}

const queryLog = new AsyncLocalStorage<string[]>();

/**
 * The SQL of every query `run` sends through `db` (its Kysely executor), in order. Only queries
 * made in `run`'s own async context count (what it awaits, and timers and jobs it starts), not
 * background work already under way when it began, such as a job or an after-commit notice left
 * over from an earlier request, which a loaded machine can run in the middle of `run`.
 */
export async function queriesDuring(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const executor = db.kysely.getExecutor() as unknown as { executeQuery: (query: { sql: string }, ...rest: unknown[]) => unknown };
  const original = executor.executeQuery;
  const seen: string[] = [];
  executor.executeQuery = (query, ...rest) => {
    if (queryLog.getStore() === seen) seen.push(query.sql);
    return original.call(executor, query, ...rest);
  };
  try {
    // Awaited inside the context: inject's answer is a lazy thenable that starts when awaited.
    await queryLog.run(seen, async () => {
      await run();
    });
  } finally {
    executor.executeQuery = original;
  }
  return seen;
}

/** The `name=value` pair of the session cookie set by a response, for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'service-session');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `service-session=${c.value}`;
}

let seq = 0;
export function uniqueName(prefix = 'user'): string {
  seq += 1;
  return `${prefix}${seq}${randomBytes(3).toString('hex')}`;
}

export interface Registered {
  user: { id: string; email: string; username: string };
  cookie: string;
  password: string;
}

/** Registers a new account over HTTP and returns its user and session cookie. */
export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Registered> {
  const username = uniqueName();
  const payload = {
    email: `${username}@example.com`,
    username,
    password: 'correct horse battery',
    displayName: `Display ${username}`,
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  return { user: res.json().user, cookie: sessionCookie(res), password: payload.password as string };
}

/** Sets fields of a user row directly (test set-up only: status, tier, administrator...). */
export async function setUserFields(db: Db, userId: string, fields: Record<string, unknown>): Promise<void> {
  await db.kysely.updateTable('users').set(fields).where('id', '=', userId).execute();
}
