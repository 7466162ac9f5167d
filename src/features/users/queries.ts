import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/types.js';

// The users' queries, which the service, profile and identities call (README, Design: queries).
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

/** The provider identities linked to a user, oldest first. */
export function identitiesOf(db: Db, userId: string) {
  return db
    .selectFrom('identities')
    .select(['id', 'provider', 'handle', 'instance_name'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
