import type Stripe from 'stripe';
import type { BillingConfig } from '../../config.js';
import type { SubscriptionState } from './queries.js';

// The contract's tier mapping: a subscription's status and price decide the account tier.

export type Plan = NonNullable<SubscriptionState['plan']>;
export type BillingTier = 'free' | 'subscriber:monthly' | 'subscriber:annual';

const PAYING = new Set(['active', 'trialing', 'past_due']);
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** The plan whose configured price the subscription's first item has, or null. */
export function planOf(config: BillingConfig, subscription: Stripe.Subscription): Plan | null {
  const price = subscription.items.data[0]?.price.id;
  if (price === undefined) return null;
  if (price === config.prices.monthly) return 'monthly';
  if (price === config.prices.annual) return 'annual';
  return null;
}

/**
 * The tier a subscription grants: a paying status by its plan, an ended one `free`; null (no
 * change) for the statuses in between (`incomplete`, `paused`) and for a price of no plan.
 */
export function tierOf(status: string, plan: Plan | null): BillingTier | null {
  if (ENDED.has(status)) return 'free';
  if (PAYING.has(status) && plan !== null) return `subscriber:${plan}`;
  return null;
}

/** What is stored of a subscription: its plan, status, period end and whether it ends then. */
export function subscriptionState(config: BillingConfig, subscription: Stripe.Subscription): SubscriptionState {
  // The period lives on the subscription's items (API versions since 2025-03-31).
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((t): t is number => typeof t === 'number');
  return {
    subscription_id: subscription.id,
    plan: planOf(config, subscription),
    status: subscription.status,
    current_period_end: ends.length > 0 ? new Date(Math.max(...ends) * 1000).toISOString() : null,
    cancel_at_period_end: subscription.cancel_at_period_end,
  };
}
