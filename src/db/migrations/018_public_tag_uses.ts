import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Tag discovery (GET /api/tags/trending and /api/tags/search) without reading messages:
// - public_tag_uses: one row per tag of a published, public, top-level message (replies and
//   orphaned replies excluded), with its author and publication time; a private message is never
//   in it.
// - public_tag_counts: how many such messages each tag has (tag search, most used first), found
//   by prefix on the lower-cased key.
// - tag_window_uses: the same uses while they are in the trending window (the last 24 hours). A
//   use enters with its public_tag_uses row and leaves with it (foreign key), or when it grows
//   too old: the trending read deletes those first (features/messages/tags.ts).
// - tag_trend_authors (messages per tag and author in the window) and tag_trends (messages and
//   distinct authors per tag in the window), which the trending read takes in rank order from an
//   index: its cost is the number of tags asked for, whatever the size of the feed.
// Triggers keep them all exact on every write path, as the public message count is kept (004,
// 013): a post's tags, a scheduled message's publication, a change of visibility or parent; a
// deleted or purged message takes its uses with it (foreign keys), and the counters follow the uses.
//
// On PostgreSQL the triggers that feed public_tag_uses and the counts run once per statement over
// its transition table, so a batch of posts written in one statement (db/batched-transaction.ts)
// costs one insert of uses and one ordered upsert of each counter; taking the counter rows in key
// order (every author row, then every tag row) means two batches cannot lock two of them in
// opposite orders and deadlock. The key column is
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

  await db.schema
    .createTable('tag_window_uses')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_window_uses_pk', ['message_id', 'tag'])
    .addForeignKeyConstraint('tag_window_uses_use_fk', ['message_id', 'tag'], 'public_tag_uses', ['message_id', 'tag'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('tag_window_uses_published_idx').on('tag_window_uses').column('published_at').execute();
  await db.schema
    .createTable('tag_trend_authors')
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('messages', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_trend_authors_pk', ['tag', 'author_id'])
    .execute();
  await db.schema
    .createTable('tag_trends')
    .addColumn('tag', 'text', (c) => c.primaryKey())
    .addColumn('messages', 'bigint', (c) => c.notNull())
    .addColumn('accounts', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tag_trends_rank_idx').on('tag_trends').columns(['accounts desc', 'messages desc', 'tag']).execute();

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
    await sql`create trigger tag_window_uses_insert after insert on public_tag_uses begin
      insert into tag_window_uses (message_id, tag, author_id, published_at) values (new.message_id, new.tag, new.author_id, new.published_at);
    end`.execute(db);
    await sql`create trigger tag_trends_insert after insert on tag_window_uses begin
      insert into tag_trend_authors (tag, author_id, messages) values (new.tag, new.author_id, 1)
        on conflict (tag, author_id) do update set messages = messages + 1;
      insert into tag_trends (tag, messages, accounts) values (new.tag, 1, 1)
        on conflict (tag) do update set messages = messages + 1,
          accounts = accounts + (select count(*) from tag_trend_authors a where a.tag = new.tag and a.author_id = new.author_id and a.messages = 1);
    end`.execute(db);
    await sql`create trigger tag_trends_delete after delete on tag_window_uses begin
      update tag_trend_authors set messages = messages - 1 where tag = old.tag and author_id = old.author_id;
      update tag_trends set messages = messages - 1,
          accounts = accounts - (select count(*) from tag_trend_authors a where a.tag = old.tag and a.author_id = old.author_id and a.messages = 0)
        where tag = old.tag;
      delete from tag_trend_authors where tag = old.tag and author_id = old.author_id and messages = 0;
      delete from tag_trends where tag = old.tag and messages = 0;
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

    await sql`create function tag_window_uses_add() returns trigger language plpgsql as $$
      begin
        insert into tag_window_uses (message_id, tag, author_id, published_at) select message_id, tag, author_id, published_at from new_uses;
        return null;
      end $$`.execute(db);
    await sql`create trigger tag_window_uses_insert after insert on public_tag_uses
      referencing new table as new_uses for each statement execute function tag_window_uses_add()`.execute(db);
    // Every author row first (in key order), then every tag row (in tag order). An author row
    // whose count equals what this statement added is new in the window: one more account.
    await sql`create function tag_trends_add() returns trigger language plpgsql as $$
      begin
        with n as (select tag, author_id, count(*) as k from new_window group by tag, author_id),
        a as (
          insert into tag_trend_authors (tag, author_id, messages) select tag, author_id, k from n order by tag, author_id
            on conflict (tag, author_id) do update set messages = tag_trend_authors.messages + excluded.messages
            returning tag, author_id, messages
        )
        insert into tag_trends (tag, messages, accounts)
          select n.tag, sum(n.k), sum(case when a.messages = n.k then 1 else 0 end) from n join a on a.tag = n.tag and a.author_id = n.author_id
          group by n.tag order by n.tag
          on conflict (tag) do update set messages = tag_trends.messages + excluded.messages, accounts = tag_trends.accounts + excluded.accounts;
        return null;
      end $$`.execute(db);
    // The same order: the author rows (an author whose count falls to 0 leaves the window, and
    // its row goes), then the tag rows, less the authors that left.
    await sql`create function tag_trends_remove() returns trigger language plpgsql as $$
      declare r record; remaining bigint;
      begin
        for r in select tag, author_id, count(*) as k from old_window group by tag, author_id order by tag, author_id loop
          update tag_trend_authors set messages = messages - r.k where tag = r.tag and author_id = r.author_id returning messages into remaining;
          if remaining is not null and remaining <= 0 then
            delete from tag_trend_authors where tag = r.tag and author_id = r.author_id;
          end if;
        end loop;
        for r in select o.tag, count(*) as k,
            count(distinct o.author_id) filter (where not exists (select 1 from tag_trend_authors a where a.tag = o.tag and a.author_id = o.author_id)) as gone
          from old_window o group by o.tag order by o.tag loop
          update tag_trends set messages = messages - r.k, accounts = accounts - r.gone where tag = r.tag;
        end loop;
        delete from tag_trends where messages <= 0 and tag in (select tag from old_window);
        return null;
      end $$`.execute(db);
    await sql`create trigger tag_trends_insert after insert on tag_window_uses
      referencing new table as new_window for each statement execute function tag_trends_add()`.execute(db);
    await sql`create trigger tag_trends_delete after delete on tag_window_uses
      referencing old table as old_window for each statement execute function tag_trends_remove()`.execute(db);
  }

  // What is already there (the counts follow by the triggers above).
  await sql`insert into public_tag_uses (message_id, tag, author_id, published_at)
    select t.message_id, t.tag, m.user_id, m.published_at from message_tags t join messages m on m.id = t.message_id
    where ${sql.raw(counted('m'))}`.execute(db);
}
