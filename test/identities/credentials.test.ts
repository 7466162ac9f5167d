import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessTokenRejected,
  loadCredentials,
  markReauthRequired,
  ReauthRequired,
  RefreshRefused,
  upsertIdentity,
  withAccessToken,
  type Credentials,
  type StoredTokens,
} from '../../src/features/identities/credentials.js';
import { beginState, consumeState } from '../../src/features/identities/oauth-state.js';
import { createHash } from 'node:crypto';
import { createTestApp, registerUser, secondInstance, type TestApp } from '../helpers/app.js';

// The identities foundation: credentials sealed at rest, refreshed under a per-identity lock with
// a compare-and-swap across instances, and the OAuth state's rules.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const inMinutes = (m: number) => new Date(t.clock.now().getTime() + m * 60_000).toISOString();

/** A provider's token endpoint in miniature: each refresh token works once and is replaced (rotation). */
class RotatingProvider {
  calls = 0;
  private live = new Set<string>();
  private n = 0;
  constructor(private readonly delayMs = 0) {}
  issue(): StoredTokens {
    this.n += 1;
    const tokens = { accessToken: `access-${this.n}`, refreshToken: `refresh-${this.n}`, expiresAt: inMinutes(120), scopes: 'post' };
    this.live.add(tokens.refreshToken);
    return tokens;
  }
  refresher = async (creds: Credentials): Promise<StoredTokens> => {
    this.calls += 1;
    await new Promise((r) => setTimeout(r, this.delayMs));
    const token = creds.tokens?.refreshToken ?? '';
    if (!this.live.delete(token)) throw new RefreshRefused('invalid_grant');
    return this.issue();
  };
  accepts(creds: Credentials): boolean {
    return creds.tokens?.accessToken === `access-${this.n}`;
  }
}

async function linked(tokens: StoredTokens | null, provider: 'networkD' | 'networkA' = 'networkD') {
  const { user } = await registerUser(t.app);
  const { id } = await upsertIdentity(t.app.ctx, { userId: user.id, provider, providerUserId: `acct-${user.id}`, handle: user.username, tokens });
  return { user, id };
}

describe('upsertIdentity and loadCredentials', () => {
  it('seal the tokens at rest and open them again', async () => {
    const { user } = await registerUser(t.app);
    const tokens = { accessToken: 'secret-access', refreshToken: 'secret-refresh', expiresAt: inMinutes(60), scopes: 'read write' };
    const first = await upsertIdentity(t.app.ctx, {
      userId: user.id,
      provider: 'networkA',
      providerUserId: '42',
      handle: '@ada@social.example',
      instanceName: 'social.example',
      instanceUrl: 'https://social.example',
      tokens,
      session: '{"dpop":"key"}',
    });
    expect(first.created).toBe(true);
    const row = await t.db.kysely.selectFrom('identities').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('secret-');
    expect(row.access_token_sealed).toMatch(/^v1:/);
    expect(row.session_sealed).toMatch(/^v1:/);
    expect(row).toMatchObject({ status: 'active', token_version: 0, instance_url: 'https://social.example', scopes: 'read write' });

    const creds = await loadCredentials(t.app.ctx, first.id);
    expect(creds).toEqual({
      identityId: first.id,
      userId: user.id,
      provider: 'networkA',
      providerUserId: '42',
      handle: '@ada@social.example',
      instanceName: 'social.example',
      instanceUrl: 'https://social.example',
      status: 'active',
      tokenVersion: 0,
      tokens,
      session: '{"dpop":"key"}',
    });

    // Linking the same account again updates it (new tokens, status back to active).
    await markReauthRequired(t.app.ctx, first.id);
    const again = await upsertIdentity(t.app.ctx, { userId: user.id, provider: 'networkA', providerUserId: '42', handle: '@ada2@social.example', instanceName: 'social.example', tokens: { ...tokens, accessToken: 'newer' } });
    expect(again).toEqual({ id: first.id, created: false });
    expect(await loadCredentials(t.app.ctx, first.id)).toMatchObject({ status: 'active', handle: '@ada2@social.example', tokens: { accessToken: 'newer' }, session: null, tokenVersion: 2 });
    expect(await loadCredentials(t.app.ctx, 'no-such-identity')).toBeNull();
  });

  it('refuse a provider account linked to another user: 409 identity_in_use, nothing changed', async () => {
    const { id } = await linked({ accessToken: 'a', refreshToken: null, expiresAt: null, scopes: null }, 'networkA');
    const owner = (await loadCredentials(t.app.ctx, id))!;
    const { user: other } = await registerUser(t.app);
    await expect(upsertIdentity(t.app.ctx, { userId: other.id, provider: 'networkA', providerUserId: owner.providerUserId, handle: 'x', tokens: null })).rejects.toMatchObject({
      statusCode: 409,
      code: 'identity_in_use',
    });
    expect(await loadCredentials(t.app.ctx, id)).toEqual(owner);
  });
});

describe('withAccessToken', () => {
  it('uses the stored token as it is while it is valid', async () => {
    const provider = new RotatingProvider();
    const { id } = await linked(provider.issue());
    expect(await withAccessToken(t.app.ctx, id, provider.refresher, async (c) => c.tokens!.accessToken)).toBe('access-1');
    expect(provider.calls).toBe(0);
  });

  it('refreshes first when the token ends within a minute, and stores the rotated tokens', async () => {
    const provider = new RotatingProvider();
    const { id } = await linked({ ...provider.issue(), expiresAt: inMinutes(0.5) });
    const seen = await withAccessToken(t.app.ctx, id, provider.refresher, async (c) => c.tokens!.accessToken);
    expect(seen).toBe('access-2');
    expect(provider.calls).toBe(1);
    expect(await loadCredentials(t.app.ctx, id)).toMatchObject({ tokenVersion: 2, tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
  });

  it('refreshes once when the provider rejects the access token (401), and runs `use` again', async () => {
    const provider = new RotatingProvider();
    const { id } = await linked(provider.issue());
    // The provider has moved on (the token was revoked): only a fresh one is accepted.
    provider.issue();
    const tried: string[] = [];
    const result = await withAccessToken(t.app.ctx, id, provider.refresher, async (c) => {
      tried.push(c.tokens!.accessToken);
      if (c.tokens!.accessToken === 'access-1') throw new AccessTokenRejected('401');
      return 'posted';
    });
    expect(result).toBe('posted');
    expect(tried).toEqual(['access-1', 'access-3']);
    expect(provider.calls).toBe(1);
  });

  it('a refused refresh marks the identity reauth_required (shown in the identities list) and throws ReauthRequired', async () => {
    const provider = new RotatingProvider();
    const { user, id } = await linked({ accessToken: 'stale', refreshToken: 'revoked', expiresAt: inMinutes(-5), scopes: null });
    const cookie = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'correct horse battery' } })).cookies.find((c) => c.name === 'service-session')!;
    let used = 0;
    await expect(withAccessToken(t.app.ctx, id, provider.refresher, async () => (used += 1))).rejects.toBeInstanceOf(ReauthRequired);
    expect(used).toBe(0);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/identities', headers: { cookie: `service-session=${cookie.value}` } });
    expect(list.json().identities).toEqual([expect.objectContaining({ id, status: 'reauth_required' })]);
    // Later uses fail at once, without asking the provider again.
    await expect(withAccessToken(t.app.ctx, id, provider.refresher, async () => 1)).rejects.toBeInstanceOf(ReauthRequired);
    expect(provider.calls).toBe(1);
  });

  it('a token refused again right after its refresh: reauth_required', async () => {
    const provider = new RotatingProvider();
    const { id } = await linked(provider.issue());
    await expect(
      withAccessToken(t.app.ctx, id, provider.refresher, async () => {
        throw new AccessTokenRejected('401');
      }),
    ).rejects.toBeInstanceOf(ReauthRequired);
    expect((await loadCredentials(t.app.ctx, id))!.status).toBe('reauth_required');
  });

  it('an error that is not about the token passes through, and the tokens stay', async () => {
    const provider = new RotatingProvider();
    const { id } = await linked(provider.issue());
    await expect(withAccessToken(t.app.ctx, id, provider.refresher, async () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    const failing = async () => Promise.reject(new Error('token endpoint down'));
    await t.db.kysely.updateTable('identities').set({ token_expires_at: inMinutes(-1) }).where('id', '=', id).execute();
    await expect(withAccessToken(t.app.ctx, id, failing, async () => 1)).rejects.toThrow('token endpoint down');
    expect(await loadCredentials(t.app.ctx, id)).toMatchObject({ status: 'active', tokenVersion: 2, tokens: { accessToken: 'access-1' } });
  });

  it('concurrent refreshes in one instance share one call to the provider', async () => {
    const provider = new RotatingProvider(30);
    const { id } = await linked({ ...provider.issue(), expiresAt: inMinutes(-1) });
    const seen = await Promise.all([1, 2, 3].map(() => withAccessToken(t.app.ctx, id, provider.refresher, async (c) => c.tokens!.accessToken)));
    expect(seen).toEqual(['access-2', 'access-2', 'access-2']);
    expect(provider.calls).toBe(1);
  });

  describe('two instances on one database', () => {
    let other: FastifyInstance;
    beforeAll(async () => {
      other = await secondInstance(t, { ownConnection: true });
    });
    afterAll(async () => other.close());

    it('spend a rotating refresh token once: the loser of the compare-and-swap takes the winner’s tokens', async () => {
      for (let round = 0; round < 3; round += 1) {
        const provider = new RotatingProvider(40);
        const { id } = await linked({ ...provider.issue(), expiresAt: inMinutes(-1) });
        const use = async (c: Credentials) => {
          if (!provider.accepts(c)) throw new AccessTokenRejected('401');
          return c.tokens!.accessToken;
        };
        const seen = await Promise.all([withAccessToken(t.app.ctx, id, provider.refresher, use), withAccessToken(other.ctx, id, provider.refresher, use)]);
        expect(seen).toEqual(['access-2', 'access-2']);
        expect(provider.calls).toBe(1);
        expect(await loadCredentials(t.app.ctx, id)).toMatchObject({ status: 'active', tokenVersion: 2, tokens: { refreshToken: 'refresh-2' } });
      }
    });

    it('after one instance refreshed on a 401, the other reads the new tokens and does not refresh again', async () => {
      const provider = new RotatingProvider();
      const { id } = await linked(provider.issue());
      provider.issue(); // both instances' token is now refused
      const use = async (c: Credentials) => {
        if (!provider.accepts(c)) throw new AccessTokenRejected('401');
        return c.tokens!.accessToken;
      };
      expect(await withAccessToken(t.app.ctx, id, provider.refresher, use)).toBe('access-3');
      expect(await withAccessToken(other.ctx, id, provider.refresher, use)).toBe('access-3');
      expect(provider.calls).toBe(1);
    });
  });
});

describe('OAuth state', () => {
  const begin = (overrides: Partial<Parameters<typeof beginState>[1]> = {}) =>
    beginState(t.app.ctx, { provider: 'networkD', flow: 'signin', browserId: 'browser-1', userId: null, returnTo: '/after', instance: null, pkce: true, data: { n: 1 }, ...overrides });

  it('is single use, and gives back what authorize kept (the PKCE verifier matching its S256 challenge)', async () => {
    const { state, codeChallenge } = await begin();
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    const consumed = await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state, browserId: 'browser-1' });
    expect(consumed).toEqual({ userId: null, returnTo: '/after', instance: null, codeVerifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), data: { n: 1 } });
    expect(createHash('sha256').update(consumed!.codeVerifier!).digest('base64url')).toBe(codeChallenge);
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state, browserId: 'browser-1' })).toBeNull();
    // Only hashes are stored.
    const rows = await t.db.kysely.selectFrom('oauth_states').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(state);
    expect(JSON.stringify(rows)).not.toContain(consumed!.codeVerifier!);
  });

  it('without PKCE there is no challenge and no verifier', async () => {
    const started = await begin({ pkce: false, data: undefined });
    expect(started.codeChallenge).toBeUndefined();
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state: started.state, browserId: 'browser-1' })).toMatchObject({ codeVerifier: null, data: null });
  });

  it('another browser, provider or flow gets nothing, and does not spend it', async () => {
    const { state } = await begin();
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state, browserId: 'browser-2' })).toBeNull();
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state, browserId: undefined })).toBeNull();
    expect(await consumeState(t.app.ctx, { provider: 'networkC', flow: 'signin', state, browserId: 'browser-1' })).toBeNull();
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'org', state, browserId: 'browser-1' })).toBeNull();
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state: undefined, browserId: 'browser-1' })).toBeNull();
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state: 'f'.repeat(64), browserId: 'browser-1' })).toBeNull();
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state, browserId: 'browser-1' })).not.toBeNull();
  });

  it('each authorize step drops the states that have expired (the table keeps only live ones)', async () => {
    const old = await begin();
    // Kept as its hash (SHA-256, hex).
    const oldHash = createHash('sha256').update(old.state).digest('hex');
    const stored = () => t.db.kysely.selectFrom('oauth_states').select('state_hash').where('state_hash', '=', oldHash).executeTakeFirst();
    expect(await stored()).toBeDefined();
    t.clock.advance(5 * 60_000);
    await begin();
    expect(await stored()).toBeDefined();
    t.clock.advance(5 * 60_000 + 1);
    const fresh = await begin();
    expect(await stored()).toBeUndefined();
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state: fresh.state, browserId: 'browser-1' })).not.toBeNull();
  });

  it('expires after 10 minutes', async () => {
    const { state } = await begin();
    const kept = await begin();
    t.clock.advance(9 * 60_000);
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state: kept.state, browserId: 'browser-1' })).not.toBeNull();
    t.clock.advance(61_000);
    expect(await consumeState(t.app.ctx, { provider: 'networkD', flow: 'signin', state, browserId: 'browser-1' })).toBeNull();
  });
});
