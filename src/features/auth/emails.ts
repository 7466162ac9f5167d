import type { AppContext } from '../../runtime/context.js';
import type { UserRow } from '../../db/types.js';
import { issueEmailToken } from '../../runtime/email-tokens.js';
import { sendMail, tokenLink } from '../../runtime/mail.js';

// The e-mails of the sign-in flows: each issues a single-use token and mails its link.

type MailUser = Pick<UserRow, 'id' | 'email' | 'display_name'>;

/** Issues a token and mails its link (`<PUBLIC_URL><path>?token=…`, or WEB_URL's). */
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

export function sendPasswordResetEmail(ctx: AppContext, user: MailUser) {
  return sendTokenMail(ctx, user, 'reset_password', {
    path: '/reset-password',
    type: 'password_reset',
    subject: 'Reset your password',
    body: (link) =>
      `Hello ${user.display_name},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link:\n\n${link}\n\nThe link is valid for one hour and can be used once. If you did not ask for this, ignore this message: your password stays as it is.\n`,
  });
}
