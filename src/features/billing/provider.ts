import type Stripe from 'stripe';
import type { BillingConfig } from '../../config.js';
import { onFirstUse } from '../../lib/load-on-first-use.js';
import { AppState } from '../../runtime/state.js';

// The payment provider's client: the official `stripe` library, pointed at STRIPE_API_URL's origin
// (its host, port and protocol options; the paths stay the provider's own) when one is given.
// One client per app, built on the first billing call (the library is loaded then:
// lib/load-on-first-use.ts); null while billing is not configured.

/** How long one provider call may take before the request fails with 502. */
const TIMEOUT_MS = 10_000;

/** The library: its client class, and its error classes (`errors`) to tell a provider's failure from ours. */
export const stripeLibrary = onFirstUse(async () => (await import('stripe')).default);

export async function createStripeClient(config: BillingConfig): Promise<Stripe> {
  const origin = config.apiUrl ? new URL(config.apiUrl) : null;
  const Stripe = await stripeLibrary();
  return new Stripe(config.secretKey, {
    timeout: TIMEOUT_MS,
    // One retry of a network failure; the library sends an idempotency key with it.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(origin
      ? {
          host: origin.hostname.replace(/^\[|\]$/g, ''),
          port: origin.port || (origin.protocol === 'https:' ? 443 : 80),
          protocol: origin.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export const stripeClient = new AppState<(() => Promise<Stripe>) | null>('billing.stripe', ({ config: { billing } }) =>
  billing ? onFirstUse(() => createStripeClient(billing)) : null,
);
