import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../helpers/zip.js';
import { createTestApp, registerUser, setUserFields, type Registered, type TestApp } from '../helpers/app.js';
import { signPayload, StripeStandIn, subscriptionObject } from './stripe-standin.js';
import { billingEnv, BillingSteps, PRICES, WEBHOOK_SECRET } from './support.js';

// Billing through the payment provider (CONTRACT.md, Billing), against a loopback stand-in of the
// provider's API and with webhook events signed as the provider signs them.

let standIn: StripeStandIn;
let t: TestApp;
let steps: BillingSteps;
// The blob store of the data archive (the archive test below).
const dataDir = mkdtempSync(join(tmpdir(), 'billing-'));

beforeAll(async () => {
  standIn = new StripeStandIn();
  await standIn.start();
  t = await createTestApp({
    env: {
      ...billingEnv(standIn),
      DATA_DIR: dataDir,
      WEB_URL: 'https://app.example.org',
      PUBLIC_ORIGIN_REDIRECTS: 'https://partner.example.net, http://127.0.0.1:5173',
    },
  });
  steps = new BillingSteps(t, standIn);
});
afterAll(async () => {
  await t?.close();
  await standIn?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const verifiedUser = () => steps.verifiedUser();
const post = (url: string, cookie: string | null, payload?: unknown) => steps.post(url, cookie, payload);
const billing = (cookie: string) => steps.billing(cookie);
const tier = (userId: string) => steps.tier(userId);
const customerOf = (u: Registered) => steps.customerOf(u);
const subscription = (...args: Parameters<BillingSteps['subscription']>) => steps.subscription(...args);
const signed = (...args: Parameters<BillingSteps['signed']>) => steps.signed(...args);
const deliver = (...args: Parameters<BillingSteps['deliver']>) => steps.deliver(...args);

describe('GET /api/billing', () => {
  it('shows a free account with no subscription, and needs a caller', async () => {
    const u = await verifiedUser();
    expect(await billing(u.cookie)).toEqual({ customerStatus: 'free', plan: null, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, configured: true });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/billing' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: expect.any(String), code: 'unauthorized' });
  });
});

describe('POST /api/billing/checkout-session', () => {
  it('creates the provider customer once, then a subscription checkout for the plan’s price', async () => {
    const u = await verifiedUser();
    const before = standIn.calls('POST /v1/customers').length;
    const res = await post('/api/billing/checkout-session', u.cookie, { plan: 'annual', returnTo: '/settings/billing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/) });

    const customers = standIn.calls('POST /v1/customers').slice(before);
    expect(customers).toHaveLength(1);
    expect(customers[0].form).toEqual({ email: u.user.email, 'metadata[userId]': u.user.id });
    expect(customers[0].headers['idempotency-key']).toBe(`customer-${u.user.id}`);
    const customerId = (await t.db.kysely.selectFrom('billing_customers').selectAll().where('user_id', '=', u.user.id).executeTakeFirstOrThrow()).provider_customer_id;
    expect(standIn.customers.get(customerId)?.email).toBe(u.user.email);

    const session = standIn.calls('POST /v1/checkout/sessions').at(-1)!;
    expect(session.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(session.form).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: u.user.id,
      'line_items[0][price]': PRICES.annual,
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/settings/billing?checkout=success',
      cancel_url: 'http://localhost:3000/settings/billing?checkout=canceled',
      'subscription_data[metadata][userId]': u.user.id,
    });

    // A second checkout reuses the customer.
    const again = await post('/api/billing/checkout-session', u.cookie, { plan: 'monthly' });
    expect(again.statusCode).toBe(200);
    expect(standIn.calls('POST /v1/customers').length).toBe(before + 1);
    const second = standIn.calls('POST /v1/checkout/sessions').at(-1)!;
    expect(second.form).toMatchObject({ customer: customerId, 'line_items[0][price]': PRICES.monthly, success_url: 'http://localhost:3000/?checkout=success' });
    // Checkout changes no tier by itself: the webhook does.
    expect(await tier(u.user.id)).toBe('free');
  });

  it('two first checkouts at once make one provider customer', async () => {
    const u = await verifiedUser();
    const before = standIn.customers.size;
    const [a, b] = await Promise.all([
      post('/api/billing/checkout-session', u.cookie, { plan: 'monthly' }),
      post('/api/billing/checkout-session', u.cookie, { plan: 'monthly' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(standIn.customers.size).toBe(before + 1);
    const rows = await t.db.kysely.selectFrom('billing_customers').selectAll().where('user_id', '=', u.user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('returnTo follows the OAuth returnTo rules', async () => {
    const u = await verifiedUser();
    const ok = {
      'https://app.example.org/billing/done?x=1': 'https://app.example.org/billing/done?x=1&checkout=success',
      'https://partner.example.net/back': 'https://partner.example.net/back?checkout=success',
      'http://127.0.0.1:5173/': 'http://127.0.0.1:5173/?checkout=success',
      'http://localhost:3000/account': 'http://localhost:3000/account?checkout=success',
    };
    for (const [returnTo, success] of Object.entries(ok)) {
      const res = await post('/api/billing/checkout-session', u.cookie, { plan: 'monthly', returnTo });
      expect(res.statusCode, returnTo).toBe(200);
      expect(standIn.calls('POST /v1/checkout/sessions').at(-1)!.form.success_url).toBe(success);
    }
    const sessions = standIn.calls('POST /v1/checkout/sessions').length;
    for (const returnTo of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'https://app.example.org.evil.example/', 'javascript:alert(1)', 'https://user@app.example.org/', 'relative/path', 'http://app.example.org/', '/a b']) {
      const res = await post('/api/billing/checkout-session', u.cookie, { plan: 'monthly', returnTo });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: 'invalid_return_to' });
    }
    expect(standIn.calls('POST /v1/checkout/sessions').length).toBe(sessions);
  });

  it('refuses an unverified address (403), a Bearer token or no caller (401), a bad body (400), a subscriber (409)', async () => {
    const unverified = await registerUser(t.app);
    const res403 = await post('/api/billing/checkout-session', unverified.cookie, { plan: 'monthly' });
    expect(res403.statusCode).toBe(403);
    expect(res403.json()).toMatchObject({ code: 'email_not_verified' });

    const u = await verifiedUser();
    const token = (await t.app.inject({ method: 'POST', url: '/api/auth/sync-token', payload: { email: u.user.email, password: u.password } })).json().token;
    const bearer = await t.app.inject({ method: 'POST', url: '/api/billing/checkout-session', headers: { authorization: `Bearer ${token}` }, payload: { plan: 'monthly' } });
    expect(bearer.statusCode).toBe(401);
    expect((await post('/api/billing/checkout-session', null, { plan: 'monthly' })).statusCode).toBe(401);

    for (const payload of [{}, { plan: 'weekly' }, { plan: 'monthly', extra: 1 }, { plan: 'monthly', returnTo: 5 }]) {
      const res = await post('/api/billing/checkout-session', u.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/api/billing/checkout-session', headers: { cookie: u.cookie, 'content-type': 'application/json' }, payload: '{"plan":' });
    expect(malformed.statusCode).toBe(400);

    for (const status of ['subscriber', 'subscriber:annual']) {
      await setUserFields(t.db, u.user.id, { customer_status: status });
      const res = await post('/api/billing/checkout-session', u.cookie, { plan: 'monthly' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'already_subscribed' });
    }
    expect(await t.db.kysely.selectFrom('billing_customers').selectAll().where('user_id', '=', u.user.id).execute()).toEqual([]);
  });

  it('a provider that refuses the key answers 502 upstream_error, and the key is in no answer', async () => {
    const u = await verifiedUser();
    const other = await createTestApp({ smtp: false, env: { STRIPE_SECRET_KEY: 'sk_test_wrong_key_123456', STRIPE_PRICE_MONTHLY: PRICES.monthly, STRIPE_API_URL: standIn.url } });
    try {
      const v = await registerUser(other.app);
      await setUserFields(other.db, v.user.id, { email_verified: true, account_status: 'active' });
      const res = await other.app.inject({ method: 'POST', url: '/api/billing/checkout-session', headers: { cookie: v.cookie }, payload: { plan: 'monthly' } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'upstream_error' });
      expect(res.body).not.toContain('sk_test_wrong');
      // The annual plan has no price on that server.
      const annual = await other.app.inject({ method: 'POST', url: '/api/billing/checkout-session', headers: { cookie: v.cookie }, payload: { plan: 'annual' } });
      expect(annual.statusCode).toBe(503);
      expect(annual.json()).toMatchObject({ code: 'billing_not_configured' });
    } finally {
      await other.close();
    }
    expect(u).toBeDefined();
  });
});

describe('POST /api/billing/portal-session', () => {
  it('needs a provider customer (409), then answers the portal for returnTo', async () => {
    const u = await verifiedUser();
    const none = await post('/api/billing/portal-session', u.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'no_billing_account' });
    const customer = await customerOf(u);

    const res = await post('/api/billing/portal-session', u.cookie, { returnTo: 'https://app.example.org/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/) });
    expect(standIn.calls('POST /v1/billing_portal/sessions').at(-1)!.form).toEqual({ customer, return_url: 'https://app.example.org/settings' });

    const bare = await post('/api/billing/portal-session', u.cookie);
    expect(bare.statusCode).toBe(200);
    expect(standIn.calls('POST /v1/billing_portal/sessions').at(-1)!.form.return_url).toBe('http://localhost:3000/');

    const bad = await post('/api/billing/portal-session', u.cookie, { returnTo: 'https://evil.example/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_return_to' });
    expect((await post('/api/billing/portal-session', null)).statusCode).toBe(401);
  });
});

describe('POST /api/billing/webhook', () => {
  it('a checkout, then the subscription read again from the provider: the tier by price, once per event', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const sub = subscription(customer, 'active', 'annual');
    const reads = standIn.calls(`GET /v1/subscriptions/${sub.id}`).length;

    const event = signed('checkout.session.completed', { id: 'cs_test_x', object: 'checkout.session', mode: 'subscription', customer, subscription: sub.id, client_reference_id: u.user.id });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(standIn.calls(`GET /v1/subscriptions/${sub.id}`).length).toBe(reads + 1);
    expect(await tier(u.user.id)).toBe('subscriber:annual');
    expect(await billing(u.cookie)).toEqual({
      customerStatus: 'subscriber:annual',
      plan: 'annual',
      status: 'active',
      currentPeriodEnd: new Date(sub.currentPeriodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      configured: true,
    });
    const checkout = await post('/api/billing/checkout-session', u.cookie, { plan: 'monthly' });
    expect(checkout.statusCode).toBe(409);

    // A replay of the same event answers 200 and changes nothing, even though the provider now says otherwise.
    sub.status = 'canceled';
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(standIn.calls(`GET /v1/subscriptions/${sub.id}`).length).toBe(reads + 1);
    expect(await tier(u.user.id)).toBe('subscriber:annual');

    // The cancellation itself, as its own event: back to free, content kept.
    const deleted = await deliver(signed('customer.subscription.deleted', subscriptionObject(sub)));
    expect(deleted.statusCode).toBe(200);
    expect(await tier(u.user.id)).toBe('free');
    expect(await billing(u.cookie)).toMatchObject({ customerStatus: 'free', plan: 'annual', status: 'canceled' });
  });

  it('events out of order: a canceled event that arrives after a later active one does not downgrade', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const sub = subscription(customer, 'active', 'monthly', { cancelAtPeriodEnd: true });
    // The older event (the subscription was canceled, then re-activated) arrives last.
    const older = signed('customer.subscription.updated', { ...subscriptionObject(sub), status: 'canceled' });
    const newer = signed('customer.subscription.updated', subscriptionObject(sub));
    expect((await deliver(newer)).statusCode).toBe(200);
    expect(await tier(u.user.id)).toBe('subscriber:monthly');
    expect((await deliver(older)).statusCode).toBe(200);
    expect(await tier(u.user.id)).toBe('subscriber:monthly');
    expect(await billing(u.cookie)).toMatchObject({ plan: 'monthly', status: 'active', cancelAtPeriodEnd: true });

    // past_due still grants the tier; unpaid and incomplete_expired end it.
    for (const [status, expected] of [['past_due', 'subscriber:monthly'], ['trialing', 'subscriber:monthly'], ['unpaid', 'free'], ['active', 'subscriber:monthly'], ['incomplete_expired', 'free']] as const) {
      sub.status = status;
      expect((await deliver(signed('customer.subscription.updated', subscriptionObject(sub)))).statusCode).toBe(200);
      expect(await tier(u.user.id), status).toBe(expected);
    }
  });

  it('a late event of an earlier, ended subscription does not end the current one', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const old = subscription(customer, 'canceled', 'monthly');
    const current = subscription(customer, 'active', 'annual');
    await deliver(signed('customer.subscription.created', subscriptionObject(current)));
    expect(await tier(u.user.id)).toBe('subscriber:annual');
    await deliver(signed('customer.subscription.deleted', subscriptionObject(old)));
    expect(await tier(u.user.id)).toBe('subscriber:annual');
    expect(await billing(u.cookie)).toMatchObject({ plan: 'annual', status: 'active' });
  });

  it('refuses a tampered body, a signature too old, another secret’s signature and none at all (400 invalid_signature), changing nothing', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const sub = subscription(customer, 'active');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const good = signed('customer.subscription.created', subscriptionObject(sub));
    const cases = [
      { name: 'tampered', event: good, body: good.payload.replace('"active"', '"activ3"') },
      { name: 'too old', event: signed('customer.subscription.created', subscriptionObject(sub), { timestamp: now - 301 }) },
      { name: 'other secret', event: signed('customer.subscription.created', subscriptionObject(sub), { secret: 'whsec_other' }) },
      { name: 'missing', event: { payload: good.payload, header: null } },
      { name: 'garbage', event: { payload: good.payload, header: 'not a signature' } },
    ];
    const reads = standIn.requests.length;
    for (const c of cases) {
      const res = await deliver(c.event, c.body);
      expect(res.statusCode, c.name).toBe(400);
      expect(res.json(), c.name).toMatchObject({ error: expect.stringMatching(/signature/), code: 'invalid_signature' });
    }
    expect(standIn.requests.length).toBe(reads);
    expect(await tier(u.user.id)).toBe('free');
    expect(await t.db.kysely.selectFrom('billing_events').select('id').where('id', '=', JSON.parse(good.payload).id).execute()).toEqual([]);
    // Within the tolerance it is taken (the signature was made 4 minutes ago).
    const recent = signed('customer.subscription.created', subscriptionObject(sub), { timestamp: now - 240 });
    expect((await deliver(recent)).statusCode).toBe(200);
    expect(await tier(u.user.id)).toBe('subscriber:monthly');
    // A body that is not JSON, correctly signed, is still refused with a 4xx.
    const text = { payload: 'not json', header: signPayload('not json', WEBHOOK_SECRET, now) };
    expect((await deliver(text)).statusCode).toBe(400);
  });

  it('an unknown event type answers 200 and changes nothing', async () => {
    const before = standIn.requests.length;
    const res = await deliver(signed('customer.tax_id.created', { id: 'txi_1', object: 'tax_id' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(standIn.requests.length).toBe(before);
  });

  it('invoice.payment_failed e-mails the user (emailType payment_failed) once, and past_due keeps the tier', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const sub = subscription(customer, 'active', 'monthly');
    await deliver(signed('customer.subscription.created', subscriptionObject(sub)));
    sub.status = 'past_due';
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      customer,
      hosted_invoice_url: 'https://invoice.stripe.test/i/in_test_1',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
    };
    const event = signed('invoice.payment_failed', invoice);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await tier(u.user.id)).toBe('subscriber:monthly');
    expect(await billing(u.cookie)).toMatchObject({ status: 'past_due' });
    const logs = await t.db.kysely.selectFrom('email_logs').selectAll().where('user_id', '=', u.user.id).where('email_type', '=', 'payment_failed').execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ recipient: u.user.email, status: 'sent' });
    const mails = t.smtp.to(u.user.email).filter((m) => m.subject === 'Your subscription payment failed');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('https://invoice.stripe.test/i/in_test_1');
  });

  it.each(['invoice.paid', 'invoice.payment_succeeded'])('%s re-reads the subscription its invoice names and applies it; an invoice of no subscription changes nothing', async (type) => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const sub = subscription(customer, 'active', 'annual');
    const invoice = (id: string, parent: unknown) => ({ id, object: 'invoice', customer, hosted_invoice_url: null, parent });
    // A one-off invoice (no subscription behind it): acknowledged, nothing changes.
    expect((await deliver(signed(type, invoice(`in_${type}_a`, null)))).statusCode).toBe(200);
    expect(await tier(u.user.id)).toBe('free');
    const paid = signed(type, invoice(`in_${type}_b`, { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } }));
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await tier(u.user.id)).toBe('subscriber:annual');
    expect(await billing(u.cookie)).toMatchObject({ customerStatus: 'subscriber:annual', plan: 'annual', status: 'active' });
  });

  it('never changes an administrator’s plain subscriber grant', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    await setUserFields(t.db, u.user.id, { customer_status: 'subscriber' });
    const sub = subscription(customer, 'active', 'annual');
    await deliver(signed('customer.subscription.created', subscriptionObject(sub)));
    expect(await tier(u.user.id)).toBe('subscriber');
    sub.status = 'canceled';
    await deliver(signed('customer.subscription.deleted', subscriptionObject(sub)));
    expect(await tier(u.user.id)).toBe('subscriber');
    expect(await billing(u.cookie)).toMatchObject({ customerStatus: 'subscriber', status: 'canceled' });
  });

  it('a provider failure while reading the subscription answers 502 and leaves the event to its retry', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const sub = subscription(customer, 'active', 'annual');
    const event = signed('customer.subscription.created', subscriptionObject(sub));
    standIn.failing.add(`/v1/subscriptions/${sub.id}`);
    try {
      const res = await deliver(event);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'upstream_error' });
      expect(await tier(u.user.id)).toBe('free');
    } finally {
      standIn.failing.delete(`/v1/subscriptions/${sub.id}`);
    }
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await tier(u.user.id)).toBe('subscriber:annual');
  });
});

describe('the data archive', () => {
  /** The user's data archive (POST, the job, GET, download) as files by name. */
  async function archiveOf(cookie: string): Promise<Map<string, Buffer>> {
    expect((await post('/api/user/archive', cookie)).statusCode).toBe(202);
    await t.app.ctx.jobs.idle();
    const { archive } = (await t.app.inject({ method: 'GET', url: '/api/user/archive', headers: { cookie } })).json();
    expect(archive.status).toBe('ready');
    const zip = await t.app.inject({ method: 'GET', url: archive.downloadUrl, headers: { cookie } });
    expect(zip.statusCode).toBe(200);
    return readZip(zip.rawPayload);
  }

  it('billing.json holds the tier and subscription as GET /api/billing shows them, and no provider id', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const sub = subscription(customer, 'active', 'annual', { cancelAtPeriodEnd: true });
    expect((await deliver(signed('customer.subscription.created', subscriptionObject(sub)))).statusCode).toBe(200);

    const files = await archiveOf(u.cookie);
    const text = files.get('billing.json')!.toString('utf8');
    expect(JSON.parse(text)).toEqual({
      billing: {
        customerStatus: 'subscriber:annual',
        plan: 'annual',
        status: 'active',
        currentPeriodEnd: new Date(sub.currentPeriodEnd * 1000).toISOString(),
        cancelAtPeriodEnd: true,
        configured: true,
      },
    });
    expect(JSON.parse(text).billing).toEqual(await billing(u.cookie));
    // The provider's ids and the key are the operator's business, not the archive's.
    for (const secret of [customer, sub.id, standIn.secretKey]) expect(text).not.toContain(secret);
  });

  it('a user who never checked out: billing.json says free, with no subscription', async () => {
    const u = await verifiedUser();
    const files = await archiveOf(u.cookie);
    expect(JSON.parse(files.get('billing.json')!.toString('utf8'))).toEqual({
      billing: { customerStatus: 'free', plan: null, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, configured: true },
    });
  });
});

describe('account deletion', () => {
  it('removes the customer row and deletes the customer at the provider (its subscriptions end there)', async () => {
    const u = await verifiedUser();
    const customer = await customerOf(u);
    const sub = subscription(customer, 'active', 'monthly');
    await deliver(signed('customer.subscription.created', subscriptionObject(sub)));
    expect(await tier(u.user.id)).toBe('subscriber:monthly');

    const res = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: u.cookie }, payload: { password: u.password } });
    expect(res.statusCode).toBe(200);
    t.app.ctx.jobs.kick();
    await t.app.ctx.jobs.idle();
    expect(await t.db.kysely.selectFrom('billing_customers').selectAll().where('user_id', '=', u.user.id).execute()).toEqual([]);
    const del = standIn.calls(`DELETE /v1/customers/${customer}`);
    expect(del).toHaveLength(1);
    expect(del[0].headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
    expect(standIn.customers.has(customer)).toBe(false);
    expect(sub.status).toBe('canceled');
    // Stripe's own cancellation event, arriving afterwards, finds no user: 200, nothing to change.
    expect((await deliver(signed('customer.subscription.deleted', subscriptionObject(sub)))).statusCode).toBe(200);
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  it('GET answers configured: false; every other billing endpoint 503 billing_not_configured', async () => {
    const bare = await createTestApp({ smtp: false });
    try {
      const u = await registerUser(bare.app);
      await setUserFields(bare.db, u.user.id, { email_verified: true, account_status: 'active' });
      const get = await bare.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: u.cookie } });
      expect(get.statusCode).toBe(200);
      expect(get.json()).toEqual({ billing: { customerStatus: 'free', plan: null, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, configured: false } });
      for (const [url, payload] of [['/api/billing/checkout-session', { plan: 'monthly' }], ['/api/billing/portal-session', {}]] as const) {
        const res = await bare.app.inject({ method: 'POST', url, headers: { cookie: u.cookie }, payload });
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toMatchObject({ error: expect.any(String), code: 'billing_not_configured' });
      }
      const hook = await bare.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
      expect(hook.statusCode).toBe(503);
      expect(hook.json()).toMatchObject({ code: 'billing_not_configured' });
      // A malformed request is 400 on any server: no signature, or a body of the wrong shape.
      const unsigned = await bare.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json()).toMatchObject({ code: 'invalid_signature' });
      const badPlan = await bare.app.inject({ method: 'POST', url: '/api/billing/checkout-session', headers: { cookie: u.cookie }, payload: { plan: 'weekly' } });
      expect(badPlan.statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });
});
