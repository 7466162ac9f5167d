import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The AI audit ledger (spec, Limits: AI daily quota): one row per suggest or generate attempt,
// written before the provider is called (outcome `pending`) and finished afterwards, so the rolling
// 24-hour quota counts every attempt, failed ones too, on every instance sharing the database.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('ai_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_usage_user_time_idx').on('ai_usage').columns(['user_id', 'created_at']).execute();
}
