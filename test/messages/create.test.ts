import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { mediaUrl, storeUpload } from '../../src/features/media/service.js';
import { newId } from '../../src/lib/ids.js';
import { smallPng } from '../media/images.js';
import { call, expectError, follows, member, MESSAGE_FIELDS, post, subscriber } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

describe('POST /api/messages', () => {
  it('answers 201 { message, data, crossPosts } with the exact Message shape', async () => {
    const a = await member(t);
    const res = await call(t, a, 'POST', '/api/messages', { content: 'Hello world', tags: ['Intro', 'intro', 'Intro'] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['crossPosts', 'data', 'message']);
    expect(body.message).toBe('Message created');
    expect(body.crossPosts).toEqual([]);
    expect(Object.keys(body.data).sort()).toEqual(MESSAGE_FIELDS);
    expect(body.data).toEqual({
      id: expect.any(String),
      content: 'Hello world',
      publiclyVisible: true,
      tags: ['Intro', 'intro'],
      digCount: 0,
      dugByMe: false,
      replyCount: 0,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      user: { id: a.user.id, username: a.user.username, displayName: a.user.display_name, avatar: null },
      parentId: null,
      pushedMessage: null,
      imageUrls: [],
      videoUrls: [],
      scheduledAt: null,
      org: null,
    });
    expect(body.data).not.toHaveProperty('author');
    expect(body.data).not.toHaveProperty('avatarUrl');
  });

  it('answers with the message exactly as reading it back gives (plain, private, reply, push, quote, scheduled)', async () => {
    const a = await subscriber(t);
    const b = await member(t);
    await follows(t, b, a);
    const original = await post(t, a, { content: 'original', tags: ['x', 'y'] });
    await call(t, b, 'POST', `/api/messages/${original.id}/dig`);
    const later = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const made = [
      original,
      await post(t, a, { content: 'private', publiclyVisible: false }),
      await post(t, b, { content: 'a reply', parentId: original.id }),
      await post(t, b, { pushedMessageId: original.id }),
      await post(t, b, { pushedMessageId: original.id, content: 'quoted' }),
      await post(t, a, { content: 'later', scheduledAt: later }),
    ];
    for (const created of made) {
      const author = created.user.id === a.user.id ? a : b;
      const read = await call(t, author, 'GET', `/api/messages/${created.id}`);
      expect(read.statusCode, read.body).toBe(200);
      const { digCount, replyCount, ...rest } = read.json();
      // The first was dug and replied to after it was created; the rest must match field for field.
      if (created.id === original.id) expect({ digCount, replyCount }).toEqual({ digCount: 1, replyCount: 1 });
      else expect({ ...rest, digCount, replyCount }).toEqual(created);
    }
  });

  it('posts sent together all land; of two attaching the same upload one wins, the other is 400 and leaves nothing', async () => {
    const a = await subscriber(t);
    const upload = mediaUrl(t.app.ctx, await storeUpload(t.app.ctx, a.user.id, 'image', { bytes: await smallPng(), contentType: 'image/png', ext: 'png', width: 64, height: 48 }));
    const tag = `g${newId().slice(-8)}`;
    const bodies = [
      ...Array.from({ length: 6 }, (_, i) => ({ content: `together ${i}`, tags: [tag] })),
      { content: 'first claim', tags: [tag], imageUrls: [upload] },
      { content: 'second claim', tags: [tag], imageUrls: [upload] },
      { content: 'too long '.repeat(100), tags: [tag] },
    ];
    const answers = await Promise.all(bodies.map((body) => call(t, a, 'POST', '/api/messages', body)));
    expect(answers.slice(0, 6).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const claims = answers.slice(6, 8);
    expect(claims.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expectError(claims.find((r) => r.statusCode === 400)!, 400, 'invalid_media');
    expectError(answers[8], 400, 'message_too_long');
    const winner = claims.find((r) => r.statusCode === 201)!.json().data;
    expect(winner.imageUrls).toEqual([upload]);
    const stored = await t.db.kysely.selectFrom('messages').innerJoin('message_tags', 'message_tags.message_id', 'messages.id').select(['messages.content', 'messages.id']).where('message_tags.tag', '=', tag).execute();
    expect(stored.map((m) => m.content).sort()).toEqual([...bodies.slice(0, 6).map((b) => b.content), winner.content].sort());
    const attached = await t.db.kysely.selectFrom('uploads').select('attached_to').where('owner_id', '=', a.user.id).execute();
    expect(attached).toEqual([{ attached_to: `message:${winner.id}` }]);
  });

  it('accepts a Bearer token, and defaults publiclyVisible to the account setting', async () => {
    const a = await member(t, { default_publicly_visible: false });
    const res = await call(t, a, 'POST', '/api/messages', { content: 'quiet' }, true);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.publiclyVisible).toBe(false);
    expect((await post(t, a, { content: 'loud', publiclyVisible: true })).publiclyVisible).toBe(true);
  });

  it('holds content to the author’s maxMessageLength (characters, not bytes)', async () => {
    const a = await member(t, { max_message_length: 10 });
    expect((await post(t, a, { content: '🙂'.repeat(10) })).content).toBe('🙂'.repeat(10));
    expectError(await call(t, a, 'POST', '/api/messages', { content: 'x'.repeat(11) }), 400, 'message_too_long');
    const b = await member(t);
    await post(t, b, { content: 'y'.repeat(666) });
    expectError(await call(t, b, 'POST', '/api/messages', { content: 'y'.repeat(667) }), 400);
  });

  it.each([
    ['no content', {}],
    ['empty content', { content: '' }],
    ['blank content', { content: '   ' }],
    ['content not a string', { content: 5 }],
    ['unknown field', { content: 'x', colour: 'red' }],
    ['tags not strings', { content: 'x', tags: [1] }],
    ['empty tag', { content: 'x', tags: [''] }],
    ['too many tags', { content: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
    ['huge content', { content: 'x'.repeat(20_000) }],
    ['publiclyVisible not boolean', { content: 'x', publiclyVisible: 'yes' }],
    ['scheduledAt not a date', { content: 'x', scheduledAt: 'tomorrow' }],
    ['nine images', { content: 'x', imageUrls: Array.from({ length: 9 }, () => 'http://localhost/a.png') }],
    ['two videos', { content: 'x', videoUrls: ['a', 'b'] }],
  ])('refuses %s with 400', async (_name, payload) => {
    const a = await member(t);
    expectError(await call(t, a, 'POST', '/api/messages', payload), 400);
  });

  it('refuses a malformed JSON body with 400', async () => {
    const a = await member(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: a.cookie, 'content-type': 'application/json' }, payload: '{"content":' });
    expectError(res, 400);
  });

  it('makes replies to messages the caller can read, and 404 for others', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const pub = await post(t, a, { content: 'public' });
    const reply = await post(t, b, { content: 'reply', parentId: pub.id });
    expect(reply.parentId).toBe(pub.id);
    const priv = await post(t, a, { content: 'private', publiclyVisible: false });
    expectError(await call(t, c, 'POST', '/api/messages', { content: 'r', parentId: priv.id }), 404);
    await follows(t, c, a);
    expect((await post(t, c, { content: 'r', parentId: priv.id })).parentId).toBe(priv.id);
    expectError(await call(t, c, 'POST', '/api/messages', { content: 'r', parentId: newId() }), 404);
    expect((await call(t, null, 'GET', `/api/messages/${pub.id}`)).json().replyCount).toBe(1);
  });

  it('pushes public messages only: a plain repost has empty content; a comment is allowed', async () => {
    const [a, b] = [await member(t), await member(t)];
    const original = await post(t, a, { content: 'original', tags: ['x'] });
    const plain = await post(t, b, { pushedMessageId: original.id });
    expect(plain.content).toBe('');
    expect(plain.pushedMessage).toMatchObject({ id: original.id, content: 'original', tags: ['x'], user: { id: a.user.id }, pushedMessageId: null });
    const quoted = await post(t, b, { pushedMessageId: original.id, content: 'look at this' });
    expect(quoted.content).toBe('look at this');
    expect(quoted.pushedMessage.id).toBe(original.id);
    // Push of a push.
    expect((await post(t, a, { pushedMessageId: plain.id })).pushedMessage).toMatchObject({ id: plain.id, pushedMessageId: original.id });

    const priv = await post(t, a, { content: 'private', publiclyVisible: false });
    await follows(t, b, a);
    expectError(await call(t, b, 'POST', '/api/messages', { pushedMessageId: priv.id }), 400);
    expectError(await call(t, b, 'POST', '/api/messages', { pushedMessageId: newId() }), 404);
    expectError(await call(t, b, 'POST', '/api/messages', { pushedMessageId: original.id, parentId: original.id }), 400);
  });

  it('needs credentials and a writable account', async () => {
    expectError(await call(t, null, 'POST', '/api/messages', { content: 'x' }), 401);
    for (const [status, code] of [
      ['restricted', 'account_restricted'],
      ['suspended', 'account_suspended'],
      ['banned', 'account_banned'],
    ] as const) {
      const r = await member(t, { account_status: status });
      expectError(await call(t, r, 'POST', '/api/messages', { content: 'x' }), 403, code);
      expectError(await call(t, r, 'POST', '/api/messages', { content: 'x' }, true), 403, code);
    }
  });

  it('gives probation accounts plain posts within the quota (3 an hour, 10 a day): 429 with Retry-After and scope', async () => {
    const p = await member(t, { account_status: 'probation' });
    for (let i = 0; i < 3; i++) await post(t, p, { content: `post ${i}` });
    const res = await call(t, p, 'POST', '/api/messages', { content: 'one too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'rate_limited', code: 'account_probation_rate_limited', scope: 'hour' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    t.clock.advance(3600_000 + 1000);
    for (let i = 0; i < 3; i++) await post(t, p, { content: `later ${i}` });
    // A reply and a push count too, and are allowed in probation.
    t.clock.advance(3600_000 + 1000);
    const someone = await member(t);
    const m = await post(t, someone, { content: 'x' });
    await post(t, p, { content: 'reply', parentId: m.id });
    await post(t, p, { pushedMessageId: m.id });
    await post(t, p, { content: 'nine' });
    t.clock.advance(3600_000 + 1000);
    await post(t, p, { content: 'ten' });
    const day = await call(t, p, 'POST', '/api/messages', { content: 'eleven' });
    expect(day.statusCode).toBe(429);
    expect(day.json().scope).toBe('day');
  });

  it('probation: media, scheduling and cross-posting are 403 account_probation_feature (even for subscribers)', async () => {
    const p = await subscriber(t, { account_status: 'probation' });
    const later = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    for (const extra of [{ scheduledAt: later }, { imageUrls: ['http://localhost:3000/api/media/x.png'] }, { videoUrls: ['http://localhost:3000/api/media/x.mp4'] }, { crossPostToNetworkB: true }, { networkAProviderIds: ['id1'] }]) {
      expectError(await call(t, p, 'POST', '/api/messages', { content: 'x', ...extra }), 403, 'account_probation_feature');
    }
  });

  it('free users sending subscriber-only fields get 403 saying a subscription is required', async () => {
    const free = await member(t);
    const later = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    for (const extra of [{ scheduledAt: later }, { imageUrls: ['http://x/a.png'] }, { videoUrls: ['http://x/a.mp4'] }, { crossPostToNetworkC: true }, { crossPostToNetworkD: true }, { networkAProviderIds: ['id1'] }]) {
      const res = await call(t, free, 'POST', '/api/messages', { content: 'x', ...extra });
      expectError(res, 403);
      expect(res.json().error).toMatch(/active subscription is required/i);
    }
    // Explicitly off is not a request.
    expect((await call(t, free, 'POST', '/api/messages', { content: 'x', crossPostToNetworkB: false, imageUrls: [] })).statusCode).toBe(201);
  });

  it('media URLs must be the caller’s own unattached uploads (none exist that are not): 400', async () => {
    const s = await subscriber(t);
    expectError(await call(t, s, 'POST', '/api/messages', { content: 'x', imageUrls: ['http://elsewhere.example/a.png'] }), 400);
  });

  it('cross-posting to a network without a linked account: 400 network_not_linked naming it, nothing written; crossPosts is always present', async () => {
    const s = await subscriber(t);
    for (const [body, name] of [
      [{ networkAProviderIds: ['nope'] }, 'networkA'],
      [{ crossPostToNetworkB: true }, 'networkB'],
      [{ crossPostToNetworkD: true }, 'networkD'],
    ] as const) {
      const res = await call(t, s, 'POST', '/api/messages', { content: 'x', ...body });
      expectError(res, 400, 'network_not_linked');
      expect(res.json().error).toContain(name);
    }
    expect(await t.db.kysely.selectFrom('messages').select('id').where('user_id', '=', s.user.id).execute()).toEqual([]);
    const res = await call(t, s, 'POST', '/api/messages', { content: 'x' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.crossPosts).toEqual([]);
    expect(body).not.toHaveProperty('crossPostResults');
    expect(body).not.toHaveProperty('scheduledAt');
    expect(body).not.toHaveProperty('org');
  });
});
