import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Database, UserRow } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { hashToken, newToken } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { sendMail, tokenLink } from '../../runtime/mail.js';

// Single-use, expiring tokens carried by e-mail links. Only their hashes are stored.

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'email_change';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 48 * 3600_000,
  reset_password: 3600_000,
  email_change: 24 * 3600_000,
};

/** Issues a new token; earlier unused tokens of the same purpose for the user stop working. */
export async function issueEmailToken(
  ctx: AppContext,
  userId: string,
  purpose: EmailTokenPurpose,
  newEmail: string | null = null,
): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('email_tokens')
      .values({
        id: newId(),
        user_id: userId,
        purpose,
        token_hash: hashToken(token),
        new_email: newEmail,
        expires_at: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  return token;
}

/**
 * Marks a token used and returns it, inside the caller's transaction. Unknown, used, expired or
 * other-purpose tokens all give the same 400, so nothing is learnt by probing.
 */
export async function consumeEmailToken(
  ctx: AppContext,
  trx: Kysely<Database>,
  token: string,
  purpose: EmailTokenPurpose,
) {
  const now = ctx.clock.now().toISOString();
  const row = await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw badRequest('Invalid or expired token', 'invalid_token');
  return row;
}

type MailUser = Pick<UserRow, 'id' | 'email' | 'display_name'>;

/** Issues a token and mails its link (CONTRACT.md fixes the link forms). */
async function sendTokenMail(
  ctx: AppContext,
  user: MailUser,
  purpose: 'verify_email' | 'reset_password',
  mail: { path: string; type: 'verification' | 'password_reset'; subject: string; body: (link: string) => string },
) {
  const token = await issueEmailToken(ctx, user.id, purpose);
  const link = tokenLink(ctx, mail.path, token);
  return sendMail(ctx, { to: user.email, type: mail.type, userId: user.id, subject: mail.subject, text: mail.body(link) });
}

export function sendVerificationEmail(ctx: AppContext, user: MailUser) {
  return sendTokenMail(ctx, user, 'verify_email', {
    path: '/verify-email',
    type: 'verification',
    subject: 'Verify your e-mail address',
    body: (link) =>
      `Hello ${user.display_name},\n\nPlease verify your e-mail address by opening this link:\n\n${link}\n\nThe link is valid for 48 hours. If you did not create an account, ignore this message.\n`,
  });
}

/** Whether a token would be accepted now, without using it (to skip costly work for bad tokens). */
export async function isEmailTokenUsable(ctx: AppContext, token: string, purpose: EmailTokenPurpose): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db.kysely
    .selectFrom('email_tokens')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export function sendPasswordResetEmail(ctx: AppContext, user: MailUser) {
  return sendTokenMail(ctx, user, 'reset_password', {
    path: '/reset-password',
    type: 'password_reset',
    subject: 'Reset your password',
    body: (link) =>
      `Hello ${user.display_name},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link:\n\n${link}\n\nThe link is valid for one hour and can be used once. If you did not ask for this, ignore this message: your password stays as it is.\n`,
  });
}
