import type { ChildProcess } from 'node:child_process';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE } from '../helpers/app.js';
import { processDatabase, spawnChild, waitForStdout, type ProcessDatabase, type Spawned } from '../helpers/server-process.js';
import type { Db } from '../../src/db/connection.js';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/db/migrate.js';

/** Migrations for one engine only, which leave the other's schema as it was (each says why). */
const UNCHANGED_ON: Record<typeof ENGINE, Set<string>> = {
  // PostgreSQL's row stamps become transaction ids (64 bits); SQLite's integers are 64 bits already.
  sqlite: new Set(['038_list_row_stamps_pg']),
  // SQLite's word indexes move from per-row triggers to batches (034, and an import's rows' in 037);
  // PostgreSQL keeps its per-statement triggers.
  // 039's message search tables are SQLite's only (PostgreSQL keeps the trigram path).
  postgres: new Set(['034_search_words_in_batches', '037_import_row_words_later', '039_message_search_words']),
};

// A process killed in the middle of a migration must not leave the database in a state that no
// later start can migrate. Every migration in the list is covered: a child process pauses right
// after that migration's body ran (before its record is committed), is killed with SIGKILL, and
// the next start must bring the database fully up to date. On SQLite the database is a file in
// WAL mode, as `npm start` uses it; on PostgreSQL a scratch database.

const CHILD_SCRIPT = 'test/fixtures/migrate-child.ts';

/**
 * The application schema (the Migrator's own tables left out), one sorted line per column and per
 * index, each starting with its table's name. Works on a transaction too.
 */
async function schemaOf(db: Kysely<any>): Promise<string[]> {
  const lines: string[] = [];
  for (const table of await db.introspection.getTables()) {
    for (const c of table.columns) {
      lines.push(`${table.name}.${c.name} ${c.dataType}${c.isNullable ? '' : ' not null'}${c.hasDefaultValue ? ' default' : ''}`);
    }
  }
  // Indexes with their definitions (a partial index differs from a full one of the same name), and triggers.
  const indexes =
    ENGINE === 'postgres'
      ? await sql<{ t: string; i: string; d: string }>`select tablename as t, indexname as i, indexdef as d from pg_indexes where schemaname = current_schema()`.execute(db)
      : await sql<{ t: string; i: string; d: string | null }>`select tbl_name as t, name as i, sql as d from sqlite_master where type = 'index'`.execute(db);
  for (const { t, i, d } of indexes.rows) if (!t.startsWith('kysely_')) lines.push(`${t} index ${i} ${d ?? ''}`);
  const triggers =
    ENGINE === 'postgres'
      ? await sql<{ t: string; i: string }>`select c.relname as t, g.tgname as i from pg_trigger g join pg_class c on c.oid = g.tgrelid where not g.tgisinternal`.execute(db)
      : await sql<{ t: string; i: string }>`select tbl_name as t, name as i from sqlite_master where type = 'trigger'`.execute(db);
  for (const { t, i } of triggers.rows) lines.push(`${t} trigger ${i}`);
  return lines.sort();
}

const tableOf = (line: string) => line.split(/[ .]/)[0];

/** The recorded migrations, in name order ([] when the Migrator's table does not exist yet). */
async function recorded(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const rows = await (db.kysely as Kysely<any>).selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((r) => r.name as string);
}

const children: ChildProcess[] = [];

function startChild(url: string, pauseAt?: string): Spawned {
  const spawned = spawnChild([CHILD_SCRIPT, url, ...(pauseAt ? [pauseAt] : [])], {});
  children.push(spawned.child);
  return spawned;
}

/** Resolves once the child has printed `line` on a line of its own. */
const waitForLine = (c: Spawned, line: string) => waitForStdout(c, new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'), 20_000);

// The schema after each migration's body, recorded by one uninterrupted run on a database of its
// own. expectedSchema(done) is the schema of a database whose recorded migrations are `done`.
const SCHEMA_AFTER = new Map<string, string[]>();
let fullSchema: string[];
let lastMigrationTables: string[];
const expectedSchema = (done: string[]) => (done.length === 0 ? [] : SCHEMA_AFTER.get(done[done.length - 1])!);

const targets: ProcessDatabase[] = [];
async function database(): Promise<ProcessDatabase> {
  const t = await processDatabase('mc');
  targets.push(t);
  return t;
}

beforeAll(async () => {
  const db = (await database()).open();
  try {
    await migrateToLatest(db, { afterMigrationBody: async (name, trx) => void SCHEMA_AFTER.set(name, await schemaOf(trx)) });
    fullSchema = await schemaOf(db.kysely);
  } finally {
    await db.close();
  }
  // The last migration that changes this engine's schema, and the one before it.
  const changing = MIGRATION_NAMES.filter((n) => !UNCHANGED_ON[ENGINE].has(n));
  const beforeLast = changing.length > 1 ? SCHEMA_AFTER.get(changing[changing.length - 2])! : [];
  // The tables that migration changed and left in place: lines it added, or (a migration that
  // only drops an index) removed from a table that is still there.
  const last = SCHEMA_AFTER.get(changing[changing.length - 1])!;
  const standing = new Set(last.map(tableOf));
  const changed = [...last.filter((l) => !beforeLast.includes(l)), ...beforeLast.filter((l) => !last.includes(l))].map(tableOf);
  lastMigrationTables = [...new Set(changed.filter((t) => standing.has(t)))];
});

afterEach(() => {
  // A test that failed half-way may leave a paused child behind; end it by its own pid.
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) process.kill(c.pid!, 'SIGKILL');
});

// One database per migration: dropped side by side (each PostgreSQL DROP DATABASE waits for a
// checkpoint, which a loaded server takes seconds over), with room for a busy CI machine.
afterAll(async () => {
  await Promise.all(targets.splice(0).map((t) => t.drop()));
}, 180_000);

describe('migrations', () => {
  it('are listed, and each one changes the schema of the engines it is for (so the checks below see it)', () => {
    expect(MIGRATION_NAMES.length).toBeGreaterThan(0);
    expect([...SCHEMA_AFTER.keys()]).toEqual(MIGRATION_NAMES);
    let previous: string[] = [];
    for (const name of MIGRATION_NAMES) {
      if (UNCHANGED_ON[ENGINE].has(name)) expect(SCHEMA_AFTER.get(name), name).toEqual(previous);
      else expect(SCHEMA_AFTER.get(name), name).not.toEqual(previous);
      previous = SCHEMA_AFTER.get(name)!;
    }
    expect(fullSchema).toEqual(previous);
    expect(lastMigrationTables.length).toBeGreaterThan(0);
  });

  it.each(MIGRATION_NAMES)('survive a SIGKILL after the body of %s ran, before its record: the next start migrates fully', async (name) => {
    const target = await database();

    const first = startChild(target.url, name);
    await waitForLine(first, `paused at ${name}`);
    process.kill(first.child.pid!, 'SIGKILL');
    await first.exit;
    expect(first.child.signalCode).toBe('SIGKILL');

    // Whatever the killed process committed is consistent: the recorded migrations are a prefix of
    // the list without `name`, and the schema is exactly theirs (nothing of `name` left behind).
    let db = target.open();
    try {
      const done = await recorded(db);
      expect(done).not.toContain(name);
      expect(done).toEqual(MIGRATION_NAMES.slice(0, done.length));
      expect(await schemaOf(db.kysely)).toEqual(expectedSchema(done));
    } finally {
      await db.close();
    }

    const second = startChild(target.url);
    const code = await second.exit;
    expect({ code, output: second.output() }).toMatchObject({ code: 0, output: expect.stringMatching(/^migrated$/m) });

    db = target.open();
    try {
      expect(await recorded(db)).toEqual([...MIGRATION_NAMES].sort());
      expect(await schemaOf(db.kysely)).toEqual(fullSchema);
      // The last migration's tables answer queries (a migration may seed rows, e.g. app_secrets).
      for (const table of lastMigrationTables) {
        expect(Array.isArray(await (db.kysely as Kysely<any>).selectFrom(table).selectAll().limit(1).execute()), table).toBe(true);
      }
      await migrateToLatest(db); // and a later start finds nothing to do
      expect(await recorded(db)).toHaveLength(MIGRATION_NAMES.length);
    } finally {
      await db.close();
    }
  });

  it.each(MIGRATION_NAMES)('that fail after the body of %s ran leave nothing of it behind, and name it', async (name) => {
    const db = (await database()).open();
    try {
      const failing = migrateToLatest(db, {
        afterMigrationBody: async (current) => {
          if (current === name) throw new Error('simulated failure');
        },
      });
      await expect(failing).rejects.toThrow(`Migration ${name} failed: simulated failure`);
      const done = await recorded(db);
      expect(done).not.toContain(name);
      expect(await schemaOf(db.kysely)).toEqual(expectedSchema(done));

      await migrateToLatest(db);
      expect(await recorded(db)).toHaveLength(MIGRATION_NAMES.length);
      expect(await schemaOf(db.kysely)).toEqual(fullSchema);
    } finally {
      await db.close();
    }
  });
});
