import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Outside networks (issue 21): sign-in and linking, cross-posting, codehost-backed lists.
// - identities gain their credentials, sealed at rest (lib/sealing.ts): tokens, the provider
//   session blob (atproto's OAuth session with its DPoP key), the token expiry and scopes, a
//   status (`reauth_required` once a refresh was refused) and a version that a refresh bumps by
//   compare-and-swap, so that two instances never both spend a single-use refresh token.
// - oauth_states: one row per authorize step, found by the state's hash, bound to the browser's
//   binding cookie (hashed), single use, 10 minutes.
// - network_a_apps: the service's app registration on each networkA instance, made once.
// - network_c_targets: the networkC authors a user may post as (their person, the organization
//   pages they administer).
// - cross_post_deliveries: the delivery ledger, one row per target of a message. No foreign key
//   to messages: the row outlives its message so that the remote copies can be deleted.
// - lists gain the source of a codehost-backed list.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  for (const [name, type] of [
    ['access_token_sealed', 'text'],
    ['refresh_token_sealed', 'text'],
    ['token_expires_at', 'text'],
    ['scopes', 'text'],
    ['instance_url', 'text'],
    ['session_sealed', 'text'],
    ['updated_at', 'text'],
  ] as const) {
    await db.schema.alterTable('identities').addColumn(name, type).execute();
  }
  await db.schema.alterTable('identities').addColumn('status', 'text', (c) => c.notNull().defaultTo('active')).execute();
  await db.schema.alterTable('identities').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull()) // signin | org
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_verifier_sealed', 'text')
    .addColumn('return_to', 'text')
    .addColumn('instance', 'text')
    .addColumn('data_sealed', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_states_expires_idx').on('oauth_states').column('expires_at').execute();

  await db.schema
    .createTable('network_a_apps')
    .addColumn('instance', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('network_c_targets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('identity_id', 'text', (c) => c.notNull().references('identities.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // person | organization
    .addColumn('external_id', 'text', (c) => c.notNull()) // the author URN
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('network_c_targets_identity_external_uq', ['identity_id', 'external_id'])
    .execute();
  await db.schema.createIndex('network_c_targets_user_idx').on('network_c_targets').column('user_id').execute();

  await db.schema
    .createTable('cross_post_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('target', 'text')
    .addColumn('status', 'text', (c) => c.notNull()) // pending | ok | failed | deleting | deleted
    .addColumn('external_id', 'text')
    .addColumn('external_url', 'text')
    .addColumn('error', 'text')
    .addColumn('error_code', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('delivery_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cross_post_deliveries_message_idx').on('cross_post_deliveries').column('message_id').execute();
  await db.schema.createIndex('cross_post_deliveries_due_idx').on('cross_post_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('cross_post_deliveries_user_idx').on('cross_post_deliveries').column('user_id').execute();

  for (const name of ['source', 'source_identity_id', 'source_etag', 'last_synced_at']) {
    await db.schema.alterTable('lists').addColumn(name, 'text').execute();
  }
}
