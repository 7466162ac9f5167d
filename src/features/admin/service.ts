import type { AppContext } from '../../runtime/context.js';
import { isUniqueViolation, toBool } from '../../db/dialect.js';
import type { UserRow, UserUpdate } from '../../db/types.js';
import { badRequest, userNotFound } from '../../http/errors.js';
import { ADMIN_PAGE, page, pageWindow } from '../../http/pagination.js';
import { isEmailAddress } from '../../lib/email.js';
import { endAllCredentials, sendVerificationEmail } from '../auth/service.js';
import { beginAccountDeletions, finishRemovals } from '../purge/service.js';
import { announceEvents } from '../events/index.js';
import {
  createUser,
  duplicateError,
  findTakenField,
  findUserByEmail,
  findUserById,
  normalizeDisplayName,
  normalizeEmail,
  PASSWORD_MIN,
  updateUserColumns,
  USERNAME_PATTERN,
  usernameKey,
} from '../users/service.js';
import {
  LOCKED_STATUSES,
  sendAccountStatusMails,
  statusColumns,
} from './account-status.js';
import { type CreateUserBody, type UpdateUserBody, type UserListQuery } from './schemas.js';
import { isAdministrator, userPage } from './queries.js';
import { assertAdministratorsRemain } from '../users/index.js';
import { demoteAdministrators, promoteAdministrators, setSystemRole } from './system-org.js';

// User administration: list, create, update, delete, set password; and the bootstrap
// administrator shared by start-up and the CLI.

export interface AdminUserResult {
  user: UserRow;
  isAdministrator: boolean;
}

// ---- list ----

/** One page of users (newest first) with their administrator flag, and the total: two queries. */
export async function listUsers(ctx: AppContext, query: UserListQuery) {
  const { limit, offset: sent } = pageWindow(query, ADMIN_PAGE);
  const offset = query.page !== undefined ? (query.page - 1) * limit : sent;
  const search = query.search?.trim() ?? '';
  const { rows, total } = await userPage(ctx.db.kysely, search, limit, offset);
  return {
    users: rows.map(({ admin_user_id, ...user }): AdminUserResult => ({ user, isAdministrator: admin_user_id !== null })),
    pagination: page(rows, total, limit, offset, { numbered: true }),
  };
}

// ---- create ----

/**
 * Creates an account for an administrator. Status choice: an account created pre-verified is
 * `active` and cleared (an administrator vouches for it, as e-mail verification would); otherwise
 * it starts in `probation`, like a registration, and gets the verification mail.
 */
export async function createAdminUser(ctx: AppContext, input: CreateUserBody): Promise<AdminUserResult> {
  const taken = await findTakenField(ctx.db.kysely, input.email, input.username);
  if (taken) throw duplicateError(taken, 409);
  const passwordHash = await ctx.passwords.hash(input.password);
  const verified = input.emailVerified === true;
  const promote = input.isAdministrator === true;
  const { user, streams } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await createUser(
      ctx,
      {
        email: input.email,
        username: input.username,
        displayName: input.displayName,
        avatar: input.avatar,
        bio: input.bio,
        emailVerified: verified,
        accountStatus: verified ? 'active' : 'probation',
        cleared: verified,
        customerStatus: input.customerStatus,
        passwordHash,
      },
      409,
      trx,
    );
    const streams = promote ? await promoteAdministrators(ctx, trx, [row.id]) : await setSystemRole(ctx, trx, [row.id], 'member');
    return { user: row, streams };
  });
  announceEvents(ctx, streams);
  if (!verified) await sendVerificationEmail(ctx, user);
  return { user, isAdministrator: promote };
}

// ---- update ----

function userColumns(patch: UpdateUserBody): UserUpdate {
  const set: UserUpdate = {};
  if (patch.email !== undefined) set.email = normalizeEmail(patch.email);
  if (patch.username !== undefined) {
    set.username = patch.username;
    set.username_key = usernameKey(patch.username);
  }
  if (patch.displayName !== undefined) set.display_name = normalizeDisplayName(patch.displayName);
  if (patch.avatar !== undefined) set.avatar = patch.avatar;
  if (patch.bio !== undefined) set.bio = patch.bio;
  if (patch.emailVerified !== undefined) set.email_verified = patch.emailVerified;
  if (patch.cleared !== undefined) set.cleared = patch.cleared;
  if (patch.customerStatus !== undefined) set.customer_status = patch.customerStatus;
  if (patch.accountStatus !== undefined) Object.assign(set, statusColumns(patch.accountStatus, patch.cleared !== undefined));
  return set;
}

/**
 * Applies any subset of the administrator-editable fields to one user. `adminId` is the acting
 * administrator (who may not change their own status), or null for the operator's CLI.
 */
export async function updateAdminUser(
  ctx: AppContext,
  adminId: string | null,
  userId: string,
  patch: UpdateUserBody,
): Promise<AdminUserResult> {
  const { user, isAdmin, statusChanged, streams } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const current = await findUserById(trx, userId);
    if (!current) throw userNotFound();
    const wasAdmin = await isAdministrator(trx, userId);
    const statusChanged = patch.accountStatus !== undefined && patch.accountStatus !== current.account_status;
    if (statusChanged && userId === adminId) throw badRequest('You cannot change your own account status', 'own_account_status');
    if (patch.email !== undefined || patch.username !== undefined) {
      const taken = await findTakenField(trx, patch.email ?? current.email, patch.username ?? current.username, userId);
      if (taken) throw duplicateError(taken, 409);
    }
    const locking = statusChanged && LOCKED_STATUSES.includes(patch.accountStatus!);
    const demoting = wasAdmin && patch.isAdministrator === false;
    if (locking || demoting) await assertAdministratorsRemain(trx, [userId]);

    try {
      await updateUserColumns(trx, userId, { ...userColumns(patch), updated_at: ctx.clock.now().toISOString() });
    } catch (err) {
      // A concurrent change took the e-mail or username between the check and the update.
      if (isUniqueViolation(err)) throw duplicateError(/username/.test(String(err)) ? 'username' : 'email', 409);
      throw err;
    }
    if (patch.accountStatus === 'banned') await endAllCredentials(trx, [userId]);
    const streams =
      patch.isAdministrator === true ? await promoteAdministrators(ctx, trx, [userId], adminId) : patch.isAdministrator === false ? await demoteAdministrators(ctx, trx, [userId], adminId) : [];
    return { user: (await findUserById(trx, userId))!, isAdmin: patch.isAdministrator ?? wasAdmin, statusChanged, streams };
  });
  announceEvents(ctx, streams);
  // The ban deleted the sessions and tokens; streams held on them end now, not at their next check.
  if (patch.accountStatus === 'banned') ctx.events.emit('credentialsEnded', { userIds: [userId] });
  if (statusChanged) await sendAccountStatusMails(ctx, [user], patch.accountStatus!);
  return { user, isAdministrator: isAdmin };
}

// ---- delete, password ----

/**
 * Deletes an account as its owner's own deletion does (features/purge): credentials end at once,
 * everything the user holds is removed by the removal job, which this waits for.
 */
export async function deleteAdminUser(ctx: AppContext, adminId: string, userId: string): Promise<void> {
  if (userId === adminId) throw badRequest('You cannot delete your own account', 'self_delete');
  const ids = await ctx.db.kysely.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw userNotFound();
    await assertAdministratorsRemain(trx, [userId]);
    return beginAccountDeletions(ctx, trx, [user], adminId);
  });
  await finishRemovals(ctx, ids);
}

/** Sets a user's password and logs the user out everywhere, in one transaction. */
export async function setUserPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  if (!(await findUserById(ctx.db.kysely, userId))) throw userNotFound();
  const passwordHash = await ctx.passwords.hash(password);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if ((await updateUserColumns(trx, userId, { password_hash: passwordHash, updated_at: ctx.clock.now().toISOString() })) === 0) throw userNotFound();
    await endAllCredentials(trx, [userId]);
  });
  ctx.events.emit('credentialsEnded', { userIds: [userId] });
}

// ---- bootstrap administrator (start-up and CLI) ----

export interface AdministratorAccount {
  email: string;
  username: string;
  password: string;
}

/** Why these values cannot make an administrator account, or null when they can. */
export function invalidAdministratorAccount(account: AdministratorAccount): string | null {
  if (!isEmailAddress(account.email)) return 'the e-mail address is not valid';
  if (!new RegExp(USERNAME_PATTERN).test(account.username)) return 'the username must be 3 to 30 letters, digits or underscores';
  if (account.password.length < PASSWORD_MIN) return `the password must be at least ${PASSWORD_MIN} characters`;
  return null;
}

/**
 * Idempotently ensures an administrator account: the user (created with this password, verified,
 * active, cleared; an existing user keeps its password), its Administrator record and its
 * ownership of the system organization. A second call with the same values writes nothing new.
 */
export async function ensureAdministrator(
  ctx: AppContext,
  account: AdministratorAccount,
): Promise<{ user: UserRow; created: boolean }> {
  const problem = invalidAdministratorAccount(account);
  if (problem) throw new Error(`Cannot create the administrator: ${problem}`);
  const db = ctx.db.kysely;
  let user = await findUserByEmail(db, account.email);
  if (!user) {
    const passwordHash = await ctx.passwords.hash(account.password);
    try {
      const created = await db.transaction().execute(async (trx) => {
        const row = await createUser(
          ctx,
          { email: account.email, username: account.username, passwordHash, emailVerified: true, accountStatus: 'active', cleared: true },
          409,
          trx,
        );
        return { row, streams: await promoteAdministrators(ctx, trx, [row.id]) };
      });
      announceEvents(ctx, created.streams);
      return { user: created.row, created: true };
    } catch (err) {
      // Another process created the same account meanwhile: carry on with its row.
      user = await findUserByEmail(db, account.email);
      if (!user) throw err;
    }
  }
  const existing = user;
  const streams = await db.transaction().execute(async (trx) => {
    if (!toBool(existing.email_verified) || existing.account_status !== 'active' || !toBool(existing.cleared)) {
      await updateUserColumns(trx, existing.id, { email_verified: true, account_status: 'active', cleared: true, updated_at: ctx.clock.now().toISOString() });
    }
    return promoteAdministrators(ctx, trx, [existing.id]);
  });
  announceEvents(ctx, streams);
  return { user: (await findUserById(db, existing.id))!, created: false };
}

/** Start-up: the administrator from ADMIN_EMAIL / ADMIN_USERNAME / ADMIN_PASSWORD, when set. */
export async function ensureBootstrapAdmin(ctx: AppContext): Promise<void> {
  if (!ctx.config.admin) return;
  const { user, created } = await ensureAdministrator(ctx, ctx.config.admin);
  ctx.log.info({ userId: user.id, created }, 'bootstrap administrator ensured');
}
