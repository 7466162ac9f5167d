import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { setUserFields } from '../helpers/app.js';
import { RETRY_DELAYS_MS } from '../../src/features/webhooks/retry-schedule.js';
import { call, createWebhook, member, Receiver, settle, until, verify, webhookApp, type PlayedDns } from './helpers.js';

// Delivery (CONTRACT.md, Webhooks): the retry schedule on the app's clock with its jitter and
// Retry-After, 410 and the failing rule that disable, the owner told by e-mail and in-app,
// redirects not followed, the address checked again on each new connection, a receiver that hangs
// holding only its own webhook's four slots, and deliveries kept 30 days.

let t: TestApp;
let dns: PlayedDns;
let receiver: Receiver;
beforeAll(async () => {
  ({ t, dns } = await webhookApp(undefined, { smtp: true }));
  receiver = await new Receiver().start();
}, 60_000);
afterAll(async () => {
  await receiver.stop();
  await t.close();
});
afterEach(() => {
  receiver.answer = () => ({ status: 200, body: 'ok' });
  t.clock.set(new Date());
});

const deliveryOf = async (who: Awaited<ReturnType<typeof member>>, hookId: string, id: string) =>
  (await call(t, who, 'GET', `/api/webhooks/${hookId}/deliveries/${id}`)).json();
const webhookOf = async (who: Awaited<ReturnType<typeof member>>, hookId: string) => (await call(t, who, 'GET', `/api/webhooks/${hookId}`)).json().webhook;

describe('retries', () => {
  it('retries a failure after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (± 20%), same body and webhook-id, then fails', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/down') });
    receiver.answer = () => ({ status: 500, body: 'down' });
    const first = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    expect(first).toMatchObject({ status: 'retrying', attempts: 1, lastStatusCode: 500 });
    const sent = () => receiver.received.filter((r) => r.headers['webhook-id'] === first.eventId);
    let delivery = first;
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      const failedAt = t.clock.now().getTime();
      const due = Date.parse(delivery.nextAttemptAt);
      expect(due - failedAt).toBeGreaterThanOrEqual(delay * 0.8 - 1);
      expect(due - failedAt).toBeLessThanOrEqual(delay * 1.2 + 1);
      // Not before it is due.
      t.clock.set(new Date(due - 1));
      await settle(t);
      expect(sent()).toHaveLength(i + 1);
      t.clock.set(new Date(due));
      await settle(t);
      expect(sent()).toHaveLength(i + 2);
      delivery = (await deliveryOf(a, webhook.id, first.id)).delivery;
      expect(delivery.attempts).toBe(i + 2);
    }
    expect(delivery).toMatchObject({ status: 'failed', attempts: 10, nextAttemptAt: null, lastStatusCode: 500 });
    expect(new Set(sent().map((r) => r.body)).size).toBe(1);
    const detail = await deliveryOf(a, webhook.id, first.id);
    expect(detail.attempts).toHaveLength(10);
    expect(detail.attempts[0]).toMatchObject({ statusCode: 500, error: 'HTTP 500', response: 'down' });
    // Ten failures are not fifteen: the webhook stays enabled, its failure run recorded.
    expect(await webhookOf(a, webhook.id)).toMatchObject({ status: 'enabled', failingSince: expect.any(String) });
  });

  it('honors Retry-After (seconds or an HTTP date) over a shorter scheduled delay', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/busy') });
    receiver.answer = () => ({ status: 503, headers: { 'retry-after': '3600' } });
    const now = t.clock.now().getTime();
    const d1 = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    expect(Date.parse(d1.nextAttemptAt) - now).toBeGreaterThanOrEqual(3600_000);
    expect(Date.parse(d1.nextAttemptAt) - now).toBeLessThan(3600_000 + 5000);
    const at = new Date(now + 7200_000);
    receiver.answer = () => ({ status: 429, headers: { 'retry-after': at.toUTCString() } });
    const d2 = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    expect(Math.abs(Date.parse(d2.nextAttemptAt) - at.getTime())).toBeLessThan(2000);
  });

  it('a success resets the failure run', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url() });
    receiver.answer = () => ({ status: 500 });
    await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect((await webhookOf(a, webhook.id)).failingSince).not.toBeNull();
    receiver.answer = () => ({ status: 204 });
    await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect(await webhookOf(a, webhook.id)).toMatchObject({ status: 'enabled', failingSince: null });
  });
});

describe('disabling', () => {
  it('410 disables the webhook at once (gone); nothing more is sent', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/gone') });
    receiver.answer = () => ({ status: 410 });
    const d = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    expect(d).toMatchObject({ status: 'failed', lastStatusCode: 410, nextAttemptAt: null });
    expect(await webhookOf(a, webhook.id)).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    const mine = () => receiver.received.filter((r) => r.body.includes(webhook.id)).length;
    expect(mine()).toBe(1);
    t.clock.advance(48 * 3600_000);
    await settle(t);
    expect(mine()).toBe(1);
    // Enabling it again clears the reason.
    expect((await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { enabled: true })).json().webhook).toMatchObject({ status: 'enabled', disabledReason: null });
  });

  it('no success for 72 hours and 15 failed attempts in a row disables it (failing), telling the owner by e-mail and in-app', async () => {
    const a = await member(t);
    await setUserFields(t.db, a.user.id, { email_verified: true });
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/failing') });
    receiver.answer = () => ({ status: 500 });
    const test = () => call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    for (let i = 0; i < 20; i += 1) await test();
    // Twenty in a row, but within 72 hours: still enabled.
    expect((await webhookOf(a, webhook.id)).status).toBe('enabled');
    t.clock.advance(72 * 3600_000 - 60_000);
    await test();
    expect((await webhookOf(a, webhook.id)).status).toBe('enabled');
    t.clock.advance(60_000);
    const last = (await test()).json().delivery;
    expect(last.status).toBe('failed');
    const hook = await webhookOf(a, webhook.id);
    expect(hook).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    // Its open deliveries end.
    expect((await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries?status=retrying`)).json().deliveries).toEqual([]);
    await until(() => t.smtp.to(a.user.email).length > 0);
    const mail = t.smtp.to(a.user.email).at(-1)!;
    expect(mail.subject).toBe('A webhook was disabled');
    expect(mail.text).toContain(receiver.url('/failing'));
    const tray = (await call(t, a, 'GET', '/api/notifications')).json();
    expect(JSON.stringify(tray)).toContain('webhook_disabled');
    const log = await t.db.kysely.selectFrom('email_logs').select(['email_type', 'status']).where('user_id', '=', a.user.id).execute();
    expect(log).toContainEqual({ email_type: 'webhook_disabled', status: 'sent' });
  });
});

describe('the guard on every delivery', () => {
  it('does not follow a redirect (to a refused address): a failure, retried', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/moved') });
    receiver.answer = () => ({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    const before = receiver.received.length;
    const d = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    expect(d).toMatchObject({ status: 'retrying', lastStatusCode: 302, lastError: expect.stringContaining('redirects are not followed') });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('checks the address again at delivery: a name that now resolves to a private address is refused, nothing sent', async () => {
    const a = await member(t);
    dns.names.set('hooks.example.test', '127.0.0.1');
    const port = new URL(receiver.url()).port;
    const { webhook } = await createWebhook(t, a, { url: `http://hooks.example.test:${port}/rebind` });
    expect((await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery.status).toBe('succeeded');
    // Deliveries go over kept-alive connections, each checked when it opens: the next one opens anew.
    receiver.dropConnections();
    dns.names.set('hooks.example.test', '169.254.169.254');
    const before = receiver.received.length;
    const d = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    expect(d).toMatchObject({ status: 'retrying', lastStatusCode: null, lastError: 'hooks.example.test is not a public address' });
    expect(receiver.received.length).toBe(before);
    const attempt = (await deliveryOf(a, webhook.id, d.id)).attempts[0];
    expect(attempt).toMatchObject({ statusCode: null, response: null, error: 'hooks.example.test is not a public address' });
    expect(JSON.stringify(attempt)).not.toContain('169.254');
  });
});

describe('concurrency', () => {
  it('keeps at most 4 deliveries of one webhook in flight', async () => {
    const a = await member(t);
    const slow = await new Receiver('127.0.0.2').start();
    try {
      const { webhook, secret } = await createWebhook(t, a, { url: slow.url() });
      const first = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
      slow.answer = () => 'hold';
      for (let i = 0; i < 10; i += 1) expect((await call(t, a, 'POST', `/api/webhooks/${webhook.id}/deliveries/${first.id}/redeliver`)).statusCode).toBe(202);
      await until(() => slow.inFlight === 4);
      await new Promise((r) => setTimeout(r, 200));
      expect(slow.received).toHaveLength(1 + 4);
      slow.answer = () => ({ status: 200 });
      slow.release();
      await until(() => slow.received.length === 11);
      await settle(t);
      expect(slow.maxInFlight).toBe(4);
      for (const hit of slow.received) expect(() => verify(secret, hit)).not.toThrow();
      expect((await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries?status=succeeded`)).json().pagination.total).toBe(11);
    } finally {
      await slow.stop();
    }
  });

  it('a receiver that hangs delays no other webhook', async () => {
    const a = await member(t);
    const hanging = await new Receiver('127.0.0.3').start();
    try {
      const stuck = await createWebhook(t, a, { url: hanging.url() });
      const fine = await createWebhook(t, a, { url: receiver.url('/fine') });
      const stuckFirst = (await call(t, a, 'POST', `/api/webhooks/${stuck.webhook.id}/test`)).json().delivery;
      const fineFirst = (await call(t, a, 'POST', `/api/webhooks/${fine.webhook.id}/test`)).json().delivery;
      hanging.answer = () => 'hold';
      for (let i = 0; i < 6; i += 1) await call(t, a, 'POST', `/api/webhooks/${stuck.webhook.id}/deliveries/${stuckFirst.id}/redeliver`);
      await until(() => hanging.inFlight === 4);
      const before = receiver.received.length;
      await call(t, a, 'POST', `/api/webhooks/${fine.webhook.id}/deliveries/${fineFirst.id}/redeliver`);
      await until(() => receiver.received.length === before + 1);
      expect(hanging.inFlight).toBe(4);
      hanging.answer = () => ({ status: 200 });
      hanging.release();
      await until(() => hanging.received.length === 7);
      await settle(t);
    } finally {
      await hanging.stop();
    }
  });
});

describe('retention', () => {
  it('removes deliveries older than 30 days with their attempts', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url() });
    const old = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    t.clock.advance(29 * 24 * 3600_000);
    const recent = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    t.clock.advance(24 * 3600_000 + 1000);
    const task = t.app.ctx.runtime.periodic.tasks.find((x) => x.name === 'webhook-deliveries')!;
    expect((await t.app.ctx.runtime.periodic.run(task)).webhookDeliveries).toBeGreaterThanOrEqual(1);
    const left = (await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries`)).json().deliveries.map((d: { id: string }) => d.id);
    expect(left).toEqual([recent.id]);
    expect(await t.db.kysely.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', old.id).execute()).toEqual([]);
  });
});
