import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Tag discovery (GET /api/tags/trending and /api/tags/search) without reading messages:
// - public_tag_uses: one row per tag of a published, public, top-level message (replies and
//   orphaned replies excluded), with its author and publication time. Trending reads the last 24
//   hours of it from the index (published_at, tag, author_id) alone: the cost is the window's tag
//   uses, never the whole feed, and a private message is never in it.
// - public_tag_counts: how many such messages each tag has (tag search, most used first), found
//   by prefix on the lower-cased key.
// Triggers keep both exact on every write path, as the public message count is kept (004, 013):
// a post's tags, a scheduled message's publication, a change of visibility or parent; a deleted
// or purged message takes its uses with it (foreign key), and the counts follow the uses.
//
// On PostgreSQL the triggers that feed public_tag_uses and the counts run once per statement over
// its transition table, so a batch of posts written in one statement (db/batched-transaction.ts)
// costs one insert of uses and one ordered upsert of counts; taking the count rows in tag order
// means two batches cannot lock two tags in opposite orders and deadlock. The key column is
// `collate "C"` there so that a prefix is a plain index range, as it is on SQLite.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('public_tag_uses')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('public_tag_uses_pk', ['message_id', 'tag'])
    .execute();
  await db.schema.createIndex('public_tag_uses_window_idx').on('public_tag_uses').columns(['published_at', 'tag', 'author_id']).execute();

  await db.schema
    .createTable('public_tag_counts')
    .addColumn('tag', 'text', (c) => c.primaryKey())
    .addColumn('tag_key', engine === 'postgres' ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .addColumn('messages', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('public_tag_counts_key_idx').on('public_tag_counts').column('tag_key').execute();

  const counted = (m: string) =>
    engine === 'sqlite' ?
      `${m}.publicly_visible = 1 and ${m}.parent_id is null and ${m}.orphaned_parent_id is null and ${m}.published_at is not null`
    : `${m}.publicly_visible and ${m}.parent_id is null and ${m}.orphaned_parent_id is null and ${m}.published_at is not null`;

  if (engine === 'sqlite') {
    await sql`create trigger public_tag_uses_tag_insert after insert on message_tags begin
      insert into public_tag_uses (message_id, tag, author_id, published_at)
        select new.message_id, new.tag, m.user_id, m.published_at from messages m where m.id = new.message_id and ${sql.raw(counted('m'))};
    end`.execute(db);
    await sql`create trigger public_tag_uses_message_update after update of publicly_visible, published_at, parent_id, orphaned_parent_id on messages begin
      delete from public_tag_uses where message_id = new.id;
      insert into public_tag_uses (message_id, tag, author_id, published_at)
        select t.message_id, t.tag, new.user_id, new.published_at from message_tags t where t.message_id = new.id and ${sql.raw(counted('new'))};
    end`.execute(db);
    await sql`create trigger public_tag_counts_insert after insert on public_tag_uses begin
      insert into public_tag_counts (tag, tag_key, messages) values (new.tag, lower(new.tag), 1)
        on conflict (tag) do update set messages = messages + 1;
    end`.execute(db);
    await sql`create trigger public_tag_counts_delete after delete on public_tag_uses begin
      update public_tag_counts set messages = messages - 1 where tag = old.tag;
    end`.execute(db);
  } else {
    await sql`create function public_tag_uses_from_tags() returns trigger language plpgsql as $$
      begin
        insert into public_tag_uses (message_id, tag, author_id, published_at)
          select n.message_id, n.tag, m.user_id, m.published_at from new_tags n join messages m on m.id = n.message_id
          where ${sql.raw(counted('m'))};
        return null;
      end $$`.execute(db);
    await sql`create trigger public_tag_uses_tags after insert on message_tags
      referencing new table as new_tags for each statement execute function public_tag_uses_from_tags()`.execute(db);
    await sql`create function public_tag_uses_from_message() returns trigger language plpgsql as $$
      begin
        delete from public_tag_uses where message_id = new.id;
        if ${sql.raw(counted('new'))} then
          insert into public_tag_uses (message_id, tag, author_id, published_at)
            select t.message_id, t.tag, new.user_id, new.published_at from message_tags t where t.message_id = new.id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger public_tag_uses_message after update of publicly_visible, published_at, parent_id, orphaned_parent_id on messages
      for each row when (old.publicly_visible is distinct from new.publicly_visible or old.published_at is distinct from new.published_at
        or old.parent_id is distinct from new.parent_id or old.orphaned_parent_id is distinct from new.orphaned_parent_id)
      execute function public_tag_uses_from_message()`.execute(db);
    await sql`create function public_tag_counts_add() returns trigger language plpgsql as $$
      begin
        insert into public_tag_counts (tag, tag_key, messages)
          select u.tag, lower(u.tag), count(*) from new_uses u group by u.tag order by u.tag
          on conflict (tag) do update set messages = public_tag_counts.messages + excluded.messages;
        return null;
      end $$`.execute(db);
    await sql`create function public_tag_counts_remove() returns trigger language plpgsql as $$
      declare r record;
      begin
        for r in select u.tag, count(*) as n from old_uses u group by u.tag order by u.tag loop
          update public_tag_counts set messages = messages - r.n where tag = r.tag;
        end loop;
        return null;
      end $$`.execute(db);
    await sql`create trigger public_tag_counts_insert after insert on public_tag_uses
      referencing new table as new_uses for each statement execute function public_tag_counts_add()`.execute(db);
    await sql`create trigger public_tag_counts_delete after delete on public_tag_uses
      referencing old table as old_uses for each statement execute function public_tag_counts_remove()`.execute(db);
  }

  // What is already there (the counts follow by the triggers above).
  await sql`insert into public_tag_uses (message_id, tag, author_id, published_at)
    select t.message_id, t.tag, m.user_id, m.published_at from message_tags t join messages m on m.id = t.message_id
    where ${sql.raw(counted('m'))}`.execute(db);
}
