import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Engine } from './connection.js';
import * as m001 from './migrations/001_foundation.js';
import * as m002 from './migrations/002_lists.js';
import * as m003 from './migrations/003_documents.js';
import * as m004 from './migrations/004_messages.js';
import * as m005 from './migrations/005_media.js';
import * as m006 from './migrations/006_notifications.js';
import * as m007 from './migrations/007_list_trash_index.js';
import * as m008 from './migrations/008_jobs.js';
import * as m009 from './migrations/009_list_rows_json.js';
import * as m010 from './migrations/010_message_versions.js';
import * as m011 from './migrations/011_list_import_data.js';
import * as m012 from './migrations/012_message_write_path.js';
import * as m013 from './migrations/013_message_count_shards.js';
import * as m014 from './migrations/014_ai_usage.js';
import * as m015 from './migrations/015_user_removals.js';
import * as m016 from './migrations/016_outside_networks.js';
import * as m017 from './migrations/017_billing.js';
import * as m018 from './migrations/018_public_tag_uses.js';
import * as m019 from './migrations/019_blog_subscriptions.js';
import * as m020 from './migrations/020_organizations.js';
import * as m021 from './migrations/021_collaborators.js';
import * as m022 from './migrations/022_share_links.js';
import * as m023 from './migrations/023_presence_watchers.js';
import * as m024 from './migrations/024_networks_leftovers.js';
import * as m025 from './migrations/025_shared_sync.js';
import * as m026 from './migrations/026_tag_counters_off_path.js';
import * as m027 from './migrations/027_message_read_indexes.js';
import * as m028 from './migrations/028_events.js';
import * as m029 from './migrations/029_webhooks.js';
import * as m030 from './migrations/030_ranked_search.js';
import * as m031 from './migrations/031_events_lean_indexes.js';
import * as m032 from './migrations/032_message_words.js';
import * as m033 from './migrations/033_list_import_plans.js';
import * as m034 from './migrations/034_search_words_in_batches.js';
import * as m035 from './migrations/035_list_row_stamps.js';
import * as m036 from './migrations/036_media_alts.js';
import * as m037 from './migrations/037_import_row_words_later.js';
import * as m038 from './migrations/038_list_row_stamps_pg.js';
import * as m039 from './migrations/039_message_search_words.js';

type DialectMigration = { up(db: Kysely<any>, engine: Engine): Promise<void> };

// Listed explicitly (no directory scan), in order. Each receives the engine so it can branch
// where SQLite and PostgreSQL differ.
const MIGRATIONS: Record<string, DialectMigration> = {
  '001_foundation': m001,
  '002_lists': m002,
  '003_documents': m003,
  '004_messages': m004,
  '005_media': m005,
  '006_notifications': m006,
  '007_list_trash_index': m007,
  '008_jobs': m008,
  '009_list_rows_json': m009,
  '010_message_versions': m010,
  '011_list_import_data': m011,
  '012_message_write_path': m012,
  '013_message_count_shards': m013,
  '014_ai_usage': m014,
  '015_user_removals': m015,
  '016_outside_networks': m016,
  '017_billing': m017,
  '018_public_tag_uses': m018,
  '019_blog_subscriptions': m019,
  '020_organizations': m020,
  '021_collaborators': m021,
  '022_share_links': m022,
  '023_presence_watchers': m023,
  '024_networks_leftovers': m024,
  '025_shared_sync': m025,
  '026_tag_counters_off_path': m026,
  '027_message_read_indexes': m027,
  '028_events': m028,
  '029_webhooks': m029,
  '030_ranked_search': m030,
  '031_events_lean_indexes': m031,
  '032_message_words': m032,
  '033_list_import_plans': m033,
  '034_search_words_in_batches': m034,
  '035_list_row_stamps': m035,
  '036_media_alts': m036,
  '037_import_row_words_later': m037,
  '038_list_row_stamps_pg': m038,
  '039_message_search_words': m039,
};

/** The migration names, in the order they run. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

export interface MigrateOptions {
  /**
   * Called after each migration's body has run, before its record is written, inside the same
   * transaction (`db` is that transaction). Tests use it to pause or fail at that point.
   */
  afterMigrationBody?: (name: string, db: Kysely<any>) => Promise<void>;
}

class DialectMigrationProvider implements MigrationProvider {
  constructor(
    private readonly engine: Engine,
    private readonly options: MigrateOptions,
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS)) {
      out[name] = {
        up: async (db) => {
          await m.up(db, this.engine);
          await this.options.afterMigrationBody?.(name, db);
        },
      };
    }
    return out;
  }
}

/**
 * Applies the pending migrations. On both engines the adapter reports transactional DDL (see
 * connection.ts), so the Migrator runs every pending migration and its `kysely_migration` record
 * in one transaction: a failure or a crash at any point leaves the database as it was before the
 * call, and the next start simply runs them again. A migration must therefore not open its own
 * transaction, and on SQLite must not rely on `PRAGMA foreign_keys` (ignored inside a
 * transaction; use `PRAGMA defer_foreign_keys = ON` for table rebuilds).
 */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: new DialectMigrationProvider(db.engine, options) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const message = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${message}` : `Migrations failed: ${message}`);
  }
}

/** The names of the migrations not yet applied to `db` (the readiness probe's check). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: new DialectMigrationProvider(db.engine, {}) });
  const info = await migrator.getMigrations();
  return info.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
