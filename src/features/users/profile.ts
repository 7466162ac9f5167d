import type { AppContext } from '../../runtime/context.js';
import type { UserRow, UserUpdate } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { issueEmailToken } from '../../runtime/email-tokens.js';
import { sendMail, tokenLink } from '../../runtime/mail.js';
import { updateUserReturning } from './queries.js';
import type { ProfilePatch } from './schemas.js';
import { presentCurrentUser } from './presenter.js';
import { duplicateError, findUserByEmail, findUserById, normalizeDisplayName, normalizeEmail } from './service.js';

// The current user's own profile settings and e-mail change.

/** Applies a validated profile patch (at least one field) and returns the updated row. */
export async function updateProfile(ctx: AppContext, userId: string, patch: ProfilePatch): Promise<UserRow> {
  const set: UserUpdate = { updated_at: ctx.clock.now().toISOString() };
  if (patch.displayName !== undefined) set.display_name = normalizeDisplayName(patch.displayName);
  if (patch.bio !== undefined) set.bio = patch.bio;
  if (patch.avatar !== undefined) set.avatar = patch.avatar;
  if (patch.theme !== undefined) set.theme = patch.theme;
  if (patch.isPrivate !== undefined) set.is_private = patch.isPrivate;
  if (patch.maxMessageLength !== undefined) set.max_message_length = patch.maxMessageLength;
  if (patch.defaultPubliclyVisible !== undefined) set.default_publicly_visible = patch.defaultPubliclyVisible;
  if (patch.viewingPreference !== undefined) set.viewing_preference = patch.viewingPreference;
  return updateUserReturning(ctx.db.kysely, userId, set);
}

/**
 * Starts an e-mail change: a single-use token goes to the new address, and the address changes
 * only when that token is redeemed (POST /api/auth/verify-email-change).
 */
export async function requestEmailChange(ctx: AppContext, user: Pick<UserRow, 'id' | 'email' | 'display_name'>, email: string) {
  const newEmail = normalizeEmail(email);
  if (newEmail === user.email) throw badRequest('The new address is the current address', 'email_unchanged');
  if (await findUserByEmail(ctx.db.kysely, newEmail)) throw duplicateError('email', 400);

  const token = await issueEmailToken(ctx, user.id, 'email_change', newEmail);
  // After the token's own transaction: mail never waits inside one.
  const link = tokenLink(ctx, '/verify-email-change', token);
  await sendMail(ctx, {
    to: newEmail,
    type: 'email_change',
    userId: user.id,
    subject: 'Confirm your new e-mail address',
    text: `Hello ${user.display_name},\n\nPlease confirm your new e-mail address by opening this link:\n\n${link}\n\nThe link is valid for 24 hours. Your address changes only after you confirm. If you did not ask for this change, ignore this message.\n`,
  });
}

/** The account as GET /api/user shows it (for the data archive's profile.json); null when it is gone. */
export async function currentUserProfile(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db.kysely, userId);
  return user ? presentCurrentUser(user) : null;
}
