import type Stripe from 'stripe';
import type { BillingConfig, CustomerStatus } from '../../config.js';
import type { UserRow } from '../../db/types.js';
import { toBool } from '../../db/dialect.js';
import { AppError, conflict } from '../../http/errors.js';
import { resolveReturnTo } from '../../http/return-to.js';
import { isoNow } from '../../lib/clock.js';
import type { AppContext } from '../../runtime/context.js';
import { stripeClient, stripeLibrary } from './provider.js';
import { findCustomerByUser, insertCustomer } from './queries.js';
import type { Plan } from './tiers.js';

// Billing sessions: the caller's subscription as last read from the provider, a checkout for a
// plan, and the provider's customer portal. The webhook (webhook.ts) keeps the state current.

export const notConfigured = (settings = 'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL') =>
  new AppError(503, `Billing is not configured on this server: set ${settings}`, 'billing_not_configured');

/** The provider's client and the billing configuration; 503 billing_not_configured without them. */
export async function billingProvider(ctx: AppContext): Promise<{ stripe: Stripe; config: BillingConfig }> {
  const client = ctx.state(stripeClient);
  if (!client || !ctx.config.billing) throw notConfigured();
  return { stripe: await client(), config: ctx.config.billing };
}

/**
 * A provider call: its failure is the provider's, answered 502 `upstream_error`. What is logged is
 * the error's kind and code, never the request (which carries the key in its headers).
 */
export async function providerCall<T>(ctx: AppContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof (await stripeLibrary()).errors.StripeError) {
      ctx.log.warn({ provider: 'stripe', what, type: err.type, code: err.code, statusCode: err.statusCode }, 'payment provider call failed');
      throw new AppError(502, 'The payment provider could not be reached or refused the request', 'upstream_error');
    }
    throw err;
  }
}

export async function getBilling(ctx: AppContext, user: UserRow) {
  const row = await findCustomerByUser(ctx.db.kysely, user.id);
  return {
    customerStatus: user.customer_status as CustomerStatus,
    plan: (row?.plan ?? null) as Plan | null,
    status: row?.status ?? null,
    currentPeriodEnd: row?.current_period_end ?? null,
    cancelAtPeriodEnd: row ? toBool(row.cancel_at_period_end) : false,
    configured: ctx.config.billing !== null,
  };
}

/**
 * The user's provider customer id, created once (with the user's e-mail and id) and then reused.
 * Two first requests at once get one customer: the creation carries an idempotency key of the
 * user, so the provider answers both with the same customer, and the row is written once.
 */
async function ensureCustomer(ctx: AppContext, stripe: Stripe, user: UserRow): Promise<string> {
  const existing = await findCustomerByUser(ctx.db.kysely, user.id);
  if (existing) return existing.provider_customer_id;
  const customer = await providerCall(ctx, 'create customer', () =>
    stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }),
  );
  await insertCustomer(ctx.db.kysely, user.id, customer.id, isoNow(ctx.clock));
  const row = await findCustomerByUser(ctx.db.kysely, user.id);
  return row!.provider_customer_id;
}

/** `url` with one more query parameter (the outcome of a checkout). */
function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.href;
}

export async function createCheckoutSession(ctx: AppContext, user: UserRow, plan: Plan, returnTo: string | undefined): Promise<{ url: string }> {
  // A returnTo that is not allowed is 400 on any server, configured for billing or not.
  const back = resolveReturnTo(ctx.config, returnTo);
  const { stripe, config } = await billingProvider(ctx);
  const price = config.prices[plan];
  if (!price) throw new AppError(503, `The ${plan} plan is not configured on this server: set STRIPE_PRICE_${plan.toUpperCase()}`, 'billing_not_configured');
  // Any tier but free already grants subscriber access: a subscription, or an administrator's grant.
  if (user.customer_status !== 'free') throw conflict('This account already has a subscription', 'already_subscribed');
  const customer = await ensureCustomer(ctx, stripe, user);
  const session = await providerCall(ctx, 'create checkout session', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: withParam(back, 'checkout', 'success'),
      cancel_url: withParam(back, 'checkout', 'canceled'),
      subscription_data: { metadata: { userId: user.id } },
    }),
  );
  if (!session.url) throw new AppError(502, 'The payment provider answered no checkout address', 'upstream_error');
  return { url: session.url };
}

export async function createPortalSession(ctx: AppContext, user: UserRow, returnTo: string | undefined): Promise<{ url: string }> {
  const back = resolveReturnTo(ctx.config, returnTo);
  const { stripe } = await billingProvider(ctx);
  const row = await findCustomerByUser(ctx.db.kysely, user.id);
  if (!row) throw conflict('This account has no billing account yet: subscribe first', 'no_billing_account');
  const session = await providerCall(ctx, 'create portal session', () =>
    stripe.billingPortal.sessions.create({ customer: row.provider_customer_id, return_url: back }),
  );
  return { url: session.url };
}
