import { describe, expect, it } from 'vitest';
import { call, expectError, subscriber } from '../messages/helpers.js';
import { crossPostsPart } from '../../src/features/cross-posts/user-data.js';
import { createPost, deliveryRows, later, ledgerOf, linkedSubscriber, settle, useWorld } from './support.js';

// The delivery ledger (CONTRACT): GET /api/messages/{id}/cross-posts and POST .../retry, the
// author's only; deleting a message deletes its copies on the networks; purge removes the records.
// A scheduled message's deliveries, made when it is published, are in
// test/messages/scheduling-cross-posts.test.ts (the scheduling module's covering tests).

const w = useWorld();

describe('GET /api/messages/{id}/cross-posts', () => {
  it('is the author’s: 404 for another user, an unknown id, or without credentials 401', async () => {
    const l = await linkedSubscriber(w);
    const other = await subscriber(w.t);
    const body = await createPost(w, l.who, { content: 'mine', crossPostToNetworkD: true });
    expectError(await call(w.t, other, 'GET', `/api/messages/${body.data.id}/cross-posts`), 404);
    expectError(await call(w.t, l.who, 'GET', '/api/messages/0190c7a2-5d1e-7c3a-9b2f-3e4d5c6b7a89/cross-posts'), 404);
    expectError(await call(w.t, null, 'GET', `/api/messages/${body.data.id}/cross-posts`), 401);
    expect(await ledgerOf(w, l.who, (await createPost(w, l.who, { content: 'none' })).data.id)).toEqual([]);
  });
});

describe('POST /api/messages/{id}/cross-posts/retry', () => {
  it('puts only the failed deliveries back to pending and delivers them; the ok ones are left alone', async () => {
    const l = await linkedSubscriber(w);
    w.c.fail('post', { status: 400, json: { message: 'try later' } });
    const body = await createPost(w, l.who, { content: 'retry me', crossPostToNetworkC: true, crossPostToNetworkD: true });
    await settle(w);
    const before = await ledgerOf(w, l.who, body.data.id);
    expect(before.map((e) => e.status)).toEqual(['failed', 'ok']);
    const res = await call(w.t, l.who, 'POST', `/api/messages/${body.data.id}/cross-posts/retry`);
    expect(res.statusCode, res.body).toBe(202);
    const answered = res.json().crossPosts as any[];
    expect(answered.map((e) => [e.platform, e.status])).toEqual([
      ['networkC', 'pending'],
      ['networkD', 'ok'],
    ]);
    expect(answered[1]).toEqual(before[1]);
    await settle(w);
    const after = await ledgerOf(w, l.who, body.data.id);
    expect(after.map((e) => [e.status, e.attempts])).toEqual([
      ['ok', 1],
      ['ok', 1],
    ]);
    expect([...w.d.posts.values()].filter((p) => p.text === 'retry me')).toHaveLength(1);
  });

  it('is the author’s: 404 for another user or an unknown id, nothing changed', async () => {
    const l = await linkedSubscriber(w);
    const other = await subscriber(w.t);
    w.d.fail('post', { status: 400 });
    const body = await createPost(w, l.who, { content: 'not yours', crossPostToNetworkD: true });
    expectError(await call(w.t, other, 'POST', `/api/messages/${body.data.id}/cross-posts/retry`), 404);
    expectError(await call(w.t, l.who, 'POST', '/api/messages/0190c7a2-5d1e-7c3a-9b2f-3e4d5c6b7a89/cross-posts/retry'), 404);
    expect((await ledgerOf(w, l.who, body.data.id))[0].status).toBe('failed');
  });
});

describe('deleting a message', () => {
  it('deletes its copies on networkA, networkC and networkD', async () => {
    const l = await linkedSubscriber(w);
    const body = await createPost(w, l.who, { content: 'short-lived', networkAProviderIds: [l.networkA], crossPostToNetworkC: true, crossPostToNetworkD: true });
    await settle(w);
    const rows = await deliveryRows(w, body.data.id);
    const ids = Object.fromEntries(rows.map((r) => [r.platform, r.external_id!]));
    expect(w.a.statuses.has(ids.networkA) && w.c.posts.has(ids.networkC) && w.d.posts.has(ids.networkD)).toBe(true);
    const res = await call(w.t, l.who, 'DELETE', `/api/messages/${body.data.id}`);
    expect(res.statusCode, res.body).toBe(200);
    await settle(w);
    expect([w.a.statuses.has(ids.networkA), w.c.posts.has(ids.networkC), w.d.posts.has(ids.networkD)]).toEqual([false, false, false]);
    expect((await deliveryRows(w, body.data.id)).map((r) => r.status)).toEqual(['deleted', 'deleted', 'deleted']);
    expectError(await call(w.t, l.who, 'GET', `/api/messages/${body.data.id}/cross-posts`), 404);
  });

  it('a removal the network fails with a 5xx is retried', async () => {
    const l = await linkedSubscriber(w);
    const body = await createPost(w, l.who, { content: 'remove later', crossPostToNetworkD: true });
    await settle(w);
    const [row] = await deliveryRows(w, body.data.id);
    w.d.fail('delete', { status: 503 });
    await call(w.t, l.who, 'DELETE', `/api/messages/${body.data.id}`);
    await settle(w);
    expect(w.d.posts.has(row.external_id!)).toBe(true);
    await later(w, 11_000);
    expect(w.d.posts.has(row.external_id!)).toBe(false);
  });
});

describe('a user’s cross-post records', () => {
  it('are removed by the purge’s messages category and counted', async () => {
    const l = await linkedSubscriber(w);
    await createPost(w, l.who, { content: 'purged', crossPostToNetworkD: true });
    await settle(w);
    expect(await crossPostsPart.count(w.t.app.ctx, l.who.user.id)).toBe(1);
    expect(crossPostsPart.category).toBe('messages');
    await w.t.db.kysely.transaction().execute((trx) => crossPostsPart.removeBatch(w.t.app.ctx, trx, l.who.user.id, 100));
    expect(await crossPostsPart.count(w.t.app.ctx, l.who.user.id)).toBe(0);
  });
});
