import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A loopback stand-in for the payment provider's API: it checks what the provider checks (the
// secret key as a Bearer token, form-encoded POST bodies, the parameters each call needs, the
// idempotency key of a repeated creation) and records every request. Subscriptions are what the
// test puts in `subscriptions`; `failing` makes the named path answer 500.

export interface StandInRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface StandInSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd?: boolean;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function stripeError(res: http.ServerResponse, status: number, type: string, message: string, code?: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

export class StripeStandIn {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly requests: StandInRequest[] = [];
  readonly customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  /** Paths (e.g. `/v1/subscriptions/sub_1`, or a prefix ending in `*`) answered 500 while listed. */
  readonly failing = new Set<string>();
  private readonly idempotent = new Map<string, string>();
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The recorded requests to one path (method and path, e.g. `POST /v1/customers`). */
  calls(methodAndPath: string): StandInRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path}` === methodAndPath);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const path = (req.url ?? '/').split('?')[0];
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    }
    if (req.method === 'POST' && !String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return stripeError(res, 400, 'invalid_request_error', 'Request bodies must be form-encoded');
    }
    const form = Object.fromEntries(new URLSearchParams(body));
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, form });
    if ([...this.failing].some((f) => (f.endsWith('*') ? path.startsWith(f.slice(0, -1)) : f === path))) {
      return stripeError(res, 500, 'api_error', 'Something went wrong on the stand-in');
    }
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string' && this.idempotent.has(`${path} ${key}`)) {
      res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      res.end(this.idempotent.get(`${path} ${key}`));
      return;
    }
    const answer = this.route(req.method ?? '', path, form);
    if ('error' in answer) return stripeError(res, answer.status, 'invalid_request_error', answer.error, answer.code);
    const text = JSON.stringify(answer.body);
    if (req.method === 'POST' && typeof key === 'string') this.idempotent.set(`${path} ${key}`, text);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  }

  private route(method: string, path: string, form: Record<string, string>): { body: unknown } | { status: number; error: string; code?: string } {
    const missing = (...names: string[]) => names.find((n) => !form[n]);
    if (method === 'POST' && path === '/v1/customers') {
      const m = missing('email', 'metadata[userId]');
      if (m) return { status: 400, error: `Missing required param: ${m}`, code: 'parameter_missing' };
      const customer = { id: id('cus'), email: form.email, metadata: { userId: form['metadata[userId]'] } };
      this.customers.set(customer.id, customer);
      return { body: { object: 'customer', ...customer } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const m = missing('mode', 'customer', 'line_items[0][price]', 'line_items[0][quantity]', 'success_url', 'cancel_url');
      if (m) return { status: 400, error: `Missing required param: ${m}`, code: 'parameter_missing' };
      if (!this.customers.has(form.customer)) return { status: 400, error: `No such customer: '${form.customer}'`, code: 'resource_missing' };
      const sid = id('cs_test');
      return { body: { id: sid, object: 'checkout.session', mode: form.mode, customer: form.customer, url: `https://checkout.stripe.test/c/pay/${sid}` } };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const m = missing('customer', 'return_url');
      if (m) return { status: 400, error: `Missing required param: ${m}`, code: 'parameter_missing' };
      if (!this.customers.has(form.customer)) return { status: 400, error: `No such customer: '${form.customer}'`, code: 'resource_missing' };
      const bid = id('bps');
      return { body: { id: bid, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `https://billing.stripe.test/p/session/${bid}` } };
    }
    const deleted = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && deleted) {
      if (!this.customers.delete(deleted[1])) return { status: 404, error: `No such customer: '${deleted[1]}'`, code: 'resource_missing' };
      // Deleting a customer cancels its subscriptions at once.
      for (const s of this.subscriptions.values()) if (s.customer === deleted[1]) s.status = 'canceled';
      return { body: { id: deleted[1], object: 'customer', deleted: true } };
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sub) {
      const s = this.subscriptions.get(sub[1]);
      if (!s) return { status: 404, error: `No such subscription: '${sub[1]}'`, code: 'resource_missing' };
      return { body: subscriptionObject(s) };
    }
    return { status: 404, error: `Unrecognized request URL (${method}: ${path})` };
  }
}

/** A subscription as the provider's API shows it (the period on its items). */
export function subscriptionObject(s: StandInSubscription) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    metadata: {},
    items: {
      object: 'list',
      data: [{ id: `si_${s.id}`, object: 'subscription_item', current_period_end: s.currentPeriodEnd, price: { id: s.price, object: 'price' }, quantity: 1 }],
    },
  };
}

const signer = new Stripe('sk_test_signer_only');
let eventSeq = 0;

/**
 * An event as the provider sends it, and its `Stripe-Signature` header made by the library's own
 * test helper with `secret`, at `timestamp` (seconds; default now).
 */
export function signEvent(type: string, object: unknown, options: { secret: string; timestamp?: number; id?: string }): { payload: string; header: string } {
  eventSeq += 1;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({ id: options.id ?? `evt_test_${eventSeq}_${randomBytes(4).toString('hex')}`, object: 'event', type, api_version: '2026-10-28.endive', created: timestamp, data: { object } });
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: options.secret, timestamp }) };
}

/** A signature header over `payload` as the provider makes it (for bodies that are not events). */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
