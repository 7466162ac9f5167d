import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEvent, StripeStandIn } from '../billing/stripe-standin.js';
import { childEnv, processDatabase, runToExit, startServer, type ProcessDatabase, type Started } from '../helpers/server-process.js';

// The README's "First steps", as a new user follows them: the server started with nothing
// configured, an account registered, its verification link read off the server's terminal (no
// SMTP_URL, no JSON: the log level is `warn`, so no log line carries it), the 403s saying what to
// do, and a subscription granted with the admin CLI. Then step 4b, the other way to a
// subscription: a server started with its Stripe keys (against the loopback Stripe stand-in), the
// README's curl calls of checkout, and the webhook Stripe sends once the user has paid.

let database: ProcessDatabase;
let server: Started;

beforeAll(async () => {
  database = await processDatabase();
  server = await startServer({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
  // startServer waits up to 60 s for the app's start on a loaded machine.
}, 120_000);
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exit;
  await database?.drop();
});

const json = { 'content-type': 'application/json' };

async function api(method: string, path: string, headers: Record<string, string>, body?: unknown, on = server) {
  const res = await fetch(`${on.base}${path}`, { method, headers: { ...headers, ...(body !== undefined ? json : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** The verification links printed so far to `email` by `on`, in order. */
function printedLinks(on: Started, email: string): string[] {
  const heading = new RegExp(`^Mail to ${email.replace(/\./g, '\\.')}, "Verify your e-mail address" \\(not sent: SMTP_URL is not set\\):\\n {2}(\\S+)$`, 'gm');
  return [...on.stdout().matchAll(heading)].map((m) => m[1]);
}

async function nextLink(count: number, on = server, email = 'ada@example.org'): Promise<string> {
  for (let i = 0; i < 200 && printedLinks(on, email).length < count; i++) await new Promise((r) => setTimeout(r, 25));
  expect(printedLinks(on, email), on.output()).toHaveLength(count);
  return printedLinks(on, email)[count - 1];
}

const admin = (args: string[]) => runToExit('npm', ['run', '-s', 'admin', '--', ...args], childEnv({ DATABASE_URL: database.url }));

describe('the first hour, from npm start to a subscriber with a list and a document', { timeout: 120_000 }, () => {
  let cookie: string;

  it('registering prints the verification link on its own line; probation says how to get out of it', async () => {
    const res = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'ada@example.org', username: 'ada', password: 'correct horse battery', displayName: 'Ada' }),
    });
    expect(res.status).toBe(201);
    cookie = res.headers.get('set-cookie')!.split(';')[0];
    expect(await nextLink(1)).toMatch(/\/verify-email\?token=[^&\s]+$/);

    const list = await api('POST', '/api/lists', { cookie }, { title: 'Books', isPublic: false, schema: { name: 'Books', fields: [{ key: 'title', type: 'text', label: 'Title' }] } });
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      code: 'account_probation_feature',
      error: 'This feature is not available while your account is in probation: verify your e-mail address; POST /api/auth/send-verification-email sends the link again',
    });
  });

  it('the link is sent again on request, and verifying with it opens lists; documents say who grants a subscription', async () => {
    const again = await api('POST', '/api/auth/send-verification-email', { cookie });
    expect(again.status).toBe(200);
    const token = new URL(await nextLink(2)).searchParams.get('token');
    const verify = await api('POST', '/api/auth/verify-email', {}, { token });
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);

    const list = await api('POST', '/api/lists', { cookie }, { title: 'Books', isPublic: false, schema: { name: 'Books', fields: [{ key: 'title', type: 'text', label: 'Title' }] } });
    expect(list.status, JSON.stringify(list.body)).toBe(201);

    const doc = await api('POST', '/api/documents', { cookie }, { title: 'Plan', content: '# Plan\n', isPublic: false });
    expect(doc.status).toBe(403);
    expect(doc.body).toEqual({ code: 'subscription_required', error: 'An active subscription is required: ask an administrator' });
  });

  it('npm run admin grants the subscription while the server runs, and documents open', async () => {
    const run = await admin(['update', 'ada', '--customer-status', 'subscriber']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^User ada <ada@example\.org>: customerStatus subscriber, accountStatus active, not an administrator \(id .+\)\n$/);
    const doc = await api('POST', '/api/documents', { cookie }, { title: 'Plan', content: '# Plan\n', isPublic: false });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const me = await api('GET', '/api/user', { cookie });
    expect(me.body.user).toMatchObject({ emailVerified: true, accountStatus: 'active', customerStatus: 'subscriber' });
  });

  it('npm run admin makes the account an administrator: the admin API opens to it', async () => {
    expect((await api('GET', '/api/admin/users', { cookie })).status).toBe(403);
    const run = await admin(['update', 'ada', '--administrator', 'yes']);
    expect(run.code, run.stderr).toBe(0);
    const users = await api('GET', '/api/admin/users', { cookie });
    expect(users.status).toBe(200);
    expect(users.body.users).toEqual([expect.objectContaining({ username: 'ada', isAdministrator: true, customerStatus: 'subscriber' })]);
  });
});

describe('step 4b: a subscription through Stripe checkout, on a server started with its Stripe keys', { timeout: 120_000 }, () => {
  const WEBHOOK_SECRET = 'whsec_first_hour_secret';
  const PRICES = { monthly: 'price_first_hour_monthly', annual: 'price_first_hour_annual' };
  const stripe = new StripeStandIn();
  let billed: Started;
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) => api(method, path, headers, body, billed);

  beforeAll(async () => {
    await stripe.start();
    billed = await startServer({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: PRICES.monthly,
      STRIPE_PRICE_ANNUAL: PRICES.annual,
      STRIPE_API_URL: stripe.url,
    });
  }, 120_000);
  afterAll(async () => {
    billed?.child.kill('SIGTERM');
    await billed?.exit;
    await stripe.stop();
  });

  it('register, verify, log in, check out, pay: the webhook makes the account a subscriber and documents open', async () => {
    // Steps 1 and 2 for a new user.
    const account = { email: 'grace@example.org', username: 'grace', password: 'correct horse battery' };
    expect((await call('POST', '/api/auth/register', {}, { ...account, displayName: 'Grace' })).status).toBe(201);
    const token = (await call('POST', '/api/auth/sync-token', {}, { email: account.email, password: account.password })).body.token as string;
    expect(token).toEqual(expect.any(String));
    const verifyToken = new URL(await nextLink(1, billed, account.email)).searchParams.get('token');
    expect((await call('POST', '/api/auth/verify-email', {}, { token: verifyToken })).status).toBe(200);
    const bearer = { authorization: `Bearer ${token}` };

    // Step 4b: the browser session of login, then the checkout session for the monthly plan.
    const login = await fetch(`${billed.base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: account.email, password: account.password }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const checkout = await call('POST', '/api/billing/checkout-session', { cookie }, { plan: 'monthly', returnTo: '/' });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/) });
    // What the server asked of Stripe: one customer of this user, a subscription-mode session for the plan's price.
    const [customer] = [...stripe.customers.values()];
    expect(customer).toMatchObject({ email: account.email });
    expect(stripe.calls('POST /v1/checkout/sessions').at(-1)!.form).toMatchObject({ mode: 'subscription', customer: customer.id, 'line_items[0][price]': PRICES.monthly });
    // Checked out but not yet paid: still free, and documents still closed.
    expect((await call('GET', '/api/billing', bearer)).body.billing).toMatchObject({ customerStatus: 'free', plan: null, configured: true });
    expect((await call('POST', '/api/documents', bearer, { title: 'Plan', content: '# Plan\n' })).status).toBe(403);

    // The user pays on Stripe's page: Stripe holds an active subscription and sends its signed event.
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
    stripe.subscriptions.set('sub_first_hour', { id: 'sub_first_hour', customer: customer.id, status: 'active', price: PRICES.monthly, currentPeriodEnd: periodEnd });
    const event = signEvent('checkout.session.completed', { id: 'cs_test_paid', object: 'checkout.session', mode: 'subscription', customer: customer.id, subscription: 'sub_first_hour' }, { secret: WEBHOOK_SECRET });
    const hook = await fetch(`${billed.base}/api/billing/webhook`, { method: 'POST', headers: { ...json, 'stripe-signature': event.header }, body: event.payload });
    expect(hook.status, await hook.clone().text()).toBe(200);

    // The README's last call of the step, and what it opens.
    expect((await call('GET', '/api/billing', bearer)).body).toEqual({
      billing: { customerStatus: 'subscriber:monthly', plan: 'monthly', status: 'active', currentPeriodEnd: new Date(periodEnd * 1000).toISOString(), cancelAtPeriodEnd: false, configured: true },
    });
    expect((await call('POST', '/api/documents', bearer, { title: 'Plan', content: '# Plan\n' })).status).toBe(201);
    expect((await call('GET', '/api/user', { cookie })).body.user).toMatchObject({ username: 'grace', customerStatus: 'subscriber:monthly' });
  });
});
