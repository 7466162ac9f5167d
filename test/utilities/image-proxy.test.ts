import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxyCacheKey } from '../../src/features/utilities/image-cache.js';
import { runDueJobs } from '../../src/runtime/jobs/execute.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { LoopbackPages, type PageHandler } from '../helpers/loopback-pages.js';
import { animatedGif, jpegWithGps, smallPng, webp } from '../media/images.js';
import { tempDir } from '../media/support.js';
import { call, expectError, member, type Member } from '../messages/helpers.js';

// The image proxy against loopback image hosts: a public host (127.0.0.2, listed in
// ALLOWED_PRIVATE_ADDRESSES) with real images made by sharp, and the service's own network
// (127.0.0.1, not listed) whose hits prove that a refused fetch never reached it.

const MiB = 1024 * 1024;
const images: Record<string, Buffer> = {};
const send = (type: string, key: string): PageHandler => (_req, res) => {
  res.writeHead(200, { 'content-type': type });
  res.end(images[key]);
};

const site = new LoopbackPages('127.0.0.2', {
  '/photo.jpg': send('image/jpeg', 'jpeg'),
  '/photo.webp': send('image/webp', 'webp'),
  '/small.png': send('image/png', 'png'),
  '/anim.gif': send('image/gif', 'gif'),
  '/wide.png': send('image/png', 'wide'),
  // Named and labelled as an image; the bytes are text.
  '/fake.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end('<html><body>not an image</body></html>');
  },
  '/page.html': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>hello</body></html>');
  },
  // A PNG signature followed by garbage: an image by its first bytes that does not decode.
  '/broken.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.concat([images.png.subarray(0, 40), Buffer.alloc(200, 7)]));
  },
  '/huge-declared.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(10 * MiB + 1) });
    res.end(Buffer.concat([images.png, Buffer.alloc(10 * MiB + 1 - images.png.length)]));
  },
  // Chunked, no length declared: refused while it streams.
  '/huge-streamed.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(images.png);
    const chunk = Buffer.alloc(MiB, 1);
    let sent = 0;
    const more = () => {
      while (sent < 11 && res.write(chunk)) sent += 1;
      if (sent < 11) res.once('drain', more);
      else res.end();
    };
    res.on('error', () => undefined);
    more();
  },
  '/slow.png': () => {
    // Never answers: the fetch's time budget ends it.
  },
  '/error.png': (_req, res) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('boom');
  },
  '/missing.png': (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('no');
  },
  '/to-inside': (_req, res) => {
    res.writeHead(302, { location: inside.url('/secret.png') });
    res.end();
  },
  '/to-inside-by-number': (_req, res) => {
    res.writeHead(301, { location: `http://2130706433:${inside.port}/secret.png` });
    res.end();
  },
  '/to-photo': (_req, res) => {
    res.writeHead(302, { location: '/photo.jpg' });
    res.end();
  },
});
const inside = new LoopbackPages('127.0.0.1', { '/secret.png': send('image/png', 'png') });

let t: TestApp;
let dir: Awaited<ReturnType<typeof tempDir>>;
let ada: Member;

const proxy = (who: Member | null, url: string, extra = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/proxy/image?url=${encodeURIComponent(url)}${extra}`, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });
const hitsOf = (path: string) => site.hits.filter((h) => h.path === path).length;

beforeAll(async () => {
  [images.jpeg, images.webp, images.png, images.gif, images.wide] = await Promise.all([jpegWithGps(), webp(1600, 900), smallPng(64, 48), animatedGif(300, 100, 3), smallPng(3000, 1000)]);
  await site.start();
  await inside.start();
  dir = await tempDir();
  t = await createTestApp({ smtp: false, env: { DATA_DIR: dir.path, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', OUTBOUND_FETCH_TIMEOUT_MS: '1500' } });
  ada = await member(t);
});
afterAll(async () => {
  await t.close();
  await site.stop();
  await inside.stop();
  await dir.remove();
});
beforeEach(() => {
  // Past the per-user rate limit's window.
  t.clock.advance(61_000);
});

describe('real images, re-encoded', () => {
  it('a JPEG: orientation applied, EXIF (GPS, camera) dropped, own format, ETag and Cache-Control', async () => {
    const res = await proxy(ada, site.url('/photo.jpg'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    // 600×400 with orientation 6 is a 400×600 picture.
    expect([meta.width, meta.height]).toEqual([400, 600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('the longest side is at most w, never enlarged; without w at most 1200', async () => {
    const small = await proxy(ada, site.url('/photo.webp'), '&w=100');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    const meta = await sharp(small.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 100, 56]);

    const wide = await proxy(ada, site.url('/wide.png'));
    expect(wide.headers['content-type']).toBe('image/png');
    const wideMeta = await sharp(wide.rawPayload).metadata();
    expect([wideMeta.width, wideMeta.height]).toEqual([1200, 400]);

    const tiny = await proxy(ada, site.url('/small.png'), '&w=1200');
    const tinyMeta = await sharp(tiny.rawPayload).metadata();
    expect([tinyMeta.width, tinyMeta.height]).toEqual([64, 48]);
  });

  it('a GIF becomes the PNG of its first frame', async () => {
    const res = await proxy(ada, site.url('/anim.gif'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['png', 300, 100, 1]);
    // The first frame's green channel is 0 (later frames have 80, 160).
    const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[1]).toBe(0);
  });

  it('a redirect to an image on a public host is followed', async () => {
    const res = await proxy(ada, site.url('/to-photo'), '&w=50');
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).height).toBe(50);
  });
});

describe('the cache: 24 hours by URL and width, conditional requests', () => {
  it('a second request is served from the blob store; another width is another entry', async () => {
    const url = site.url('/photo.jpg');
    const first = await proxy(ada, url, '&w=300');
    const before = hitsOf('/photo.jpg');
    t.clock.advance(3600_000);
    const again = await proxy(ada, url, '&w=300');
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['cache-control']).toBe(`private, max-age=${86400 - 3600}`);
    expect(hitsOf('/photo.jpg')).toBe(before);
    expect(await t.app.ctx.blobs.exists(proxyCacheKey(url, 300))).toBe(true);

    const other = await proxy(ada, url, '&w=200');
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect(hitsOf('/photo.jpg')).toBe(before + 1);
  });

  it('requests for one uncached image that arrive together fetch it once', async () => {
    const before = hitsOf('/photo.jpg');
    const answers = await Promise.all([1, 2, 3].map(() => proxy(ada, site.url('/photo.jpg?together'), '&w=120')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
    expect(hitsOf('/photo.jpg')).toBe(before + 1);
  });

  it('If-None-Match with the ETag answers 304 without a body; another tag gets the image', async () => {
    const url = site.url('/small.png');
    const first = await proxy(ada, url);
    const etag = first.headers.etag as string;
    const notModified = await proxy(ada, url, '', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await proxy(ada, url, '', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    const changed = await proxy(ada, url, '', { 'if-none-match': '"other"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('after 24 hours the image is fetched again, and the expiry job removes entries nobody asked for again', async () => {
    const url = site.url('/photo.webp');
    await proxy(ada, url, '&w=64');
    const before = hitsOf('/photo.webp');
    const key = proxyCacheKey(url, 64);
    const job = await t.db.kysely.selectFrom('jobs').select(['run_at', 'payload']).where('kind', '=', 'image-proxy-expire').where('payload', 'like', `%${key}%`).executeTakeFirstOrThrow();
    expect(Date.parse(job.run_at)).toBe(t.clock.now().getTime() + 86400_000);

    t.clock.advance(86400_000);
    expect((await proxy(ada, url, '&w=64')).statusCode).toBe(200);
    expect(hitsOf('/photo.webp')).toBe(before + 1);
    // The first entry's job is due, but the entry was written again: it stays.
    await runDueJobs(t.app.ctx);
    expect(await t.app.ctx.blobs.exists(key)).toBe(true);
    // A day later its own job removes it.
    t.clock.advance(86400_000);
    await runDueJobs(t.app.ctx);
    expect(await t.app.ctx.blobs.exists(key)).toBe(false);
  });
});

describe('refused addresses: 400 invalid_url, and nothing reaches the inside host', () => {
  const spellings = () => [
    inside.url('/secret.png'),
    `http://localhost:${inside.port}/secret.png`,
    `http://2130706433:${inside.port}/secret.png`,
    `http://0x7f.1:${inside.port}/secret.png`,
    `http://127.1:${inside.port}/secret.png`,
    `http://017700000001:${inside.port}/secret.png`,
    `http://[::ffff:127.0.0.1]:${inside.port}/secret.png`,
    `http://[::ffff:7f00:1]:${inside.port}/secret.png`,
    `http://[::1]:${inside.port}/secret.png`,
    `http://0.0.0.0:${inside.port}/secret.png`,
    `http://[::]:${inside.port}/secret.png`,
    'http://10.0.0.1/a.png',
    'http://192.168.1.1/a.png',
    'http://172.16.0.1/a.png',
    'http://100.64.0.1/a.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/a.png',
    'http://[fe80::1]/a.png',
    'http://224.0.0.1/a.png',
    'http://255.255.255.255/a.png',
    site.url('/to-inside'),
    site.url('/to-inside-by-number'),
  ];

  it('every spelling of a private, loopback or reserved address, and redirects to one', async () => {
    for (const url of spellings()) {
      const res = await proxy(ada, url);
      expectError(res, 400, 'invalid_url');
      // A name's refusal does not tell what it resolved to.
      if (url.includes('localhost')) expect(res.json().error).not.toMatch(/127\.0\.0\.1|::1/);
    }
    expect(inside.hits).toEqual([]);
  });

  it('not an http(s) URL, or one with credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.2/a.png', 'not a url', '/api/health', 'javascript:alert(1)', `http://user:pass@127.0.0.2:${site.port}/small.png`]) {
      expectError(await proxy(ada, url), 400, 'invalid_url');
    }
  });
});

describe('what is not an image, too large, or does not come', () => {
  it('text labelled as a PNG, and an HTML page: 415 unsupported_media_type', async () => {
    expectError(await proxy(ada, site.url('/fake.png')), 415, 'unsupported_media_type');
    expectError(await proxy(ada, site.url('/page.html')), 415, 'unsupported_media_type');
    expectError(await proxy(ada, site.url('/broken.png')), 415, 'unsupported_media_type');
  });

  it('over 10 MB, declared or streamed: 413', async () => {
    expectError(await proxy(ada, site.url('/huge-declared.png')), 413, 'payload_too_large');
    expectError(await proxy(ada, site.url('/huge-streamed.png')), 413, 'payload_too_large');
  });

  it('a host that does not answer in time, answers an error, or is not there: 502 upstream_error', async () => {
    const started = Date.now();
    expectError(await proxy(ada, site.url('/slow.png')), 502, 'upstream_error');
    expect(Date.now() - started).toBeLessThan(5000);
    expectError(await proxy(ada, site.url('/error.png')), 502, 'upstream_error');
    expectError(await proxy(ada, site.url('/missing.png')), 502, 'upstream_error');
    // A listed address where nothing listens.
    expectError(await proxy(ada, 'http://127.0.0.2:1/a.png'), 502, 'upstream_error');
  });

  it('failures are not cached', async () => {
    const key = proxyCacheKey(site.url('/fake.png'), 1200);
    expect(await t.app.ctx.blobs.exists(key)).toBe(false);
  });
});

describe('who may call, and how often', () => {
  it('anonymous: 401; a Bearer token works', async () => {
    expectError(await proxy(null, site.url('/small.png')), 401);
    const res = await call(t, ada, 'GET', `/api/proxy/image?url=${encodeURIComponent(site.url('/small.png'))}`, undefined, true);
    expect(res.statusCode).toBe(200);
  });

  it('a missing url, a width outside 16–1200 or not a number: 400', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/proxy/image', headers: { cookie: ada.cookie } }), 400, 'bad_request');
    for (const w of ['15', '1201', 'abc', '12.5']) expectError(await proxy(ada, site.url('/small.png'), `&w=${w}`), 400, 'bad_request');
  });

  it('per user: the 121st request in a minute is 429 with Retry-After; another user is not affected', async () => {
    const bob = await member(t);
    const url = site.url('/small.png');
    for (let i = 0; i < 120; i += 1) expect((await proxy(bob, url)).statusCode).toBe(200);
    const limited = await proxy(bob, url);
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await proxy(ada, url)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await proxy(bob, url)).statusCode).toBe(200);
  });
});
