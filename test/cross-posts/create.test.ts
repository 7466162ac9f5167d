import { beforeEach, describe, expect, it } from 'vitest';
import { setUserFields } from '../helpers/app.js';
import { call, expectError, member, subscriber } from '../messages/helpers.js';
import { mediaUrl, storeUpload } from '../../src/features/media/service.js';
import { upsertIdentity } from '../../src/features/identities/index.js';
import { NetworkAPosts } from '../helpers/networks/network-a-posts.js';
import { videoBytes } from '../media/images.js';
import { createPost, deliveryRows, ledgerOf, linkedSubscriber, messageCount, networkCTarget, settle, useWorld, type Linked } from './support.js';

// POST /api/messages with cross-posting (CONTRACT, Cross-posting): the checks made before
// anything is written, one delivery per target recorded with the message, delivered after the
// commit within the answer's 2 seconds, media carried, networkC targets and first comments.

const w = useWorld();
beforeEach(() => {
  w.a.maxCharacters = 500;
});

describe('posting to three networks', () => {
  it('answers 201 with each target ok and its URL, the networkA result, and one ledger row per target', async () => {
    const l = await linkedSubscriber(w);
    const started = Date.now();
    const body = await createPost(w, l.who, { content: 'Hello (world) #intro', networkAProviderIds: [l.networkA], crossPostToNetworkC: true, crossPostToNetworkD: true });
    const took = Date.now() - started;
    console.log(`[figure] a post with three targets answered in ${took} ms`);
    expect(took).toBeLessThan(2500);
    expect(body.crossPosts).toHaveLength(3);
    const [a, c, d] = body.crossPosts;
    const statusA = [...w.a.statuses.values()].find((s) => s.token === l.tokens.a)!;
    expect(a).toEqual({ platform: 'networkA', providerId: l.networkA, status: 'ok', externalUrl: statusA.url, error: null });
    expect(c).toMatchObject({ platform: 'networkC', status: 'ok', error: null });
    expect(c.externalUrl).toMatch(/\/feed\/update\/urn:li:share:\d+\/$/);
    expect(d).toMatchObject({ platform: 'networkD', status: 'ok', error: null });
    expect(body.crossPostResults).toEqual([{ providerId: l.networkA, instanceName: '127.0.0.2', success: true, url: statusA.url }]);
    // What each network got: the text (escaped for networkC), with the delivery's Idempotency-Key on networkA.
    expect(statusA.status).toBe('Hello (world) #intro');
    const rows = await deliveryRows(w, body.data.id);
    expect(w.a.hitsOf('post').at(-1)!.headers['idempotency-key']).toBe(rows.find((r) => r.platform === 'networkA')!.delivery_key);
    expect([...w.c.posts.values()].at(-1)!.commentary).toBe('Hello \\(world\\) \\#intro');
    expect([...w.d.posts.values()].at(-1)!.text).toBe('Hello (world) #intro');
    const ledger = await ledgerOf(w, l.who, body.data.id);
    expect(ledger.map((e) => [e.platform, e.status, e.attempts, e.errorCode])).toEqual([
      ['networkA', 'ok', 1, null],
      ['networkC', 'ok', 1, null],
      ['networkD', 'ok', 1, null],
    ]);
    expect(Object.keys(ledger[0]).sort()).toEqual(['attempts', 'error', 'errorCode', 'externalUrl', 'id', 'platform', 'providerId', 'status', 'updatedAt']);
    // No token in any answer or log line.
    expect(JSON.stringify(body) + JSON.stringify(ledger) + w.logText()).not.toContain('SECRET');
  });

  it('a post without cross-posting answers crossPosts [] and no crossPostResults', async () => {
    const l = await linkedSubscriber(w);
    const body = await createPost(w, l.who, { content: 'plain' });
    expect(body.crossPosts).toEqual([]);
    expect(body).not.toHaveProperty('crossPostResults');
  });
});

describe('checks before anything is written', () => {
  it('a network not linked: 400 network_not_linked naming it, nothing written', async () => {
    const who = await subscriber(w.t);
    for (const [field, name] of [
      [{ crossPostToNetworkD: true }, 'networkD'],
      [{ crossPostToNetworkC: true }, 'networkC'],
      [{ crossPostToNetworkB: true }, 'networkB'],
    ] as const) {
      const res = await call(w.t, who, 'POST', '/api/messages', { content: 'x', ...field });
      expectError(res, 400, 'network_not_linked');
      expect(res.json().error).toContain(name);
    }
    expect(await messageCount(w, who.user.id)).toBe(0);
    expect(await w.t.db.kysely.selectFrom('cross_post_deliveries').select('id').where('user_id', '=', who.user.id).execute()).toEqual([]);
  });

  it('another user’s networkA identity or networkC target: 400 network_not_linked, nothing written', async () => {
    const mine = await linkedSubscriber(w);
    const theirs = await linkedSubscriber(w);
    const theirTarget = await networkCTarget(w, theirs, 'organization', 'urn:li:organization:1');
    expectError(await call(w.t, mine.who, 'POST', '/api/messages', { content: 'x', networkAProviderIds: [theirs.networkA] }), 400, 'network_not_linked');
    expectError(await call(w.t, mine.who, 'POST', '/api/messages', { content: 'x', networkAProviderIds: [mine.networkD] }), 400, 'network_not_linked');
    expectError(await call(w.t, mine.who, 'POST', '/api/messages', { content: 'x', crossPostToNetworkC: true, networkCTargets: [theirTarget] }), 400, 'network_not_linked');
    expect(await messageCount(w, mine.who.user.id)).toBe(0);
  });

  it('longer than networkD’s 280 weighted characters: 400 content_too_long naming it and its limit, nothing written', async () => {
    const l = await linkedSubscriber(w);
    const before = w.d.posts.size;
    // 141 CJK characters weigh 282.
    const res = await call(w.t, l.who, 'POST', '/api/messages', { content: '日'.repeat(141), crossPostToNetworkD: true });
    expectError(res, 400, 'content_too_long');
    expect(res.json().error).toContain('networkD');
    expect(res.json().error).toContain('280');
    // A link counts 23 whatever its length: this one fits.
    await createPost(w, l.who, { content: `${'z'.repeat(250)} https://example.com/${'p'.repeat(100)}`, crossPostToNetworkD: true });
    expect(await messageCount(w, l.who.user.id)).toBe(1);
    expect(w.d.posts.size).toBe(before + 1);
  });

  it('networkA: the instance’s own limit, read once from its instance API', async () => {
    // An instance of its own (limits are kept per instance).
    const small = await new NetworkAPosts().start();
    try {
      small.maxCharacters = 20;
      const l = await linkedSubscriber(w);
      small.tokens.add(l.tokens.a);
      const { id } = await upsertIdentity(w.t.app.ctx, {
        userId: l.who.user.id,
        provider: 'networkA',
        providerUserId: 'small-1',
        handle: 'someone@small',
        instanceName: 'small',
        instanceUrl: small.url,
        tokens: { accessToken: l.tokens.a, refreshToken: null, expiresAt: null, scopes: null },
      });
      const res = await call(w.t, l.who, 'POST', '/api/messages', { content: 'x'.repeat(21), networkAProviderIds: [id] });
      expectError(res, 400, 'content_too_long');
      expect(res.json().error).toContain('networkA');
      expect(res.json().error).toContain('20');
      expect(small.hitsOf('post')).toHaveLength(0);
      expect(await messageCount(w, l.who.user.id)).toBe(0);
      const body = await createPost(w, l.who, { content: 'x'.repeat(20), networkAProviderIds: [id] });
      expect(body.crossPostResults).toEqual([expect.objectContaining({ providerId: id, instanceName: 'small', success: true })]);
      expect(small.hitsOf('instance')).toHaveLength(1);
    } finally {
      await small.stop();
    }
  });

  it('a free user: 403; a probation account: 403 account_probation_feature; nothing written', async () => {
    const free = await member(w.t);
    const res = await call(w.t, free, 'POST', '/api/messages', { content: 'x', crossPostToNetworkD: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/subscription/i);
    const l = await linkedSubscriber(w);
    await setUserFields(w.t.db, l.who.user.id, { account_status: 'probation' });
    expectError(await call(w.t, l.who, 'POST', '/api/messages', { content: 'x', crossPostToNetworkD: true }), 403, 'account_probation_feature');
    expect(await messageCount(w, free.user.id)).toBe(0);
    expect(await messageCount(w, l.who.user.id)).toBe(0);
  });
});

describe('what goes with a post', () => {
  const uploadOf = async (l: Linked, kind: 'image' | 'video') => {
    const row = await storeUpload(w.t.app.ctx, l.who.user.id, kind, {
      bytes: kind === 'image' ? Buffer.from(`image-bytes-${Math.random()}`) : videoBytes('mp4', 200_000),
      contentType: kind === 'image' ? 'image/png' : 'video/mp4',
      ext: kind === 'image' ? 'png' : 'mp4',
      width: kind === 'image' ? 10 : null,
      height: kind === 'image' ? 10 : null,
    });
    return { row, url: mediaUrl(w.t.app.ctx, row) };
  };

  /** Posts to the three networks, waits for the deliveries (each must end ok), and answers networkA's status. */
  const postToThree = async (l: Linked, body: Record<string, unknown>) => {
    const res = await createPost(w, l.who, { ...body, networkAProviderIds: [l.networkA], crossPostToNetworkC: true, crossPostToNetworkD: true });
    await settle(w);
    expect((await ledgerOf(w, l.who, res.data.id)).map((e) => e.status)).toEqual(['ok', 'ok', 'ok']);
    return [...w.a.statuses.values()].find((s) => s.token === l.tokens.a)!;
  };

  it('carries the images to the three networks', async () => {
    const l = await linkedSubscriber(w);
    const image = await uploadOf(l, 'image');
    const body = await createPost(w, l.who, { content: 'with an image', imageUrls: [image.url], networkAProviderIds: [l.networkA], crossPostToNetworkC: true, crossPostToNetworkD: true });
    await settle(w);
    expect((await ledgerOf(w, l.who, body.data.id)).map((e) => e.status)).toEqual(['ok', 'ok', 'ok']);
    const statusA = [...w.a.statuses.values()].find((s) => s.token === l.tokens.a)!;
    expect(statusA.mediaIds.map((id) => w.a.media.get(id)!.bytes)).toEqual([image.row.size]);
    const postC = [...w.c.posts.values()].at(-1)!;
    expect(postC.images.map((id) => w.c.images.get(id)!.bytes)).toEqual([image.row.size]);
    const postD = [...w.d.posts.values()].at(-1)!;
    expect(postD.mediaIds.map((id) => w.d.media.get(id)!.bytes)).toEqual([image.row.size]);
  });

  it('carries each image’s description (alt text) to the three networks, and none for an undescribed image', async () => {
    const l = await linkedSubscriber(w);
    const [first, second] = [await uploadOf(l, 'image'), await uploadOf(l, 'image')];
    // Longer than networkD keeps (1,000 characters): it gets the first 1,000, the others all of it.
    const long = `A red dot on a white ground, 🟥 centred. ${'Nothing else is in the picture. '.repeat(36)}`.trim();
    expect([...long].length).toBeGreaterThan(1000);
    const statusA = await postToThree(l, { content: 'two images, one described', imageUrls: [first.url, second.url], imageAlts: [long, ''] });
    expect(statusA.mediaIds.map((id) => w.a.media.get(id)!.description)).toEqual([long, null]);
    const postC = [...w.c.posts.values()].at(-1)!;
    expect(postC.imageAlts).toEqual([long, null]);
    const postD = [...w.d.posts.values()].at(-1)!;
    expect(postD.mediaIds.map((id) => w.d.media.get(id)!.altText)).toEqual([[...long].slice(0, 1000).join(''), undefined]);
  });

  it('carries the video to all three: networkA with the image, networkC and networkD the video alone (their uploads in parts, networkD’s processing waited out)', async () => {
    const l = await linkedSubscriber(w);
    const [image, video] = [await uploadOf(l, 'image'), await uploadOf(l, 'video')];
    const statusA = await postToThree(l, { content: 'with media', imageUrls: [image.url], videoUrls: [video.url] });
    expect(statusA.mediaIds.map((id) => w.a.media.get(id)!.contentType)).toEqual(['image/png', 'video/mp4']);
    expect(statusA.mediaIds.map((id) => w.a.media.get(id)!.bytes)).toEqual([image.row.size, video.row.size]);
    const stored = videoBytes('mp4', 200_000);
    const postC = [...w.c.posts.values()].at(-1)!;
    expect(postC.images).toEqual([]);
    const videoC = w.c.videos.get(postC.video!)!;
    expect(videoC.status).toBe('AVAILABLE');
    expect(Buffer.concat(videoC.parts.map((p) => p.bytes!)).equals(stored)).toBe(true);
    const postD = [...w.d.posts.values()].at(-1)!;
    expect(postD.mediaIds).toHaveLength(1);
    const videoD = w.d.videos.get(postD.mediaIds[0])!;
    expect(videoD).toMatchObject({ totalBytes: video.row.size, finalized: true, statusPolls: w.d.processingRounds });
    expect(Buffer.concat(videoD.segments).equals(stored)).toBe(true);
  });

  it('networkC: posts as the chosen organization target, and puts the link in a first comment when asked', async () => {
    const l = await linkedSubscriber(w);
    const org = await networkCTarget(w, l, 'organization', 'urn:li:organization:77');
    w.c.authors.add('urn:li:organization:77');
    const body = await createPost(w, l.who, { content: 'Read https://example.org/x now', crossPostToNetworkC: true, networkCTargets: [org], networkCLinkAsFirstComment: true });
    expect(body.crossPosts).toEqual([expect.objectContaining({ platform: 'networkC', providerId: org, status: 'ok' })]);
    const made = [...w.c.posts.values()].at(-1)!;
    expect(made).toMatchObject({ author: 'urn:li:organization:77', commentary: 'Read now' });
    expect(w.c.comments.at(-1)).toEqual({ post: made.urn, actor: 'urn:li:organization:77', text: 'https://example.org/x' });
  });

  it('a scheduled post checks its targets now, records nothing, and answers them pending', async () => {
    const l = await linkedSubscriber(w);
    const at = new Date(w.t.clock.now().getTime() + 3600_000).toISOString();
    const body = await createPost(w, l.who, { content: 'later', scheduledAt: at, crossPostToNetworkD: true });
    expect(body.crossPosts).toEqual([{ platform: 'networkD', status: 'pending', error: null }]);
    expect(await deliveryRows(w, body.data.id)).toEqual([]);
    const who = await subscriber(w.t);
    expectError(await call(w.t, who, 'POST', '/api/messages', { content: 'later', scheduledAt: at, crossPostToNetworkD: true }), 400, 'network_not_linked');
  });
});
