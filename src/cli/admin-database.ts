import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import { openPostgres, openSqlite, type Db } from '../db/connection.js';

// The database an admin command works on, said before anything is done to it: a DATABASE_URL
// left unset (the default file) or pointing at the wrong place must show, not silently change or
// create another database. A SQLite file is opened only when it already holds the service's data.

/** The database cannot be the service's: the message says which one and what to set. */
export class NotAServiceDatabase extends Error {}

/** Where DATABASE_URL came from, for the hints. */
const source = (env: NodeJS.ProcessEnv) => (env.DATABASE_URL ? `DATABASE_URL is ${env.DATABASE_URL.startsWith('sqlite:') ? env.DATABASE_URL : 'a postgres:// URL'}` : 'DATABASE_URL is unset: the default sqlite:./data/service.db');

const SET_IT = 'set DATABASE_URL to the service’s database (as the server has it), or start the server once to create this one';

/** Fails unless `file` is a SQLite database with the service's tables; never creates it. */
export function checkSqliteFile(file: string, env: NodeJS.ProcessEnv = process.env): void {
  if (file === ':memory:') throw new NotAServiceDatabase(`An in-memory database holds nothing to administer (${source(env)}): ${SET_IT}.`);
  const path = resolve(file);
  if (!existsSync(path)) throw new NotAServiceDatabase(`No database at ${path} (${source(env)}): ${SET_IT}.`);
  let tables: number;
  try {
    const raw = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
    try {
      tables = (raw.prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'users'").get() as { n: number }).n;
    } finally {
      raw.close();
    }
  } catch (err) {
    throw new NotAServiceDatabase(`${path} is not a SQLite database (${(err as Error).message}; ${source(env)}): ${SET_IT}.`);
  }
  if (tables === 0) throw new NotAServiceDatabase(`${path} holds no service data (no users table; ${source(env)}): ${SET_IT}.`);
}

/** "SQLite /abs/file" or "PostgreSQL database D on host:port": never the user or the password. */
export function databaseName(config: DatabaseConfig): string {
  if (config.engine === 'sqlite') return `SQLite ${config.filename === ':memory:' ? ':memory:' : resolve(config.filename)}`;
  const url = new URL(config.url);
  return `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1)) || '(the user’s default)'} on ${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

/** How many users it holds, or null when it has no users table yet (an empty PostgreSQL database). */
export async function countUsers(db: Db): Promise<number | null> {
  try {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from users`.execute(db.kysely);
    return Number(rows[0].n);
  } catch {
    return null;
  }
}

/** One line for the operator: the database and how many users it holds. */
export async function describeDatabase(config: DatabaseConfig, db: Db): Promise<string> {
  const users = await countUsers(db);
  return `Database: ${databaseName(config)}, ${users === null ? 'no service tables yet (they are created now)' : `${users} user${users === 1 ? '' : 's'}`}`;
}

/** Opens the database an admin command works on (a SQLite file only if it is the service's). */
export function openServiceDatabase(config: DatabaseConfig, env: NodeJS.ProcessEnv = process.env): { db: Db; raw: BetterSqlite3.Database | null } {
  if (config.engine === 'postgres') return { db: openPostgres(config.url, 2), raw: null };
  checkSqliteFile(config.filename, env);
  return openSqlite(config.filename);
}
