import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { expectError } from '../messages/helpers.js';
import { join, newOrg } from '../orgs/helpers.js';
import { account, PASSWORD } from '../purge/seed.js';
import { call, createWebhook, member, Receiver, settle, verify, webhookApp, type PlayedDns } from './helpers.js';

/** Until an asynchronous condition holds (5 s at most). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (const end = Date.now() + 5000; !(await condition()); ) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// The webhooks API (CONTRACT.md, Events: Webhooks): create with its secret shown once, list, read,
// update, delete, rotate, test, the delivery log and redeliver; validation codes; ownership; the
// organization's webhooks for its owners and admins; signatures as a standardwebhooks receiver checks them.

let t: TestApp;
let dns: PlayedDns;
let receiver: Receiver;
beforeAll(async () => {
  ({ t, dns } = await webhookApp());
  receiver = await new Receiver().start();
}, 60_000);
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

describe('creating and reading webhooks', () => {
  it('creates a webhook with a whsec_ secret shown once, stored sealed, never returned again', async () => {
    const a = await member(t);
    const res = await call(t, a, 'POST', '/api/webhooks', { url: receiver.url(), events: ['list.*', 'message.created'], description: 'mine' });
    expect(res.statusCode, res.body).toBe(201);
    const { webhook, secret } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(webhook).toMatchObject({ url: receiver.url(), events: ['list.*', 'message.created'], description: 'mine', status: 'enabled', disabledReason: null, failingSince: null });
    expect(Object.keys(webhook)).not.toContain('secret');
    const row = await t.db.kysely.selectFrom('webhooks').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6));
    expect(t.app.ctx.sealer.open(row.secret)).toBe(secret);
    for (const url of [`/api/webhooks/${webhook.id}`, '/api/webhooks']) {
      const read = await call(t, a, 'GET', url);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(secret.slice(6));
    }
    expect((await call(t, a, 'GET', '/api/webhooks')).json().webhooks.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    // Bearer works too (Either).
    expect((await call(t, a, 'GET', `/api/webhooks/${webhook.id}`, undefined, true)).json().webhook.id).toBe(webhook.id);
  });

  it('refuses bad URLs with 422 invalid_webhook_url and changes nothing', async () => {
    const a = await member(t);
    dns.names.set('private.example.test', '10.1.2.3');
    dns.names.set('meta.example.test', '169.254.169.254');
    const bad = [
      'ftp://127.0.0.1/x',
      'https://user:pw@127.0.0.1/x',
      `https://127.0.0.1/${'a'.repeat(2048)}`,
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://private.example.test/x',
      'http://meta.example.test/x',
      'https://nowhere.example.test/x',
      'not a url',
    ];
    for (const url of bad) expectError(await call(t, a, 'POST', '/api/webhooks', { url, events: ['list.*'] }), 422, 'invalid_webhook_url');
    // http to an address that is not listed: https only. (93.184.216.34 is public; nothing is sent at creation.)
    dns.names.set('public.example.test', '93.184.216.34');
    expectError(await call(t, a, 'POST', '/api/webhooks', { url: 'http://public.example.test/x', events: ['list.*'] }), 422, 'invalid_webhook_url');
    expect((await call(t, a, 'POST', '/api/webhooks', { url: 'https://public.example.test/x', events: ['list.*'] })).statusCode).toBe(201);
    expect((await call(t, a, 'GET', '/api/webhooks')).json().webhooks).toHaveLength(1);
  });

  it('refuses unknown event types (422), bad shapes (400), and the 11th webhook (409)', async () => {
    const a = await member(t);
    const url = receiver.url();
    for (const events of [['nope'], ['list.created', 'lists.*'], ['*'], ['.*']]) expectError(await call(t, a, 'POST', '/api/webhooks', { url, events }), 422, 'unknown_event_type');
    for (const body of [{ url, events: [] }, { url, events: Array(51).fill('list.*') }, { url }, { events: ['list.*'] }, { url, events: 'list.*' }, { url: 5, events: ['list.*'] }]) {
      expectError(await call(t, a, 'POST', '/api/webhooks', body), 400);
    }
    for (let i = 0; i < 10; i += 1) await createWebhook(t, a, { url });
    expectError(await call(t, a, 'POST', '/api/webhooks', { url, events: ['list.*'] }), 409, 'webhook_limit');
    expect((await call(t, a, 'GET', '/api/webhooks')).json().webhooks).toHaveLength(10);
  });

  it('updates url, events, description and enabled; validates them as creation does', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url() });
    const patched = await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { url: receiver.url('/other'), events: ['document.*'], description: 'd', enabled: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().webhook).toMatchObject({ url: receiver.url('/other'), events: ['document.*'], description: 'd', status: 'disabled', disabledReason: null });
    expectError(await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { url: 'https://10.0.0.1/' }), 422, 'invalid_webhook_url');
    expectError(await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { events: ['bogus.type'] }), 422, 'unknown_event_type');
    expectError(await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { secret: 'x' }), 400);
    expect((await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { enabled: true })).json().webhook.status).toBe('enabled');
    expect((await call(t, a, 'GET', `/api/webhooks/${webhook.id}`)).json().webhook).toMatchObject({ url: receiver.url('/other'), events: ['document.*'], status: 'enabled' });
  });

  it('another owner’s webhook and delivery are 404 for every operation; anonymous is 401', async () => {
    const [a, b] = [await member(t), await member(t)];
    const { webhook } = await createWebhook(t, a, { url: receiver.url() });
    const delivery = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    const base = `/api/webhooks/${webhook.id}`;
    const ops: [any, string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { description: 'x' }],
      ['DELETE', base],
      ['POST', `${base}/rotate-secret`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['GET', `${base}/deliveries/${delivery.id}`],
      ['POST', `${base}/deliveries/${delivery.id}/redeliver`],
    ];
    for (const [method, url, body] of ops) expectError(await call(t, b, method, url, body), 404);
    for (const [method, url, body] of ops) expectError(await call(t, null, method, url, body), 401);
    // A's own delivery under another of A's webhooks: 404 too.
    const other = await createWebhook(t, a, { url: receiver.url() });
    expectError(await call(t, a, 'GET', `/api/webhooks/${other.webhook.id}/deliveries/${delivery.id}`), 404);
    expect((await call(t, a, 'GET', base)).json().webhook.description).toBeNull();
  });

  it('deletes a webhook with its deliveries', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url() });
    await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    const res = await call(t, a, 'DELETE', `/api/webhooks/${webhook.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expectError(await call(t, a, 'GET', `/api/webhooks/${webhook.id}`), 404);
    expect(await t.db.kysely.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhook.id).execute()).toEqual([]);
  });
});

describe('test deliveries, signatures and rotation', () => {
  it('test makes one webhook.test attempt at once, signed as standardwebhooks verifies', async () => {
    const a = await member(t);
    const { webhook, secret } = await createWebhook(t, a, { url: receiver.url('/signed') });
    const before = receiver.received.length;
    const res = await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    const { delivery } = res.json();
    expect(delivery).toMatchObject({ type: 'webhook.test', status: 'succeeded', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null, redelivery: false });
    expect(receiver.received.length).toBe(before + 1);
    const hit = receiver.received.at(-1)!;
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['webhook-id']).toBe(delivery.eventId);
    expect(delivery.eventId).toMatch(/^evt_/);
    const payload = verify(secret, hit) as Record<string, any>;
    expect(payload).toMatchObject({ id: delivery.eventId, type: 'webhook.test', actor: { id: a.user.id, username: a.user.username }, data: { webhookId: webhook.id } });
    expect(Number.isNaN(Date.parse(payload.timestamp))).toBe(false);
    // A wrong secret or a changed body fails verification.
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, hit)).toThrow();
    expect(() => verify(secret, { ...hit, body: hit.body.replace('webhook.test', 'webhook.tesT') })).toThrow();
    // The detail: the exact body sent and the attempt.
    const detail = (await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries/${delivery.id}`)).json();
    expect(detail.delivery.body).toBe(hit.body);
    expect(detail.attempts).toEqual([{ attemptedAt: expect.any(String), statusCode: 200, durationMs: expect.any(Number), error: null, response: 'ok' }]);
  });

  it('after rotate-secret both secrets sign for 24 hours (space-separated), then only the new one', async () => {
    const a = await member(t);
    const { webhook, secret: old } = await createWebhook(t, a, { url: receiver.url() });
    const rotated = await call(t, a, 'POST', `/api/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret: fresh } = rotated.json();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    const during = receiver.received.at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // A receiver still on the old secret, and one already on the new, both accept it.
    expect(() => verify(old, during)).not.toThrow();
    expect(() => verify(fresh, during)).not.toThrow();
    t.clock.advance(24 * 3600_000 + 1000);
    await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    const after = receiver.received.at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    // standardwebhooks checks the timestamp against the real time: compare the signatures instead.
    const { signatureHeader } = await import('../../src/features/webhooks/signing.js');
    const ts = Number(after.headers['webhook-timestamp']);
    expect(after.headers['webhook-signature']).toBe(signatureHeader([fresh], String(after.headers['webhook-id']), ts, after.body));
    expect(after.headers['webhook-signature']).not.toBe(signatureHeader([old], String(after.headers['webhook-id']), ts, after.body));
    // Back to the real time, which standardwebhooks compares timestamps with in the other tests.
    t.clock.set(new Date());
  });

  it('lists deliveries newest first with status and type filters and pagination', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/mixed') });
    receiver.answer = (hit) => (hit.headers['webhook-id'] && receiver.received.filter((r) => r.body.includes(webhook.id)).length === 2 ? { status: 500 } : { status: 200 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery.id);
      t.clock.advance(1000);
    }
    receiver.answer = () => ({ status: 200, body: 'ok' });
    const all = (await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries`)).json();
    expect(all.deliveries.map((d: { id: string }) => d.id)).toEqual([...ids].reverse());
    expect(all.pagination).toMatchObject({ total: 3, hasMore: false });
    const retrying = (await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries?status=retrying`)).json();
    expect(retrying.deliveries.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expect(retrying.deliveries[0]).toMatchObject({ lastStatusCode: 500, lastError: 'HTTP 500', nextAttemptAt: expect.any(String) });
    expect((await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries?type=list.created`)).json().deliveries).toEqual([]);
    const paged = (await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries?limit=1&offset=1`)).json();
    expect(paged.deliveries.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expect(paged.pagination).toMatchObject({ total: 3, limit: 1, offset: 1, hasMore: true });
    expectError(await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries?status=lost`), 400);
    expectError(await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries?limit=0`), 400);
  });

  it('redeliver sends the same bytes and webhook-id as a new delivery (202); a disabled webhook: 409 webhook_disabled', async () => {
    const a = await member(t);
    const { webhook, secret } = await createWebhook(t, a, { url: receiver.url('/again') });
    const first = (await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`)).json().delivery;
    const original = receiver.received.at(-1)!;
    const res = await call(t, a, 'POST', `/api/webhooks/${webhook.id}/deliveries/${first.id}/redeliver`);
    expect(res.statusCode, res.body).toBe(202);
    const copy = res.json().delivery;
    expect(copy).toMatchObject({ eventId: first.eventId, type: 'webhook.test', redelivery: true, status: 'pending', attempts: 0 });
    expect(copy.id).not.toBe(first.id);
    await settle(t);
    const again = receiver.received.at(-1)!;
    expect(again).not.toBe(original);
    expect(again.body).toBe(original.body);
    expect(again.headers['webhook-id']).toBe(original.headers['webhook-id']);
    expect(() => verify(secret, again)).not.toThrow();
    expect((await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries/${copy.id}`)).json().delivery).toMatchObject({ status: 'succeeded', redelivery: true, body: original.body });
    await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { enabled: false });
    expectError(await call(t, a, 'POST', `/api/webhooks/${webhook.id}/deliveries/${first.id}/redeliver`), 409, 'webhook_disabled');
  });

  it('counts attempts by outcome with their latency on /metrics', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url() });
    await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token' } });
    expect(res.body).toMatch(/webhook_delivery_attempts_total\{outcome="success"\} [1-9]/);
    expect(res.body).toMatch(/webhook_delivery_duration_seconds_count\{outcome="success"\} [1-9]/);
  });
});

describe('a user’s data', () => {
  it('an account’s webhooks and their deliveries go with it; the archive part lists them without a secret', async () => {
    const a = await account(t);
    const { webhook, secret } = await createWebhook(t, a, { url: receiver.url() });
    await call(t, a, 'POST', `/api/webhooks/${webhook.id}/test`);
    const part = t.app.ctx.userData.find((p) => p.key === 'webhooks')!;
    expect(await part.count(t.app.ctx, a.user.id)).toBe(1);
    const files = [];
    for await (const file of part.exportFiles!(t.app.ctx, a.user.id)) files.push(file);
    expect(files[0].path).toBe('webhooks.json');
    expect(JSON.parse(String(files[0].content)).webhooks.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    expect(String(files[0].content)).not.toContain(secret.slice(6));
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: a.cookie }, payload: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.ctx.jobs.idle();
    await until(async () => (await t.db.kysely.selectFrom('users').select('id').where('id', '=', a.user.id).executeTakeFirst()) === undefined);
    expect(await t.db.kysely.selectFrom('webhooks').select('id').where('id', '=', webhook.id).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhook.id).execute()).toEqual([]);
  });
});

describe('an organization’s webhooks', () => {
  it('its owners and admins manage them; a plain member gets 403, an outsider 404', async () => {
    const [owner, admin, plain, outsider] = [await member(t), await member(t), await member(t), await member(t)];
    const org = await newOrg(t, owner);
    await join(t, org, admin, 'admin');
    await join(t, org, plain, 'member');
    const prefix = `/api/orgs/${org.slug}/webhooks`;
    const { webhook, secret } = await createWebhook(t, admin, { url: receiver.url('/org') }, prefix);
    expect((await call(t, owner, 'GET', prefix)).json().webhooks.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    expectError(await call(t, plain, 'GET', prefix), 403);
    expectError(await call(t, outsider, 'GET', prefix), 404);
    expectError(await call(t, outsider, 'GET', `${prefix}/${webhook.id}`), 404);
    // Not the user's own webhook, nor the org's under the user's path.
    expectError(await call(t, admin, 'GET', `/api/webhooks/${webhook.id}`), 404);
    expect((await call(t, admin, 'GET', '/api/webhooks')).json().webhooks).toEqual([]);
    const tested = await call(t, owner, 'POST', `${prefix}/${webhook.id}/test`);
    expect(tested.json().delivery.status).toBe('succeeded');
    expect(() => verify(secret, receiver.received.at(-1)!)).not.toThrow();
    expect((await call(t, owner, 'GET', `${prefix}/${webhook.id}/deliveries`)).json().deliveries).toHaveLength(1);
    expect((await call(t, owner, 'DELETE', `${prefix}/${webhook.id}`)).statusCode).toBe(200);
  });
});
