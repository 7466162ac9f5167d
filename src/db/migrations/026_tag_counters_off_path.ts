import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Tag discovery's counters leave the request path (README, Tag discovery). Migration 018 kept
// public_tag_counts, tag_window_uses, tag_trend_authors and tag_trends exact by triggers in every
// post's transaction: five writes per tag, and on PostgreSQL hot counter rows that concurrent
// posts queued on. Now a post writes only its public_tag_uses rows (018's triggers on
// message_tags and messages stay), and the fold (features/messages/tag-fold.ts) adds them to the
// counters in batches, one fold at a time, a few seconds later:
// - public_tag_uses.stage: 0 written, not yet counted; 1 counted, in the 24-hour window; 2
//   counted, out of the window. The fold moves 0 to 1 (or 2 when already old) and 1 to 2 as the
//   window's edge passes; partial indexes find either set without reading the rest.
// - tag_use_removals: a counted use that was deleted (its message deleted or purged, made
//   private, published again), written by a trigger on delete, so that the fold takes it off the
//   counters; a use deleted before it was counted leaves nothing behind.
// - On PostgreSQL a post's uses come from the new messages of its statement alone (their `tags`,
//   the JSON of the same tags as message_tags), no longer from joining the new message_tags to
//   messages: that join's plan followed statistics taken while messages was small, scanned the
//   whole table for each batch of posts as it grew (posts/s fell sixfold within half a minute),
//   and the bench's seeding of 200,000 messages did not finish.
// tag_window_uses is dropped: stage 1 is the window. Carried over: every existing use was counted
// by 018's triggers, so it is stage 1 if it was in tag_window_uses and 2 otherwise, and the
// counters stay as they are.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('public_tag_uses')
    .addColumn('stage', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update public_tag_uses set stage = case when exists (
      select 1 from tag_window_uses w where w.message_id = public_tag_uses.message_id and w.tag = public_tag_uses.tag) then 1 else 2 end`.execute(db);

  if (engine === 'sqlite') {
    for (const name of ['public_tag_counts_insert', 'public_tag_counts_delete', 'tag_window_uses_insert', 'tag_trends_insert', 'tag_trends_delete']) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
  } else {
    await sql`drop trigger public_tag_counts_insert on public_tag_uses`.execute(db);
    await sql`drop trigger public_tag_counts_delete on public_tag_uses`.execute(db);
    await sql`drop trigger tag_window_uses_insert on public_tag_uses`.execute(db);
    await sql`drop trigger tag_trends_insert on tag_window_uses`.execute(db);
    await sql`drop trigger tag_trends_delete on tag_window_uses`.execute(db);
    for (const fn of ['public_tag_counts_add', 'public_tag_counts_remove', 'tag_window_uses_add', 'tag_trends_add', 'tag_trends_remove']) {
      await sql`drop function ${sql.raw(fn)}()`.execute(db);
    }
  }
  await db.schema.dropTable('tag_window_uses').execute();
  await db.schema.dropIndex('public_tag_uses_window_idx').execute();
  await db.schema.createIndex('public_tag_uses_pending_idx').on('public_tag_uses').column('published_at').where(sql.ref('stage'), '=', 0).execute();
  await db.schema.createIndex('public_tag_uses_window_idx').on('public_tag_uses').column('published_at').where(sql.ref('stage'), '=', 1).execute();

  await db.schema
    .createTable('tag_use_removals')
    .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('stage', 'integer', (c) => c.notNull())
    .execute();

  if (engine === 'sqlite') {
    await sql`create trigger tag_use_removals_insert after delete on public_tag_uses when old.stage > 0 begin
      insert into tag_use_removals (tag, author_id, stage) values (old.tag, old.author_id, old.stage);
    end`.execute(db);
  } else {
    await sql`drop trigger public_tag_uses_tags on message_tags`.execute(db);
    await sql`drop function public_tag_uses_from_tags()`.execute(db);
    await sql`create function public_tag_uses_from_messages() returns trigger language plpgsql as $$
      begin
        insert into public_tag_uses (message_id, tag, author_id, published_at)
          select distinct n.id, t.tag, n.user_id, n.published_at from new_messages n cross join lateral jsonb_array_elements_text(n.tags::jsonb) as t(tag)
          where n.publicly_visible and n.parent_id is null and n.orphaned_parent_id is null and n.published_at is not null;
        return null;
      end $$`.execute(db);
    await sql`create trigger public_tag_uses_messages after insert on messages
      referencing new table as new_messages for each statement execute function public_tag_uses_from_messages()`.execute(db);
    // Once per statement: a purge's batch of messages writes its removals in one insert.
    await sql`create function tag_use_removals_add() returns trigger language plpgsql as $$
      begin
        insert into tag_use_removals (tag, author_id, stage) select tag, author_id, stage from old_uses where stage > 0;
        return null;
      end $$`.execute(db);
    await sql`create trigger tag_use_removals_insert after delete on public_tag_uses
      referencing old table as old_uses for each statement execute function tag_use_removals_add()`.execute(db);
  }
}
