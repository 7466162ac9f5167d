import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { AppError, registerErrorHandling } from '../../src/http/errors.js';
import { assertNotProbation, assertProbationQuota, assertSubscriber } from '../../src/http/guards.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createTestApp, setUserFields, type TestApp } from '../helpers/app.js';
import { signedInUser, userRow } from './fixtures.js';

// PATCH /api/user is the write route; GET /api/user the read route.

const BLOCKED = [
  ['restricted', 'account_restricted'],
  ['suspended', 'account_suspended'],
  ['banned', 'account_banned'],
] as const;

describe('account-status enforcement on (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smtp: false });
  });
  afterAll(async () => t.close());

  for (const [status, code] of BLOCKED) {
    it(`${status}: writes get 403 ${code} and change nothing; reads still work`, async () => {
      const me = await signedInUser(t);
      await setUserFields(t.db, me.user.id, { account_status: status });
      const before = await userRow(t, me.user.id);

      for (const headers of [{ cookie: me.cookie }, { authorization: me.bearer }]) {
        const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers, payload: { displayName: 'Changed' } });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: expect.any(String), code });
      }
      const email = await t.app.inject({ method: 'POST', url: '/api/user/email', headers: { cookie: me.cookie }, payload: { email: 'new-address@example.com' } });
      expect(email.statusCode).toBe(403);
      expect(email.json().code).toBe(code);
      expect(await userRow(t, me.user.id)).toEqual(before);

      const read = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: me.cookie } });
      expect(read.statusCode).toBe(200);
      expect(read.json().user.accountStatus).toBe(status);
      const identities = await t.app.inject({ method: 'GET', url: '/api/user/identities', headers: { cookie: me.cookie } });
      expect(identities.statusCode).toBe(200);
    });
  }

  for (const status of ['probation', 'active']) {
    it(`${status} accounts may write`, async () => {
      const me = await signedInUser(t);
      await setUserFields(t.db, me.user.id, { account_status: status });
      const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: me.cookie }, payload: { displayName: 'Changed' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ displayName: 'Changed', accountStatus: status });
    });
  }
});

describe('account-status enforcement off (ACCOUNT_STATUS_ENFORCEMENT=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smtp: false, env: { ACCOUNT_STATUS_ENFORCEMENT: 'false' } });
  });
  afterAll(async () => t.close());

  for (const status of ['restricted', 'suspended', 'banned', 'probation', 'active']) {
    it(`${status} accounts write normally and no account-status code appears`, async () => {
      const me = await signedInUser(t);
      await setUserFields(t.db, me.user.id, { account_status: status });
      const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: me.cookie }, payload: { bio: `now ${status}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/account_(banned|suspended|restricted|probation)/);
      expect((await userRow(t, me.user.id)).bio).toBe(`now ${status}`);
    });
  }
});

// The pure guard helpers, with a tiny fake request carrying only what they read.
describe('guard helpers', () => {
  const NOW = new Date('2030-01-01T12:00:00.000Z');
  const clock = new ManualClock(NOW);
  const on = { server: { ctx: { config: loadConfig({}), clock } } } as unknown as FastifyRequest;
  const off = { server: { ctx: { config: loadConfig({ ACCOUNT_STATUS_ENFORCEMENT: 'false' }), clock } } } as unknown as FastifyRequest;
  const probation = { account_status: 'probation' };
  const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 3600_000;

  function caught(fn: () => void): AppError {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    }
    throw new Error('expected the guard to throw');
  }

  describe('assertProbationQuota', () => {
    it('allows fewer than 3 posts in the rolling hour', () => {
      expect(() => assertProbationQuota(on, probation, [ago(5 * MIN), ago(1 * MIN)])).not.toThrow();
      // A post exactly an hour old has left the window.
      expect(() => assertProbationQuota(on, probation, [ago(HOUR), ago(30 * MIN), ago(MIN)])).not.toThrow();
    });

    it('the 4th post within an hour is 429 scope hour, Retry-After when the oldest leaves the window', () => {
      const err = caught(() => assertProbationQuota(on, probation, [ago(MIN), ago(50 * MIN), ago(20 * MIN)]));
      expect(err.statusCode).toBe(429);
      expect(err.message).toBe('rate_limited');
      expect(err.code).toBe('account_probation_rate_limited');
      expect(err.extra).toEqual({ scope: 'hour' });
      // The post 50 minutes old frees a slot in 10 minutes.
      expect(err.headers).toEqual({ 'retry-after': '600' });
    });

    it('the 11th post within a rolling day is 429 scope day', () => {
      const times = Array.from({ length: 10 }, (_, i) => ago((23 - i) * HOUR)); // 23h .. 14h ago
      const err = caught(() => assertProbationQuota(on, probation, times));
      expect(err.statusCode).toBe(429);
      expect(err.code).toBe('account_probation_rate_limited');
      expect(err.extra).toEqual({ scope: 'day' });
      expect(err.headers).toEqual({ 'retry-after': String(3600) });

      // With more than the limit in the window, the post that must age out is the 10th newest.
      const twelve = [...times, ago(23.5 * HOUR), ago(23.75 * HOUR)];
      expect(caught(() => assertProbationQuota(on, probation, twelve)).headers).toEqual({ 'retry-after': '3600' });
      const nine = times.slice(1); // 22h .. 14h ago
      expect(() => assertProbationQuota(on, probation, nine)).not.toThrow();
      // Posts older than 24 hours do not count.
      expect(() => assertProbationQuota(on, probation, [...nine, ago(24 * HOUR), ago(30 * HOUR)])).not.toThrow();
    });

    it('passes for non-probation accounts and when enforcement is off', () => {
      const many = Array.from({ length: 20 }, (_, i) => ago((i + 1) * MIN));
      for (const status of ['active', 'restricted', 'suspended', 'banned']) {
        expect(() => assertProbationQuota(on, { account_status: status }, many)).not.toThrow();
      }
      expect(() => assertProbationQuota(off, probation, many)).not.toThrow();
    });

    it('reaches the client as { error: "rate_limited", code, scope } with a Retry-After header', async () => {
      const app = Fastify({ logger: false });
      registerErrorHandling(app);
      app.post('/post', async () => assertProbationQuota(on, probation, [ago(10 * MIN), ago(20 * MIN), ago(30 * MIN)]));
      const res = await app.inject({ method: 'POST', url: '/post' });
      await app.close();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: 'rate_limited', code: 'account_probation_rate_limited', scope: 'hour' });
      expect(res.headers['retry-after']).toBe('1800');
    });
  });

  describe('assertNotProbation', () => {
    it('refuses probation accounts with 403 account_probation_feature', () => {
      const err = caught(() => assertNotProbation(on, probation));
      expect(err.statusCode).toBe(403);
      expect(err.code).toBe('account_probation_feature');
      // It says how to get out of probation.
      expect(err.message).toBe(
        'This feature is not available while your account is in probation: verify your e-mail address; POST /api/auth/send-verification-email sends the link again',
      );
    });

    it('passes other statuses, and probation when enforcement is off', () => {
      expect(() => assertNotProbation(on, { account_status: 'active' })).not.toThrow();
      expect(() => assertNotProbation(off, probation)).not.toThrow();
    });
  });

  describe('assertSubscriber', () => {
    it('refuses free accounts with 403 saying an active subscription is required', () => {
      const err = caught(() => assertSubscriber({ customer_status: 'free' }));
      expect(err.statusCode).toBe(403);
      expect(err.message).toMatch(/active subscription is required/i);
      // And who grants one.
      expect(err.message).toBe('An active subscription is required: ask an administrator');
    });

    it('passes every subscriber tier', () => {
      for (const tier of ['subscriber', 'subscriber:monthly', 'subscriber:annual']) {
        expect(() => assertSubscriber({ customer_status: tier })).not.toThrow();
      }
    });
  });
});
