import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNetworkBAdapter } from '../../src/adapters/networks/network-b.js';
import { IdentityUnresolvable } from '../../src/adapters/networks/network-b/identity.js';
import { NetworkBOAuth, NetworkBRefreshRefused, type CompletedSignIn } from '../../src/adapters/networks/network-b/oauth.js';
import { graphemeCount, recordKeyFor } from '../../src/adapters/networks/network-b/text.js';
import { DpopNonces, xrpc, type XrpcCredentials } from '../../src/adapters/networks/network-b/xrpc.js';
import { NetworkError, type NetworkAuth } from '../../src/adapters/networks/types.js';
import { LoopbackPages } from '../helpers/loopback-pages.js';
import { NetworkBStandIn, type Account } from '../helpers/networks/network-b.js';

// networkB against its loopback stand-in, below the HTTP API: identity resolution, the OAuth
// client (PAR, PKCE, DPoP) and the publish/delete adapter. The sign-in round trip through the
// service's routes is in network-b-signin.test.ts.

let standIn: NetworkBStandIn;
let inside: LoopbackPages;
let alice: Account;

beforeAll(async () => {
  standIn = await new NetworkBStandIn().start();
  // Stands in for the service's own network: never to be reached.
  inside = await new LoopbackPages('127.0.0.1', { '/.well-known/atproto-did': (_req, res) => res.end('did:plc:aaaaaaaaaaaaaaaaaaaaaaaa') }).start();
  alice = standIn.addAccount('alice.test');
});

afterAll(async () => {
  await standIn.stop();
  await inside.stop();
});

function oauth(): NetworkBOAuth {
  return new NetworkBOAuth({
    publicUrl: 'http://localhost:3000',
    fetcher: standIn.mappingFetcher({ 'inside.test': `http://127.0.0.1:${inside.port}` }),
    directoryUrl: standIn.directoryUrl,
  });
}

/** Authorize → the provider's page as a browser → the callback's query → the code exchange. */
async function signIn(identifier: string, client = oauth()): Promise<CompletedSignIn> {
  const state = `st-${Math.random().toString(36).slice(2)}`;
  const begun = await client.begin({ identifier, state, codeChallenge: null });
  const page = await fetch(standIn.local(begun.url), { redirect: 'manual' });
  expect(page.status).toBe(302);
  const back = new URL(page.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(client.redirectUri);
  expect(back.searchParams.get('state')).toBe(state);
  return client.complete({ query: Object.fromEntries(back.searchParams), codeVerifier: null, data: begun.data });
}

function authOf(signedIn: CompletedSignIn): NetworkAuth {
  return { accessToken: signedIn.tokens.accessToken, providerUserId: signedIn.did, instanceUrl: signedIn.pdsUrl, session: JSON.stringify(signedIn.session) };
}

describe('networkB identity resolution', () => {
  it('resolves a handle through its well-known address and the DID through the directory', async () => {
    const identity = await oauth().resolver.resolve('@Alice.TEST');
    expect(identity).toMatchObject({ did: alice.did, handle: 'alice.test', pdsUrl: standIn.pdsUrl });
    expect(standIn.seen.some((c) => c.server === 'handles' && c.path === '/_host/alice.test/.well-known/atproto-did')).toBe(true);
    expect(standIn.seen.some((c) => c.server === 'directory' && c.path === `/${alice.did}`)).toBe(true);
  });

  it('resolves a DID to its verified handle, and a did:web through its domain', async () => {
    expect(await oauth().resolver.resolve(alice.did)).toMatchObject({ did: alice.did, handle: 'alice.test' });
    const web = standIn.addAccount('web.test', { didWeb: true });
    expect(await oauth().resolver.resolve('web.test')).toMatchObject({ did: 'did:web:web.test', handle: 'web.test', pdsUrl: standIn.pdsUrl });
    expect(web.did).toBe('did:web:web.test');
  });

  it('refuses a handle whose DID document does not name it back, and marks a DID\'s unverified handle invalid', async () => {
    const liar = standIn.addAccount('liar.test', { claimedHandle: 'alice.test' });
    await expect(oauth().resolver.resolve('liar.test')).rejects.toThrow(IdentityUnresolvable);
    expect((await oauth().resolver.resolve(liar.did)).handle).toBe('handle.invalid');
  });

  it('refuses what is not a handle, an unknown handle and an unknown DID', async () => {
    await expect(oauth().resolver.resolve('not a handle')).rejects.toThrow(/is not a handle or a DID/);
    await expect(oauth().resolver.resolve('nobody.test')).rejects.toThrow(IdentityUnresolvable);
    await expect(oauth().resolver.resolve('did:plc:zzzzzzzzzzzzzzzzzzzzzzzz')).rejects.toThrow(IdentityUnresolvable);
    await expect(oauth().resolver.resolve('did:key:z6Mk')).rejects.toThrow(/not a DID this service can resolve/);
  });

  it('never reaches a private address that is not allowed: not for the handle, not for the PDS', async () => {
    const before = inside.hits.length;
    await expect(oauth().resolver.resolve('inside.test')).rejects.toThrow(/not a public address/);
    standIn.addAccount('moved.test', { pdsUrl: `http://127.0.0.1:${inside.port}` });
    await expect(oauth().begin({ identifier: 'moved.test', state: 's', codeChallenge: null })).rejects.toThrow(IdentityUnresolvable);
    expect(inside.hits.length).toBe(before);
  });
});

describe('networkB OAuth client', () => {
  it('is the loopback development client on a plain-http PUBLIC_URL, and publishes metadata on https', () => {
    const dev = oauth();
    expect(dev.redirectUri).toBe('http://127.0.0.1:3000/api/auth/networkB/callback');
    expect(dev.clientId).toBe(`http://localhost?redirect_uri=${encodeURIComponent(dev.redirectUri)}&scope=atproto+transition%3Ageneric`);
    const live = new NetworkBOAuth({ publicUrl: 'https://lists.example.org/', fetcher: standIn.mappingFetcher(), directoryUrl: standIn.directoryUrl });
    expect(live.metadata).toMatchObject({
      client_id: 'https://lists.example.org/oauth/client-metadata.json',
      redirect_uris: ['https://lists.example.org/api/auth/networkB/callback'],
      scope: 'atproto transition:generic',
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
      dpop_bound_access_tokens: true,
      application_type: 'web',
    });
  });

  it('pushes the request with PKCE and DPoP (after the nonce dance), and exchanges the code for DPoP-bound tokens', async () => {
    const par = standIn.counts.par;
    const signedIn = await signIn('alice.test');
    expect(standIn.counts.par).toBe(par + 1);
    expect(signedIn).toMatchObject({ did: alice.did, handle: 'alice.test', pdsUrl: standIn.pdsUrl, tokens: { scopes: 'atproto transition:generic' } });
    expect(signedIn.tokens.accessToken).toMatch(/^acc-/);
    expect(signedIn.tokens.refreshToken).toMatch(/^ref-/);
    expect(Date.parse(signedIn.tokens.expiresAt!)).toBeGreaterThan(Date.now());
    expect(signedIn.session).toMatchObject({ iss: standIn.issuer, aud: standIn.pdsUrl, sub: alice.did, authMethod: { method: 'none' } });
    expect(signedIn.session.dpopJwk).toHaveProperty('d');
    // The first PAR carried no nonce and was answered use_dpop_nonce; the retry carried it.
    const pars = standIn.seen.filter((c) => c.server === 'as' && c.path === '/oauth/par');
    expect(pars.map((c) => c.status).slice(-2)).toEqual([400, 201]);
  });

  it('uses the caller\'s PKCE pair when it brings one, and the stand-in checks the verifier', async () => {
    const client = oauth();
    const verifier = 'v'.repeat(43);
    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const begun = await client.begin({ identifier: alice.did, state: 'st-pkce', codeChallenge: challenge });
    expect(begun.data).not.toHaveProperty('verifier');
    const back = new URL((await fetch(standIn.local(begun.url), { redirect: 'manual' })).headers.get('location')!);
    const query = Object.fromEntries(back.searchParams);
    await expect(client.complete({ query, codeVerifier: 'w'.repeat(43), data: begun.data })).rejects.toThrow();
    // The code was spent by the refused attempt: a second one with the right verifier fails too.
    await expect(client.complete({ query, codeVerifier: verifier, data: begun.data })).rejects.toThrow();
    const again = await client.begin({ identifier: alice.did, state: 'st-pkce-2', codeChallenge: challenge });
    const back2 = new URL((await fetch(standIn.local(again.url), { redirect: 'manual' })).headers.get('location')!);
    expect((await client.complete({ query: Object.fromEntries(back2.searchParams), codeVerifier: verifier, data: again.data })).did).toBe(alice.did);
  });

  it('refreshes through the session (the refresh token rotates) and reports a refused refresh', async () => {
    const signedIn = await signIn('alice.test');
    const refreshed = await oauth().refresh(signedIn.session, signedIn.tokens);
    expect(refreshed.accessToken).not.toBe(signedIn.tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(signedIn.tokens.refreshToken);
    // The old refresh token was single use.
    await expect(oauth().refresh(signedIn.session, signedIn.tokens)).rejects.toThrow(NetworkBRefreshRefused);
    standIn.refuseRefresh = true;
    try {
      await expect(oauth().refresh(signedIn.session, refreshed)).rejects.toThrow(NetworkBRefreshRefused);
    } finally {
      standIn.refuseRefresh = false;
    }
  });

  it('revokes the tokens at the authorization server', async () => {
    const signedIn = await signIn('alice.test');
    const before = standIn.counts.revocations;
    await oauth().revoke(signedIn.session, signedIn.tokens);
    expect(standIn.counts.revocations).toBe(before + 1);
    const adapter = createNetworkBAdapter({ fetcher: standIn.mappingFetcher() });
    await expect(adapter.publish(authOf(signedIn), { text: 'after revoke', media: [], deliveryKey: 'k-revoked' })).rejects.toMatchObject({ kind: 'unauthorized', statusCode: 401 });
  });
});

describe('networkB publishing', () => {
  let auth: NetworkAuth;
  const adapter = () => createNetworkBAdapter({ fetcher: standIn.mappingFetcher() });

  beforeAll(async () => {
    auth = authOf(await signIn('alice.test'));
  });
  beforeEach(() => {
    standIn.faults.length = 0;
  });

  it('creates a post record under the delivery\'s record key, with link facets', async () => {
    const text = 'Read https://example.org/a?b=1 — café ☕ #lists';
    const published = await adapter().publish(auth, { text, media: [], deliveryKey: 'delivery-1' });
    const rkey = recordKeyFor('delivery-1');
    expect(rkey).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);
    expect(published).toEqual({ externalId: `at://${alice.did}/app.bsky.feed.post/${rkey}`, externalUrl: `https://bsky.app/profile/${alice.did}/post/${rkey}` });
    const record = alice.records.get(`app.bsky.feed.post/${rkey}`)!.value as any;
    expect(record.text).toBe(text);
    const link = record.facets.find((f: any) => f.features[0].$type === 'app.bsky.richtext.facet#link');
    expect(Buffer.from(text).subarray(link.index.byteStart, link.index.byteEnd).toString()).toBe('https://example.org/a?b=1');
    expect(link.features[0].uri).toBe('https://example.org/a?b=1');
  });

  it('turns @handles into mention facets with the resolved DID at their UTF-8 byte offsets; one that does not resolve stays text', async () => {
    const bob = standIn.addAccount('bob.test');
    const liar = standIn.addAccount('fibber.test', { claimedHandle: 'bob.test' });
    const withMentions = createNetworkBAdapter({ fetcher: standIn.mappingFetcher(), directoryUrl: standIn.directoryUrl });
    // Multi-byte characters before each mention: byte offsets differ from string indexes.
    const text = 'Café ☕ avec @bob.test, 日本 @nobody.test @fibber.test and https://example.org/x 👋🏽 @Bob.test';
    const published = await withMentions.publish(auth, { text, media: [], deliveryKey: 'delivery-mentions' });
    const record = alice.records.get(published.externalId.split('/').slice(-2).join('/'))!.value as any;
    const mentions = record.facets.filter((f: any) => f.features[0].$type === 'app.bsky.richtext.facet#mention');
    expect(mentions.map((f: any) => f.features)).toEqual([[{ $type: 'app.bsky.richtext.facet#mention', did: bob.did }], [{ $type: 'app.bsky.richtext.facet#mention', did: bob.did }]]);
    const bytes = Buffer.from(text);
    expect(mentions.map((f: any) => bytes.subarray(f.index.byteStart, f.index.byteEnd).toString())).toEqual(['@bob.test', '@Bob.test']);
    expect(mentions[0].index.byteStart).toBe(Buffer.byteLength('Café ☕ avec '));
    expect(mentions[0].index.byteStart).not.toBe(text.indexOf('@bob.test'));
    // The link is still a facet; the unknown handle and the one whose document does not name it back are plain text.
    expect(record.facets.filter((f: any) => f.features[0].$type === 'app.bsky.richtext.facet#link').map((f: any) => f.features[0].uri)).toEqual(['https://example.org/x']);
    expect(JSON.stringify(record.facets)).not.toContain(liar.did);
    // Without a directory (no resolver) mentions stay text.
    const plain = await adapter().publish(auth, { text: 'hi @bob.test', media: [], deliveryKey: 'delivery-no-resolver' });
    const plainRecord = alice.records.get(plain.externalId.split('/').slice(-2).join('/'))!.value as any;
    expect(plainRecord.facets).toBeUndefined();
  });

  it('the stand-in refuses a mention facet at the wrong byte offsets (what it checks)', async () => {
    const bob = [...standIn.accounts.values()].find((a) => a.handle === 'bob.test')!;
    const text = 'é @bob.test';
    // String indexes where byte offsets belong: 'é' is one index but two bytes.
    const wrong = {
      $type: 'app.bsky.feed.post',
      text,
      createdAt: new Date().toISOString(),
      facets: [{ index: { byteStart: text.indexOf('@'), byteEnd: text.length }, features: [{ $type: 'app.bsky.richtext.facet#mention', did: bob.did }] }],
    };
    const session = JSON.parse(auth.session!) as { dpopJwk: XrpcCredentials['dpopJwk'] };
    const res = await xrpc(
      standIn.mappingFetcher(),
      new DpopNonces(),
      { pdsUrl: auth.instanceUrl!, accessToken: auth.accessToken, dpopJwk: session.dpopJwk },
      { method: 'POST', nsid: 'com.atproto.repo.createRecord', json: { repo: alice.did, collection: 'app.bsky.feed.post', rkey: recordKeyFor('wrong-offsets'), record: wrong } },
    );
    expect(res.status).toBe(400);
    expect(res.body.toString()).toContain('mention facet of bob.test covers');
  });

  it('never posts twice: a retry after the connection dropped finds its record', async () => {
    const records = standIn.counts.records;
    standIn.fail('com.atproto.repo.createRecord', { dropAfterWrite: true });
    const first = await adapter().publish(auth, { text: 'once only', media: [], deliveryKey: 'delivery-drop' }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(NetworkError);
    expect(first).toMatchObject({ kind: 'retryable' });
    const retry = await adapter().publish(auth, { text: 'once only', media: [], deliveryKey: 'delivery-drop' });
    expect(retry.externalId).toBe(`at://${alice.did}/app.bsky.feed.post/${recordKeyFor('delivery-drop')}`);
    expect(standIn.counts.records).toBe(records + 1);
    // And once more, after it was answered: still the one record.
    await adapter().publish(auth, { text: 'once only', media: [], deliveryKey: 'delivery-drop' });
    expect(standIn.counts.records).toBe(records + 1);
  });

  it('never posts twice when attempts of one delivery race each other', async () => {
    const records = standIn.counts.records;
    const results = await Promise.all(Array.from({ length: 5 }, () => adapter().publish(auth, { text: 'raced', media: [], deliveryKey: 'delivery-race' })));
    expect(new Set(results.map((r) => r.externalId)).size).toBe(1);
    expect(standIn.counts.records).toBe(records + 1);
  });

  it('uploads images as blobs and embeds them with their alt text; videos are not taken', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const published = await adapter().publish(auth, {
      text: 'pictures',
      media: [
        { bytes: png, contentType: 'image/png', kind: 'image', alt: 'a dot' },
        { bytes: Buffer.from('jpeg bytes'), contentType: 'image/jpeg', kind: 'image' },
        { bytes: Buffer.from('video'), contentType: 'video/mp4', kind: 'video' },
      ],
      deliveryKey: 'delivery-images',
    });
    const record = alice.records.get(published.externalId.split('/').slice(-2).join('/'))!.value as any;
    expect(record.embed.$type).toBe('app.bsky.embed.images');
    expect(record.embed.images.map((i: any) => [i.alt, i.image.mimeType, i.image.size])).toEqual([
      ['a dot', 'image/png', 8],
      ['', 'image/jpeg', 10],
    ]);
    expect(adapter().accepts).toEqual({ images: true, videos: false });
  });

  it('deletes the record', async () => {
    const published = await adapter().publish(auth, { text: 'short-lived', media: [], deliveryKey: 'delivery-delete' });
    await adapter().remove(auth, published.externalId);
    expect(alice.records.has(`app.bsky.feed.post/${recordKeyFor('delivery-delete')}`)).toBe(false);
    await expect(adapter().remove(auth, 'https://not-an-at-uri')).rejects.toMatchObject({ kind: 'final' });
  });

  it('classifies failures: 500 and 503 retryable, 429 with its Retry-After, 401 unauthorized, 400 final', async () => {
    const post = (key: string) => adapter().publish(auth, { text: 'x', media: [], deliveryKey: key }).catch((e: unknown) => e);
    standIn.fail('com.atproto.repo.createRecord', { status: 500 });
    expect(await post('f-500')).toMatchObject({ kind: 'retryable', statusCode: 500 });
    expect(await post('f-500')).toMatchObject({ externalId: expect.stringContaining(recordKeyFor('f-500')) });
    standIn.fail('*', { status: 503, always: true });
    expect(await post('f-503')).toMatchObject({ kind: 'retryable', statusCode: 503 });
    expect(await post('f-503')).toMatchObject({ kind: 'retryable', statusCode: 503 });
    standIn.faults.length = 0;
    standIn.fail('com.atproto.repo.createRecord', { status: 429, retryAfter: '7' });
    expect(await post('f-429')).toMatchObject({ kind: 'retryable', statusCode: 429, retryAfterMs: 7000 });
    standIn.fail('com.atproto.repo.createRecord', { expireToken: true });
    expect(await post('f-401')).toMatchObject({ kind: 'unauthorized', statusCode: 401 });
    const tooLong = await adapter().publish(auth, { text: 'é'.repeat(301), media: [], deliveryKey: 'f-400' }).catch((e: unknown) => e);
    expect(tooLong).toMatchObject({ kind: 'final', statusCode: 400, code: 'InvalidRecord' });
    expect((tooLong as Error).message).toContain('longer than 300 graphemes');
  });

  it('a slow PDS answer within the time budget is waited for', async () => {
    standIn.fail('com.atproto.repo.createRecord', { delayMs: 300 });
    const started = Date.now();
    await adapter().publish(auth, { text: 'slow', media: [], deliveryKey: 'f-slow' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('follows a nonce the PDS changes between calls', async () => {
    const a = adapter();
    await a.publish(auth, { text: 'before rotation', media: [], deliveryKey: 'n-1' });
    standIn.rotateNonce();
    await a.publish(auth, { text: 'after rotation', media: [], deliveryKey: 'n-2' });
    expect(alice.records.has(`app.bsky.feed.post/${recordKeyFor('n-2')}`)).toBe(true);
  });
});

describe('networkB text', () => {
  it('counts graphemes: emoji sequences, CJK and combining marks are one each', () => {
    expect(graphemeCount('hello')).toBe(5);
    expect(graphemeCount('👩‍👩‍👧‍👦')).toBe(1);
    expect(graphemeCount('👍🏽🇫🇷')).toBe(2);
    expect(graphemeCount('日本語のテキスト')).toBe(8);
    expect(graphemeCount('e\u0301a\u0308')).toBe(2);
    expect(graphemeCount('')).toBe(0);
    const adapter = createNetworkBAdapter({ fetcher: standIn.mappingFetcher() });
    expect(adapter.count('👩‍👩‍👧‍👦'.repeat(300))).toBe(300);
    return expect(adapter.limit(null as never)).resolves.toBe(300);
  });

  it('derives one TID record key per delivery key, stable across attempts', () => {
    expect(recordKeyFor('abc')).toBe(recordKeyFor('abc'));
    expect(recordKeyFor('abc')).not.toBe(recordKeyFor('abd'));
    expect(recordKeyFor('3jzfcijpj2z2a')).toBe('3jzfcijpj2z2a');
    for (const key of ['', 'x', 'a'.repeat(500), '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d']) {
      expect(recordKeyFor(key)).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);
    }
  });
});
