import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/types.js';

// The users' queries, which the service and profile call (README, Design: queries).
// They take normalised values (an e-mail lower-cased, a username's key): the rules are the service's.

type Db = Kysely<Database>;

/** Users other than `exceptUserId` holding the e-mail or the username key. */
export function usersHolding(db: Db, email: string, usernameKey: string, exceptUserId?: string) {
  let q = db
    .selectFrom('users')
    .select(['id', 'email', 'username_key'])
    .where((eb) => eb.or([eb('email', '=', email), eb('username_key', '=', usernameKey)]));
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  return q.execute();
}

/** Which of the given name-hold keys (hashes of a deleted account's e-mail and username) are held. */
export async function heldNames(db: Db, keyHashes: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('name_holds').select('key_hash').where('key_hash', 'in', keyHashes).execute();
  return new Set(rows.map((h) => h.key_hash));
}

/** Holds the given keys until `until` (a later hold of the same key moves its end). */
export async function putNameHolds(db: Db, keyHashes: readonly string[], until: string): Promise<void> {
  await db
    .insertInto('name_holds')
    .values(keyHashes.map((key_hash) => ({ key_hash, until })))
    .onConflict((oc) => oc.column('key_hash').doUpdateSet({ until }))
    .execute();
}

/** Frees the holds that end at or before `until`; answers how many. */
export async function deleteNameHoldsUntil(db: Db, until: string): Promise<number> {
  const result = await db.deleteFrom('name_holds').where('until', '<=', until).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertUser(db: Db, row: NewUser): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export function userById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function userByUsernameKey(db: Db, usernameKey: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey).executeTakeFirst();
}

/** Applies `set` to the user; answers how many rows changed (0: no such user). */
export async function updateUser(db: Db, id: string, set: UserUpdate): Promise<number> {
  const result = await db.updateTable('users').set(set).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Applies `set` to the user and answers the updated row. */
export function updateUserReturning(db: Db, id: string, set: UserUpdate): Promise<UserRow> {
  return db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The administrators whose accountStatus is one of `statuses` (administrators.ts). */
export function administratorsWithStatus(db: Db, statuses: readonly string[]) {
  return db
    .selectFrom('administrators')
    .innerJoin('users', 'users.id', 'administrators.user_id')
    .select('administrators.user_id')
    .where('users.account_status', 'in', statuses)
    .execute();
}
