import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database, UserRow, UserUpdate } from '../../db/types.js';
import { badRequest, conflict, userNotFound } from '../../http/errors.js';
import { USERNAME_MAX } from '../../http/schemas.js';
import { sha256 } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { deleteNameHoldsUntil, heldNames, insertUser, putNameHolds, updateUser, userByEmail, userById, userByUsernameKey, usersHolding } from './queries.js';

export const ACCOUNT_STATUSES = ['probation', 'active', 'restricted', 'suspended', 'banned'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export { CUSTOMER_STATUSES } from '../../config.js';

export const USERNAME_PATTERN = `^[A-Za-z0-9_]{3,${USERNAME_MAX}}$`;
/**
 * A display name as stored: trimmed and NFC-normalised, so that the same name typed on two
 * keyboards (precomposed or combining accents) is one string. Bidirectional controls may stay:
 * right-to-left names need them; usernames, which cannot hold them, identify people.
 */
export function normalizeDisplayName(name: string): string {
  return name.trim().normalize('NFC');
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function usernameKey(username: string): string {
  return username.toLowerCase();
}

export interface NewAccount {
  email: string;
  username: string;
  /** From ctx.passwords.hash, made before any transaction opens (hashing is slow); null: no password. */
  passwordHash: string | null;
  displayName?: string | null;
  avatar?: string | null;
  bio?: string | null;
  emailVerified?: boolean;
  accountStatus?: AccountStatus;
  customerStatus?: string;
  cleared?: boolean;
}

/** Which of email/username is taken, if any (checked before hashing to fail fast). */
export async function findTakenField(db: Kysely<Database>, email: string, username: string, exceptUserId?: string) {
  const [rows, held] = await Promise.all([usersHolding(db, normalizeEmail(email), usernameKey(username), exceptUserId), heldNames(db, [emailHold(email), usernameHold(username)])]);
  if (rows.some((r) => r.email === normalizeEmail(email)) || held.has(emailHold(email))) return 'email' as const;
  if (rows.length > 0 || held.has(usernameHold(username))) return 'username' as const;
  return null;
}

// The e-mail and username of a deleted account stay taken for a cooling-off period, so that
// nobody can take them over at once (mail still in flight, people who know the name). Only
// their hashes are kept; housekeeping frees them when the period ends.
export const NAME_HOLD_MS = 30 * 24 * 3600_000;
const emailHold = (email: string) => sha256(`email:${normalizeEmail(email)}`);
const usernameHold = (username: string) => sha256(`username:${usernameKey(username)}`);

/** Holds the user's e-mail and username until `until` (inside the deleting transaction). */
export async function holdNames(db: Kysely<Database>, user: Pick<UserRow, 'email' | 'username'>, until: Date): Promise<void> {
  await putNameHolds(db, [emailHold(user.email), usernameHold(user.username)], until.toISOString());
}

/** Frees the names whose cooling-off period has ended; answers how many. */
export async function releaseNameHolds(ctx: AppContext): Promise<number> {
  return deleteNameHoldsUntil(ctx.db.kysely, ctx.clock.now().toISOString());
}

export function duplicateError(field: 'email' | 'username', status: 400 | 409) {
  const message = field === 'email' ? 'Email is already in use' : 'Username is already taken';
  const code = field === 'email' ? 'email_taken' : 'username_taken';
  return status === 409 ? conflict(message, code) : badRequest(message, code);
}

/**
 * Creates a user row. Duplicate e-mail or username is reported with `duplicateStatus`
 * (registration answers 400, administrator create 409, as the spec's tables say). Safe inside a
 * transaction (`db`): it does no slow work.
 */
export async function createUser(
  ctx: AppContext,
  input: NewAccount,
  duplicateStatus: 400 | 409,
  db: Kysely<Database> = ctx.db.kysely,
): Promise<UserRow> {
  const taken = await findTakenField(db, input.email, input.username);
  if (taken) throw duplicateError(taken, duplicateStatus);
  const now = ctx.clock.now().toISOString();
  const row = {
    id: newId(),
    email: normalizeEmail(input.email),
    username: input.username,
    username_key: usernameKey(input.username),
    display_name: (input.displayName && normalizeDisplayName(input.displayName)) || input.username,
    avatar: input.avatar ?? null,
    bio: input.bio ?? null,
    theme: null,
    password_hash: input.passwordHash,
    email_verified: input.emailVerified ?? false,
    account_status: input.accountStatus ?? 'probation',
    customer_status: input.customerStatus ?? ctx.config.defaultCustomerStatus,
    cleared: input.cleared ?? false,
    is_private: false,
    default_publicly_visible: true,
    max_message_length: 666,
    viewing_preference: 'all',
    spam_score: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await insertUser(db, row);
  } catch (err) {
    // A concurrent insert won the race between the check and the insert.
    if (isUniqueViolation(err)) throw duplicateError(String((err as Error).message).includes('username') ? 'username' : 'email', duplicateStatus);
    throw err;
  }
  return (await findUserById(db, row.id))!;
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return userById(db, id);
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return userByEmail(db, normalizeEmail(email));
}

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return userByUsernameKey(db, usernameKey(username));
}

/**
 * Writes columns of one user (sign-in rehash, password reset, verification, administrator
 * edits); answers how many rows changed (0: no such user). Inside a transaction with `db`.
 */
export function updateUserColumns(db: Kysely<Database>, id: string, set: UserUpdate): Promise<number> {
  return updateUser(db, id, set);
}

/** The user a path names, or 404 user_not_found. */
export async function userByUsername(ctx: Pick<AppContext, 'db'>, username: string): Promise<UserRow> {
  const user = await findUserByUsername(ctx.db.kysely, username);
  if (!user) throw userNotFound();
  return user;
}
