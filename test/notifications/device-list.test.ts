import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';

// GET /api/push/devices: the caller's own registered devices (the settings page lists them and
// unregisters one by its token), most recently registered first; never another user's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const register = (cookie: string, body: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/push/register', headers: { cookie }, payload: body });
const list = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/push/devices', headers });

it('lists the caller’s devices newest first, and not after unregistering', async () => {
  const user = await registerUser(t.app);
  const stranger = await registerUser(t.app);
  expect((await register(user.cookie, { token: 'ios-token-1', platform: 'ios', environment: 'sandbox' })).statusCode).toBe(200);
  t.clock.advance(1000);
  expect((await register(user.cookie, { token: 'android-token-2', platform: 'android', environment: 'production' })).statusCode).toBe(200);
  await register(stranger.cookie, { token: 'stranger-token', platform: 'ios' });

  const res = await list({ cookie: user.cookie });
  expect(res.statusCode, res.body).toBe(200);
  const { devices } = res.json();
  expect(devices.map((d: { token: string; platform: string; environment: string }) => [d.token, d.platform, d.environment])).toEqual([
    ['android-token-2', 'android', 'production'],
    ['ios-token-1', 'ios', 'sandbox'],
  ]);
  for (const d of devices) expect(Object.keys(d).sort()).toEqual(['createdAt', 'environment', 'platform', 'token', 'updatedAt']);

  await t.app.inject({ method: 'DELETE', url: '/api/push/unregister', headers: { cookie: user.cookie }, payload: { token: 'ios-token-1' } });
  expect((await list({ cookie: user.cookie })).json().devices.map((d: { token: string }) => d.token)).toEqual(['android-token-2']);
  expect((await list({})).statusCode).toBe(401);
});
