import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

// Real images, made with sharp in the test process.

/** A 3000×2000 noisy PNG of a few megabytes (one bit of noise per channel: about 4.7 MB, not 18). */
export function noisyPng(width = 3000, height = 2000): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = 96 + (pixels[i] & 1) + ((i % (width * 3)) >> 6);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
}

/** A 600×400 JPEG whose EXIF holds a camera name, GPS coordinates and orientation 6 (rotate 90°). */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#c04020' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'M1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2959/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function webp(width = 1600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } }).webp().toBuffer();
}

export function smallPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } }).png().toBuffer();
}

/** An animated GIF of `frames` frames (delays 100, 200, ... ms), looping forever. */
export function animatedGif(width = 1500, height = 500, frames = 3): Promise<Buffer> {
  const frame = width * height * 4;
  const pixels = Buffer.alloc(frame * frames);
  for (let f = 0; f < frames; f += 1) {
    for (let i = 0; i < width * height; i += 1) {
      const o = f * frame + i * 4;
      pixels[o] = (i % width) * 255 / width;
      pixels[o + 1] = f * 80;
      pixels[o + 2] = 255 - (i % width) * 255 / width;
      pixels[o + 3] = 255;
    }
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 4, pageHeight: height } })
    .gif({ loop: 0, delay: Array.from({ length: frames }, (_, i) => (i + 1) * 100) })
    .toBuffer();
}

/** Video-shaped bytes: the container's real signature, then filler, `size` bytes in all. */
export function videoBytes(kind: 'mp4' | 'mov' | 'webm' | 'avi', size = 64 * 1024): Buffer {
  const head: Record<typeof kind, Buffer> = {
    mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]),
    mov: Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.from([0, 0, 2, 0]), Buffer.from('qt  ')]),
    // EBML header with DocType "webm".
    webm: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
    avi: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 1, 0]), Buffer.from('AVI LIST')]),
  };
  const out = Buffer.alloc(size, 0);
  head[kind].copy(out);
  return out;
}
