import { jwtVerify, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPush } from '../../src/adapters/push/index.js';
import { runDueJobs } from '../../src/runtime/jobs/execute.js';
import { BURST_WINDOW_MS, PUSH_MAX_ATTEMPTS, PUSH_RETRY_BASE_MS } from '../../src/features/notifications/delivery.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member, post, type Member } from '../messages/helpers.js';
import { ApnsStandIn, FcmStandIn } from './push-standins.js';
import { settle, tray } from './helpers.js';

// Push devices and push delivery against loopback stand-ins for APNs (HTTP/2, TLS) and FCM.
// Each push to a device is a job: the first run is kicked by the request, retries wait for their
// backoff on the test's clock and are run by runDueJobs (what the cron endpoint and the
// scheduler call).

let t: TestApp;
const apns = new ApnsStandIn();
const fcm = new FcmStandIn();

/** The push configuration that points both providers at the stand-ins. */
const pushEnv = () => ({
  APNS_KEY: apns.keyPem,
  APNS_KEY_ID: 'KEYID12345',
  APNS_TEAM_ID: 'TEAMID6789',
  APNS_TOPIC: 'com.example.sociallists',
  APNS_URL: apns.url,
  FCM_SERVICE_ACCOUNT: fcm.serviceAccount(),
  FCM_URL: fcm.url,
  FCM_TOKEN_URL: `${fcm.url}/token`,
  PUSH_ENVIRONMENT: 'sandbox',
});

beforeAll(async () => {
  await Promise.all([apns.start(), fcm.start()]);
  t = await createTestApp({ smtp: false, env: pushEnv() });
  // The stand-in's self-signed certificate is trusted by this client only.
  t.app.ctx.push.close();
  t.app.ctx.push = createPush(t.config.push, { ca: apns.tls.cert });
});
afterAll(async () => {
  await t.close();
  await Promise.all([apns.stop(), fcm.stop()]);
});

const devices = (who: Member) =>
  t.db.kysely.selectFrom('push_devices').select(['token', 'platform', 'environment']).where('user_id', '=', who.user.id).orderBy('created_at').orderBy('token').execute();

/** The ids of `who`'s registered devices, by token (read before a job may remove one). */
const deviceIds = async (who: Member) =>
  new Map((await t.db.kysely.selectFrom('push_devices').select(['id', 'token']).where('user_id', '=', who.user.id).execute()).map((d) => [d.token, d.id]));

/** The push-delivery job of each device, by token. */
async function pushJobs(byToken: Map<string, string>) {
  const rows = await t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'push-delivery').execute();
  const out: Record<string, (typeof rows)[number]> = {};
  for (const [token, id] of byToken) {
    const row = rows.find((r) => JSON.parse(r.payload).deviceId === id);
    if (row) out[token] = row;
  }
  return out;
}

const register = (who: Member, body: unknown, bearer = false) => call(t, who, 'POST', '/api/push/register', body, bearer);

async function digBy(author: Member, digger: Member, content = 'dig this') {
  const m = await post(t, author, { content, publiclyVisible: true });
  const res = await call(t, digger, 'POST', `/api/messages/${m.id}/dig`);
  expect(res.statusCode).toBe(200);
  return m;
}

describe('POST /api/push/register and DELETE /api/push/unregister', () => {
  it('registers, updates an existing token instead of duplicating it, infers the environment, unregisters idempotently', async () => {
    const [u, other] = [await member(t), await member(t)];
    const r = await register(u, { token: 'tok-a', platform: 'ios' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ registered: true });
    expect(await devices(u)).toEqual([{ token: 'tok-a', platform: 'ios', environment: 'sandbox' }]);
    expect((await register(u, { token: 'tok-a', platform: 'ios', environment: 'production' }, true)).json()).toEqual({ registered: true });
    expect(await devices(u)).toEqual([{ token: 'tok-a', platform: 'ios', environment: 'production' }]);
    await register(u, { token: 'tok-b', platform: 'android' });
    await register(other, { token: 'tok-a', platform: 'ios' });
    expect(await devices(u)).toHaveLength(2);

    const del = await call(t, u, 'DELETE', '/api/push/unregister', { token: 'tok-a' });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ registered: false });
    expect((await call(t, u, 'DELETE', '/api/push/unregister', { token: 'tok-a' })).statusCode).toBe(200);
    expect((await call(t, u, 'DELETE', '/api/push/unregister', { token: 'never-seen' }, true)).statusCode).toBe(200);
    expect(await devices(u)).toEqual([{ token: 'tok-b', platform: 'android', environment: 'sandbox' }]);
    // Another user's registration of the same token is untouched.
    expect(await devices(other)).toEqual([{ token: 'tok-a', platform: 'ios', environment: 'sandbox' }]);
  });

  it('401 anonymous, 403 read-only accounts, 400 on bad bodies', async () => {
    const u = await member(t);
    expectError(await call(t, null, 'POST', '/api/push/register', { token: 'x', platform: 'ios' }), 401);
    expectError(await call(t, null, 'DELETE', '/api/push/unregister', { token: 'x' }), 401);
    const ro = await member(t, { account_status: 'suspended' });
    expectError(await register(ro, { token: 'x', platform: 'ios' }), 403, 'account_suspended');
    for (const body of [
      {},
      { token: 'x' },
      { platform: 'ios' },
      { token: '', platform: 'ios' },
      { token: 'x', platform: 'windows' },
      { token: 'x', platform: 'ios', environment: 'staging' },
      { token: 7, platform: 'ios' },
      { token: 'x', platform: 'ios', extra: true },
      { token: 'x'.repeat(5000), platform: 'android' },
    ]) {
      expectError(await register(u, body), 400);
    }
    expectError(await call(t, u, 'DELETE', '/api/push/unregister', {}), 400);
    expectError(await call(t, u, 'DELETE', '/api/push/unregister', { token: 'x', platform: 'ios' }), 400);
    expect(await devices(u)).toEqual([]);
  });
});

describe('push delivery', () => {
  it('a dig reaches APNs (ES256 provider token, topic, push type, expiration, payload) and FCM (OAuth2 token from the JWT-bearer grant)', async () => {
    const [author, digger] = [await member(t), await member(t)];
    await register(author, { token: 'ios-ok-1', platform: 'ios', environment: 'production' });
    await register(author, { token: 'android-ok-1', platform: 'android' });
    const apnsBefore = apns.requests.length;
    const fcmBefore = fcm.sendRequests.length;
    const m = await digBy(author, digger, 'push me');
    await settle(t);

    const sent = apns.requests.slice(apnsBefore);
    expect(sent).toHaveLength(1);
    const req = sent[0];
    expect(req.path).toBe('/3/device/ios-ok-1');
    expect(req.headers['apns-topic']).toBe('com.example.sociallists');
    expect(req.headers['apns-push-type']).toBe('alert');
    const expiration = Number(req.headers['apns-expiration']);
    expect(expiration).toBeGreaterThan(t.clock.now().getTime() / 1000);
    const jwt = req.headers.authorization.replace(/^bearer /, '');
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: 'KEYID12345' });
    const { payload } = await jwtVerify(jwt, apns.publicKey, { issuer: 'TEAMID6789' });
    expect(typeof payload.iat).toBe('number');
    expect(req.body).toEqual({
      aps: { alert: { title: 'New dig', body: `${digger.user.display_name} dug your message: “push me”` }, sound: 'default' },
      type: 'dig',
      notificationId: expect.any(String),
      routePath: `/messages/${m.id}`,
      messageId: m.id,
    });

    const fcmSent = fcm.sendRequests.slice(fcmBefore);
    expect(fcmSent).toHaveLength(1);
    expect(fcmSent[0].path).toBe('/v1/projects/proj-1/messages:send');
    const message = JSON.parse(fcmSent[0].body).message;
    expect(message.token).toBe('android-ok-1');
    expect(message.notification.title).toBe('New dig');
    for (const v of Object.values(message.data)) expect(typeof v).toBe('string');
    // The access token came from the JWT-bearer grant, signed RS256 by the service account.
    expect(fcm.tokenRequests.length).toBeGreaterThanOrEqual(1);
    const form = new URLSearchParams(fcm.tokenRequests[0].body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const assertion = await jwtVerify(form.get('assertion')!, fcm.keys.publicKey, { issuer: 'pusher@proj-1.iam.gserviceaccount.com', audience: `${fcm.url}/token` });
    expect(assertion.payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
    expect(assertion.protectedHeader.alg).toBe('RS256');
  });

  it('a token the provider reports gone (APNs 410 Unregistered, FCM UNREGISTERED) is removed; its job is done after one attempt', async () => {
    const [author, digger] = [await member(t), await member(t)];
    await register(author, { token: 'gone-ios', platform: 'ios' });
    await register(author, { token: 'gone-android', platform: 'android' });
    await register(author, { token: 'ios-stays', platform: 'ios' });
    const ids = await deviceIds(author);
    await digBy(author, digger);
    await settle(t);
    expect((await devices(author)).map((d) => d.token)).toEqual(['ios-stays']);
    const jobs = await pushJobs(ids);
    for (const token of ['gone-ios', 'gone-android', 'ios-stays']) expect(jobs[token]).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('a 500 (APNs) and a 503 (FCM) are retried with backoff through the job table a bounded number of times, then failed; the device stays', async () => {
    const [author, digger] = [await member(t), await member(t)];
    await register(author, { token: 'flaky-ios', platform: 'ios' });
    await register(author, { token: 'flaky-android', platform: 'android' });
    const sentTo = () => [apns.requests.filter((r) => r.path.endsWith('/flaky-ios')).length, fcm.sendRequests.filter((r) => r.body.includes('flaky-android')).length];
    const [a0, f0] = sentTo();
    const ids = await deviceIds(author);
    await digBy(author, digger);
    await settle(t);
    // The first attempt ran at once (the request's kick); the next waits for its backoff.
    expect(sentTo()).toEqual([a0 + 1, f0 + 1]);
    let jobs = await pushJobs(ids);
    expect(jobs['flaky-ios']).toMatchObject({ status: 'queued', attempts: 1, max_attempts: PUSH_MAX_ATTEMPTS, last_error: 'InternalServerError' });
    expect(jobs['flaky-android']).toMatchObject({ status: 'queued', attempts: 1, last_error: 'UNAVAILABLE' });
    expect(jobs['flaky-ios'].run_at).toBe(new Date(t.clock.now().getTime() + PUSH_RETRY_BASE_MS).toISOString());

    for (let attempt = 2; attempt <= PUSH_MAX_ATTEMPTS; attempt++) {
      const delay = PUSH_RETRY_BASE_MS * 2 ** (attempt - 2);
      // Not a moment before the backoff has passed.
      t.clock.advance(delay - 1);
      await runDueJobs(t.app.ctx);
      expect(sentTo()).toEqual([a0 + attempt - 1, f0 + attempt - 1]);
      t.clock.advance(1);
      await runDueJobs(t.app.ctx);
      expect(sentTo()).toEqual([a0 + attempt, f0 + attempt]);
    }
    jobs = await pushJobs(ids);
    expect(jobs['flaky-ios']).toMatchObject({ status: 'failed', attempts: PUSH_MAX_ATTEMPTS, locked_until: null, last_error: `gave up after ${PUSH_MAX_ATTEMPTS} attempts: InternalServerError` });
    expect(jobs['flaky-android']).toMatchObject({ status: 'failed', attempts: PUSH_MAX_ATTEMPTS, last_error: `gave up after ${PUSH_MAX_ATTEMPTS} attempts: UNAVAILABLE` });
    // Given up for good: later runs send nothing more.
    t.clock.advance(24 * 3600_000);
    await runDueJobs(t.app.ctx);
    expect(sentTo()).toEqual([a0 + PUSH_MAX_ATTEMPTS, f0 + PUSH_MAX_ATTEMPTS]);
    expect(await devices(author)).toHaveLength(2);
  });

  it('with SCHEDULER=off and no cron call, a push that failed once with a 500 is retried by the instance\'s own poll', async () => {
    // What main.ts starts for a serving instance: the job runner's poll always, periodic tasks
    // only with SCHEDULER=on (here off, as on several instances).
    const off = await createTestApp({ smtp: false, env: { ...pushEnv(), SCHEDULER: 'off' } });
    try {
      off.app.ctx.push.close();
      off.app.ctx.push = createPush(off.config.push, { ca: apns.tls.cert });
      expect(off.config.scheduler).toBe(false);
      const [author, digger] = [await member(off), await member(off)];
      for (const [token, platform] of [['once-ios', 'ios'], ['once-android', 'android']]) {
        expect((await call(off, author, 'POST', '/api/push/register', { token, platform })).statusCode).toBe(200);
      }
      const sent = () => [apns.requests.filter((r) => r.path.endsWith('/once-ios')).length, fcm.sendRequests.filter((r) => r.body.includes('once-android')).length];
      const m = await post(off, author, { content: 'dig me', publiclyVisible: true });
      expect((await call(off, digger, 'POST', `/api/messages/${m.id}/dig`)).statusCode).toBe(200);
      await settle(off);
      expect(sent()).toEqual([1, 1]);
      off.app.ctx.runtime.startBackground({ periodic: off.config.scheduler, pollMs: 20 });
      try {
        // Not due yet: the poll runs nothing before the backoff has passed.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(sent()).toEqual([1, 1]);
        off.clock.advance(PUSH_RETRY_BASE_MS);
        await vi.waitFor(() => expect(sent()).toEqual([2, 2]), { timeout: 5000, interval: 20 });
        await vi.waitFor(async () => {
          const jobs = await off.db.kysely.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'push-delivery').execute();
          expect(jobs).toEqual([
            { status: 'done', attempts: 2 },
            { status: 'done', attempts: 2 },
          ]);
        });
      } finally {
        await off.app.ctx.runtime.stopBackground();
      }
    } finally {
      await off.close();
    }
  });

  it('a 429 with Retry-After is retried no sooner than the provider asked (APNs and FCM)', async () => {
    const [author, digger] = [await member(t), await member(t)];
    await register(author, { token: 'busy-ios', platform: 'ios' });
    await register(author, { token: 'busy-android', platform: 'android' });
    const ids = await deviceIds(author);
    await digBy(author, digger);
    await settle(t);
    const jobs = await pushJobs(ids);
    const expected = new Date(t.clock.now().getTime() + 120_000).toISOString();
    expect(jobs['busy-ios']).toMatchObject({ status: 'queued', attempts: 1, run_at: expected, last_error: 'TooManyRequests' });
    expect(jobs['busy-android']).toMatchObject({ status: 'queued', attempts: 1, run_at: expected, last_error: 'QUOTA_EXCEEDED' });
    // Past the backoff but before Retry-After: still waiting.
    t.clock.advance(PUSH_RETRY_BASE_MS);
    expect((await runDueJobs(t.app.ctx)).claimed).toBe(0);
    // Unregistered meanwhile: the retry finds no device and is done without a request.
    await call(t, author, 'DELETE', '/api/push/unregister', { token: 'busy-ios' });
    const before = apns.requests.length;
    t.clock.advance(120_000);
    expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 2, done: 1, retried: 1 });
    expect(apns.requests.length).toBe(before);
  });

  it('the dig answers while APNs has not: delivery is not part of the request', async () => {
    const [author, digger] = [await member(t), await member(t)];
    await register(author, { token: 'held-1', platform: 'ios' });
    await register(author, { token: 'held-2', platform: 'ios' });
    await register(author, { token: 'held-3', platform: 'ios' });
    const before = apns.requests.length;
    const m = await post(t, author, { content: 'slow provider', publiclyVisible: true });
    const res = await call(t, digger, 'POST', `/api/messages/${m.id}/dig`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ digCount: 1, dugByMe: true, isNewDig: true });
    // Wait until the stand-in holds all three requests, then let them go.
    while (apns.requests.length - before < 3) await new Promise((r) => setTimeout(r, 5));
    apns.release();
    await settle(t);
    expect(await devices(author)).toHaveLength(3);
  });

  it('the push channel honours its preference; a burst of digs sends one push and one follow-up', async () => {
    const author = await member(t);
    await register(author, { token: 'burst-ios', platform: 'ios' });
    const m = await post(t, author, { content: 'popular', publiclyVisible: true });
    const diggers = await Promise.all(Array.from({ length: 5 }, () => member(t)));
    const mine = () => apns.requests.filter((r) => r.path.endsWith('/burst-ios'));
    for (const d of diggers) await call(t, d, 'POST', `/api/messages/${m.id}/dig`);
    await settle(t);
    expect(mine()).toHaveLength(1);
    expect((await tray(t, author)).unreadCount).toBe(5);
    // The follow-up is a job due when the window ends; it enqueues the folded push.
    const followUps = () => t.db.kysely.selectFrom('jobs').select(['status', 'run_at', 'payload']).where('kind', '=', 'notification-follow-up').execute();
    const mineFollowUp = async () => (await followUps()).filter((j) => JSON.parse(j.payload).userId === author.user.id);
    expect(await mineFollowUp()).toEqual([expect.objectContaining({ status: 'queued', payload: JSON.stringify({ userId: author.user.id, channel: 'push', burstKey: `dig:${m.id}` }) })]);
    expect((await runDueJobs(t.app.ctx)).claimed).toBe(0);
    t.clock.advance(BURST_WINDOW_MS + 1);
    await runDueJobs(t.app.ctx);
    await settle(t);
    expect(mine()).toHaveLength(2);
    expect((await mineFollowUp()).map((j) => j.status)).toEqual(['done']);
    expect(mine()[1].body.aps.alert.body).toBe('And 4 others dug your message');
    expect(mine()[1].body.folded).toBe('4');

    // Push off: no more pushes, the tray still fills.
    await call(t, author, 'PATCH', '/api/user/notification-preferences', { key: 'dig', channels: { push: false } });
    t.clock.advance(BURST_WINDOW_MS + 1);
    const m2 = await post(t, author, { content: 'another', publiclyVisible: true });
    await call(t, diggers[0], 'POST', `/api/messages/${m2.id}/dig`);
    await settle(t);
    expect(mine()).toHaveLength(2);
    expect((await tray(t, author)).unreadCount).toBe(6);
  });
});

describe('without push configuration', () => {
  it('pushes are skipped (and logged); the request and the notification are unaffected', async () => {
    const bare = await createTestApp({ smtp: false });
    try {
      const author = await member(bare);
      const digger = await member(bare);
      expect((await call(bare, author, 'POST', '/api/push/register', { token: 'ios-x', platform: 'ios' })).statusCode).toBe(200);
      const before = apns.requests.length;
      const m = await post(bare, author, { content: 'x', publiclyVisible: true });
      expect((await call(bare, digger, 'POST', `/api/messages/${m.id}/dig`)).statusCode).toBe(200);
      await bare.app.ctx.events.idle();
      expect(apns.requests.length).toBe(before);
      expect((await bare.app.ctx.push.deliver({ token: 'x', platform: 'ios', environment: 'production' }, { title: 't', body: 'b', data: {} })).status).toBe('skipped');
      expect((await call(bare, author, 'GET', '/api/notifications?scope=tray')).json().unreadCount).toBe(1);
    } finally {
      await bare.close();
    }
  });
});
