import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundFetcher } from '../../../src/adapters/outbound-fetch/index.js';
import { escapeLittleText } from '../../../src/adapters/networks/little-text.js';
import { createNetworkA } from '../../../src/adapters/networks/network-a.js';
import { createNetworkC } from '../../../src/adapters/networks/network-c.js';
import { createNetworkD } from '../../../src/adapters/networks/network-d.js';
import { NetworkError, type NetworkAuth } from '../../../src/adapters/networks/types.js';
import { NetworkAPosts } from '../../helpers/networks/network-a-posts.js';
import { NetworkCPosts } from '../../helpers/networks/network-c-posts.js';
import { NetworkDPosts } from '../../helpers/networks/network-d-posts.js';
import { videoBytes } from '../../media/images.js';

// The three posting adapters against their loopback stand-ins, through the real guarded fetcher
// (127.0.0.2 allowed, nothing else): what each sends, and how each failure is classified.

const fetcher = new OutboundFetcher({ allowedPrivateAddresses: ['127.0.0.2/32'], timeoutMs: 1500, maxBytes: 1024 * 1024, userAgent: 'test' });
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
/** A small MP4 (the media tests' own), several parts long at the part sizes set below. */
const MP4 = videoBytes('mp4', 250_000);

async function failure(promise: Promise<unknown>): Promise<NetworkError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NetworkError);
  return err as NetworkError;
}

describe('networkA adapter (Mastodon API)', () => {
  const standIn = new NetworkAPosts();
  let auth: NetworkAuth;
  beforeAll(async () => {
    await standIn.start();
    standIn.tokens.add('tok-a');
    auth = { accessToken: 'tok-a', providerUserId: '1', instanceUrl: standIn.url, session: null };
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.clearFailures();
    standIn.hits.length = 0;
    standIn.maxCharacters = 500;
  });

  it('reads the instance limit once and keeps it; 500 when the instance does not say', async () => {
    standIn.maxCharacters = 1000;
    const a = createNetworkA({ fetcher });
    expect(await a.limit(auth)).toBe(1000);
    expect(await a.limit(auth)).toBe(1000);
    expect(standIn.hitsOf('instance')).toHaveLength(1);
    standIn.maxCharacters = null;
    expect(await createNetworkA({ fetcher }).limit(auth)).toBe(500);
  });

  it('counts a link as 23 characters', () => {
    expect(createNetworkA({ fetcher }).count(`abc https://example.com/${'x'.repeat(100)}`)).toBe(4 + 23);
  });

  it('uploads media (waiting for processing), then posts with the Idempotency-Key; a replay answers the same status', async () => {
    standIn.processingPolls = 1;
    const a = createNetworkA({ fetcher, mediaPollMs: 10 });
    const request = { text: 'hello', media: [{ bytes: PNG, contentType: 'image/png', kind: 'image' as const, alt: 'a dot' }], deliveryKey: 'key-1' };
    const first = await a.publish(auth, request);
    standIn.processingPolls = 0;
    expect(first.externalUrl).toBe(`${standIn.url}/@someone/${first.externalId}`);
    const posted = standIn.hitsOf('post');
    expect(posted[0].headers['idempotency-key']).toBe('key-1');
    expect(standIn.statuses.get(first.externalId)!.mediaIds).toHaveLength(1);
    expect([...standIn.media.values()].at(-1)!.description).toBe('a dot');
    const again = await a.publish(auth, { ...request, media: [] });
    expect(again.externalId).toBe(first.externalId);
    expect([...standIn.statuses.values()].filter((s) => s.status === 'hello')).toHaveLength(1);
  });

  it('classifies failures: 5xx and 429 (with Retry-After) retryable, 401 unauthorized, 422 final, a dropped answer retryable', async () => {
    const a = createNetworkA({ fetcher });
    const request = (k: string) => ({ text: 'x', media: [], deliveryKey: k });
    standIn.fail('post', { status: 503 });
    expect((await failure(a.publish(auth, request('f1')))).kind).toBe('retryable');
    standIn.fail('post', { status: 429, headers: { 'retry-after': '7' } });
    const limited = await failure(a.publish(auth, request('f2')));
    expect([limited.kind, limited.retryAfterMs, limited.statusCode]).toEqual(['retryable', 7000, 429]);
    expect((await failure(a.publish({ ...auth, accessToken: 'wrong' }, request('f3')))).kind).toBe('unauthorized');
    standIn.fail('post', { status: 422, json: { error: 'Validation failed: Text is bad' } });
    const refused = await failure(a.publish(auth, request('f4')));
    expect([refused.kind, refused.statusCode]).toEqual(['final', 422]);
    expect(refused.message).toContain('Validation failed: Text is bad');
    standIn.fail('post', { drop: true });
    expect((await failure(a.publish(auth, request('f5')))).kind).toBe('retryable');
    // The retry of the dropped one answers the status the dropped call made.
    const made = await a.publish(auth, request('f5'));
    expect([...standIn.statuses.values()].filter((s) => s.id === made.externalId)).toHaveLength(1);
  });

  it('deletes a status; one already gone is fine', async () => {
    const a = createNetworkA({ fetcher });
    const made = await a.publish(auth, { text: 'bye', media: [], deliveryKey: 'del-1' });
    await a.remove(auth, made.externalId);
    expect(standIn.statuses.has(made.externalId)).toBe(false);
    await a.remove(auth, made.externalId);
  });

  it('refuses an instance outside the allowed addresses without sending anything', async () => {
    const err = await failure(createNetworkA({ fetcher }).publish({ ...auth, instanceUrl: 'http://127.0.0.1:9' }, { text: 'x', media: [], deliveryKey: 'k' }));
    expect(err.kind).toBe('final');
  });
});

describe('networkC adapter (LinkedIn-style REST)', () => {
  const standIn = new NetworkCPosts();
  let auth: NetworkAuth;
  beforeAll(async () => {
    await standIn.start();
    standIn.tokens.add('tok-c');
    standIn.authors.add('urn:li:person:abc');
    standIn.authors.add('urn:li:organization:42');
    auth = { accessToken: 'tok-c', providerUserId: 'abc', instanceUrl: null, session: null };
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.clearFailures();
    standIn.hits.length = 0;
  });
  const adapter = () => createNetworkC({ fetcher, apiUrl: standIn.url, apiVersion: '202505', webUrl: 'https://networkc.example' });

  it('escapes every reserved character of the little text format', () => {
    expect(escapeLittleText('a|b{c}d@e[f]g(h)i<j>k#l\\m*n_o~p')).toBe('a\\|b\\{c\\}d\\@e\\[f\\]g\\(h\\)i\\<j\\>k\\#l\\\\m\\*n\\_o\\~p');
  });

  it('posts as the person with the version headers, escaped text and an uploaded image; the URN from x-restli-id', async () => {
    const made = await adapter().publish(auth, { text: 'Hi (all) #news', media: [{ bytes: PNG, contentType: 'image/png', kind: 'image' }], deliveryKey: 'k' });
    expect(made.externalId).toMatch(/^urn:li:share:\d+$/);
    expect(made.externalUrl).toBe(`https://networkc.example/feed/update/${made.externalId}/`);
    const post = standIn.posts.get(made.externalId)!;
    expect(post).toMatchObject({ author: 'urn:li:person:abc', commentary: 'Hi \\(all\\) \\#news' });
    expect(post.images).toHaveLength(1);
    for (const hit of standIn.hits.filter((h) => h.op !== 'upload')) {
      expect(hit.headers['linkedin-version']).toBe('202505');
      expect(hit.headers['x-restli-protocol-version']).toBe('2.0.0');
    }
  });

  it('uploads a video in its parts (each range PUT, finalized with the ETags in order) and posts it; the images stay behind', async () => {
    standIn.videoPartBytes = 100_000;
    try {
      const made = await adapter().publish(auth, {
        text: 'a clip',
        media: [
          { bytes: PNG, contentType: 'image/png', kind: 'image' },
          { bytes: MP4, contentType: 'video/mp4', kind: 'video' },
        ],
        deliveryKey: 'k',
      });
      const post = standIn.posts.get(made.externalId)!;
      expect(post.images).toEqual([]);
      expect(post.video).toMatch(/^urn:li:video:\d+$/);
      const video = standIn.videos.get(post.video!)!;
      expect(video).toMatchObject({ size: MP4.length, status: 'AVAILABLE' });
      expect(Buffer.concat(video.parts.map((p) => p.bytes!)).equals(MP4)).toBe(true);
      expect(standIn.hitsOf('video-part').map((h) => h.body.length)).toEqual([100_000, 100_000, 50_000]);
      expect(standIn.hitsOf('media')).toHaveLength(0);
      expect(JSON.parse(standIn.hitsOf('video-init')[0].body.toString()).initializeUploadRequest).toMatchObject({ owner: 'urn:li:person:abc', fileSizeBytes: MP4.length });
      for (const hit of [...standIn.hitsOf('video-init'), ...standIn.hitsOf('video-finalize')]) expect(hit.headers['linkedin-version']).toBe('202505');
    } finally {
      standIn.videoPartBytes = 4 * 1024 * 1024;
    }
  });

  it('a video part the network fails is retryable (nothing was posted)', async () => {
    standIn.fail('video-part', { status: 500 });
    const posts = standIn.posts.size;
    expect((await failure(adapter().publish(auth, { text: 'clip', media: [{ bytes: MP4, contentType: 'video/mp4', kind: 'video' }], deliveryKey: 'k' }))).kind).toBe('retryable');
    expect(standIn.posts.size).toBe(posts);
  });

  it('posts as an organization target, and puts the link in a first comment when asked', async () => {
    const made = await adapter().publish(auth, { text: 'Read https://example.org/a_b now', media: [], deliveryKey: 'k', target: 'urn:li:organization:42', linkAsFirstComment: true });
    expect(standIn.posts.get(made.externalId)).toMatchObject({ author: 'urn:li:organization:42', commentary: 'Read now' });
    expect(standIn.comments.at(-1)).toEqual({ post: made.externalId, actor: 'urn:li:organization:42', text: 'https://example.org/a\\_b' });
  });

  it('answers a sunset version (426) as a final failure naming NETWORKC_API_VERSION', async () => {
    const err = await failure(createNetworkC({ fetcher, apiUrl: standIn.url, apiVersion: '202301', webUrl: null }).publish(auth, { text: 'x', media: [], deliveryKey: 'k' }));
    expect([err.kind, err.statusCode, err.code]).toEqual(['final', 426, 'api_version_unsupported']);
    expect(err.message).toContain('NETWORKC_API_VERSION');
    expect(err.message).toContain('202301');
  });

  it('a connection dropped after the post was made is an unknown outcome; a 500 is retryable', async () => {
    standIn.fail('post', { drop: true });
    const before = standIn.posts.size;
    expect((await failure(adapter().publish(auth, { text: 'lost', media: [], deliveryKey: 'k' }))).kind).toBe('unknown_outcome');
    expect(standIn.posts.size).toBe(before + 1);
    standIn.fail('post', { status: 500 });
    expect((await failure(adapter().publish(auth, { text: 'x', media: [], deliveryKey: 'k' }))).kind).toBe('retryable');
  });

  it('a slow answer past the time budget is an unknown outcome (the post may have been made)', async () => {
    standIn.fail('post', { delayMs: 2500 });
    expect((await failure(adapter().publish(auth, { text: 'slow', media: [], deliveryKey: 'k' }))).kind).toBe('unknown_outcome');
  });

  it('deletes a post by its URN', async () => {
    const made = await adapter().publish(auth, { text: 'bye', media: [], deliveryKey: 'k' });
    await adapter().remove(auth, made.externalId);
    expect(standIn.posts.has(made.externalId)).toBe(false);
  });
});

describe('networkD adapter (X-style v2)', () => {
  const standIn = new NetworkDPosts();
  let auth: NetworkAuth;
  beforeAll(async () => {
    await standIn.start();
    standIn.tokens.add('tok-d');
    auth = { accessToken: 'tok-d', providerUserId: '99', instanceUrl: null, session: null };
  });
  afterAll(() => standIn.stop());
  const adapter = () => createNetworkD({ fetcher, apiUrl: standIn.url, webUrl: 'https://networkd.example' });

  it('weighs text with twitter-text: a link 23, a CJK character 2', () => {
    expect(adapter().count(`see https://example.com/${'x'.repeat(200)}`)).toBe(4 + 23);
    expect(adapter().count('日本')).toBe(4);
  });

  it('uploads an image and posts it; deletes the post', async () => {
    const made = await adapter().publish(auth, { text: 'hello', media: [{ bytes: PNG, contentType: 'image/png', kind: 'image' }], deliveryKey: 'k' });
    expect(made.externalUrl).toBe(`https://networkd.example/i/web/status/${made.externalId}`);
    const post = standIn.posts.get(made.externalId)!;
    expect(post.mediaIds).toHaveLength(1);
    expect(standIn.media.get(post.mediaIds[0])).toEqual({ bytes: PNG.length, category: 'tweet_image' });
    await adapter().remove(auth, made.externalId);
    expect(standIn.posts.has(made.externalId)).toBe(false);
  });

  it('uploads a video in segments (INIT, APPEND in order, FINALIZE), waits out its processing (STATUS), and posts it alone', async () => {
    standIn.checkAfterSecs = 0;
    const segmented = createNetworkD({ fetcher, apiUrl: standIn.url, webUrl: null, segmentBytes: 100_000 });
    const made = await segmented.publish(auth, {
      text: 'a clip',
      media: [
        { bytes: PNG, contentType: 'image/png', kind: 'image' },
        { bytes: MP4, contentType: 'video/mp4', kind: 'video' },
      ],
      deliveryKey: 'k',
    });
    const post = standIn.posts.get(made.externalId)!;
    expect(post.mediaIds).toHaveLength(1);
    const video = standIn.videos.get(post.mediaIds[0])!;
    expect(video).toMatchObject({ type: 'video/mp4', totalBytes: MP4.length, finalized: true, pollsLeft: 0, statusPolls: 2 });
    expect(video.segments.map((b) => b.length)).toEqual([100_000, 100_000, 50_000]);
    expect(Buffer.concat(video.segments).equals(MP4)).toBe(true);
    expect(standIn.media.get(post.mediaIds[0])).toEqual({ bytes: MP4.length, category: 'tweet_video' });
    expect(standIn.hitsOf('media-status').every((h) => h.headers.authorization === 'Bearer tok-d')).toBe(true);
  });

  it('a video the network cannot process is a final failure, and nothing is posted', async () => {
    standIn.checkAfterSecs = 0;
    standIn.failProcessing = true;
    const posts = standIn.posts.size;
    try {
      const err = await failure(adapter().publish(auth, { text: 'bad clip', media: [{ bytes: MP4, contentType: 'video/mp4', kind: 'video' }], deliveryKey: 'k' }));
      expect(err).toMatchObject({ kind: 'final', code: 'media_processing_failed' });
      expect(err.message).toContain('Invalid or Unsupported media');
      expect(standIn.posts.size).toBe(posts);
    } finally {
      standIn.failProcessing = false;
    }
  });

  it('401 is unauthorized, 429 carries the reset header, a dropped answer is an unknown outcome', async () => {
    expect((await failure(adapter().publish({ ...auth, accessToken: 'expired' }, { text: 'x', media: [], deliveryKey: 'k' }))).kind).toBe('unauthorized');
    const reset = Math.floor(Date.now() / 1000) + 30;
    standIn.fail('post', { status: 429, headers: { 'x-rate-limit-reset': String(reset) } });
    const limited = await failure(adapter().publish(auth, { text: 'x', media: [], deliveryKey: 'k' }));
    expect(limited.kind).toBe('retryable');
    expect(limited.retryAfterMs).toBeGreaterThan(25_000);
    standIn.fail('post', { drop: true });
    expect((await failure(adapter().publish(auth, { text: 'x', media: [], deliveryKey: 'k' }))).kind).toBe('unknown_outcome');
  });
});
