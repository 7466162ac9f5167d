import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkVideo, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, processImage } from '../../src/features/media/pipeline.js';
import { animatedGif, jpegWithGps, noisyPng, smallPng, videoBytes, webp } from './images.js';

// The pipeline on real images; the HTTP tests (upload.test.ts) go through the routes.

describe('image pipeline', () => {
  it('shrinks a 3000×2000 noisy PNG to 1200 px and at most 1.4 MB', async () => {
    const input = await noisyPng();
    expect(input.length).toBeGreaterThan(3_000_000);
    const out = await processImage(input);
    expect(Math.max(out.width, out.height)).toBe(1200);
    expect(out.bytes.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 800]);
    expect(out.contentType).toBe(`image/${meta.format}`);
  });

  it('applies the EXIF orientation and drops the EXIF block (GPS included)', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('TestCam')).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag 0x8825
    const out = await processImage(input);
    expect(out.contentType).toBe('image/jpeg');
    expect([out.width, out.height]).toEqual([400, 600]);
    const after = await sharp(out.bytes).metadata();
    expect([after.width, after.height]).toEqual([400, 600]);
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(out.bytes.includes('TestCam')).toBe(false);
  });

  it('keeps a WebP a WebP, shrunk, with its transparency', async () => {
    const out = await processImage(await webp());
    expect(out).toMatchObject({ contentType: 'image/webp', ext: 'webp', width: 1200, height: 675 });
    expect((await sharp(out.bytes).metadata()).hasAlpha).toBe(true);
  });

  it('keeps an animated GIF animated (frames, delays, loop), shrunk frame by frame', async () => {
    const out = await processImage(await animatedGif());
    expect(out).toMatchObject({ contentType: 'image/gif', ext: 'gif', width: 1200, height: 400, animated: true });
    const meta = await sharp(out.bytes, { animated: true }).metadata();
    expect(meta.pages).toBe(3);
    expect(meta.pageHeight).toBe(400);
    expect(meta.delay).toEqual([100, 200, 300]);
    expect(meta.loop).toBe(0);
    expect(out.bytes.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  });

  it('keeps an animated WebP animated', async () => {
    const frames = Buffer.alloc(600 * 600 * 4 * 3);
    for (let f = 0; f < 3; f += 1) frames.fill(f * 100, f * 600 * 600 * 4, (f + 1) * 600 * 600 * 4);
    const input = await sharp(frames, { raw: { width: 600, height: 1800, channels: 4, pageHeight: 600 } }).webp({ loop: 2, delay: [50, 60, 70] }).toBuffer();
    const out = await processImage(input);
    expect(out).toMatchObject({ contentType: 'image/webp', width: 600, height: 600, animated: true });
    const meta = await sharp(out.bytes, { animated: true }).metadata();
    expect([meta.pages, meta.delay, meta.loop]).toEqual([3, [50, 60, 70], 2]);
  });

  it('refuses a small file that decodes to too many pixels (413) without decoding it', async () => {
    const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    await expect(processImage(bomb)).rejects.toMatchObject({ statusCode: 413, code: 'payload_too_large' });
  });

  it.each([
    { name: 'a 1×1 transparent PNG', make: () => sharp({ create: { width: 1, height: 1, channels: 4, background: '#fff0' } }).png().toBuffer(), type: 'image/png', size: [1, 1] },
    { name: 'a CMYK JPEG', make: () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } }).toColourspace('cmyk').jpeg().toBuffer(), type: 'image/jpeg', size: [300, 200] },
    { name: 'a 16-bit PNG', make: () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } }).toColourspace('rgb16').png().toBuffer(), type: 'image/png', size: [300, 200] },
    { name: 'a still GIF', make: () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#777' } }).gif().toBuffer(), type: 'image/gif', size: [300, 200] },
    { name: 'a tall PNG', make: () => sharp({ create: { width: 100, height: 5000, channels: 3, background: '#0a0' } }).png().toBuffer(), type: 'image/png', size: [24, 1200] },
  ])('takes $name', async ({ make, type, size }) => {
    const out = await processImage(await make());
    expect(out.contentType).toBe(type);
    expect([out.width, out.height]).toEqual(size);
  });

  it('leaves a small image at its size', async () => {
    const out = await processImage(await smallPng());
    expect(out).toMatchObject({ contentType: 'image/png', width: 64, height: 48, animated: false });
  });

  it.each([
    { name: 'text', bytes: Buffer.from('just some text, not a picture\n'.repeat(20)), status: 415 },
    { name: 'a PDF', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), status: 415 },
    { name: 'an MP4 video', bytes: videoBytes('mp4'), status: 415 },
    { name: 'an empty file', bytes: Buffer.alloc(0), status: 415 },
    { name: 'a truncated PNG', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008020000', 'hex'), status: 400 },
  ])('refuses $name with $status', async ({ bytes, status }) => {
    await expect(processImage(bytes)).rejects.toMatchObject({ statusCode: status });
  });
});

describe('video check', () => {
  it.each([
    { kind: 'mp4' as const, contentType: 'video/mp4', ext: 'mp4' },
    { kind: 'mov' as const, contentType: 'video/quicktime', ext: 'mov' },
    { kind: 'webm' as const, contentType: 'video/webm', ext: 'webm' },
    { kind: 'avi' as const, contentType: 'video/x-msvideo', ext: 'avi' },
  ])('accepts $kind by its signature', async ({ kind, contentType, ext }) => {
    const bytes = videoBytes(kind);
    expect(await checkVideo(bytes)).toEqual({ bytes, contentType, ext });
  });

  it('refuses an image (415) and anything over 3 MB (413)', async () => {
    await expect(checkVideo(await smallPng())).rejects.toMatchObject({ statusCode: 415 });
    await expect(checkVideo(videoBytes('mp4', MAX_VIDEO_BYTES + 1))).rejects.toMatchObject({ statusCode: 413 });
    expect((await checkVideo(videoBytes('mp4', MAX_VIDEO_BYTES))).bytes.length).toBe(MAX_VIDEO_BYTES);
  });
});
