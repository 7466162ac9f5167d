import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Blog subscriptions (features/blog/): e-mail addresses subscribed to a user's public documents.
// - blog_subscriptions: one row per (author, address), `pending` until the address confirms the
//   link of its confirmation e-mail (double opt-in; only the token's hash is kept, and it
//   expires), then `confirmed`. Unsubscribing deletes the row. Goes with the author's account.
// - blog_post_windows: the folding of an author's `blog_post` e-mails: the first document made
//   public goes out at once and opens a window of an hour; documents made public within it wait
//   in blog_pending_posts and go out together, in one e-mail, when the window ends.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('blog_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    // The address lower-cased: one subscription per address and author, whatever its case.
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // pending | confirmed
    .addColumn('token_hash', 'text')
    .addColumn('token_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addUniqueConstraint('blog_subscriptions_author_email_uq', ['author_id', 'email_key'])
    .execute();
  await db.schema.createIndex('blog_subscriptions_token_idx').on('blog_subscriptions').column('token_hash').execute();
  await db.schema.createIndex('blog_subscriptions_confirmed_idx').on('blog_subscriptions').columns(['author_id', 'status', 'id']).execute();

  await db.schema
    .createTable('blog_post_windows')
    .addColumn('author_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('window_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('blog_pending_posts')
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_pending_posts_pk', ['author_id', 'document_id'])
    .execute();
}
