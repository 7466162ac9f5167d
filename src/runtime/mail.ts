import type { AppContext } from './types.js';
import { newId } from '../lib/ids.js';

export type EmailType =
  | 'verification'
  | 'password_reset'
  | 'email_change'
  | 'account_status'
  | 'notification'
  | 'payment_failed'
  | 'blog_subscription_confirm'
  | 'blog_post'
  | 'org_invite'
  | 'share_invite'
  | 'webhook_disabled';

export interface MailRequest {
  to: string;
  type: EmailType;
  subject: string;
  text: string;
  userId?: string | null;
  headers?: Record<string, string>;
}

/**
 * Sends (or, without SMTP, logs) one e-mail and records it in the e-mail log with its outcome.
 * Never call this inside a database transaction: it waits on the network.
 * Delivery failures are recorded, not thrown: a failed mail must not fail the user's request.
 */
export async function sendMail(ctx: AppContext, mail: MailRequest): Promise<'sent' | 'failed' | 'logged'> {
  let status: 'sent' | 'failed' | 'logged' = ctx.mailer.transport === 'smtp' ? 'sent' : 'logged';
  let error: string | null = null;
  try {
    await ctx.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.headers ? { headers: mail.headers } : {}) }, ctx.log);
  } catch (err) {
    status = 'failed';
    error = (err as Error).message?.slice(0, 1000) || 'unknown error';
    ctx.log.warn({ emailType: mail.type, err: error }, 'mail delivery failed');
  }
  ctx.metrics.emails.inc({ type: mail.type, status });
  await ctx.db.kysely
    .insertInto('email_logs')
    .values({
      id: newId(),
      user_id: mail.userId ?? null,
      recipient: mail.to,
      email_type: mail.type,
      subject: mail.subject,
      status,
      error,
      created_at: ctx.clock.now().toISOString(),
    })
    .execute();
  return status;
}

/**
 * A link in an e-mail body: `<PUBLIC_URL><path>?token=<token>`, or
 * `<WEB_URL><path>?token=<token>` when a separate web client is configured.
 */
export function tokenLink(ctx: AppContext, path: string, token: string): string {
  return `${ctx.config.webUrl ?? ctx.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}
