import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerUser, uniqueName, type TestApp } from '../helpers/app.js';
import { countRows, login, syncToken } from './support.js';

// Behind a trusted proxy (TRUST_PROXY=true) the client address comes from X-Forwarded-For, so each
// test here uses addresses of its own.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t.close());

let octet = 0;
function newAddress(): string {
  octet += 1;
  return `203.0.113.${octet}`;
}
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const MINUTE = 60_000;

function expect429(res: Awaited<ReturnType<typeof login>>, retryAfter: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: expect.any(String), code: 'rate_limited' });
  expect(res.headers['retry-after']).toBe(String(retryAfter));
}

function forgot(email: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers: from(ip) });
}

describe('failed sign-ins per account', () => {
  it('after 5 failures in 15 minutes even the right password is 429 until the window rolls over', async () => {
    const a = await registerUser(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await login(t.app, a.user.email, 'wrong password', from(newAddress()));
      expect(res.statusCode).toBe(400);
    }
    expect429(await login(t.app, a.user.email, a.password, from(newAddress())), 900);
    t.clock.advance(14 * MINUTE);
    expect429(await login(t.app, a.user.email, a.password, from(newAddress())), 60);
    t.clock.advance(MINUTE);
    expect((await login(t.app, a.user.email, a.password, from(newAddress()))).statusCode).toBe(200);
  });

  it('the window rolls: Retry-After counts down to when the oldest failure leaves it', async () => {
    const a = await registerUser(t.app);
    const ip = newAddress();
    for (let i = 0; i < 3; i++) await login(t.app, a.user.email, 'wrong password', from(ip));
    t.clock.advance(10 * MINUTE);
    for (let i = 0; i < 2; i++) await login(t.app, a.user.email, 'wrong password', from(ip));
    // The first three leave the window 5 minutes from now.
    expect429(await login(t.app, a.user.email, a.password, from(ip)), 300);
    t.clock.advance(5 * MINUTE);
    // Two failures remain in the window: three more may be tried before the lock comes back.
    for (let i = 0; i < 3; i++) expect((await login(t.app, a.user.email, 'wrong password', from(ip))).statusCode).toBe(400);
    // Now the two failures of minute 10 are the oldest of the five: they leave at minute 25.
    expect429(await login(t.app, a.user.email, a.password, from(ip)), 10 * 60);
  });

  it('the limit is checked before the password is verified', async () => {
    const a = await registerUser(t.app);
    for (let i = 0; i < 5; i++) await login(t.app, a.user.email, 'wrong password', from(newAddress()));
    const spy = vi.spyOn(t.app.ctx.passwords, 'verify');
    try {
      expect((await login(t.app, a.user.email, a.password, from(newAddress()))).statusCode).toBe(429);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('login and sync-token failures count together, for either endpoint', async () => {
    const a = await registerUser(t.app);
    for (let i = 0; i < 3; i++) await login(t.app, a.user.email, 'wrong password', from(newAddress()));
    for (let i = 0; i < 2; i++) expect((await syncToken(t.app, a.user.email, 'wrong password', from(newAddress()))).statusCode).toBe(400);
    expect429(await syncToken(t.app, a.user.email, a.password, from(newAddress())), 900);
    expect429(await login(t.app, a.user.email, a.password, from(newAddress())), 900);
  });

  it('an unknown e-mail is throttled the same way (nothing to learn from the limit)', async () => {
    const email = `${uniqueName('ghost')}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(t.app, email, 'whatever', from(newAddress()))).statusCode).toBe(400);
    expect429(await login(t.app, email, 'whatever', from(newAddress())), 900);
  });

  it('successful sign-ins and sync tokens are not counted', async () => {
    const a = await registerUser(t.app);
    const ip = newAddress();
    for (let i = 0; i < 6; i++) {
      expect((await login(t.app, a.user.email, a.password, from(ip))).statusCode).toBe(200);
      expect((await syncToken(t.app, a.user.email, a.password, from(ip))).statusCode).toBe(200);
    }
  });
});

describe('failed sign-ins per client address', () => {
  it('20 failures from one address lock that address out for 15 minutes, for every account', async () => {
    const ip = newAddress();
    const victim = await registerUser(t.app);
    for (let i = 0; i < 20; i++) {
      const res = await login(t.app, `${uniqueName('probe')}@example.com`, 'wrong password', from(ip));
      expect(res.statusCode).toBe(400);
    }
    expect429(await login(t.app, victim.user.email, victim.password, from(ip)), 900);
    expect429(await syncToken(t.app, victim.user.email, victim.password, from(ip)), 900);
    // Another address is not affected.
    expect((await login(t.app, victim.user.email, victim.password, from(newAddress()))).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await login(t.app, victim.user.email, victim.password, from(ip))).statusCode).toBe(200);
  });

  it('an office behind one address is not locked out by many successful sign-ins and sign-ups', async () => {
    const ip = newAddress();
    for (let i = 0; i < 25; i++) {
      const username = uniqueName('office');
      const payload = { email: `${username}@example.com`, username, password: 'office password', displayName: 'Office' };
      const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers: from(ip) });
      expect(reg.statusCode).toBe(201);
      expect((await login(t.app, payload.email, payload.password, from(ip))).statusCode).toBe(200);
      expect((await syncToken(t.app, payload.email, payload.password, from(ip))).statusCode).toBe(200);
    }
  });
});

describe('client address without a trusted proxy', () => {
  it('X-Forwarded-For is ignored: every failure counts against the socket address', async () => {
    const direct = await createTestApp({ smtp: false });
    try {
      const a = await registerUser(direct.app);
      for (let i = 0; i < 20; i++) {
        await login(direct.app, `${uniqueName('p')}@example.com`, 'wrong password', from(`192.0.2.${i + 1}`));
      }
      const res = await login(direct.app, a.user.email, a.password, from('192.0.2.99'));
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('900');
    } finally {
      await direct.close();
    }
  });
});

describe('forgot-password limits', () => {
  it('3 requests per account per hour; the 4th is 429 until the hour has passed', async () => {
    const a = await registerUser(t.app);
    for (let i = 0; i < 3; i++) expect((await forgot(a.user.email, newAddress())).statusCode).toBe(200);
    expect429(await forgot(a.user.email.toUpperCase(), newAddress()), 3600);
    t.clock.advance(59 * MINUTE);
    expect429(await forgot(a.user.email, newAddress()), 60);
    t.clock.advance(MINUTE);
    expect((await forgot(a.user.email, newAddress())).statusCode).toBe(200);
  });

  it('the per-account limit applies to unknown e-mails too, with the same answers', async () => {
    const email = `${uniqueName('none')}@example.com`;
    for (let i = 0; i < 3; i++) expect((await forgot(email, newAddress())).statusCode).toBe(200);
    expect((await forgot(email, newAddress())).statusCode).toBe(429);
  });

  it('10 requests per address per hour; other addresses are counted separately', async () => {
    const ip = newAddress();
    for (let i = 0; i < 10; i++) expect((await forgot(`${uniqueName('f')}@example.com`, ip)).statusCode).toBe(200);
    expect429(await forgot(`${uniqueName('f')}@example.com`, ip), 3600);
    expect((await forgot(`${uniqueName('f')}@example.com`, newAddress())).statusCode).toBe(200);
  });
});

describe('storage', () => {
  it('hits are rows in rate_limit_events; rows older than a day are pruned', async () => {
    const before = await countRows(t.db, 'rate_limit_events');
    expect(before).toBeGreaterThan(0);
    t.clock.advance(25 * 3600_000);
    await login(t.app, `${uniqueName('late')}@example.com`, 'wrong password', from(newAddress()));
    // Only the two hits just recorded (account and address) remain.
    expect(await countRows(t.db, 'rate_limit_events')).toBe(2);
  });
});
