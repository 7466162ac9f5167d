import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Engine } from './connection.js';
import * as m001 from './migrations/001_foundation.js';

type DialectMigration = { up(db: Kysely<any>, engine: Engine): Promise<void> };

// Listed explicitly (no directory scan), in order. Each receives the engine so it can branch
// where SQLite and PostgreSQL differ.
const MIGRATIONS: Record<string, DialectMigration> = {
  '001_foundation': m001,
};

class DialectMigrationProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS)) {
      out[name] = {
        // PostgreSQL runs each migration in a transaction through the Migrator; SQLite's adapter
        // does not, so the body is wrapped here to keep a failed migration from half-applying.
        up: (db) => (this.engine === 'sqlite' ? db.transaction().execute((trx) => m.up(trx, this.engine)) : m.up(db, this.engine)),
      };
    }
    return out;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: new DialectMigrationProvider(db.engine) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? 'unknown error'}`);
  }
}
