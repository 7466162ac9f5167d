import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { StripeStandIn, subscriptionObject } from './stripe-standin.js';
import { billingEnv, BillingSteps } from './support.js';

// The billing webhook's events one by one (CONTRACT.md, Billing; README, Billing): which events
// name a subscription, what a delivery for no user or of an older subscription changes, and the
// outcome of each delivery, which the answer does not carry (it is `{ received: true }` whatever
// happened) and the server log records as `billing event` lines.

let standIn: StripeStandIn;
let t: TestApp;
let steps: BillingSteps;
let log = '';

beforeAll(async () => {
  standIn = new StripeStandIn();
  await standIn.start();
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      log += String(chunk);
      cb();
    },
  });
  t = await createTestApp({ logStream, env: { ...billingEnv(standIn), LOG_LEVEL: 'info' } });
  steps = new BillingSteps(t, standIn);
});
afterAll(async () => {
  await t?.close();
  await standIn?.stop();
});

const eventId = (event: { payload: string }): string => JSON.parse(event.payload).id;

/** The server log's lines about one event. */
const linesOf = (event: { payload: string }): Record<string, any>[] =>
  log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((line) => line.eventId === eventId(event));

/** The outcomes logged for one event, one per delivery, in order. */
const outcomesOf = (event: { payload: string }) => linesOf(event).filter((l) => l.msg === 'billing event').map((l) => l.outcome);

/** Delivers an event, expecting the provider's 200 `{ received: true }`. */
async function accepted(event: { payload: string; header: string }) {
  const res = await steps.deliver(event);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
}

const ledger = async (event: { payload: string }) => t.db.kysely.selectFrom('billing_events').select(['id', 'type']).where('id', '=', eventId(event)).execute();

const subscriptionReads = (id: string) => standIn.calls(`GET /v1/subscriptions/${id}`).length;

/** A checkout session as the provider sends it in an event. */
const session = (customer: string, mode: string, subscription: string | null) => ({ id: `cs_test_${mode}`, object: 'checkout.session', mode, customer, subscription, payment_intent: mode === 'payment' ? 'pi_test_1' : null });

describe('checkout sessions', () => {
  it('async_payment_succeeded re-reads the subscription and applies it: an incomplete checkout becomes the plan’s tier', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const sub = steps.subscription(customer, 'incomplete', 'annual');
    // The checkout completes before the bank debit clears: the subscription is not yet paying.
    const completed = steps.signed('checkout.session.completed', session(customer, 'subscription', sub.id));
    await accepted(completed);
    expect(await steps.tier(u.user.id)).toBe('free');
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'free', plan: 'annual', status: 'incomplete' });

    sub.status = 'active';
    const succeeded = steps.signed('checkout.session.async_payment_succeeded', session(customer, 'subscription', sub.id));
    const reads = subscriptionReads(sub.id);
    await accepted(succeeded);
    expect(subscriptionReads(sub.id)).toBe(reads + 1);
    expect(await steps.tier(u.user.id)).toBe('subscriber:annual');
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'subscriber:annual', plan: 'annual', status: 'active' });
    expect(outcomesOf(succeeded)).toEqual(['applied']);
    expect(await ledger(succeeded)).toEqual([{ id: eventId(succeeded), type: 'checkout.session.async_payment_succeeded' }]);
  });

  it('async_payment_failed re-reads the subscription and applies it: the expired checkout stays free', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const sub = steps.subscription(customer, 'incomplete_expired', 'monthly');
    const failed = steps.signed('checkout.session.async_payment_failed', session(customer, 'subscription', sub.id));
    const reads = subscriptionReads(sub.id);
    await accepted(failed);
    expect(subscriptionReads(sub.id)).toBe(reads + 1);
    expect(await steps.tier(u.user.id)).toBe('free');
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'free', plan: 'monthly', status: 'incomplete_expired' });
    expect(outcomesOf(failed)).toEqual(['applied']);
  });

  it('a session of another mode (a one-off payment) names no subscription: nothing is read or changed, the event is recorded and ignored', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const before = standIn.requests.length;
    const payment = steps.signed('checkout.session.completed', session(customer, 'payment', null));
    await accepted(payment);
    expect(standIn.requests.length).toBe(before);
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'free', plan: null, status: null });
    expect(await ledger(payment)).toEqual([{ id: eventId(payment), type: 'checkout.session.completed' }]);
    expect(outcomesOf(payment)).toEqual(['ignored']);
  });
});

describe('the outcome of each delivery', () => {
  it('applied, then replayed: a second delivery of the same event changes nothing', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const sub = steps.subscription(customer, 'active', 'monthly');
    const event = steps.signed('customer.subscription.created', subscriptionObject(sub));
    await accepted(event);
    sub.status = 'canceled';
    await accepted(event);
    expect(await steps.tier(u.user.id)).toBe('subscriber:monthly');
    expect(outcomesOf(event)).toEqual(['applied', 'replayed']);
  });

  it('two deliveries of one event at once: one applies it, the other is a replay', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const sub = steps.subscription(customer, 'active', 'annual');
    const event = steps.signed('customer.subscription.created', subscriptionObject(sub));
    const answers = await Promise.all([steps.deliver(event), steps.deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await steps.tier(u.user.id)).toBe('subscriber:annual');
    expect(outcomesOf(event).sort()).toEqual(['applied', 'replayed']);
    expect(await ledger(event)).toHaveLength(1);
  });

  it('two deliveries of one invoice.payment_failed at once send one e-mail', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const sub = steps.subscription(customer, 'past_due', 'monthly');
    const invoice = { id: 'in_twice', object: 'invoice', customer, hosted_invoice_url: 'https://invoice.stripe.test/i/in_twice', parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } } };
    const event = steps.signed('invoice.payment_failed', invoice);
    const answers = await Promise.all([steps.deliver(event), steps.deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(outcomesOf(event).sort()).toEqual(['applied', 'replayed']);
    expect(t.smtp.to(u.user.email).filter((m) => m.subject === 'Your subscription payment failed')).toHaveLength(1);
  });

  it('an invoice of a quote, not of a subscription, changes nothing', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const before = standIn.requests.length;
    const invoice = { id: 'in_quote', object: 'invoice', customer, hosted_invoice_url: null, parent: { type: 'quote_details', quote_details: { quote: 'qt_test_1' }, subscription_details: null } };
    const event = steps.signed('invoice.paid', invoice);
    await accepted(event);
    expect(standIn.requests.length).toBe(before);
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'free', plan: null, status: null });
    expect(outcomesOf(event)).toEqual(['ignored']);
  });

  it('an unknown event type is recorded and ignored, so that its replay is a replay', async () => {
    const event = steps.signed('customer.tax_id.created', { id: 'txi_1', object: 'tax_id' });
    await accepted(event);
    await accepted(event);
    expect(await ledger(event)).toEqual([{ id: eventId(event), type: 'customer.tax_id.created' }]);
    expect(outcomesOf(event)).toEqual(['ignored', 'replayed']);
  });

  it('a subscription of a customer of no user (a deleted account’s, another system’s): 200, recorded, logged and ignored', async () => {
    const sub = steps.subscription('cus_of_no_user', 'canceled', 'monthly');
    const event = steps.signed('customer.subscription.deleted', subscriptionObject(sub));
    const reads = subscriptionReads(sub.id);
    await accepted(event);
    expect(subscriptionReads(sub.id)).toBe(reads + 1);
    expect(await ledger(event)).toEqual([{ id: eventId(event), type: 'customer.subscription.deleted' }]);
    expect(linesOf(event).map((l) => l.msg)).toEqual(['billing event for a customer of no user: ignored', 'billing event']);
    expect(outcomesOf(event)).toEqual(['ignored']);
    await accepted(event);
    expect(outcomesOf(event)).toEqual(['ignored', 'replayed']);
  });

  it('invoice.payment_failed of an invoice of no subscription e-mails the user and changes no tier', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const before = standIn.requests.length;
    const invoice = { id: 'in_one_off', object: 'invoice', customer, hosted_invoice_url: 'https://invoice.stripe.test/i/in_one_off', parent: null };
    const event = steps.signed('invoice.payment_failed', invoice);
    await accepted(event);
    expect(standIn.requests.length).toBe(before);
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'free', plan: null, status: null });
    const mails = t.smtp.to(u.user.email).filter((m) => m.subject === 'Your subscription payment failed');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('https://invoice.stripe.test/i/in_one_off');
    expect(outcomesOf(event)).toEqual(['applied']);
  });
});

describe('a provider failure', () => {
  it('answers 502 and logs which call failed, never the key; the event is left to the provider’s retry', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const sub = steps.subscription(customer, 'active', 'monthly');
    const event = steps.signed('customer.subscription.created', subscriptionObject(sub));
    standIn.failing.add(`/v1/subscriptions/${sub.id}`);
    const logged = log.length;
    try {
      const res = await steps.deliver(event);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'upstream_error' });
    } finally {
      standIn.failing.delete(`/v1/subscriptions/${sub.id}`);
    }
    const failure = log.slice(logged).split('\n').filter(Boolean).map((line) => JSON.parse(line)).find((l) => l.msg === 'payment provider call failed');
    expect(failure).toMatchObject({ provider: 'stripe', what: 'read subscription', type: 'StripeAPIError', statusCode: 500 });
    expect(log.slice(logged)).not.toContain(standIn.secretKey);
    expect(await ledger(event)).toEqual([]);
    expect(outcomesOf(event)).toEqual([]);
  });
});

describe('the current subscription and others', () => {
  it('a first event of an ended subscription is recorded: the user had none before', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const ended = steps.subscription(customer, 'canceled', 'annual');
    const event = steps.signed('customer.subscription.deleted', subscriptionObject(ended));
    await accepted(event);
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'free', plan: 'annual', status: 'canceled' });
    expect(outcomesOf(event)).toEqual(['applied']);
  });

  it('a new paying subscription replaces the current one; a new one not yet paying does not', async () => {
    const u = await steps.verifiedUser();
    const customer = await steps.customerOf(u);
    const first = steps.subscription(customer, 'active', 'monthly');
    await accepted(steps.signed('customer.subscription.created', subscriptionObject(first)));
    expect(await steps.tier(u.user.id)).toBe('subscriber:monthly');

    // A second subscription whose first payment is pending leaves the current one in place.
    const pending = steps.subscription(customer, 'incomplete', 'annual');
    await accepted(steps.signed('customer.subscription.created', subscriptionObject(pending)));
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'subscriber:monthly', plan: 'monthly', status: 'active' });

    // Once it pays, it is the current subscription.
    pending.status = 'active';
    await accepted(steps.signed('customer.subscription.updated', subscriptionObject(pending)));
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'subscriber:annual', plan: 'annual', status: 'active' });

    // The first one ending afterwards is an older subscription's event: nothing changes.
    first.status = 'canceled';
    const late = steps.signed('customer.subscription.deleted', subscriptionObject(first));
    await accepted(late);
    expect(await steps.billing(u.cookie)).toMatchObject({ customerStatus: 'subscriber:annual', plan: 'annual', status: 'active' });
    expect(outcomesOf(late)).toEqual(['ignored']);
  });
});

describe('a server with the API key but no webhook secret', () => {
  it('answers the webhook 503 billing_not_configured, reading and recording nothing', async () => {
    const env = billingEnv(standIn);
    delete env.STRIPE_WEBHOOK_SECRET;
    const other = await createTestApp({ smtp: false, env });
    try {
      const otherSteps = new BillingSteps(other, standIn);
      const sub = steps.subscription('cus_anyone', 'active', 'monthly');
      const event = otherSteps.signed('customer.subscription.created', subscriptionObject(sub));
      const before = standIn.requests.length;
      const res = await otherSteps.deliver(event);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: 'billing_not_configured' });
      expect(standIn.requests.length).toBe(before);
      expect(await other.db.kysely.selectFrom('billing_events').select('id').execute()).toEqual([]);
      // The rest of billing works: only the webhook needs the secret.
      const u = await otherSteps.verifiedUser();
      expect((await otherSteps.post('/api/billing/checkout-session', u.cookie, { plan: 'monthly' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
