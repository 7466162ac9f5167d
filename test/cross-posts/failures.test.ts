import { describe, expect, it } from 'vitest';
import { call } from '../messages/helpers.js';
import { createPost, deliveryRows, later, ledgerOf, linkedSubscriber, settle, useWorld } from './support.js';

// How deliveries fail (CONTRACT, the delivery ledger): 5xx, timeouts and 429 retried with
// backoff (429 no sooner than its Retry-After or reset), at most 5 attempts; a 4xx final; an
// expired token refreshed once; a refused refresh `reauth_required`; a lost answer from a network
// without idempotency `outcome_unknown`, never sent again; every failure logged once and notified.

const w = useWorld();

const notifications = async (userId: string) => w.t.db.kysely.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', '=', 'cross_post_failed').execute();

describe('retried failures', () => {
  it('a 500 once: pending in the answer, delivered by the retry after the backoff', async () => {
    const l = await linkedSubscriber(w);
    w.d.fail('post', { status: 500 });
    const body = await createPost(w, l.who, { content: 'five hundred', crossPostToNetworkD: true });
    expect(body.crossPosts).toEqual([{ platform: 'networkD', status: 'pending', error: null }]);
    const [pending] = await ledgerOf(w, l.who, body.data.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, errorCode: 'unavailable' });
    await later(w, 5_000);
    expect((await ledgerOf(w, l.who, body.data.id))[0].status).toBe('pending');
    await later(w, 6_000);
    const [done] = await ledgerOf(w, l.who, body.data.id);
    expect(done).toMatchObject({ status: 'ok', attempts: 2, error: null, errorCode: null });
    expect([...w.d.posts.values()].filter((p) => p.text === 'five hundred')).toHaveLength(1);
  });

  it('a 503 always: 5 attempts, then failed with the status code, logged once, and the author notified', async () => {
    const l = await linkedSubscriber(w);
    w.c.fail('post', { status: 503 }, Infinity);
    const body = await createPost(w, l.who, { content: 'unavailable', crossPostToNetworkC: true });
    for (let i = 0; i < 6; i++) await later(w, 3600_000);
    const [entry] = await ledgerOf(w, l.who, body.data.id);
    expect(entry).toMatchObject({ status: 'failed', attempts: 5, errorCode: 'unavailable' });
    expect(entry.error).toContain('503');
    expect((await deliveryRows(w, body.data.id))[0].status_code).toBe(503);
    expect(w.c.hitsOf('post').filter((h) => h.headers.authorization === `Bearer ${l.tokens.c}`)).toHaveLength(5);
    const logged = w.logs.filter((line) => line.msg === 'cross-post delivery failed' && line.messageId === body.data.id);
    expect(logged).toHaveLength(1);
    expect(w.logText()).not.toContain(l.tokens.c);
    const [notice] = await notifications(l.who.user.id);
    expect(notice).toMatchObject({ route_path: `/messages/${body.data.id}`, target_message_id: body.data.id });
    const tray = await call(w.t, l.who, 'GET', '/api/notifications');
    expect(tray.statusCode).toBe(200);
    expect(JSON.stringify(tray.json())).toContain('cross_post_failed');
  });

  it('a 429 waits for its Retry-After before the next attempt', async () => {
    const l = await linkedSubscriber(w);
    w.a.fail('post', { status: 429, headers: { 'retry-after': '120' } });
    const body = await createPost(w, l.who, { content: 'rate limited', networkAProviderIds: [l.networkA] });
    expect(body.crossPosts[0].status).toBe('pending');
    expect(body).not.toHaveProperty('crossPostResults');
    expect((await ledgerOf(w, l.who, body.data.id))[0].errorCode).toBe('rate_limited');
    await later(w, 60_000);
    expect((await ledgerOf(w, l.who, body.data.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await later(w, 61_000);
    expect((await ledgerOf(w, l.who, body.data.id))[0]).toMatchObject({ status: 'ok', attempts: 2 });
  });

  it('networkA: a connection dropped after the status was made is retried with the same Idempotency-Key, and posts once', async () => {
    const l = await linkedSubscriber(w);
    w.a.fail('post', { drop: true });
    const body = await createPost(w, l.who, { content: 'dropped on A', networkAProviderIds: [l.networkA] });
    await later(w, 11_000);
    expect((await ledgerOf(w, l.who, body.data.id))[0]).toMatchObject({ status: 'ok', attempts: 2 });
    const keys = w.a.hitsOf('post').filter((h) => h.headers.authorization === `Bearer ${l.tokens.a}`).map((h) => h.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect([...w.a.statuses.values()].filter((s) => s.status === 'dropped on A')).toHaveLength(1);
  });
});

describe('final failures', () => {
  it('networkC and networkD: a connection dropped after the post was accepted ends outcome_unknown and is never sent again', async () => {
    const l = await linkedSubscriber(w);
    w.c.fail('post', { drop: true });
    w.d.fail('post', { drop: true });
    const body = await createPost(w, l.who, { content: 'dropped', crossPostToNetworkC: true, crossPostToNetworkD: true });
    await settle(w);
    await later(w, 3600_000);
    const ledger = await ledgerOf(w, l.who, body.data.id);
    expect(ledger.map((e) => [e.status, e.errorCode, e.attempts])).toEqual([
      ['failed', 'outcome_unknown', 1],
      ['failed', 'outcome_unknown', 1],
    ]);
    expect([...w.c.posts.values()].filter((p) => p.commentary === 'dropped')).toHaveLength(1);
    expect([...w.d.posts.values()].filter((p) => p.text === 'dropped')).toHaveLength(1);
    expect(await notifications(l.who.user.id)).toHaveLength(2);
  });

  it('a 4xx is final at once, with the network’s words and status code', async () => {
    const l = await linkedSubscriber(w);
    w.d.fail('post', { status: 403, json: { title: 'Forbidden', detail: 'You are not allowed to create a Tweet with duplicate content.' } });
    const body = await createPost(w, l.who, { content: 'duplicate', crossPostToNetworkD: true });
    expect(body.crossPosts[0]).toMatchObject({ status: 'failed' });
    expect(body.crossPosts[0].error).toContain('duplicate content');
    const [entry] = await ledgerOf(w, l.who, body.data.id);
    expect(entry).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'rejected' });
  });

  it('networkA: a final refusal is in crossPostResults with its error, code and status code', async () => {
    const l = await linkedSubscriber(w);
    w.a.fail('post', { status: 422, json: { error: 'Validation failed: Text is spam' } });
    const body = await createPost(w, l.who, { content: 'spam', networkAProviderIds: [l.networkA] });
    expect(body.crossPostResults).toEqual([
      { providerId: l.networkA, instanceName: '127.0.0.2', success: false, error: expect.stringContaining('Text is spam'), errorCode: 'rejected', statusCode: 422 },
    ]);
  });

  it('networkC: a sunset API version (426) fails clearly, naming NETWORKC_API_VERSION', async () => {
    const l = await linkedSubscriber(w);
    const served = w.c.version;
    w.c.version = '209901';
    try {
      const body = await createPost(w, l.who, { content: 'old version', crossPostToNetworkC: true });
      expect(body.crossPosts[0].status).toBe('failed');
      const [entry] = await ledgerOf(w, l.who, body.data.id);
      expect(entry).toMatchObject({ errorCode: 'api_version_unsupported', attempts: 1 });
      expect(entry.error).toContain('NETWORKC_API_VERSION');
      expect((await deliveryRows(w, body.data.id))[0].status_code).toBe(426);
    } finally {
      w.c.version = served;
    }
  });

  it('networkA: a token refused (401) that cannot be refreshed ends reauth_required and marks the identity so', async () => {
    const l = await linkedSubscriber(w);
    w.a.tokens.delete(l.tokens.a);
    const body = await createPost(w, l.who, { content: 'revoked', networkAProviderIds: [l.networkA] });
    expect(body.crossPostResults![0]).toMatchObject({ success: false, errorCode: 'reauth_required' });
    const [entry] = await ledgerOf(w, l.who, body.data.id);
    expect(entry).toMatchObject({ status: 'failed', errorCode: 'reauth_required' });
    const identity = await w.t.db.kysely.selectFrom('identities').select('status').where('id', '=', l.networkA).executeTakeFirstOrThrow();
    expect(identity.status).toBe('reauth_required');
  });
});

describe('slow networks', () => {
  it('a slow answer leaves the delivery pending in the 201 (answered within about 2 s), then ok', async () => {
    const l = await linkedSubscriber(w);
    w.d.fail('post', { delayMs: 3000 });
    const started = Date.now();
    const body = await createPost(w, l.who, { content: 'slow', crossPostToNetworkD: true });
    expect(Date.now() - started).toBeLessThan(2600);
    expect(body.crossPosts[0].status).toBe('pending');
    await settle(w);
    expect((await ledgerOf(w, l.who, body.data.id))[0]).toMatchObject({ status: 'ok', attempts: 1 });
  });
});
