import { toBool } from '../../db/dialect.js';
import { sendMail } from '../../runtime/mail.js';
import type { AppContext } from '../../runtime/types.js';
import { notifyInApp } from '../notifications/service.js';
import type { WebhookOwner } from './owner.js';
import { orgSlug, peopleToTell, type WebhookRow } from './queries.js';

// A webhook that kept failing was disabled: its owner is told, in-app and by e-mail (to a verified
// address only: an unconfirmed one may belong to someone else). An organization's webhook: its
// owners and admins, who are the ones who may re-enable it.

export async function tellWebhookDisabled(ctx: AppContext, hook: WebhookRow, owner: WebhookOwner): Promise<void> {
  const db = ctx.db.kysely;
  const slug = owner.kind === 'org' ? await orgSlug(db, owner.id) : null;
  const routePath = slug === null ? '/settings/webhooks' : `/orgs/${encodeURIComponent(slug)}/settings/webhooks`;
  const title = 'A webhook was disabled';
  const body = `The webhook to ${hook.url}${slug ? ` of the organization ${slug}` : ''} was disabled: it has not succeeded for 72 hours and its last ${hook.consecutive_failures} attempts failed. Fix the receiver, then enable it again.`;
  for (const person of await peopleToTell(db, owner)) {
    await notifyInApp(ctx, {
      type: 'webhook_disabled',
      recipientId: person.id,
      messageId: null,
      title,
      body,
      routePath,
      metadata: { webhookId: hook.id, disabledReason: 'failing' },
      ...(owner.kind === 'org' ? { orgId: owner.id } : {}),
    });
    if (toBool(person.email_verified as never)) {
      await sendMail(ctx, { to: person.email, type: 'webhook_disabled', subject: title, text: `${body}\n\nWebhooks: ${ctx.config.webUrl ?? ctx.config.publicUrl}${routePath}\n`, userId: person.id });
    }
  }
}
