import type Stripe from 'stripe';
import type { BillingConfig } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import type { AppContext } from '../../runtime/context.js';
import { sendPaymentFailedEmail } from './emails.js';
import { claimEvent, eventSeen, findCustomerByProviderId, setBillingTier, updateSubscriptionState } from './queries.js';
import { billingProvider, notConfigured, providerCall } from './service.js';
import { subscriptionState, tierOf } from './tiers.js';

// The provider's webhook. The signature is checked over the raw body by the library itself, with a
// five-minute tolerance. Each event id takes effect once. An event only says that something
// changed: the subscription it names is read again from the provider and that state is applied,
// so events that arrive late or out of order never leave a stale tier.

const TOLERANCE_SECONDS = 300;

const invalidSignature = () => new AppError(400, 'The webhook signature is missing or invalid', 'invalid_signature');

type WebhookOutcome = 'applied' | 'replayed' | 'ignored';

/** The id of a customer or subscription field, whether expanded or not. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  // Stryker disable next-line ConditionalExpression: events and an unexpanded read name them by id (a string); the expanded object is the library's type, never sent here
  return typeof value === 'string' ? value : value.id;
}

/** The subscription an event is about, or null for an event that changes no subscription. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      // Stryker disable next-line ConditionalExpression: the provider sets `subscription` only on a subscription-mode session (null in any other mode), so the check answers as idOf would
      return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription) : null;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return event.type.startsWith('customer.subscription.') ? (event.data.object as Stripe.Subscription).id : null;
  }
}

/**
 * Verifies and applies one delivery. Its outcome is logged (the answer is `{ received: true }`
 * whatever it was, as the provider only needs the 200): the operator's record of which events
 * changed a subscription and which were replays or ignored.
 */
export async function handleWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<void> {
  // A request without a signature is no provider's, configured or not.
  if (!signature) throw invalidSignature();
  const { stripe, config } = await billingProvider(ctx);
  if (!config.webhookSecret) throw notConfigured('STRIPE_WEBHOOK_SECRET');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, TOLERANCE_SECONDS, undefined, ctx.clock.now().getTime());
  } catch {
    throw invalidSignature();
  }
  const outcome = await applyEvent(ctx, stripe, config, event);
  ctx.log.info({ eventId: event.id, type: event.type, outcome }, 'billing event');
}

async function applyEvent(ctx: AppContext, stripe: Stripe, config: BillingConfig, event: Stripe.Event): Promise<WebhookOutcome> {
  const db = ctx.db.kysely;
  if (await eventSeen(db, event.id)) return 'replayed';

  const subscriptionId = subscriptionIdOf(event);
  const paymentFailed = event.type === 'invoice.payment_failed' ? event.data.object : null;
  if (subscriptionId === null && paymentFailed === null) {
    // Recorded all the same: a replay of it is a replay.
    await claimEvent(db, event.id, event.type, isoNow(ctx.clock));
    return 'ignored';
  }

  // Outside the transaction: the provider's answer, as it holds the subscription now.
  const subscription = subscriptionId ? await providerCall(ctx, 'read subscription', () => stripe.subscriptions.retrieve(subscriptionId)) : null;
  const customerId = subscription ? idOf(subscription.customer) : idOf(paymentFailed!.customer);
  const customer = customerId ? await findCustomerByProviderId(db, customerId) : undefined;

  const now = isoNow(ctx.clock);
  const outcome = await db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
    if (!(await claimEvent(trx, event.id, event.type, now))) return 'replayed';
    if (!customer || !subscription) return 'applied';
    const state = subscriptionState(config, subscription);
    const tier = tierOf(state.status, state.plan);
    // A late event of an earlier subscription that has ended must not end the current one.
    if (customer.subscription_id && customer.subscription_id !== subscription.id && tier !== `subscriber:${state.plan}`) return 'ignored';
    await updateSubscriptionState(trx, customer.user_id, state, now);
    if (tier) await setBillingTier(trx, customer.user_id, tier, now);
    return 'applied';
  });
  if (outcome === 'replayed') return outcome;
  if (!customer) {
    ctx.log.warn({ eventId: event.id, type: event.type }, 'billing event for a customer of no user: ignored');
    return 'ignored';
  }
  if (paymentFailed) {
    await sendPaymentFailedEmail(ctx, { id: customer.user_id, email: customer.email, display_name: customer.display_name }, paymentFailed.hosted_invoice_url ?? null);
  }
  return outcome;
}
