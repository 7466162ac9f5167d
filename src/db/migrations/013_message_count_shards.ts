import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The count of published public messages (the anonymous feed's total, migration 004) becomes
// sixteen shard rows whose sum is the count, as the message-read version already is (010). On
// PostgreSQL every public post updated the one 'public' row, so every posting transaction held
// that row's lock from its insert to its commit and posts queued behind each other (measured: a
// few hundred posts a second whatever the pool). SQLite has one writer at a time: its trigger
// keeps updating shard 0.
//
// On PostgreSQL both counters now pick their shard once per transaction (from its transaction
// id), not per statement: a transaction that writes many rows (a batch of posts committed
// together, db/batched-transaction.ts) then locks one shard of each, so two such transactions
// cannot lock shards in opposite orders and deadlock. The message-read version is bumped once per
// transaction (a transaction-local setting remembers it), which is all a reader can tell apart:
// the transaction's writes become visible together.
const SHARDS = 16;

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('message_count_shards')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('message_count_shards_pk', ['name', 'shard'])
    .execute();
  await sql`insert into message_count_shards (name, shard, n) select name, 0, n from message_counts`.execute(db);
  await db
    .insertInto('message_count_shards')
    .values(Array.from({ length: SHARDS - 1 }, (_, i) => ({ name: 'public', shard: i + 1, n: 0 })))
    .execute();

  const isPublicText = (row: 'new' | 'old') =>
    engine === 'sqlite' ?
      `(case when ${row}.publicly_visible = 1 and ${row}.published_at is not null then 1 else 0 end)`
    : `(case when ${row}.publicly_visible and ${row}.published_at is not null then 1 else 0 end)`;
  const isPublic = (row: 'new' | 'old') => sql.raw(isPublicText(row));
  if (engine === 'sqlite') {
    for (const op of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`messages_count_${op}`)}`.execute(db);
    const bump = (delta: ReturnType<typeof sql.raw>) => sql`update message_count_shards set n = n + ${delta} where name = 'public' and shard = 0;`;
    await sql`create trigger messages_count_insert after insert on messages begin
      ${bump(isPublic('new'))}
    end`.execute(db);
    await sql`create trigger messages_count_update after update of publicly_visible, published_at on messages begin
      ${bump(sql.raw(`${isPublicText('new')} - ${isPublicText('old')}`))}
    end`.execute(db);
    await sql`create trigger messages_count_delete after delete on messages begin
      ${bump(sql.raw(`- ${isPublicText('old')}`))}
    end`.execute(db);
  } else {
    // The same function name, so the trigger of 004 calls the new body.
    await sql`create or replace function messages_count() returns trigger language plpgsql as $$
      declare delta integer := 0;
      declare s integer := (txid_current() % ${sql.raw(String(SHARDS))})::integer;
      begin
        if tg_op in ('INSERT', 'UPDATE') then delta := delta + ${isPublic('new')}; end if;
        if tg_op in ('DELETE', 'UPDATE') then delta := delta - ${isPublic('old')}; end if;
        if delta <> 0 then update message_count_shards set n = n + delta where name = 'public' and shard = s; end if;
        return null;
      end $$`.execute(db);
    // The shard count of the read version is 010's (sixteen).
    await sql`create or replace function bump_message_version() returns trigger language plpgsql as $$
      declare tx text := txid_current()::text;
      begin
        if current_setting('app.message_version_tx', true) = tx then return null; end if;
        perform set_config('app.message_version_tx', tx, true);
        update message_versions set n = n + 1 where shard = (txid_current() % 16)::integer;
        return null;
      end $$`.execute(db);
  }
  await db.schema.dropTable('message_counts').execute();
}
