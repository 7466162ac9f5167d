import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { OutboundFetcher, type ResolvedAddress } from '../../src/adapters/outbound-fetch/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, member, type Member } from '../messages/helpers.js';

// Set-up for the webhook tests: the app with loopback receivers allowed (ALLOWED_PRIVATE_ADDRESSES
// 127.0.0.0/8, as a public receiver would be), a fetcher whose name resolution the test plays,
// and receivers on loopback that record every request and answer as the test says.

export interface Received {
  headers: http.IncomingHttpHeaders;
  /** The raw body bytes as text. */
  body: string;
  at: number;
}

/** What a receiver answers: a status (and headers, body), or `hold` (answered when the test releases it). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hold';

export class Receiver {
  readonly received: Received[] = [];
  /** Requests being handled right now, and the most at once. */
  inFlight = 0;
  maxInFlight = 0;
  answer: (r: Received) => Answer = () => ({ status: 200, body: 'ok' });
  private held: (() => void)[] = [];
  private readonly server: http.Server;

  constructor(private readonly host = '127.0.0.1') {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const hit = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(hit);
        this.inFlight += 1;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        const done = () => (this.inFlight -= 1);
        const answer = this.answer(hit);
        if (answer === 'hold') {
          this.held.push(() => {
            done();
            if (!res.destroyed) res.writeHead(200).end('released');
          });
          return;
        }
        done();
        res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, this.host, resolve));
    return this;
  }

  url(path = '/hook', host = this.host): string {
    return `http://${host}:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Closes every open connection (kept-alive ones included): the next delivery connects anew. */
  dropConnections(): void {
    this.server.closeAllConnections();
  }

  /** Answers every held request. */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  async stop(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A name resolution the test can change: host name to addresses. */
export class PlayedDns {
  readonly names = new Map<string, string>();
  resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    const address = this.names.get(hostname);
    if (address === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
}

export async function webhookApp(dns = new PlayedDns(), options: { smtp?: boolean } = {}): Promise<{ t: TestApp; dns: PlayedDns }> {
  const outbound = new OutboundFetcher({ allowedPrivateAddresses: ['127.0.0.0/8'], timeoutMs: 15_000, maxBytes: 1024 * 1024, userAgent: 'test', resolver: dns.resolve });
  const t = await createTestApp({ env: { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8', METRICS_TOKEN: 'metrics-token' }, outbound, smtp: options.smtp ?? false });
  return { t, dns };
}

export async function createWebhook(t: TestApp, who: Member, body: Record<string, unknown>, prefix = '/api/webhooks') {
  const res = await call(t, who, 'POST', prefix, { events: ['webhook.test'], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook: Record<string, any> & { id: string }; secret: string };
}

/** Verifies a received request as a receiver does with the standardwebhooks library; answers the payload. */
export function verify(secret: string, hit: Received): unknown {
  return new Webhook(secret).verify(hit.body, {
    'webhook-id': String(hit.headers['webhook-id']),
    'webhook-timestamp': String(hit.headers['webhook-timestamp']),
    'webhook-signature': String(hit.headers['webhook-signature']),
  });
}

/** Lets the job runner run what is due (the clock is the app's) and waits until it is idle. */
export async function settle(t: TestApp): Promise<void> {
  await t.app.ctx.events.idle();
  t.app.ctx.jobs.kick();
  await t.app.ctx.jobs.idle();
  await t.app.ctx.events.idle();
}

export async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export { call, member, type Member };
