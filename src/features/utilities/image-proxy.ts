import { OutboundRefusedError } from '../../adapters/outbound-fetch/index.js';
import { AppError, badRequest } from '../../http/errors.js';
import { consumeLimits } from '../../http/rate-limit.js';
import type { AppContext } from '../../runtime/types.js';
import { AppState } from '../../runtime/state.js';
import { detectImage, MAX_IMAGE_SIDE, MAX_INPUT_PIXELS, payloadTooLarge, sharpLibrary, unsupportedMediaType, type ImageFormat } from '../media/service.js';
import { imageEtag, proxyCacheKey, PROXY_CACHE_TTL_MS, readCachedImage, writeCachedImage, type ProxiedImage } from './image-cache.js';
import { upstreamError } from './upstream.js';

// The image proxy (README, Utility helpers): a client shows an image from anywhere without
// its users' browsers contacting that host. The server fetches it through the guarded outbound
// fetcher (no private or reserved address, however spelt or redirected to), decides the type by
// its bytes, and re-encodes it with sharp: orientation applied, every metadata block dropped, at
// most `w` (or 1200) px on the longest side, in its own format (a GIF's first frame as PNG).

export { PROXY_CACHE_TTL_MS, type ProxiedImage };

/** The largest source image fetched: 10 MB (10 MiB, as the media limits read MB). */
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** Requests per user and minute, cached answers included. */
export const PROXY_RATE_LIMIT = { limit: 120, windowMs: 60_000 };

const ACCEPT = 'image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5';

/** What each accepted source format is served as. */
const OUTPUT: Record<ImageFormat, { format: 'jpeg' | 'png' | 'webp'; contentType: string }> = {
  jpeg: { format: 'jpeg', contentType: 'image/jpeg' },
  png: { format: 'png', contentType: 'image/png' },
  webp: { format: 'webp', contentType: 'image/webp' },
  gif: { format: 'png', contentType: 'image/png' },
};

/** Fetches in flight, by cache key: simultaneous requests for one uncached image fetch it once. */
export const proxyFetchesInFlight = new AppState('utilities.image-proxy-in-flight', () => new Map<string, Promise<ProxiedImage>>());

/** The proxied image of `rawUrl` at `w` px at most, from the cache when it is there. */
export async function proxyImage(ctx: AppContext, userId: string, rawUrl: string, w: number | undefined): Promise<ProxiedImage> {
  await consumeLimits(ctx, [{ bucket: `image-proxy:${userId}`, ...PROXY_RATE_LIMIT }], 'Too many image requests, try again later');
  const url = sourceUrl(rawUrl);
  const width = Math.min(w ?? MAX_IMAGE_SIDE, MAX_IMAGE_SIDE);
  const key = proxyCacheKey(url, width);
  const cached = await readCachedImage(ctx, key);
  if (cached) return cached;

  const inFlight = ctx.state(proxyFetchesInFlight);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const image = await fetchAndEncode(ctx, url, width);
      await writeCachedImage(ctx, key, image);
      return image;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Seconds the answer may still be reused by the client: what is left of the cache entry's day. */
export function secondsLeft(ctx: AppContext, image: ProxiedImage): number {
  return Math.max(0, Math.floor((image.createdAt + PROXY_CACHE_TTL_MS - ctx.clock.now().getTime()) / 1000));
}

/** The URL as it is fetched and cached (normalised by the URL parser); 400 invalid_url unless absolute http(s). */
function sourceUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url must be an absolute http or https URL', 'invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url must be an absolute http or https URL', 'invalid_url');
  return url.href;
}

async function fetchAndEncode(ctx: AppContext, url: string, width: number): Promise<ProxiedImage> {
  let body: Buffer;
  try {
    const response = await ctx.outbound.guardedFetch(url, { headers: { accept: ACCEPT }, maxBytes: MAX_SOURCE_BYTES });
    if (response.status < 200 || response.status > 299) throw upstreamError(`The image host answered ${response.status}`);
    body = response.body;
  } catch (err) {
    throw err instanceof OutboundRefusedError ? refusal(err) : err;
  }
  const output = OUTPUT[await detectImage(body)];
  const sharp = (await sharpLibrary()).default;
  let bytes: Buffer;
  try {
    const image = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
    bytes = await (
      output.format === 'jpeg' ? image.jpeg({ quality: 82, mozjpeg: true })
      : output.format === 'webp' ? image.webp({ quality: 80 })
      : image.png({ compressionLevel: 6, adaptiveFiltering: true })
    ).toBuffer();
  } catch (err) {
    if (/pixel limit/i.test(err instanceof Error ? err.message : '')) throw payloadTooLarge('The image has too many pixels to process');
    throw unsupportedMediaType('The image could not be decoded');
  }
  return { bytes, contentType: output.contentType, etag: imageEtag(bytes), createdAt: ctx.clock.now().getTime() };
}

/** A refusal of the guarded fetcher as the contract's answer. */
function refusal(err: OutboundRefusedError): AppError {
  switch (err.reason) {
    case 'url':
    case 'scheme':
    case 'address':
      return badRequest(err.message, 'invalid_url');
    case 'too_large':
      return payloadTooLarge('The image is larger than 10 MB');
    default:
      return upstreamError(err.message);
  }
}
