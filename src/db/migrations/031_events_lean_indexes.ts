import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The event log is written by every hot write (a post, a row): each event paid three index
// entries, its primary key (stream, seq) and two nothing reads: a unique index on `id` (no query
// looks an event up by id; ids are `evt_` and a random UUID, unique by construction) and one on
// `created_at` (retention reads each stream's events by its primary key). Both go. On SQLite the
// unique index came with the table, so the table is rebuilt without it (it holds at most a week).
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.dropIndex('events_created_idx').execute();
  if (engine === 'postgres') {
    await sql`alter table events drop constraint events_id_key`.execute(db);
    return;
  }
  await sql`create table events_lean (
    stream text not null, seq integer not null, id text not null, type text not null,
    actor_id text, data text not null, created_at text not null,
    constraint events_pk primary key (stream, seq))`.execute(db);
  await sql`insert into events_lean (stream, seq, id, type, actor_id, data, created_at)
    select stream, seq, id, type, actor_id, data, created_at from events`.execute(db);
  await sql`drop table events`.execute(db);
  await sql`alter table events_lean rename to events`.execute(db);
}
