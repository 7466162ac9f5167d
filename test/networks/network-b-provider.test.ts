import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetworkBAdapter } from '../../src/adapters/networks/network-b.js';
import { recordKeyFor } from '../../src/adapters/networks/network-b/text.js';
import type { NetworkAuth } from '../../src/adapters/networks/types.js';
import { AccessTokenRejected, loadCredentials, ReauthRequired, upsertIdentity, withAccessToken, type Credentials } from '../../src/features/identities/credentials.js';
import { beginState, consumeState } from '../../src/features/identities/oauth-state.js';
import { signInProvider } from '../../src/features/identities/providers/index.js';
import type { AppContext } from '../../src/runtime/types.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { NetworkBStandIn, type Account } from '../helpers/networks/network-b.js';
import { member, type Member } from '../messages/helpers.js';

// The networkB sign-in provider on the foundation: the state and PKCE pair of the identities
// feature, the identity stored with its sealed session, the tokens refreshed through the session
// by withAccessToken (never a new sign-in), and the adapter posting with what is stored.

let standIn: NetworkBStandIn;
let t: TestApp;
let ctx: AppContext;
let alice: Account;
let owner: Member;
const provider = signInProvider('networkB')!;
const browserId = 'browser-binding-cookie-value';

beforeAll(async () => {
  standIn = await new NetworkBStandIn().start();
  alice = standIn.addAccount('alice.test');
  t = await createTestApp({
    smtp: false,
    env: { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', NETWORKB_DIRECTORY_URL: standIn.directoryUrl },
    outbound: standIn.mappingFetcher(),
  });
  ctx = (t.app as unknown as { ctx: AppContext }).ctx;
  owner = await member(t);
});

afterAll(async () => {
  await t.close();
  await standIn.stop();
});

/** authorize → the provider's page → callback → the identity stored, as the shared routes do. */
async function link(handle: string): Promise<string> {
  const { state, codeChallenge } = await beginState(ctx, { provider: 'networkB', flow: 'signin', browserId, userId: owner.user.id, returnTo: null, instance: null, pkce: true });
  const { url, data } = await provider.authorizationUrl(ctx, { state, codeChallenge: codeChallenge ?? null, redirectUri: '', handle, flow: 'signin' });
  const page = await fetch(standIn.local(url), { redirect: 'manual' });
  const back = new URL(page.headers.get('location')!);
  const consumed = await consumeState(ctx, { provider: 'networkB', flow: 'signin', state: back.searchParams.get('state')!, browserId });
  expect(consumed).not.toBeNull();
  const account = await provider.complete(ctx, { code: back.searchParams.get('code')!, codeVerifier: consumed!.codeVerifier, redirectUri: '', instance: null, data, query: Object.fromEntries(back.searchParams) });
  const { id } = await upsertIdentity(ctx, { userId: owner.user.id, provider: 'networkB', ...account });
  return id;
}

const refresher = (creds: Credentials) => provider.refresher!(ctx)(creds);

function post(identityId: string, text: string, deliveryKey: string) {
  const adapter = createNetworkBAdapter({ fetcher: ctx.outbound });
  return withAccessToken(ctx, identityId, refresher, async (creds) => {
    const auth: NetworkAuth = { accessToken: creds.tokens!.accessToken, providerUserId: creds.providerUserId, instanceUrl: creds.instanceUrl, session: creds.session };
    return adapter.publish(auth, { text, media: [], deliveryKey }).catch((err: { kind?: string; message: string }) => {
      throw err.kind === 'unauthorized' ? new AccessTokenRejected(err.message) : err;
    });
  });
}

describe('networkB sign-in provider', () => {
  it('refuses a missing handle (400) and one that cannot be reached (400 provider_unreachable)', async () => {
    await expect(provider.authorizationUrl(ctx, { state: 's', codeChallenge: null, redirectUri: '', handle: ' ', flow: 'signin' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(provider.authorizationUrl(ctx, { state: 's', codeChallenge: null, redirectUri: '', handle: 'nobody.test', flow: 'signin' })).rejects.toMatchObject({ statusCode: 400, code: 'provider_unreachable' });
  });

  it('links the account with its session sealed, and posts with it', async () => {
    const id = await link('alice.test');
    const row = await t.db.kysely.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'networkB', provider_user_id: alice.did, handle: 'alice.test', instance_url: standIn.pdsUrl, status: 'active' });
    // Sealed at rest: neither the DPoP key nor the tokens appear in the row.
    expect(row.session_sealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toMatch(/acc-|ref-|"d":/);
    const creds = await loadCredentials(ctx, id);
    expect(JSON.parse(creds!.session!)).toMatchObject({ sub: alice.did, aud: standIn.pdsUrl, iss: standIn.issuer });
    const published = await post(id, 'hello from the service', 'linked-1');
    expect(published.externalId).toBe(`at://${alice.did}/app.bsky.feed.post/${recordKeyFor('linked-1')}`);
  });

  it('refreshes an expired token through the session and goes on, never signing in again', async () => {
    const id = await link('alice.test');
    const exchanges = standIn.counts.codeExchanges;
    const refreshes = standIn.counts.refreshes;
    const before = await loadCredentials(ctx, id);
    standIn.expireTokensOf(alice.did);
    await post(id, 'after expiry', 'linked-2');
    const after = await loadCredentials(ctx, id);
    expect(standIn.counts.refreshes).toBe(refreshes + 1);
    expect(standIn.counts.codeExchanges).toBe(exchanges);
    expect(after!.tokens!.refreshToken).not.toBe(before!.tokens!.refreshToken);
    expect(after!.tokenVersion).toBeGreaterThan(before!.tokenVersion);
    expect(alice.records.has(`app.bsky.feed.post/${recordKeyFor('linked-2')}`)).toBe(true);
  });

  it('a refused refresh marks the identity reauth_required', async () => {
    const id = await link('alice.test');
    standIn.expireTokensOf(alice.did);
    standIn.refuseRefresh = true;
    try {
      await expect(post(id, 'never', 'linked-3')).rejects.toThrow(ReauthRequired);
    } finally {
      standIn.refuseRefresh = false;
    }
    const row = await t.db.kysely.selectFrom('identities').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('reauth_required');
    expect(alice.records.has(`app.bsky.feed.post/${recordKeyFor('linked-3')}`)).toBe(false);
  });

  it('revokes at the authorization server when unlinked', async () => {
    const id = await link('alice.test');
    const before = standIn.counts.revocations;
    await provider.revoke!(ctx, (await loadCredentials(ctx, id))!);
    expect(standIn.counts.revocations).toBe(before + 1);
  });
});
