import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The event log (features/events, docs/events.md). One ordered stream per user (`user:<id>`) or
// organization (`org:<id>`): `event_streams` holds its counter, `head_seq` the last seq given out,
// taken inside the writing transaction (so a later seq never commits before an earlier one), and
// `purged_seq` the last seq retention removed (the oldest retained is purged_seq + 1). `user_id`
// names the user of a `user:` stream, so the stream goes with the account. `events` holds the
// envelopes; `data` is the JSON of the envelope's `data`.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const big = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('event_streams')
    .addColumn('stream', 'text', (c) => c.primaryKey())
    .addColumn('head_seq', big, (c) => c.notNull())
    .addColumn('purged_seq', big, (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('event_streams_user_idx').on('event_streams').column('user_id').execute();
  await db.schema
    .createTable('events')
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('seq', big, (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('events_pk', ['stream', 'seq'])
    .execute();
  // Retention removes by age across streams.
  await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
}
