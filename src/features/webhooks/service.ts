import { OutboundRefusedError } from '../../adapters/outbound-fetch/index.js';
import { toBool } from '../../db/dialect.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { AppContext } from '../../runtime/types.js';
import { streamBounds } from '../events/index.js';
import { attemptDelivery, PREVIOUS_SECRET_MS } from './delivery.js';
import { checkedFilters } from './event-types.js';
import { streamOf, type WebhookOwner } from './owner.js';
import { presentDelivery, presentDeliveryDetail, presentWebhook } from './presenter.js';
import {
  attemptsOf,
  countWebhooksOf,
  deleteWebhook,
  deliveryOf,
  deliveryPage,
  insertDelivery,
  insertWebhook,
  ownWebhook,
  updateWebhook,
  webhooksOf,
  type DeliveryFilter,
  type DeliveryRow,
  type WebhookRow,
} from './queries.js';
import { startSenders } from './sender.js';
import { newSecret } from './signing.js';

// The webhooks of one owner (a user, or an organization for its owners and admins): creating,
// reading, changing and deleting them, their secrets, a test delivery and the delivery log.
// Every id is looked up within the owner: another owner's webhook or delivery is 404.

export const WEBHOOK_LIMIT = 10;
export const URL_MAX = 2048;

const webhookNotFound = () => notFound('Webhook not found', 'webhook_not_found');
const deliveryNotFound = () => notFound('Delivery not found', 'delivery_not_found');

/**
 * 422 invalid_webhook_url unless the URL is one the guarded fetcher would send to: https (http
 * only when every address of its host is listed in ALLOWED_PRIVATE_ADDRESSES), no user info, at
 * most 2048 characters, resolving to no private, loopback or link-local address. Each delivery is
 * checked again when it connects (the name may resolve elsewhere by then).
 */
async function checkedUrl(ctx: AppContext, url: string): Promise<string> {
  const invalid = (why: string) => unprocessable(`Invalid webhook URL: ${why}`, 'invalid_webhook_url');
  if (url.length > URL_MAX) throw invalid(`at most ${URL_MAX} characters`);
  let vetted: { url: URL; listedOnly: boolean };
  try {
    vetted = await ctx.outbound.vetUrl(url);
  } catch (err) {
    if (err instanceof OutboundRefusedError) throw invalid(err.message);
    throw err;
  }
  if (vetted.url.protocol !== 'https:' && !vetted.listedOnly) throw invalid('it must be https');
  return vetted.url.href;
}

async function ownedWebhook(ctx: AppContext, owner: WebhookOwner, id: string): Promise<WebhookRow> {
  const hook = await ownWebhook(ctx.db.kysely, owner, id);
  if (!hook) throw webhookNotFound();
  return hook;
}

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string | null;
}

export async function createWebhook(ctx: AppContext, owner: WebhookOwner, input: WebhookInput) {
  const events = checkedFilters(input.events);
  const url = await checkedUrl(ctx, input.url);
  const db = ctx.db.kysely;
  if ((await countWebhooksOf(db, owner)) >= WEBHOOK_LIMIT) throw conflict(`At most ${WEBHOOK_LIMIT} webhooks per owner`, 'webhook_limit');
  const secret = newSecret();
  const at = ctx.clock.now().toISOString();
  const row: WebhookRow = {
    id: newId(),
    user_id: owner.kind === 'user' ? owner.id : null,
    org_id: owner.kind === 'org' ? owner.id : null,
    url,
    events: JSON.stringify(events),
    description: input.description ?? null,
    secret: ctx.sealer.seal(secret),
    previous_secret: null,
    previous_secret_until: null,
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    consecutive_failures: 0,
    // From the stream's head on: the events written after it was made.
    cursor_seq: (await streamBounds(db, streamOf(owner))).headSeq,
    pump_until: null,
    created_at: at,
    updated_at: at,
  };
  await insertWebhook(db, row);
  return { webhook: presentWebhook(row), secret };
}

export async function listWebhooks(ctx: AppContext, owner: WebhookOwner) {
  return (await webhooksOf(ctx.db.kysely, owner)).map(presentWebhook);
}

export async function readWebhook(ctx: AppContext, owner: WebhookOwner, id: string) {
  return presentWebhook(await ownedWebhook(ctx, owner, id));
}

export async function editWebhook(ctx: AppContext, owner: WebhookOwner, id: string, input: Partial<WebhookInput> & { enabled?: boolean }) {
  const hook = await ownedWebhook(ctx, owner, id);
  const at = ctx.clock.now().toISOString();
  const set: Partial<WebhookRow> = { updated_at: at };
  if (input.events !== undefined) set.events = JSON.stringify(checkedFilters(input.events));
  if (input.url !== undefined) set.url = await checkedUrl(ctx, input.url);
  if (input.description !== undefined) set.description = input.description;
  if (input.enabled === true && !toBool(hook.enabled)) Object.assign(set, { enabled: true, disabled_reason: null, failing_since: null, consecutive_failures: 0 });
  // Turned off by its owner: no reason of the service's own.
  if (input.enabled === false && toBool(hook.enabled)) Object.assign(set, { enabled: false, disabled_reason: null });
  await updateWebhook(ctx.db.kysely, hook.id, set);
  return presentWebhook({ ...hook, ...set });
}

export async function removeWebhook(ctx: AppContext, owner: WebhookOwner, id: string): Promise<void> {
  const hook = await ownedWebhook(ctx, owner, id);
  await deleteWebhook(ctx.db.kysely, hook.id);
}

/** A new secret; the old one keeps signing beside it for 24 hours (a receiver accepts either). */
export async function rotateSecret(ctx: AppContext, owner: WebhookOwner, id: string): Promise<string> {
  const hook = await ownedWebhook(ctx, owner, id);
  const now = ctx.clock.now();
  const secret = newSecret();
  await updateWebhook(ctx.db.kysely, hook.id, {
    secret: ctx.sealer.seal(secret),
    previous_secret: hook.secret,
    previous_secret_until: new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString(),
    updated_at: now.toISOString(),
  });
  return secret;
}

function newEventId(): string {
  return `evt_${newId().replaceAll('-', '')}`;
}

/**
 * A `webhook.test` delivery, its first attempt made now, whatever the webhook's filters and even
 * when it is disabled (so that a fixed receiver can be tried before it is enabled again). Failed,
 * it is retried on the schedule like any delivery.
 */
export async function testWebhook(ctx: AppContext, owner: WebhookOwner, id: string, actor: { id: string; username: string }) {
  const hook = await ownedWebhook(ctx, owner, id);
  const now = ctx.clock.now();
  const eventId = newEventId();
  const envelope = { id: eventId, type: 'webhook.test', seq: 0, timestamp: now.toISOString(), actor, data: { webhookId: hook.id } };
  const delivery: DeliveryRow = {
    id: newId(),
    webhook_id: hook.id,
    event_id: eventId,
    type: 'webhook.test',
    body: JSON.stringify(envelope),
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    // Not due for any sender: this request makes the first attempt itself.
    next_attempt_at: null,
    redelivery: false,
    dedupe_key: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await insertDelivery(ctx.db.kysely, delivery);
  return presentDelivery(await attemptDelivery(ctx, hook, delivery));
}

export async function listDeliveries(ctx: AppContext, owner: WebhookOwner, id: string, filter: DeliveryFilter, limit: number, offset: number) {
  const hook = await ownedWebhook(ctx, owner, id);
  const { rows, total } = await deliveryPage(ctx.db.kysely, hook.id, filter, limit, offset);
  return { deliveries: rows.map(presentDelivery), total };
}

async function ownedDelivery(ctx: AppContext, owner: WebhookOwner, id: string, deliveryId: string): Promise<{ hook: WebhookRow; delivery: DeliveryRow }> {
  const hook = await ownedWebhook(ctx, owner, id);
  const delivery = await deliveryOf(ctx.db.kysely, hook.id, deliveryId);
  if (!delivery) throw deliveryNotFound();
  return { hook, delivery };
}

export async function readDelivery(ctx: AppContext, owner: WebhookOwner, id: string, deliveryId: string) {
  const { delivery } = await ownedDelivery(ctx, owner, id, deliveryId);
  return presentDeliveryDetail(delivery, await attemptsOf(ctx.db.kysely, delivery.id));
}

/** The same body and webhook-id again, as a new delivery (`redelivery: true`) sent by the webhook's sender. */
export async function redeliver(ctx: AppContext, owner: WebhookOwner, id: string, deliveryId: string) {
  const { hook, delivery } = await ownedDelivery(ctx, owner, id, deliveryId);
  if (!toBool(hook.enabled)) throw conflict('The webhook is disabled', 'webhook_disabled');
  const at = ctx.clock.now().toISOString();
  const copy: DeliveryRow = {
    ...delivery,
    id: newId(),
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    next_attempt_at: at,
    redelivery: true,
    dedupe_key: null,
    created_at: at,
    updated_at: at,
  };
  await insertDelivery(ctx.db.kysely, copy);
  await startSenders(ctx, [hook.id]);
  return presentDelivery(copy);
}
