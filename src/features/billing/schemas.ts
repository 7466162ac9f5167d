import { Type } from '@sinclair/typebox';
import { CUSTOMER_STATUSES } from '../../config.js';
import { DateTime, Nullable, ref, StringEnum } from '../../http/schemas.js';

// Billing through the payment provider: a monthly or an annual plan.

const PLANS = ['monthly', 'annual'] as const;

const ReturnTo = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'Where the provider sends the browser back to: a path on this service, or an absolute URL on the web client (WEB_URL) or an origin of PUBLIC_ORIGIN_REDIRECTS (default `/`)',
});

export const Billing = Type.Object(
  {
    customerStatus: StringEnum(CUSTOMER_STATUSES),
    plan: Nullable(StringEnum(PLANS)),
    status: Nullable(Type.String({ description: "The provider's subscription status (`active`, `past_due`, `canceled`...)" })),
    currentPeriodEnd: Nullable(DateTime()),
    cancelAtPeriodEnd: Type.Boolean(),
    configured: Type.Boolean({ description: 'Whether billing is configured on this server' }),
  },
  { $id: 'Billing', description: "The caller's tier and subscription, as last read from the payment provider" },
);

export const BillingResult = Type.Object({ billing: ref(Billing) });

export const CheckoutBody = Type.Object(
  { plan: StringEnum(PLANS), returnTo: Type.Optional(ReturnTo) },
  { additionalProperties: false, examples: [{ plan: 'monthly', returnTo: '/settings/billing' }] },
);

export const PortalBody = Type.Union([Type.Object({ returnTo: Type.Optional(ReturnTo) }, { additionalProperties: false }), Type.Null()], {
  description: 'Optional: send no body, or { "returnTo": ... }',
  examples: [{ returnTo: '/settings/billing' }],
});

export const SessionUrl = Type.Object({ url: Type.String({ description: "The provider's page to open" }) }, { $id: 'BillingSessionUrl' });

/** What the provider posts (read as raw bytes: the signature covers them). */
export const WebhookEvent = Type.Object(
  {
    id: Type.String({ description: 'The event id: each takes effect once' }),
    type: Type.String({ description: 'e.g. `customer.subscription.updated`, `invoice.payment_failed`; others are ignored' }),
    data: Type.Object({ object: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true }),
  },
  {
    additionalProperties: true,
    description: "A payment provider event (Stripe's event object)",
    examples: [{ id: 'evt_1', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_1', object: 'subscription' } } }],
  },
);

export const WebhookReceived = Type.Object({ received: Type.Boolean() }, { description: 'The event was accepted (applied, ignored, or a replay)' });

export const BILLING_COMPONENTS = [Billing, SessionUrl];
