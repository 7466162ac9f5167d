import { fileTypeFromBuffer } from 'file-type';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { onFirstUse } from '../../lib/load-on-first-use.js';
import { AppError, badRequest } from '../../http/errors.js';

// The media pipeline (spec, Limits). The type is decided by magic bytes
// (file-type), never by the declared content type or file name. Images are decoded and
// re-encoded by sharp: orientation applied, every metadata block (EXIF with GPS, XMP, IPTC, ICC)
// dropped, at most 1200 px on the longest side and at most 1.4 MB. Videos are stored as sent.

/** Longest side of a stored image, in pixels. */
export const MAX_IMAGE_SIDE = 1200;
/** Largest stored image: 1.4 MB read as decimal megabytes, so it holds under either reading. */
export const MAX_IMAGE_BYTES = 1_400_000;
/** Largest image accepted for processing (it is then shrunk). */
export const MAX_IMAGE_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Largest accepted video: 3 MB (3 MiB), stored as is. */
export const MAX_VIDEO_BYTES = 3 * 1024 * 1024;
/** Decoded pixels (all frames) beyond this are refused before decoding: a decompression-bomb guard. */
export const MAX_INPUT_PIXELS = 100_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const IMAGE_MIME: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const IMAGE_EXT: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };
const DETECTED_IMAGE: Record<string, ImageFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

// file-type's answer → what is stored and served. M4V is an MP4 file under another brand.
const DETECTED_VIDEO: Record<string, { ext: string; contentType: string }> = {
  mp4: { ext: 'mp4', contentType: 'video/mp4' },
  m4v: { ext: 'mp4', contentType: 'video/mp4' },
  webm: { ext: 'webm', contentType: 'video/webm' },
  mov: { ext: 'mov', contentType: 'video/quicktime' },
  avi: { ext: 'avi', contentType: 'video/x-msvideo' },
};

export const payloadTooLarge = (message: string) => new AppError(413, message, 'payload_too_large');
export const unsupportedMediaType = (message: string) => new AppError(415, message, 'unsupported_media_type');

export interface ProcessedImage {
  bytes: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
  animated: boolean;
}

export interface CheckedVideo {
  bytes: Buffer;
  contentType: string;
  ext: string;
}

/** The accepted image format of `bytes` by magic bytes, or a 415. */
export async function detectImage(bytes: Buffer): Promise<ImageFormat> {
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? DETECTED_IMAGE[detected.mime] : undefined;
  if (!format) throw unsupportedMediaType('The file is not a JPEG, PNG, WebP or GIF image');
  return format;
}

/** The accepted video type of `bytes` by magic bytes (415 otherwise), at most MAX_VIDEO_BYTES (413). */
export async function checkVideo(bytes: Buffer): Promise<CheckedVideo> {
  if (bytes.length > MAX_VIDEO_BYTES) throw payloadTooLarge('Videos may be at most 3 MB');
  const detected = await fileTypeFromBuffer(bytes);
  const kind = detected ? DETECTED_VIDEO[detected.ext] : undefined;
  if (!kind) throw unsupportedMediaType('The file is not an MP4, WebM, QuickTime or AVI video');
  return { bytes, ...kind };
}

interface Attempt {
  format: ImageFormat;
  encode: (s: Sharp) => Sharp;
}

/** Encodings tried in order at each size, best first; the first that fits is kept. */
function attemptsFor(format: ImageFormat, hasAlpha: boolean, animated: boolean, timing: { loop?: number; delay?: number[] }): Attempt[] {
  const jpeg = (quality: number): Attempt => ({ format: 'jpeg', encode: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }) });
  const webp = (quality: number): Attempt => ({ format: 'webp', encode: (s) => s.webp({ quality, effort: 4, ...timing }) });
  switch (format) {
    case 'jpeg':
      return [82, 72, 60, 45].map(jpeg);
    case 'webp':
      return [80, 70, 55, 40].map(webp);
    case 'gif':
      // GIF stays GIF (animation kept): fewer colours before fewer pixels.
      return [256, 64].map((colours) => ({ format: 'gif' as const, encode: (s: Sharp) => s.gif({ colours, effort: 3, ...timing }) }));
    case 'png':
      // Lossless first; a PNG that cannot fit losslessly (a photograph saved as PNG) becomes a
      // JPEG, or a WebP when it has transparency.
      return [
        { format: 'png', encode: (s) => s.png({ compressionLevel: 6, adaptiveFiltering: true }) },
        ...(hasAlpha || animated ? [85, 70, 55, 40].map(webp) : [85, 72, 60, 45].map(jpeg)),
      ];
  }
}

/** sharp, loaded with the first image (lib/load-on-first-use.ts); the image proxy encodes with it too. */
export const sharpLibrary = onFirstUse(() => import('sharp'));

/**
 * Decodes, orients, strips, shrinks and re-encodes an uploaded image. 415 when the bytes are not
 * an accepted image type (whatever the declared type or name), 400 when they do not decode, 413
 * when the image is too large to process or cannot be brought under the byte limit.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_UPLOAD_BYTES) throw payloadTooLarge('Images may be at most 20 MB before resizing');
  const format = await detectImage(input);
  const sharp = (await sharpLibrary()).default;
  const animatedInput = format === 'gif' || format === 'webp';
  const open = () => sharp(input, { animated: animatedInput, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (err) {
    throw decodeError(err);
  }
  const pages = meta.pages ?? 1;
  const animated = animatedInput && pages > 1;
  if (!meta.width || !meta.height) throw badRequest('The image could not be decoded', 'invalid_image');

  // A still image is decoded, oriented and shrunk once; every encoding below starts from those
  // pixels. Orientation is applied and sharp writes no metadata unless asked, so EXIF (GPS), XMP,
  // IPTC and ICC are gone and the output carries no orientation tag. An animation (no EXIF) is
  // resized frame by frame from the source each time.
  let render: (side: number) => Sharp;
  let fullSide: number;
  if (animated) {
    const frameHeight = meta.pageHeight ?? Math.round(meta.height / pages);
    fullSide = Math.min(MAX_IMAGE_SIDE, Math.max(meta.width, frameHeight));
    render = (side) => open().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  } else {
    let base: { data: Buffer; info: OutputInfo };
    try {
      base = await open()
        .rotate()
        .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw decodeError(err);
    }
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    fullSide = Math.max(raw.width, raw.height);
    render = (side) => {
      const s = sharp(base.data, { raw });
      return side < fullSide ? s.resize({ width: side, height: side, fit: 'inside' }) : s;
    };
  }

  // An animation keeps its frame delays and loop count.
  const timing = animated ? { ...(meta.loop !== undefined ? { loop: meta.loop } : {}), ...(meta.delay ? { delay: meta.delay } : {}) } : {};
  const attempts = attemptsFor(format, meta.hasAlpha === true, animated, timing);
  let side = fullSide;
  for (let round = 0; round < 8; round += 1) {
    let smallest = Infinity;
    for (const attempt of attempts) {
      const pipeline = render(side);
      let out: { data: Buffer; info: OutputInfo };
      try {
        out = await attempt.encode(pipeline).toBuffer({ resolveWithObject: true });
      } catch (err) {
        throw decodeError(err);
      }
      if (out.data.length <= MAX_IMAGE_BYTES) {
        const outHeight = animated ? (out.info.pageHeight ?? Math.round(out.info.height / pages)) : out.info.height;
        return { bytes: out.data, contentType: IMAGE_MIME[attempt.format], ext: IMAGE_EXT[attempt.format], width: out.info.width, height: outHeight, animated };
      }
      smallest = Math.min(smallest, out.data.length);
    }
    // Bytes grow with the area: aim the next size at the limit, a little under.
    side = Math.min(Math.floor(side * 0.85), Math.floor(side * Math.sqrt(MAX_IMAGE_BYTES / smallest) * 0.95));
    if (side < 16) break;
  }
  throw payloadTooLarge('The image cannot be reduced to 1.4 MB');
}

function decodeError(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return payloadTooLarge('The image has too many pixels to process');
  return badRequest('The image could not be decoded', 'invalid_image');
}
