import { createHash } from 'node:crypto';
import type { AppContext } from '../../runtime/types.js';
import { submitJob } from '../../runtime/jobs/enqueue.js';

// The image proxy's cache in the blob store: one blob per (source URL, width), kept 24 hours.
// The blob store keeps bytes only, so each entry carries a small header of its own (content type,
// ETag, when it was made); an expiry job deletes the entry 24 hours after it was written, so
// images nobody asks for again do not stay behind (no table, nothing to migrate).

/** How long a proxied image is served from the cache. */
export const PROXY_CACHE_TTL_MS = 24 * 3600_000;

export interface ProxiedImage {
  bytes: Buffer;
  contentType: string;
  /** A strong entity tag (quoted), from the bytes. */
  etag: string;
  /** When the entry was made (ms since the epoch). */
  createdAt: number;
}

interface EntryHeader {
  contentType: string;
  etag: string;
  createdAt: number;
}

/** The blob key of a (normalised source URL, effective width) pair: a hash, so no URL becomes a path. */
export function proxyCacheKey(url: string, width: number): string {
  return `image-proxy/${createHash('sha256').update(`${width}\n${url}`).digest('hex')}`;
}

/** A strong ETag of the bytes served. */
export function imageEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** The entry under `key` if it is there and younger than 24 hours. */
export async function readCachedImage(ctx: AppContext, key: string): Promise<ProxiedImage | null> {
  const entry = await readEntry(ctx, key);
  if (!entry || isExpired(ctx, entry.createdAt)) return null;
  return entry;
}

/** Stores the entry and schedules its removal when it expires. */
export async function writeCachedImage(ctx: AppContext, key: string, image: ProxiedImage): Promise<void> {
  const header = Buffer.from(JSON.stringify({ contentType: image.contentType, etag: image.etag, createdAt: image.createdAt } satisfies EntryHeader));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  await ctx.blobs.put(key, Buffer.concat([length, header, image.bytes]), 'application/octet-stream');
  await submitJob(ctx, 'image-proxy-expire', { key }, { runAt: new Date(image.createdAt + PROXY_CACHE_TTL_MS), maxAttempts: 3 });
}

/** The expiry job: removes the entry unless it was written again since (its own job comes later). */
export async function expireCachedImage(ctx: AppContext, payload: { key: string }): Promise<void> {
  const entry = await readEntry(ctx, payload.key);
  if (entry && !isExpired(ctx, entry.createdAt)) return;
  await ctx.blobs.delete(payload.key);
}

function isExpired(ctx: AppContext, createdAt: number): boolean {
  return ctx.clock.now().getTime() - createdAt >= PROXY_CACHE_TTL_MS;
}

/** The entry under `key`; null when there is none or it is not one of ours (it is then rewritten). */
async function readEntry(ctx: AppContext, key: string): Promise<ProxiedImage | null> {
  const blob = await ctx.blobs.get(key);
  if (!blob) return null;
  const raw = Buffer.concat(await blob.stream.toArray());
  if (raw.length < 4) return null;
  const headerEnd = 4 + raw.readUInt32BE(0);
  if (headerEnd > raw.length) return null;
  try {
    const header = JSON.parse(raw.subarray(4, headerEnd).toString('utf8')) as EntryHeader;
    if (typeof header.contentType !== 'string' || typeof header.etag !== 'string' || typeof header.createdAt !== 'number') return null;
    return { ...header, bytes: raw.subarray(headerEnd) };
  } catch {
    return null;
  }
}
