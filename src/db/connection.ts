import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './types.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** True once the underlying pool or file answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// better-sqlite3 cannot bind JS booleans; this wrapper turns them into 0/1 at the one place every
// SQLite query passes through, so the rest of the code writes booleans on both engines.
function bindable(params: readonly unknown[]): unknown[] {
  return params.map((p) => (p === true ? 1 : p === false ? 0 : p));
}

function wrapSqlite(raw: BetterSqlite3.Database): BetterSqlite3.Database {
  return new Proxy(raw, {
    get(target, prop, receiver) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const stmt = target.prepare(sql);
          return new Proxy(stmt, {
            get(s, p) {
              const value = Reflect.get(s, p, s);
              if (p === 'all' || p === 'run' || p === 'iterate' || p === 'get') {
                return (params: unknown[] = []) => (value as (...a: unknown[]) => unknown).call(s, bindable(params));
              }
              return typeof value === 'function' ? value.bind(s) : value;
            },
          });
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function openSqlite(filename: string): { db: Db; raw: BetterSqlite3.Database } {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const raw = new BetterSqlite3(filename);
  if (filename !== ':memory:') raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: wrapSqlite(raw) }) });
  return {
    raw,
    db: {
      kysely,
      engine: 'sqlite',
      async ping() {
        try {
          raw.prepare('select 1').get();
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        await kysely.destroy();
      },
    },
  };
}

export function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    engine: 'postgres',
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
  };
}

export function openDatabase(config: DatabaseConfig): Db {
  return config.engine === 'sqlite' ? openSqlite(config.filename).db : openPostgres(config.url);
}
