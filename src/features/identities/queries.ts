import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, IdentitiesTable, NetworkAAppsTable, OAuthStatesTable } from '../../db/types.js';
import { hashToken } from '../../lib/crypto.js';

// The identities feature's queries: linked identities and their sealed credentials, OAuth
// states, networkA app registrations and networkC posting targets.

type Db = Kysely<Database>;

const LISTED = ['id', 'provider', 'handle', 'instance_name', 'status'] as const;

/** The provider identities linked to a user, oldest first. */
export function identitiesOf(db: Db, userId: string) {
  return db.selectFrom('identities').select(LISTED).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export function identityOfUser(db: Db, userId: string, id: string) {
  return db.selectFrom('identities').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Every identity of a user with its sealed credentials (account deletion's revocations). */
export function identityRowsOf(db: Db, userId: string) {
  return db.selectFrom('identities').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export function identityById(db: Db, id: string) {
  return db.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The identity of one provider account, whoever it is linked to. */
export function identityByAccount(db: Db, provider: string, instanceName: string, providerUserId: string) {
  return db
    .selectFrom('identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('instance_name', '=', instanceName)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export async function insertIdentity(db: Db, row: Insertable<IdentitiesTable>): Promise<void> {
  await db.insertInto('identities').values(row).execute();
}

export async function updateIdentity(db: Db, id: string, set: Updateable<IdentitiesTable>): Promise<void> {
  await db.updateTable('identities').set(set).where('id', '=', id).execute();
}

/** Sets `set` only while the row is still at `version`; answers whether it was. */
export async function updateIdentityAtVersion(db: Db, id: string, version: number, set: Updateable<IdentitiesTable>): Promise<boolean> {
  const result = await db.updateTable('identities').set(set).where('id', '=', id).where('token_version', '=', version).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteIdentity(db: Db, id: string): Promise<void> {
  await db.deleteFrom('identities').where('id', '=', id).execute();
}

/** How many identities a user has, and whether the account has a password. */
export async function signInMethods(db: Db, userId: string): Promise<{ identities: number; password: boolean }> {
  const [count, user] = await Promise.all([
    db.selectFrom('identities').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst(),
  ]);
  return { identities: Number(count.n), password: !!user?.password_hash };
}

// ---- OAuth states -----------------------------------------------------------------------------

export async function insertOAuthState(db: Db, row: Insertable<OAuthStatesTable>): Promise<void> {
  await db.insertInto('oauth_states').values(row).execute();
}

export async function deleteExpiredOAuthStates(db: Db, now: string): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
}

/** Keeps the provider's data (sealed) with a state begun a moment ago. */
export async function updateOAuthStateData(db: Db, state: string, dataSealed: string): Promise<void> {
  await db.updateTable('oauth_states').set({ data_sealed: dataSealed }).where('state_hash', '=', hashToken(state)).execute();
}

/** Marks the state used, if it is unused, unexpired and this browser's; answers its row or nothing. */
export function spendOAuthState(db: Db, where: { stateHash: string; provider: string; flow: string; browserHash: string; now: string }) {
  return db
    .updateTable('oauth_states')
    .set({ used_at: where.now })
    .where('state_hash', '=', where.stateHash)
    .where('provider', '=', where.provider)
    .where('flow', '=', where.flow)
    .where('browser_hash', '=', where.browserHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', where.now)
    .returningAll()
    .executeTakeFirst();
}

// ---- networkA app registrations ---------------------------------------------------------------

export function networkAApp(db: Db, instance: string) {
  return db.selectFrom('network_a_apps').selectAll().where('instance', '=', instance).executeTakeFirst();
}

/**
 * Keeps a first registration on an instance unless one is there already (another sign-in's, made
 * meanwhile), and answers the one kept: two first sign-ins to one instance end up using one app.
 */
export async function insertNetworkAAppIfAbsent(db: Db, row: Insertable<NetworkAAppsTable>) {
  await db.insertInto('network_a_apps').values(row).onConflict((oc) => oc.column('instance').doNothing()).execute();
  return networkAApp(db, row.instance);
}

/**
 * Replaces the registration whose callback address changed, only if it is still the one read
 * (`previousClientId`: a concurrent sign-in may have replaced it first), and answers the one kept.
 */
export async function replaceNetworkAApp(db: Db, row: Insertable<NetworkAAppsTable>, previousClientId: string) {
  const { instance, ...rest } = row;
  await db.updateTable('network_a_apps').set(rest).where('instance', '=', instance).where('client_id', '=', previousClientId).execute();
  return networkAApp(db, instance);
}

// ---- networkC posting targets ------------------------------------------------------------------

export function networkCTargetsOf(db: Db, userId: string) {
  return db
    .selectFrom('network_c_targets')
    .select(['id', 'kind', 'name', 'external_id', 'identity_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Replaces the identity's targets of `kind` with `targets` (inside a transaction). */
export async function replaceNetworkCTargets(
  db: Db,
  identityId: string,
  kind: string,
  targets: readonly { id: string; user_id: string; external_id: string; name: string; created_at: string }[],
): Promise<void> {
  await db.deleteFrom('network_c_targets').where('identity_id', '=', identityId).where('kind', '=', kind).execute();
  if (targets.length > 0) await db.insertInto('network_c_targets').values(targets.map((t) => ({ ...t, identity_id: identityId, kind }))).execute();
}
