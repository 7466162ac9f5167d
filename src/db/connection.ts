import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { foldedWords, searchWords } from '../lib/text-fold.js';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, type DialectAdapter } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './types.js';
import { requireOnFirstUse } from '../lib/load-on-first-use.js';
import { checkpointInBackground, type Checkpointer } from './checkpointer.js';

/** The PostgreSQL driver, loaded when a PostgreSQL database is opened (a SQLite start never needs it: lib/load-on-first-use.ts). */
const postgresDriver = requireOnFirstUse<typeof pg>('pg');

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** True once the underlying pool or file answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Gives the query planner current statistics, now and every few hours until close: SQLite's
   * `PRAGMA optimize` (call it after the migrations); on PostgreSQL autovacuum's analyze does this
   * by itself, so nothing.
   */
  keepStatistics(): void;
  /**
   * A file SQLite database: its WAL checkpoints run in a worker thread from now until close, not
   * inside commits on the event loop (checkpointer.ts; `onProblem` hears a worker that failed, and
   * commits checkpoint again). In memory and on PostgreSQL, nothing.
   */
  checkpointInBackground(onProblem?: (err: Error) => void): void;
  close(): Promise<void>;
  /**
   * PostgreSQL only: a dedicated connection (outside the pool) LISTENing on `channel`, calling
   * `onNotify` with each payload; the answer ends it. `onError` hears a lost connection.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onError: (err: Error) => void): Promise<() => Promise<void>>;
}

// better-sqlite3 cannot bind JS booleans; this wrapper turns them into 0/1 at the one place every
// SQLite query passes through, so the rest of the code writes booleans on both engines.
function bindable(params: readonly unknown[]): unknown[] {
  return params.map((p) => (p === true ? 1 : p === false ? 0 : p));
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; better-sqlite3's prepare is the costliest step of a small
 * query. This wrapper keeps the most recent prepared statements by SQL text (an LRU), and binds
 * booleans as 0/1.
 */
function wrapSqlite(raw: BetterSqlite3.Database): BetterSqlite3.Database {
  // The wrapper of each statement is made once and cached with it: Kysely prepares per query.
  const cache = new Map<string, ReturnType<typeof wrap>>();
  const wrap = (stmt: BetterSqlite3.Statement) => ({
    reader: stmt.reader,
    all: (params: unknown[] = []) => stmt.all(bindable(params)),
    run: (params: unknown[] = []) => stmt.run(bindable(params)),
    get: (params: unknown[] = []) => stmt.get(bindable(params)),
    iterate: (params: unknown[] = []) => stmt.iterate(bindable(params)),
  });
  const prepare = (sql: string) => {
    let wrapped = cache.get(sql);
    if (wrapped) {
      cache.delete(sql); // re-insert below: most recently used last
    } else {
      wrapped = wrap(raw.prepare(sql));
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, wrapped);
    return wrapped;
  };
  return new Proxy(raw, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return prepare;
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * SQLite runs DDL inside transactions, but Kysely's SqliteAdapter says it does not, so its Migrator
 * would commit a migration's body and its `kysely_migration` record separately (a crash between
 * them left the tables without the record, and every later start failed). With this adapter the
 * Migrator runs the pending migrations and their records in one transaction, as on PostgreSQL.
 * The migration lock stays a no-op: the one connection is held for the whole run.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** How often a long-running process re-runs `PRAGMA optimize` (SQLite suggests every few hours). */
export const OPTIMIZE_EVERY_MS = 4 * 3600_000;

/**
 * SQLite's advice for a long-lived connection: `PRAGMA optimize=0x10002` at start, then again
 * every few hours. It analyzes only the tables that were never analyzed or have grown or shrunk
 * many times over, within an analysis limit, so it takes milliseconds. 0x10000 checks every table
 * rather than those this connection's statements used, which through the statement cache it does
 * not reliably learn. Without it the planner has no statistics (sqlite_stat1) at all.
 */
function sqliteStatistics(raw: BetterSqlite3.Database, everyMs: number) {
  let timer: NodeJS.Timeout | null = null;
  // A busy database (another process holding the write lock past busy_timeout) skips this round.
  const optimize = () => {
    try {
      raw.pragma('optimize=0x10002');
    } catch {
      /* the next round tries again */
    }
  };
  return {
    start() {
      if (timer) return;
      optimize();
      timer = setInterval(optimize, everyMs).unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/**
 * SQLite's side of the message word index (migration 032): `search_words(text)`, a text's distinct
 * words as a JSON array (lib/text-fold.ts; one call a message, which json_each then reads: a
 * table-valued function costs a call per row), which the index's triggers write, as to_tsvector's
 * lexemes are on PostgreSQL. Every connection registers it, since a trigger runs on the
 * connection that writes a message.
 */
function registerSearchWords(raw: BetterSqlite3.Database): void {
  raw.function('search_words', { deterministic: true }, (text: unknown) => JSON.stringify(typeof text === 'string' ? searchWords(text) : []));
  // Migration 039: the words a message holds only once folded (the message search checks those).
  raw.function('search_folded_words', { deterministic: true }, (text: unknown) => JSON.stringify(typeof text === 'string' ? foldedWords(text) : []));
}

export function openSqlite(filename: string, options: { optimizeEveryMs?: number } = {}): { db: Db; raw: BetterSqlite3.Database } {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const raw = new BetterSqlite3(filename);
  if (filename !== ':memory:') raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = NORMAL');
  registerSearchWords(raw);
  const kysely = new Kysely<Database>({ dialect: new TransactionalDdlSqliteDialect({ database: wrapSqlite(raw) }) });
  const statistics = sqliteStatistics(raw, options.optimizeEveryMs ?? OPTIMIZE_EVERY_MS);
  let checkpointer: Checkpointer | null = null;
  return {
    raw,
    db: {
      kysely,
      engine: 'sqlite',
      keepStatistics: () => statistics.start(),
      checkpointInBackground(onProblem) {
        if (filename !== ':memory:' && checkpointer === null) checkpointer = checkpointInBackground(raw, filename, onProblem);
      },
      async ping() {
        try {
          raw.prepare('select 1').get();
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        statistics.stop();
        await checkpointer?.stop();
        await kysely.destroy();
      },
    },
  };
}

/** Statement texts given a name, process-wide; texts beyond it go unnamed (see namedStatements). */
const MAX_NAMED_STATEMENTS = 2000;
const statementNames = new Map<string, string>();

/**
 * A comment that keeps a statement unnamed on PostgreSQL, so that it is planned with its values on
 * every call: for a statement whose best plan depends on them (a search term found in one message
 * in ten or in one in a million), which a named statement's generic plan, made for an average
 * value, would serve badly after its fifth call.
 */
export const PLAN_EACH_CALL = '/* plan each call */';

/** The name a statement text is prepared under, or undefined for one that should stay unnamed. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined) {
    // Transaction control and the like gain nothing from a prepared plan.
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(text) || text.includes(PLAN_EACH_CALL) || statementNames.size >= MAX_NAMED_STATEMENTS) return undefined;
    name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Kysely sends each statement unnamed, so PostgreSQL parses and plans it on every call. Named, a
 * statement is parsed once per connection (pg remembers which it prepared there) and its plan can
 * be reused: the service runs a few hundred distinct statements, the hot ones thousands of times
 * a second. The number of names is bounded (MAX_NAMED_STATEMENTS), so statements built with a
 * varying number of parameters cannot grow a connection's prepared set without end.
 */
function namedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' && (values === undefined || Array.isArray(values)) ? statementName(text) : undefined;
    if (name === undefined) return query(...[text, values, callback].filter((a, i) => i === 0 || a !== undefined));
    const config = { name, text, values: values ?? [] };
    // pg's own helpers (the pool's query) pass a callback; Kysely awaits the promise.
    return typeof callback === 'function' ? query(config, callback) : query(config);
  };
}

/** Connections of the pool unless DATABASE_POOL_SIZE says (chosen by measurement: see README, Performance). */
const POOL_SIZE = 10;

export function openPostgres(url: string, poolSize = POOL_SIZE): Db {
  const pool = new (postgresDriver().Pool)({ connectionString: url, max: poolSize });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', namedStatements);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    engine: 'postgres',
    keepStatistics() {},
    checkpointInBackground() {},
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await kysely.destroy();
    },
    async listen(channel, onNotify, onError) {
      const client = new (postgresDriver().Client)(pool.options);
      client.on('error', onError);
      client.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload ?? '');
      });
      await client.connect();
      await client.query(`listen ${postgresDriver().escapeIdentifier(channel)}`);
      return async () => {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      };
    },
  };
}

export function openDatabase(config: DatabaseConfig): Db {
  return config.engine === 'sqlite' ? openSqlite(config.filename).db : openPostgres(config.url, config.poolSize);
}
