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
