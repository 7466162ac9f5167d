import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The version of everything a message read (feed, search, a user's messages) is made of:
// messages, their tags and digs, follows, blocks and mutes, and the author fields a message shows.
// Triggers bump it in the writing transaction, so a read that sees version V sees every write
// counted in V, and a cached answer keyed by V can never be served after a later write commits
// (features/messages/read-cache.ts). The counter is sixteen rows whose sum is the version: on
// PostgreSQL each write bumps one at random, so concurrent writers seldom wait on the same row
// lock, and every bump still raises the sum. SQLite has one writer at a time: it bumps the first.
const SHARDS = 16;
const SOURCES = ['messages', 'message_tags', 'digs', 'follows', 'blocks', 'mutes'] as const;
/** The users columns a message page shows or filters on. */
const USER_COLUMNS = 'username, username_key, display_name, avatar, account_status';

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('message_versions')
    .addColumn('shard', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('message_versions')
    .values(Array.from({ length: SHARDS }, (_, shard) => ({ shard, n: 0 })))
    .execute();

  if (engine === 'sqlite') {
    const bump = sql.raw('update message_versions set n = n + 1 where shard = 0;');
    for (const table of SOURCES) {
      for (const op of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_version_${op}`)} after ${sql.raw(op)} on ${sql.table(table)} begin ${bump} end`.execute(db);
      }
    }
    await sql`create trigger users_version_update after update of ${sql.raw(USER_COLUMNS)} on users begin ${bump} end`.execute(db);
  } else {
    // Once per statement, not per row: a bulk write bumps it once.
    // The shard is drawn once: random() in the where-clause would be drawn per row scanned.
    await sql`create function bump_message_version() returns trigger language plpgsql as $$
      declare s integer := floor(random() * ${sql.raw(String(SHARDS))})::integer;
      begin
        update message_versions set n = n + 1 where shard = s;
        return null;
      end $$`.execute(db);
    for (const table of SOURCES) {
      await sql`create trigger ${sql.raw(`${table}_version`)} after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_message_version()`.execute(db);
    }
    await sql`create trigger users_version after update of ${sql.raw(USER_COLUMNS)} on users
      for each statement execute function bump_message_version()`.execute(db);
  }
}
