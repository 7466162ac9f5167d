import { expect } from 'vitest';
import { registerUser, setUserFields, type Registered, type TestApp } from '../helpers/app.js';
import { signEvent, type StandInSubscription, type StripeStandIn } from './stripe-standin.js';

// What the billing tests share: the configuration of an app whose provider is the Stripe stand-in,
// and the steps of a billing story through the API (a verified user, their provider customer, a
// subscription at the provider, an event signed as the provider signs it and its delivery).

export const WEBHOOK_SECRET = 'whsec_test_standin_secret';
export const PRICES = { monthly: 'price_monthly_test', annual: 'price_annual_test' };

/** The environment of a server billing through the stand-in (the webhook secret included). */
export const billingEnv = (standIn: StripeStandIn): Record<string, string> => ({
  STRIPE_SECRET_KEY: standIn.secretKey,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_MONTHLY: PRICES.monthly,
  STRIPE_PRICE_ANNUAL: PRICES.annual,
  STRIPE_API_URL: standIn.url,
});

export class BillingSteps {
  private seq = 0;

  constructor(
    private readonly t: TestApp,
    private readonly standIn: StripeStandIn,
  ) {}

  async verifiedUser(): Promise<Registered> {
    const u = await registerUser(this.t.app);
    await setUserFields(this.t.db, u.user.id, { email_verified: true, account_status: 'active' });
    return u;
  }

  post(url: string, cookie: string | null, payload?: unknown) {
    return this.t.app.inject({ method: 'POST', url, ...(cookie ? { headers: { cookie } } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });
  }

  /** GET /api/billing as the caller: its `billing`. */
  async billing(cookie: string) {
    return (await this.t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie } })).json().billing;
  }

  async tier(userId: string) {
    return (await this.t.db.kysely.selectFrom('users').select('customer_status').where('id', '=', userId).executeTakeFirstOrThrow()).customer_status;
  }

  /** Checks out once, so the user has a provider customer; answers its id. */
  async customerOf(u: Registered): Promise<string> {
    const res = await this.post('/api/billing/checkout-session', u.cookie, { plan: 'monthly' });
    expect(res.statusCode).toBe(200);
    const row = await this.t.db.kysely.selectFrom('billing_customers').selectAll().where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
    return row.provider_customer_id;
  }

  /** A subscription as the provider holds it (the test may change it later). */
  subscription(customer: string, status: string, plan: keyof typeof PRICES = 'monthly', extra: Partial<StandInSubscription> = {}): StandInSubscription {
    this.seq += 1;
    const s = { id: `sub_test_${this.seq}`, customer, status, price: PRICES[plan], currentPeriodEnd: Math.floor(this.t.clock.now().getTime() / 1000) + 30 * 86400, ...extra };
    this.standIn.subscriptions.set(s.id, s);
    return s;
  }

  /** An event signed as the provider signs it (at `timestamp`, default the test clock's now). */
  signed(type: string, object: unknown, options: { id?: string; timestamp?: number; secret?: string } = {}) {
    return signEvent(type, object, { secret: WEBHOOK_SECRET, timestamp: Math.floor(this.t.clock.now().getTime() / 1000), ...options });
  }

  deliver(event: { payload: string; header: string | null }, body = event.payload) {
    return this.t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(event.header !== null ? { 'stripe-signature': event.header } : {}) },
      payload: body,
    });
  }
}
