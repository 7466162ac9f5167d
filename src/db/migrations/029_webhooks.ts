import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Signed webhooks (issue 36):
// - webhooks: one endpoint of a user (user_id) or of an organization (org_id), exactly one of the
//   two set. The signing secret is sealed (lib/sealing.ts); after a rotation the previous one
//   keeps signing until previous_secret_until. cursor_seq is how far the webhook has read its
//   owner's event stream (null: not yet, start at its creation). consecutive_failures and
//   failing_since drive the auto-disable rule; pump_until is the lease of the one job that sends
//   the webhook's deliveries (so at most 4 are in flight, whatever the number of instances).
// - webhook_deliveries: one event sent to one webhook, with the exact body. dedupe_key is the
//   event id for a delivery made from the log (the unique index keeps a second fan-out from
//   sending it twice) and null for a test or a redelivery.
// - webhook_attempts: each HTTP attempt of a delivery.
// Deliveries (and their attempts) go with their webhook, a webhook with its owner.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('enabled', bool, (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor_seq', 'bigint', (c) => c.notNull())
    .addColumn('pump_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_user_idx').on('webhooks').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('webhooks_org_idx').on('webhooks').columns(['org_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('redelivery', bool, (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_dedupe_uq').unique().on('webhook_deliveries').columns(['webhook_id', 'dedupe_key']).execute();
  await db.schema.createIndex('webhook_deliveries_list_idx').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['webhook_id', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_created_idx').on('webhook_deliveries').column('created_at').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_body', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery_idx').on('webhook_attempts').columns(['delivery_id', 'attempted_at']).execute();
}
