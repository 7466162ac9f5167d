import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReauthRequired, withAccessToken } from '../../src/features/identities/credentials.js';
import { refresherFor } from '../../src/features/identities/providers/index.js';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';
import { Browser } from '../helpers/networks/browser.js';
import { codehostStandIn } from '../helpers/networks/codehost.js';
import { mastodonStandIn } from '../helpers/networks/mastodon.js';
import { networkCStandIn } from '../helpers/networks/network-c.js';
import { networkDStandIn } from '../helpers/networks/network-d.js';

// Sign-in and linking driven as a browser would (cookies kept, every redirect followed by hand)
// against loopback stand-ins of a Mastodon instance, networkC, networkD and codehost that check
// client authentication, redirect_uri, the PKCE verifier and Bearer tokens.

let t: TestApp;
let d: Awaited<ReturnType<typeof networkDStandIn>>;
let c: Awaited<ReturnType<typeof networkCStandIn>>;
let code: Awaited<ReturnType<typeof codehostStandIn>>;
let a: Awaited<ReturnType<typeof mastodonStandIn>>;

beforeAll(async () => {
  [d, c, code, a] = await Promise.all([networkDStandIn(), networkCStandIn({ organizations: { '1001': 'Acme Corp', '1002': 'Beta Books' } }), codehostStandIn(), mastodonStandIn()]);
  t = await createTestApp({
    smtp: false,
    env: { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', WEB_URL: 'https://web.example', PUBLIC_ORIGIN_REDIRECTS: 'https://app.example', ...d.env, ...c.env, ...code.env },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([d, c, code, a].map((s) => s.server.stop()));
  // Whatever the stand-ins refused on the way is listed here: nothing unexpected.
});

const browser = () => new Browser(t.app);
const get = (b: Browser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: b.cookie } });
const identities = async (b: Browser) => (await get(b, '/api/user/identities')).json().identities;

describe('signing in with a provider account linked to no one creates an account', () => {
  it('networkD (PKCE, Basic client auth): 302s to the provider and back to returnTo with oauth=signed_in and a session', async () => {
    d.server.accountId = 'd-100';
    const b = browser();
    const { landing, hops } = await b.roundTrip('/api/auth/networkD/authorize?returnTo=/home');
    expect(hops.map((h) => h.status)).toEqual([302, 302, 302]);
    const toProvider = new URL(hops[0].location!);
    expect(toProvider.origin + toProvider.pathname).toBe(`${d.server.origin}/i/oauth2/authorize`);
    expect(toProvider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(toProvider.searchParams.get('scope')).toContain('offline.access');
    expect(landing.toString()).toBe('http://localhost:3000/home?oauth=signed_in');
    expect(b.cookies.has('service-session')).toBe(true);
    const me = (await get(b, '/api/user')).json().user;
    expect(me).toMatchObject({ username: 'd_d_100', email: '', emailVerified: false });
    expect(await identities(b)).toEqual([{ id: expect.any(String), provider: 'networkD', handle: 'd_d-100', instanceName: null, status: 'active' }]);
    // Tokens are sealed at rest.
    const row = await t.db.kysely.selectFrom('identities').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
    for (const token of [...d.server.accessTokens.keys(), ...d.server.refreshTokens.keys()]) expect(JSON.stringify(row)).not.toContain(token);
    expect(d.server.failures).toEqual([]);
  });

  it('the same provider account signs in to that account again, from another browser', async () => {
    d.server.accountId = 'd-100';
    const b = browser();
    const { landing } = await b.roundTrip('/api/auth/networkD/authorize');
    expect(landing.toString()).toBe('http://localhost:3000/?oauth=signed_in');
    expect((await get(b, '/api/user')).json().user.username).toBe('d_d_100');
    expect(await t.db.kysely.selectFrom('users').select('id').where('username', 'like', 'd_d_100%').execute()).toHaveLength(1);
  });

  it('codehost: username from the login made unique, the e-mail kept only when verified and unused', async () => {
    const taken = await registerUser(t.app, { username: 'octo_cat', email: 'used@example.org' });
    code.setAccount('7', { login: 'octo-cat', emails: [{ email: 'octo@example.org', primary: true, verified: true }] });
    code.setAccount('8', { login: 'octo-cat', emails: [{ email: 'unverified@example.org', primary: true, verified: false }] });
    code.setAccount('9', { login: 'someone', emails: [{ email: 'used@example.org', primary: true, verified: true }] });
    const users = [];
    for (const id of ['7', '8', '9']) {
      code.server.accountId = id;
      const b = browser();
      expect((await b.roundTrip('/api/auth/codehost/authorize')).landing.searchParams.get('oauth')).toBe('signed_in');
      users.push((await get(b, '/api/user')).json().user);
    }
    expect(users[0]).toMatchObject({ username: 'octo_cat_2', email: 'octo@example.org', emailVerified: true });
    expect(users[1]).toMatchObject({ username: 'octo_cat_3', email: '', emailVerified: false });
    expect(users[2]).toMatchObject({ username: 'someone', email: '', emailVerified: false });
    expect(taken.user.username).toBe('octo_cat');
    expect(code.server.failures).toEqual([]);
  });
});

describe('linking with a session', () => {
  it('links the provider account to the signed-in account: oauth=linked, no new account', async () => {
    const me = await registerUser(t.app);
    code.server.accountId = '21';
    const b = browser().withSession(me.cookie);
    const { landing } = await b.roundTrip('/api/auth/codehost/authorize?returnTo=https://web.example/settings');
    expect(landing.toString()).toBe('https://web.example/settings?oauth=linked');
    expect(await identities(b)).toEqual([expect.objectContaining({ provider: 'codehost', handle: 'coder21', status: 'active' })]);
    expect((await get(b, '/api/user')).json().user.id).toBe(me.user.id);
  });

  it('a provider account linked to another account: oauth_error=identity_in_use, nothing changes', async () => {
    const other = await registerUser(t.app);
    code.server.accountId = '21';
    const b = browser().withSession(other.cookie);
    const { landing } = await b.roundTrip('/api/auth/codehost/authorize?returnTo=/x');
    expect(landing.toString()).toBe('http://localhost:3000/x?oauth_error=identity_in_use');
    expect(await identities(b)).toEqual([]);
  });

  it('networkA: the instance named by origin, the app registered once per instance, the handle @user@host', async () => {
    const me = await registerUser(t.app);
    const b = browser().withSession(me.cookie);
    a.server.accountId = '55';
    const first = await b.roundTrip(`/api/auth/networkA/authorize?instance=${encodeURIComponent(a.instance)}`);
    expect(first.landing.searchParams.get('oauth')).toBe('linked');
    const host = new URL(a.instance).host;
    expect(await identities(b)).toEqual([expect.objectContaining({ provider: 'networkA', handle: `@m_55@${host}`, instanceName: host })]);
    const json = await t.app.inject({ method: 'GET', url: `/api/auth/networkA/authorize?instance=${encodeURIComponent(a.instance)}`, headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.json().authorizationUrl).toMatch(new RegExp(`^${a.instance}/oauth/authorize\\?`));
    expect(a.registrations).toHaveLength(1);
    expect(a.registrations[0]).toMatchObject({ redirectUris: 'http://localhost:3000/api/auth/networkA/callback', scopes: 'read write' });
    const app = await t.db.kysely.selectFrom('network_a_apps').selectAll().executeTakeFirstOrThrow();
    expect(app.instance).toBe(a.instance);
    expect(app.client_secret_sealed).toMatch(/^v1:/);
    expect(a.server.failures).toEqual([]);
  });

  it('networkA: two first sign-ins to a new instance at once both complete with the one registration kept', async () => {
    const fresh = await mastodonStandIn();
    try {
      const me = await registerUser(t.app);
      fresh.server.accountId = '77';
      // Both registrations are on the wire before either is answered: each read "no app" first.
      fresh.holdApps(2);
      const path = `/api/auth/networkA/authorize?instance=${encodeURIComponent(fresh.instance)}`;
      const trips = await Promise.all([browser().withSession(me.cookie).roundTrip(path), browser().withSession(me.cookie).roundTrip(path)]);
      expect(trips.map((trip) => trip.landing.searchParams.get('oauth'))).toEqual(['linked', 'linked']);
      expect(fresh.registrations).toHaveLength(2);
      const apps = await t.db.kysely.selectFrom('network_a_apps').selectAll().where('instance', '=', fresh.instance).execute();
      expect(apps).toHaveLength(1);
      // Both authorize steps sent the browser with the kept client, and both token exchanges authenticated as it.
      const clientIds = trips.map((trip) => new URL(trip.hops[1].url).searchParams.get('client_id'));
      expect(clientIds).toEqual([apps[0].client_id, apps[0].client_id]);
      expect(fresh.server.failures).toEqual([]);
    } finally {
      await fresh.server.stop();
    }
  });

  it('networkA instance rules: missing 400, malformed 400 invalid_instance, unreachable or private 400 provider_unreachable', async () => {
    const ask = (q: string) => t.app.inject({ method: 'GET', url: `/api/auth/networkA/authorize${q}` });
    expect((await ask('')).statusCode).toBe(400);
    expect((await ask('?instance=not%20a%20host')).json().code).toBe('invalid_instance');
    expect((await ask('?instance=https://x.example/path')).json().code).toBe('invalid_instance');
    for (const instance of ['http://127.0.0.1:9', 'http://127.0.0.2:1']) {
      const res = await ask(`?instance=${encodeURIComponent(instance)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'provider_unreachable' });
    }
  });

  it('networkC: sign-in keeps the person target; org-authorize (Session) adds the administered organization pages', async () => {
    c.setAccount('p-1', { name: 'Grace Hopper', administers: ['1001', '1002'] });
    c.server.accountId = 'p-1';
    const me = await registerUser(t.app);
    const b = browser().withSession(me.cookie);
    expect((await b.roundTrip('/api/auth/networkC/authorize')).landing.searchParams.get('oauth')).toBe('linked');
    const targets = async () => (await get(b, '/api/user/networkC/targets')).json().targets;
    expect(await targets()).toEqual([{ id: expect.any(String), kind: 'person', name: 'Grace Hopper' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/networkC/org-authorize' })).statusCode).toBe(401);
    const org = await b.roundTrip('/api/auth/networkC/org-authorize?returnTo=/orgs');
    expect(new URL(org.hops[0].location!).searchParams.get('scope')).toContain('w_organization_social');
    expect(org.landing.toString()).toBe('http://localhost:3000/orgs?oauth=linked');
    expect(await targets()).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), kind: 'person', name: 'Grace Hopper' },
        { id: expect.any(String), kind: 'organization', name: 'Acme Corp' },
        { id: expect.any(String), kind: 'organization', name: 'Beta Books' },
      ]),
    );
    expect(await targets()).toHaveLength(3);
    const stored = await t.db.kysely.selectFrom('network_c_targets').select(['external_id']).where('user_id', '=', me.user.id).execute();
    expect(stored.map((s) => s.external_id).sort()).toEqual(['urn:li:organization:1001', 'urn:li:organization:1002', 'urn:li:person:p-1']);
    expect(c.server.failures).toEqual([]);
  });
});

describe('states and returnTo', () => {
  it('a replayed callback: oauth_error=invalid_state, nothing linked', async () => {
    const me = await registerUser(t.app);
    code.server.accountId = '31';
    const b = browser().withSession(me.cookie);
    const hops = await b.follow('/api/auth/codehost/authorize?returnTo=/r');
    const callback = hops[2].url;
    expect(new URL(hops[2].location!).searchParams.get('oauth')).toBe('linked');
    const replay = await b.visit(callback);
    expect(replay.location).toBe('http://localhost:3000/?oauth_error=invalid_state');
  });

  it('a state begun in another browser: oauth_error=invalid_state, and nothing linked', async () => {
    const victim = await registerUser(t.app);
    const attacker = browser();
    code.server.accountId = '41';
    const hops = await attacker.follow('/api/auth/codehost/authorize');
    // The attacker stops before the callback and hands its address to the victim's browser.
    const callback = hops[1].location!;
    const vb = browser().withSession(victim.cookie);
    expect((await vb.visit(callback)).location).toBe('http://localhost:3000/?oauth_error=invalid_state');
    expect(await identities(vb)).toEqual([]);
  });

  it('the provider answers access_denied: oauth_error=access_denied at returnTo', async () => {
    d.server.denyNext = true;
    const b = browser();
    const { landing } = await b.roundTrip('/api/auth/networkD/authorize?returnTo=https://app.example/back');
    expect(landing.toString()).toBe('https://app.example/back?oauth_error=access_denied');
    expect(b.cookies.has('service-session')).toBe(false);
  });

  it('a returnTo elsewhere: 400 invalid_return_to, no state and no redirect', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'https://web.example.evil.example/', '/\\evil.example']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/networkD/authorize?returnTo=${encodeURIComponent(returnTo)}` });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'invalid_return_to' });
    }
  });

  it('Accept: application/json answers 200 { authorizationUrl } and the browser cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/codehost/authorize', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['authorizationUrl']);
    expect(res.json().authorizationUrl).toMatch(new RegExp(`^${code.server.origin}/login/oauth/authorize\\?`));
    const cookie = res.cookies.find((x) => x.name === 'oauth-browser')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
  });
});

describe('unlinking, revocation and refresh', () => {
  it('unlink revokes at the provider (networkD, codehost, networkA); the only sign-in method stays (409)', async () => {
    const me = await registerUser(t.app);
    const b = browser().withSession(me.cookie);
    d.server.accountId = 'd-200';
    code.server.accountId = '51';
    a.server.accountId = '56';
    await b.roundTrip('/api/auth/networkD/authorize');
    await b.roundTrip('/api/auth/codehost/authorize');
    await b.roundTrip(`/api/auth/networkA/authorize?instance=${encodeURIComponent(a.instance)}`);
    const linked = await identities(b);
    expect(linked.map((i: { provider: string }) => i.provider)).toEqual(['networkD', 'codehost', 'networkA']);
    const [dRevoked, codeRevoked, aRevoked] = [d.server.revoked.length, code.revokedGrants.length, a.server.revoked.length];
    for (const identity of linked) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/user/identities/${identity.id}`, headers: { cookie: b.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Identity unlinked' });
    }
    expect(d.server.revoked.length).toBe(dRevoked + 1);
    expect(d.server.revoked.at(-1)).toMatch(/^rt-/);
    expect(code.revokedGrants.length).toBe(codeRevoked + 1);
    expect(a.server.revoked.length).toBe(aRevoked + 1);
    expect(await identities(b)).toEqual([]);

    // An account made by a sign-in has no password: its only identity stays.
    d.server.accountId = 'd-201';
    const solo = browser();
    await solo.roundTrip('/api/auth/networkD/authorize');
    const [only] = await identities(solo);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/user/identities/${only.id}`, headers: { cookie: solo.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('last_sign_in_method');
  });

  it('networkD refresh rotates the refresh token; a refused refresh marks the identity reauth_required', async () => {
    d.server.accountId = 'd-300';
    const b = browser();
    await b.roundTrip('/api/auth/networkD/authorize');
    const [identity] = await identities(b);
    const ctx = t.app.ctx;
    t.clock.advance(2 * 3600_000);
    const before = new Set(d.server.refreshTokens.keys());
    const seen = await withAccessToken(ctx, identity.id, refresherFor(ctx, 'networkD'), async (creds) => creds.tokens!);
    expect(before.has(seen.refreshToken!)).toBe(false);
    expect(d.server.accessTokens.has(seen.accessToken)).toBe(true);
    t.clock.advance(2 * 3600_000);
    d.server.refuseRefresh = true;
    try {
      await expect(withAccessToken(ctx, identity.id, refresherFor(ctx, 'networkD'), async () => 'never')).rejects.toBeInstanceOf(ReauthRequired);
    } finally {
      d.server.refuseRefresh = false;
    }
    expect(await identities(b)).toEqual([expect.objectContaining({ id: identity.id, status: 'reauth_required' })]);
    // Signing in again with the provider links it afresh: active again.
    await b.roundTrip('/api/auth/networkD/authorize');
    expect(await identities(b)).toEqual([expect.objectContaining({ id: identity.id, status: 'active' })]);
  });
});

describe('configuration', () => {
  it('status: configured and the callback address (Session only)', async () => {
    const me = await registerUser(t.app);
    for (const provider of ['networkC', 'networkD']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/status`, headers: { cookie: me.cookie } });
      expect(res.json()).toEqual({ configured: true, redirectUri: `http://localhost:3000/api/auth/${provider}/callback` });
      expect((await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/status` })).statusCode).toBe(401);
    }
  });

  it('unconfigured providers: 503 provider_not_configured; status configured false', async () => {
    const bare = await createTestApp({ smtp: false });
    try {
      const me = await registerUser(bare.app);
      for (const provider of ['networkC', 'networkD', 'codehost']) {
        const res = await bare.app.inject({ method: 'GET', url: `/api/auth/${provider}/authorize` });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: `${provider} sign-in is not configured on this server: set ${provider.toUpperCase()}_CLIENT_ID and ${provider.toUpperCase()}_CLIENT_SECRET`, code: 'provider_not_configured' });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const status = await bare.app.inject({ method: 'GET', url: '/api/auth/networkD/status', headers: { cookie: me.cookie } });
      expect(status.json()).toEqual({ configured: false, redirectUri: 'http://localhost:3000/api/auth/networkD/callback' });
    } finally {
      await bare.close();
    }
  });
});
