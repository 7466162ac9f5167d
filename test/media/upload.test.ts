import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setUserFields, type TestApp } from '../helpers/app.js';
import { signedInUser, type SignedIn } from '../users/fixtures.js';
import { MAX_IMAGE_BYTES } from '../../src/features/media/pipeline.js';
import { animatedGif, jpegWithGps, noisyPng, smallPng, videoBytes, webp } from './images.js';
import { multipart, startS3, startBlobApp, tempDir } from './support.js';

// Uploads and the public media URLs through HTTP, on the disk store and on
// the S3 store (s3rver on loopback).

const IMAGE_URL = '/api/messages/images/upload';
const VIDEO_URL = '/api/messages/videos/upload';
const PUBLIC_URL = 'http://localhost:3000';

type Who = SignedIn | null;

async function user(t: TestApp, fields: Record<string, unknown> = {}): Promise<SignedIn> {
  const u = await signedInUser(t);
  await setUserFields(t.db, u.user.id, { account_status: 'active', customer_status: 'subscriber', ...fields });
  return u;
}

function upload(t: TestApp, who: Who, url: string, file: Parameters<typeof multipart>[0], via: 'cookie' | 'bearer' = 'cookie') {
  const body = multipart(file);
  const headers: Record<string, string> = { ...body.headers };
  if (who) {
    if (via === 'bearer') headers.authorization = who.bearer;
    else headers.cookie = who.cookie;
  }
  return t.app.inject({ method: 'POST', url, headers, payload: body.payload });
}

const pathOf = (url: string) => url.slice(PUBLIC_URL.length);

const stores = [
  { name: 'disk', env: async () => ({ env: {} as Record<string, string>, stop: async () => {} }) },
  { name: 's3', env: startS3 },
];

describe.each(stores)('upload and serve ($name store)', ({ env }) => {
  let t: TestApp;
  let stop: () => Promise<void>;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let me: SignedIn;
  beforeAll(async () => {
    dir = await tempDir();
    const store = await env();
    stop = store.stop;
    t = await createTestApp({ smtp: false, env: { DATA_DIR: dir.path, ...store.env } });
    me = await user(t);
  });
  afterAll(async () => {
    await t.close();
    await stop();
    await dir.remove();
  });

  it('takes a 3000×2000 noisy PNG of several MB and stores it at 1200 px and at most 1.4 MB', async () => {
    const png = await noisyPng();
    expect(png.length).toBeGreaterThan(3_000_000);
    const res = await upload(t, me, IMAGE_URL, { filename: 'noise.png', contentType: 'image/png', bytes: png });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['height', 'size', 'type', 'url', 'width']);
    expect(body.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/media/[0-9a-f-]{36}\\.(png|jpg|webp)$`));
    expect(body).toMatchObject({ width: 1200, height: 800 });
    expect(body.size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);

    const row = await t.db.kysely.selectFrom('uploads').selectAll().where('owner_id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'image', content_type: body.type, size: body.size, width: 1200, height: 800, attached_to: null });
    expect(body.url.endsWith(`/${row.id}.${row.ext}`)).toBe(true);
    expect(await t.app.ctx.blobs.exists(row.blob_key)).toBe(true);

    const got = await t.app.inject({ method: 'GET', url: pathOf(body.url) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(body.type);
    expect(Number(got.headers['content-length'])).toBe(body.size);
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers.etag).toMatch(/^"[^"]+"$/);
    expect(got.rawPayload.length).toBe(body.size);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 800]);
  });

  it('serves ranges (206), If-None-Match (304) and refuses a range past the end (416)', async () => {
    const bytes = videoBytes('mp4', 5000);
    for (let i = 100; i < bytes.length; i += 1) bytes[i] = i % 256;
    const res = await upload(t, me, VIDEO_URL, { filename: 'clip.mp4', contentType: 'video/mp4', bytes });
    expect(res.statusCode, res.body).toBe(201);
    const path = pathOf(res.json().url);

    const cases = [
      { range: 'bytes=0-99', start: 0, end: 99 },
      { range: 'bytes=4990-', start: 4990, end: 4999 },
      { range: 'bytes=-10', start: 4990, end: 4999 },
      { range: 'bytes=0-0', start: 0, end: 0 },
      { range: 'bytes=4000-999999', start: 4000, end: 4999 },
    ];
    for (const c of cases) {
      const r = await t.app.inject({ method: 'GET', url: path, headers: { range: c.range } });
      expect(r.statusCode, c.range).toBe(206);
      expect(r.headers['content-range']).toBe(`bytes ${c.start}-${c.end}/5000`);
      expect(Number(r.headers['content-length'])).toBe(c.end - c.start + 1);
      expect(r.headers['content-type']).toBe('video/mp4');
      expect(r.rawPayload.equals(bytes.subarray(c.start, c.end + 1)), c.range).toBe(true);
    }
    for (const range of ['bytes=5000-', 'bytes=9000-9999', 'bytes=-0']) {
      const r = await t.app.inject({ method: 'GET', url: path, headers: { range } });
      expect(r.statusCode, range).toBe(416);
      expect(r.headers['content-range']).toBe('bytes */5000');
      expect(r.json().code).toBe('range_not_satisfiable');
    }
    // Malformed or multi-range headers are ignored: the whole file.
    for (const range of ['bytes=0-9,20-29', 'items=0-9', 'bytes=9-0']) {
      const r = await t.app.inject({ method: 'GET', url: path, headers: { range } });
      expect(r.statusCode, range).toBe(200);
      expect(r.rawPayload.equals(bytes)).toBe(true);
    }
    const whole = await t.app.inject({ method: 'GET', url: path });
    const etag = whole.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });
});

describe('uploads', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  let me: SignedIn;
  beforeAll(async () => {
    ({ t, close } = await startBlobApp());
    me = await user(t);
  });
  afterAll(() => close());

  const countUploads = async () => Number((await t.db.kysely.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('applies the JPEG orientation and serves it without EXIF (no GPS)', async () => {
    const res = await upload(t, me, IMAGE_URL, { filename: 'photo.jpg', contentType: 'image/jpeg', bytes: await jpegWithGps() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'image/jpeg', width: 400, height: 600 });
    const got = await t.app.inject({ method: 'GET', url: pathOf(res.json().url) });
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(got.rawPayload.includes('TestCam')).toBe(false);
  });

  it.each([
    { name: 'a WebP', make: () => webp(), type: 'image/webp', ext: 'webp', width: 1200, height: 675 },
    { name: 'an animated GIF', make: () => animatedGif(), type: 'image/gif', ext: 'gif', width: 1200, height: 400 },
    { name: 'a PNG named .jpg and declared image/jpeg', make: () => smallPng(), type: 'image/png', ext: 'png', width: 64, height: 48, filename: 'fake.jpg', declared: 'image/jpeg' },
  ])('takes $name as $type', async ({ make, type, ext, width, height, filename, declared }) => {
    const res = await upload(t, me, IMAGE_URL, { filename: filename ?? `x.${ext}`, contentType: declared ?? type, bytes: await make() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type, width, height });
    expect(res.json().url.endsWith(`.${ext}`)).toBe(true);
    const got = await t.app.inject({ method: 'GET', url: pathOf(res.json().url) });
    expect(got.headers['content-type']).toBe(type);
    if (ext === 'gif') expect((await sharp(got.rawPayload, { animated: true }).metadata()).pages).toBe(3);
  });

  it.each([
    { name: 'a text file named .png', url: IMAGE_URL, file: { filename: 'note.png', contentType: 'image/png', bytes: Buffer.from('hello, not an image\n'.repeat(50)) }, status: 415 },
    { name: 'a video sent as an image', url: IMAGE_URL, file: { filename: 'a.png', contentType: 'image/png', bytes: videoBytes('mp4') }, status: 415 },
    { name: 'an SVG', url: IMAGE_URL, file: { filename: 'a.svg', contentType: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }, status: 415 },
    { name: 'an image sent as a video', url: VIDEO_URL, file: { filename: 'a.mp4', contentType: 'video/mp4', bytes: Buffer.alloc(0) }, status: 415, make: smallPng },
    { name: 'a text file named .mp4', url: VIDEO_URL, file: { filename: 'a.mp4', contentType: 'video/mp4', bytes: Buffer.from('plain text') }, status: 415 },
    { name: 'a 4 MB video', url: VIDEO_URL, file: { filename: 'big.mp4', contentType: 'video/mp4', bytes: videoBytes('mp4', 4 * 1024 * 1024) }, status: 413 },
    { name: 'a 21 MB image', url: IMAGE_URL, file: { filename: 'big.png', contentType: 'image/png', bytes: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(21 * 1024 * 1024)]) }, status: 413 },
    { name: 'a broken PNG', url: IMAGE_URL, file: { filename: 'b.png', contentType: 'image/png', bytes: Buffer.from('89504e470d0a1a0a0000000d4948445200000010', 'hex') }, status: 400 },
  ])('refuses $name with $status and stores nothing', async ({ url, file, status, make }) => {
    const before = await countUploads();
    const res = await upload(t, me, url, make ? { ...file, bytes: await make() } : file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ error: expect.any(String), code: status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'invalid_image' });
    expect(await countUploads()).toBe(before);
  });

  it('takes a 3 MB video exactly, and every accepted container, answering { url, type, size }', async () => {
    for (const [kind, type] of [['mp4', 'video/mp4'], ['webm', 'video/webm'], ['mov', 'video/quicktime'], ['avi', 'video/x-msvideo']] as const) {
      const bytes = videoBytes(kind, kind === 'mp4' ? 3 * 1024 * 1024 : 10_000);
      const res = await upload(t, me, VIDEO_URL, { filename: `v.${kind}`, contentType: 'application/octet-stream', bytes }, 'bearer');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/api/media/[0-9a-f-]{36}\\.${kind}$`)), type, size: bytes.length });
      const got = await t.app.inject({ method: 'GET', url: pathOf(res.json().url) });
      expect(got.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses what is not one multipart file in the field "file" with 400', async () => {
    const post = (payload: string | Buffer, contentType: string) =>
      t.app.inject({ method: 'POST', url: IMAGE_URL, headers: { cookie: me.cookie, 'content-type': contentType }, payload });
    const json = await post('{"file":"x"}', 'application/json');
    expect(json.statusCode).toBe(400);
    const wrongField = multipart({ field: 'image', bytes: await smallPng() });
    expect((await post(wrongField.payload, wrongField.headers['content-type'])).statusCode).toBe(400);
    const none = multipart(null, { note: 'hi' });
    expect((await post(none.payload, none.headers['content-type'])).statusCode).toBe(400);
    const cut = multipart({ bytes: await smallPng() });
    const truncated = await post(cut.payload.subarray(0, cut.payload.length - 30), cut.headers['content-type']);
    expect(truncated.statusCode).toBeGreaterThanOrEqual(400);
    expect(truncated.statusCode).toBeLessThan(500);
    expect((await post('garbage', 'multipart/form-data; boundary=xyz')).statusCode).toBe(400);
    expect((await post('garbage', 'multipart/form-data')).statusCode).toBe(400);
    expect((await post('', 'text/plain')).statusCode).toBe(400);
  });

  it('over a real socket: 413 for a 4 MB video and a 25 MB image sent in full, 201 at 3 MB, and HEAD with the headers only', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const send = async (url: string, bytes: Buffer) => {
      const body = multipart({ bytes });
      const res = await fetch(base + url, { method: 'POST', headers: { ...body.headers, cookie: me.cookie, origin: base }, body: new Uint8Array(body.payload) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await send(VIDEO_URL, videoBytes('mp4', 4 * 1024 * 1024))).toEqual({ status: 413, body: { error: 'Videos may be at most 3 MB', code: 'payload_too_large' } });
    const big = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(25 * 1024 * 1024)]);
    expect((await send(IMAGE_URL, big)).status).toBe(413);
    const ok = await send(VIDEO_URL, videoBytes('mp4', 3 * 1024 * 1024));
    expect(ok.status).toBe(201);
    const head = await fetch(base + pathOf(ok.body.url as string), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(3 * 1024 * 1024));
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 404 for unknown media, wrong extensions and malformed names', async () => {
    const res = await upload(t, me, IMAGE_URL, { bytes: await smallPng() });
    const { url } = res.json();
    const file = url.split('/').pop() as string;
    const [id] = file.split('.');
    for (const path of [`/api/media/${id}.jpg`, `/api/media/${id}`, '/api/media/00000000-0000-7000-8000-000000000000.png', '/api/media/..%2F..%2Fetc%2Fpasswd', `/api/media/${'a'.repeat(65)}`, '/api/media/x.png']) {
      const r = await t.app.inject({ method: 'GET', url: path });
      expect(r.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, path).toBeLessThan(500);
      expect([404, 414, 400], path).toContain(r.statusCode);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${id}.jpg` })).statusCode).toBe(404);
    // A row whose blob is gone is 404 too.
    const row = await t.db.kysely.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await t.app.ctx.blobs.delete(row.blob_key);
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${file}` })).statusCode).toBe(404);
  });
});

describe('upload authorization', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, close } = await startBlobApp()));
  afterAll(() => close());

  const cases = [
    { who: 'anonymous', fields: null, status: 401, code: 'unauthorized' },
    { who: 'a free account', fields: { customer_status: 'free' }, status: 403, code: 'subscription_required' },
    { who: 'a probation subscriber', fields: { account_status: 'probation' }, status: 403, code: 'account_probation_feature' },
    { who: 'a restricted subscriber', fields: { account_status: 'restricted' }, status: 403, code: 'account_restricted' },
    { who: 'a suspended subscriber', fields: { account_status: 'suspended' }, status: 403, code: 'account_suspended' },
    { who: 'an active subscriber', fields: {}, status: 201 },
  ];
  for (const [url, make] of [
    [IMAGE_URL, smallPng],
    [VIDEO_URL, async () => videoBytes('webm')],
  ] as const) {
    it.each(cases)(`${url}: $who gets $status`, async ({ fields, status, code }) => {
      const who = fields === null ? null : await user(t, fields);
      for (const via of ['cookie', 'bearer'] as const) {
        const res = await upload(t, who, url, { bytes: await make() }, via);
        expect(res.statusCode, res.body).toBe(status);
        if (code) expect(res.json().code).toBe(code);
      }
    });
  }

  it('does not let a free account learn the file type first: the gate comes before the body', async () => {
    const free = await user(t, { customer_status: 'free' });
    const res = await upload(t, free, IMAGE_URL, { bytes: Buffer.from('not an image') });
    expect(res.statusCode).toBe(403);
  });

  it('serves media to anyone, without credentials', async () => {
    const owner = await user(t);
    const res = await upload(t, owner, IMAGE_URL, { bytes: await smallPng() });
    const got = await t.app.inject({ method: 'GET', url: pathOf(res.json().url) });
    expect(got.statusCode).toBe(200);
  });
});
