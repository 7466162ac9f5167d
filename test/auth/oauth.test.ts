import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';
import { HEX64, setCookieHeader } from './support.js';

const PROVIDERS = ['networkA', 'networkB', 'networkC', 'networkD', 'codehost'] as const;

function oauthEnv(provider: string, authorizeUrl: string): Record<string, string> {
  const p = provider.toUpperCase();
  return {
    [`${p}_CLIENT_ID`]: `${provider}-client`,
    [`${p}_CLIENT_SECRET`]: 'shh-secret',
    [`${p}_AUTHORIZE_URL`]: authorizeUrl,
    [`${p}_TOKEN_URL`]: `https://${provider.toLowerCase()}.example/oauth/token`,
  };
}

describe('OAuth while no provider is configured', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ smtp: false });
    cookie = (await registerUser(t.app)).cookie;
  });
  afterAll(async () => t.close());

  it.each(PROVIDERS)('%s authorize and callback answer 400 oauth_not_configured', async (provider) => {
    for (const path of ['authorize', 'callback?code=abc&state=def']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/${path}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: `${provider} sign-in is not configured`, code: 'oauth_not_configured' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('networkC org-authorize and org-callback check the session first (401), then configuration (400)', async () => {
    for (const path of ['org-authorize', 'org-callback?code=a&state=b']) {
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/auth/networkC/${path}` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: expect.any(String) });
      const signedIn = await t.app.inject({ method: 'GET', url: `/api/auth/networkC/${path}`, headers: { cookie } });
      expect(signedIn.statusCode).toBe(400);
      expect(signedIn.json()).toEqual({ error: 'networkC sign-in is not configured', code: 'oauth_not_configured' });
    }
  });

  it.each(['networkC', 'networkD'])('%s status: configured false and the callback address; 401 without a session', async (provider) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/status`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: false, redirectUri: `http://localhost:3000/api/auth/${provider}/callback` });
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/status` })).statusCode).toBe(401);
  });

  it('other providers have no status path', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/networkA/status', headers: { cookie } })).statusCode).toBe(404);
  });
});

describe('OAuth with configured providers', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      smtp: false,
      env: {
        ...oauthEnv('networkA', 'https://social.example/oauth/authorize?prompt=consent'),
        ...oauthEnv('networkC', 'https://pro.example/oauth/v2/authorization'),
        ...oauthEnv('codehost', 'https://code.example/login/oauth/authorize'),
      },
    });
    cookie = (await registerUser(t.app)).cookie;
  });
  afterAll(async () => t.close());

  async function authorize(provider: string, path = 'authorize', headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/${path}`, headers });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    const state = location.searchParams.get('state')!;
    const stateCookie = res.cookies.find((c) => c.name.startsWith('oauth-state-'))!;
    return { res, location, state, stateCookie };
  }

  it('authorize redirects to the provider with code flow parameters and a state kept in a short-lived cookie', async () => {
    const { res, location, state, stateCookie } = await authorize('networkA');
    expect(`${location.origin}${location.pathname}`).toBe('https://social.example/oauth/authorize');
    expect(location.searchParams.get('prompt')).toBe('consent');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('client_id')).toBe('networkA-client');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/networkA/callback');
    expect(state).toMatch(HEX64);
    expect(location.toString()).not.toContain('shh-secret');
    expect(stateCookie).toMatchObject({ name: 'oauth-state-networkA', value: state, path: '/api/auth', maxAge: 600 });
    const header = setCookieHeader(res, 'oauth-state-networkA');
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).not.toMatch(/; Secure/);
    // Each authorize gets a new state.
    expect((await authorize('networkA')).state).not.toBe(state);
  });

  it('a callback with the matching state and a code reaches the exchange, which answers 501 for now', async () => {
    const { state } = await authorize('codehost');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/codehost/callback?code=the-code&state=${state}&scope=read`,
      headers: { cookie: `oauth-state-codehost=${state}` },
    });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'oauth_exchange_unavailable' });
    // The state is spent.
    expect(setCookieHeader(res, 'oauth-state-codehost')).toMatch(/^oauth-state-codehost=;.*Expires=Thu, 01 Jan 1970/);
  });

  it.each([
    ['a different state', () => `code=c&state=${'0'.repeat(64)}`, (s: string) => `oauth-state-networkA=${s}`],
    ['no state parameter', () => 'code=c', (s: string) => `oauth-state-networkA=${s}`],
    ['no state cookie', (s: string) => `code=c&state=${s}`, () => ''],
    ['the state of another provider', (s: string) => `code=c&state=${s}`, (s: string) => `oauth-state-codehost=${s}`],
  ])('%s is 400 oauth_state_mismatch', async (_what, query, cookieOf) => {
    const { state } = await authorize('networkA');
    const c = cookieOf(state);
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/networkA/callback?${query(state)}`, headers: c ? { cookie: c } : {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'oauth_state_mismatch' });
  });

  it('a matching state without a code is 400 oauth_missing_code; a provider error is 400 oauth_denied', async () => {
    const { state } = await authorize('networkA');
    const headers = { cookie: `oauth-state-networkA=${state}` };
    const missing = await t.app.inject({ method: 'GET', url: `/api/auth/networkA/callback?state=${state}`, headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('oauth_missing_code');
    const denied = await t.app.inject({ method: 'GET', url: `/api/auth/networkA/callback?state=${state}&error=access_denied`, headers });
    expect(denied.statusCode).toBe(400);
    expect(denied.json().code).toBe('oauth_denied');
  });

  it('an over-long code or state is 400, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/networkA/callback?code=${'c'.repeat(5000)}&state=s` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('an unconfigured provider still answers oauth_not_configured next to configured ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/networkB/authorize' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('oauth_not_configured');
  });

  it('the state cookie is Secure behind a trusted TLS proxy', async () => {
    const proxied = await createTestApp({
      smtp: false,
      env: { TRUST_PROXY: 'true', ...oauthEnv('networkD', 'https://short.example/oauth/authorize') },
    });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/auth/networkD/authorize', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.statusCode).toBe(302);
      expect(setCookieHeader(res, 'oauth-state-networkD')).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('networkC org flow: session required, its own callback and state cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/networkC/org-authorize' })).statusCode).toBe(401);
    const { location, state, stateCookie } = await authorize('networkC', 'org-authorize', { cookie });
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/networkC/org-callback');
    expect(stateCookie.name).toBe('oauth-state-networkC-org');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/networkC/org-callback?code=c&state=${state}`,
      headers: { cookie: `${cookie}; oauth-state-networkC-org=${state}` },
    });
    expect(res.statusCode).toBe(501);
    expect(res.json().code).toBe('oauth_exchange_unavailable');
    // The sign-in callback does not accept the org flow's state.
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/auth/networkC/callback?code=c&state=${state}`,
      headers: { cookie: `oauth-state-networkC-org=${state}` },
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('oauth_state_mismatch');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/auth/networkC/org-callback?code=c&state=${state}`,
      headers: { cookie: `oauth-state-networkC-org=${state}` },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('status reports configured true for networkC and false for networkD', async () => {
    const c = await t.app.inject({ method: 'GET', url: '/api/auth/networkC/status', headers: { cookie } });
    expect(c.json()).toEqual({ configured: true, redirectUri: 'http://localhost:3000/api/auth/networkC/callback' });
    const d = await t.app.inject({ method: 'GET', url: '/api/auth/networkD/status', headers: { cookie } });
    expect(d.json()).toEqual({ configured: false, redirectUri: 'http://localhost:3000/api/auth/networkD/callback' });
  });
});
