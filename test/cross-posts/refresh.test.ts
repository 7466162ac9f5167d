import { describe, expect, it } from 'vitest';
import { createPost, ledgerOf, linkedSubscriber, settle, token, useWorld, type World } from './support.js';

// A delivery whose access token the network refuses (401) with a refresh that works (CONTRACT,
// the delivery ledger: "an expired token refreshed once"): the post is made after one refresh,
// the refreshed tokens are stored sealed with token_version advanced, and the next delivery uses
// them without refreshing again. networkD's refresh tokens rotate (the new one is stored, the
// spent one is dead); networkC's stay as they are.

const w = useWorld({
  NETWORKD_CLIENT_ID: 'd-client',
  NETWORKD_CLIENT_SECRET: 'd-client-secret',
  NETWORKC_CLIENT_ID: 'c-client',
  NETWORKC_CLIENT_SECRET: 'c-client-secret',
});

const identityRow = (identityId: string) => w.t.db.kysely.selectFrom('identities').selectAll().where('id', '=', identityId).executeTakeFirstOrThrow();

async function refusedThenRefreshed(world: World, network: 'networkC' | 'networkD') {
  const refreshToken = token(`${network}-refresh`);
  const standIn = network === 'networkC' ? world.c : world.d;
  standIn.refreshTokens.add(refreshToken);
  const l = await linkedSubscriber(world, { refreshToken });
  const identityId = network === 'networkC' ? l.networkC : l.networkD;
  // The stored access token is no longer good (revoked, or expired early): the network answers 401.
  standIn.tokens.delete(network === 'networkC' ? l.tokens.c : l.tokens.d);
  const before = await identityRow(identityId);
  const body = await createPost(world, l.who, { content: `refreshed on ${network}`, [`crossPostTo${network[0].toUpperCase()}${network.slice(1)}`]: true });
  await settle(world);
  return { l, identityId, before, body, refreshToken, standIn };
}

describe('a 401 with a refresh that works', () => {
  it('networkD: delivered after one refresh; the rotated refresh token stored sealed, token_version advanced; the next post needs no refresh', async () => {
    const { l, identityId, before, body, refreshToken } = await refusedThenRefreshed(w, 'networkD');
    const [entry] = await ledgerOf(w, l.who, body.data.id);
    expect(entry).toMatchObject({ status: 'ok', attempts: 1, error: null, errorCode: null });
    expect([...w.d.posts.values()].filter((p) => p.text === 'refreshed on networkD')).toHaveLength(1);
    const granted = w.d.refreshes.filter((r) => r.refreshToken === refreshToken);
    expect(granted).toEqual([{ granted: true, refreshToken }]);
    // The spent refresh token is dead at the network; the rotated one is what is stored.
    expect(w.d.refreshTokens.has(refreshToken)).toBe(false);
    const after = await identityRow(identityId);
    expect(after.token_version).toBe(before.token_version + 2);
    expect(after.status).toBe('active');
    expect(after.refresh_token_sealed).toMatch(/^v1:/);
    expect(after.access_token_sealed).toMatch(/^v1:/);
    const storedRefresh = w.t.app.ctx.sealer.open(after.refresh_token_sealed!);
    const storedAccess = w.t.app.ctx.sealer.open(after.access_token_sealed!);
    expect(storedRefresh).not.toBe(refreshToken);
    expect(w.d.refreshTokens.has(storedRefresh)).toBe(true);
    expect(w.d.tokens.has(storedAccess)).toBe(true);
    expect(after.refresh_token_sealed).not.toContain(storedRefresh);
    // Refused with the old token, then made with the refreshed one.
    const posts = w.d.hitsOf('post').filter((h) => h.body.toString('utf8').includes('refreshed on networkD'));
    expect(posts.map((h) => h.headers.authorization)).toEqual([`Bearer ${l.tokens.d}`, `Bearer ${storedAccess}`]);
    // The next delivery uses the stored tokens as they are.
    const refreshesSoFar = w.d.refreshes.length;
    const next = await createPost(w, l.who, { content: 'after the refresh', crossPostToNetworkD: true });
    await settle(w);
    expect((await ledgerOf(w, l.who, next.data.id))[0]).toMatchObject({ status: 'ok', attempts: 1 });
    expect(w.d.refreshes).toHaveLength(refreshesSoFar);
    expect((await identityRow(identityId)).token_version).toBe(after.token_version);
    // No token, old or new, in the log.
    for (const secret of [refreshToken, storedRefresh, storedAccess, l.tokens.d]) expect(w.logText()).not.toContain(secret);
  });

  it('networkC: delivered after one refresh; the new access token stored sealed (its refresh token kept), token_version advanced', async () => {
    const { l, identityId, before, body, refreshToken } = await refusedThenRefreshed(w, 'networkC');
    const [entry] = await ledgerOf(w, l.who, body.data.id);
    expect(entry).toMatchObject({ status: 'ok', attempts: 1, error: null });
    expect([...w.c.posts.values()].filter((p) => p.commentary === 'refreshed on networkC')).toHaveLength(1);
    expect(w.c.refreshes.filter((r) => r.refreshToken === refreshToken)).toEqual([{ granted: true, refreshToken }]);
    const after = await identityRow(identityId);
    expect(after.token_version).toBe(before.token_version + 2);
    const storedAccess = w.t.app.ctx.sealer.open(after.access_token_sealed!);
    expect(storedAccess).not.toBe(l.tokens.c);
    expect(w.c.tokens.has(storedAccess)).toBe(true);
    expect(w.t.app.ctx.sealer.open(after.refresh_token_sealed!)).toBe(refreshToken);
    expect(w.logText()).not.toContain(storedAccess);
  });

  it('networkD: a refresh the network refuses ends the delivery reauth_required and marks the identity so', async () => {
    const l = await linkedSubscriber(w, { refreshToken: token('dead-refresh') });
    w.d.tokens.delete(l.tokens.d);
    const body = await createPost(w, l.who, { content: 'refresh refused', crossPostToNetworkD: true });
    await settle(w);
    expect((await ledgerOf(w, l.who, body.data.id))[0]).toMatchObject({ status: 'failed', errorCode: 'reauth_required' });
    expect((await identityRow(l.networkD)).status).toBe('reauth_required');
    expect([...w.d.posts.values()].filter((p) => p.text === 'refresh refused')).toHaveLength(0);
  });
});
