import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Accounts, sessions, tokens, e-mail log, administration, idempotency, rate limits, analytics.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  const f = sql.raw(engine === 'postgres' ? 'false' : '0');
  const t = sql.raw(engine === 'postgres' ? 'true' : '1');

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('bio', 'text')
    .addColumn('theme', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('email_verified', bool, (c) => c.notNull().defaultTo(f))
    .addColumn('account_status', 'text', (c) => c.notNull().defaultTo('probation'))
    .addColumn('customer_status', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('cleared', bool, (c) => c.notNull().defaultTo(f))
    .addColumn('is_private', bool, (c) => c.notNull().defaultTo(f))
    .addColumn('default_publicly_visible', bool, (c) => c.notNull().defaultTo(t))
    .addColumn('max_message_length', 'integer', (c) => c.notNull().defaultTo(666))
    .addColumn('viewing_preference', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('spam_score', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('sync_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('sync_tokens_user_idx').on('sync_tokens').column('user_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('new_email', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_tokens_user_idx').on('email_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('email_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('email_type', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_logs_created_idx').on('email_logs').column('created_at').execute();

  await db.schema
    .createTable('administrators')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('is_system', bool, (c) => c.notNull().defaultTo(f))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization_members')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_members_pk', ['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('organization_members_user_idx').on('organization_members').column('user_id').execute();

  await db.schema
    .createTable('identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_user_id', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('instance_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('identities_provider_account_uq', ['provider', 'instance_name', 'provider_user_id'])
    .execute();
  await db.schema.createIndex('identities_user_idx').on('identities').column('user_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('response_content_type', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_caller_key_uq', ['caller', 'idem_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();

  await db.schema
    .createTable('rate_limit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_events_bucket_idx').on('rate_limit_events').columns(['bucket', 'created_at']).execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('referrer', 'text')
    .addColumn('user_id', 'text')
    .addColumn('metadata', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_type_idx').on('analytics_events').columns(['type', 'created_at']).execute();
}
