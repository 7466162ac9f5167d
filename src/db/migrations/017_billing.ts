import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Billing through the payment provider (features/billing): one provider customer per user, with
// the state of its subscription as last read from the provider, and the ids of the webhook events
// already applied (each event takes effect once; a replay changes nothing).
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  await db.schema
    .createTable('billing_customers')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider_customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('subscription_id', 'text')
    .addColumn('plan', 'text')
    .addColumn('status', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at_period_end', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_events_received_idx').on('billing_events').column('received_at').execute();
}
