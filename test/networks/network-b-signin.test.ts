import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { LoopbackPages } from '../helpers/loopback-pages.js';
import { NetworkBStandIn, type Account } from '../helpers/networks/network-b.js';

// networkB sign-in and linking through the service's routes, driven as a browser would: the
// authorize redirect (with its HttpOnly binding cookie), the authorization server's page (PAR,
// PKCE and DPoP already checked by the stand-in), the callback with the cookie, and what the
// account then has.

let standIn: NetworkBStandIn;
let inside: LoopbackPages;
let t: TestApp;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  standIn = await new NetworkBStandIn().start();
  inside = await new LoopbackPages('127.0.0.1', { '/.well-known/atproto-did': (_req, res) => res.end('did:plc:aaaaaaaaaaaaaaaaaaaaaaaa') }).start();
  alice = standIn.addAccount('alice.test');
  bob = standIn.addAccount('bob.test');
  t = await createTestApp({
    smtp: false,
    env: { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', NETWORKB_DIRECTORY_URL: standIn.directoryUrl },
    outbound: standIn.mappingFetcher({ 'inside.test': `http://127.0.0.1:${inside.port}` }),
  });
});

afterAll(async () => {
  await t.close();
  await standIn.stop();
  await inside.stop();
});

beforeEach(() => {
  standIn.authorizeAs = 'hinted';
});

/** A browser: its cookies, kept from every answer and sent with every request to the service. */
class Browser {
  readonly cookies = new Map<string, string>();

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({ method: 'GET', url: path, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** authorize → the provider's page → the callback: the callback's answer. */
  async signInWith(handle: string, query = ''): Promise<LightMyRequestResponse> {
    const authorize = await this.get(`/api/auth/networkB/authorize?handle=${encodeURIComponent(handle)}${query}`);
    expect(authorize.statusCode).toBe(302);
    const page = await fetch(standIn.local(authorize.headers.location as string), { redirect: 'manual' });
    expect(page.status).toBe(302);
    const callback = page.headers.get('location')!;
    expect(callback.startsWith('http://127.0.0.1:3000/api/auth/networkB/callback?')).toBe(true);
    return this.get(callback);
  }
}

function redirectQuery(res: LightMyRequestResponse): URLSearchParams {
  return new URL(res.headers.location as string, 'http://localhost:3000').searchParams;
}

describe('networkB sign-in through the routes', () => {
  it('authorize answers 302 to the authorization server with a pushed request, or the address as JSON', async () => {
    const browser = new Browser();
    const res = await browser.get('/api/auth/networkB/authorize?handle=alice.test');
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${standIn.issuer}/oauth/authorize`);
    expect(location.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    expect(location.searchParams.get('client_id')).toMatch(/^http:\/\/localhost\?redirect_uri=/);
    expect(browser.cookies.size).toBeGreaterThan(0);
    const json = await new Browser().get('/api/auth/networkB/authorize?handle=alice.test', { accept: 'application/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().authorizationUrl).toMatch(/^https:\/\/auth\.test\/oauth\/authorize\?/);
  });

  it('a browser without a session is signed in to a new account, then finds its identity listed', async () => {
    const browser = new Browser();
    const callback = await browser.signInWith('alice.test');
    expect(callback.statusCode).toBe(302);
    expect(redirectQuery(callback).get('oauth')).toBe('signed_in');
    const identities = await browser.get('/api/user/identities');
    expect(identities.statusCode).toBe(200);
    expect(identities.json().identities).toEqual([expect.objectContaining({ provider: 'networkB', handle: 'alice.test', status: 'active' })]);
    expect(JSON.stringify(identities.json())).not.toMatch(/acc-|ref-|dpop/i);
    // Signing in again reaches the same account (no second identity row).
    const again = await new Browser().signInWith('alice.test');
    expect(redirectQuery(again).get('oauth')).toBe('signed_in');
    const rows = await t.db.kysely.selectFrom('identities').select('id').where('provider', '=', 'networkB').where('provider_user_id', '=', alice.did).execute();
    expect(rows).toHaveLength(1);
  });

  it('a signed-in browser links the account; another account\'s identity is identity_in_use and nothing changes', async () => {
    const browser = new Browser();
    await browser.signInWith('bob.test');
    const other = new Browser();
    await other.signInWith('alice.test');
    const linked = await other.signInWith('bob.test');
    expect(redirectQuery(linked).get('oauth_error')).toBe('identity_in_use');
    const rows = await t.db.kysely.selectFrom('identities').select(['user_id']).where('provider_user_id', '=', bob.did).execute();
    expect(rows).toHaveLength(1);
  });

  it('a refusal at the provider comes back as oauth_error=access_denied', async () => {
    standIn.authorizeAs = 'deny';
    const callback = await new Browser().signInWith('alice.test');
    expect(callback.statusCode).toBe(302);
    expect(redirectQuery(callback).get('oauth_error')).toBe('access_denied');
  });

  it('a callback in another browser is invalid_state', async () => {
    const authorize = await new Browser().get('/api/auth/networkB/authorize?handle=alice.test');
    const page = await fetch(standIn.local(authorize.headers.location as string), { redirect: 'manual' });
    const callback = await new Browser().get(page.headers.get('location')!);
    expect(redirectQuery(callback).get('oauth_error')).toBe('invalid_state');
  });

  it('refuses a missing handle (400), and one that cannot be resolved or is a private address (400 provider_unreachable)', async () => {
    const missing = await new Browser().get('/api/auth/networkB/authorize');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    const unknown = await new Browser().get('/api/auth/networkB/authorize?handle=nobody.test');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'provider_unreachable' });
    const hits = inside.hits.length;
    const privateAddress = await new Browser().get('/api/auth/networkB/authorize?handle=inside.test');
    expect(privateAddress.statusCode).toBe(400);
    expect(privateAddress.json()).toMatchObject({ code: 'provider_unreachable' });
    expect(privateAddress.json().error).toContain('inside.test could not be resolved');
    expect(inside.hits.length).toBe(hits);
  });
});
