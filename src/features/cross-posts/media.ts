import type { Readable } from 'node:stream';
import type { MediaItem } from '../../adapters/networks/types.js';
import type { AppContext } from '../../runtime/context.js';
import { findServedUpload, parseMediaUrl } from '../media/service.js';

// A message's images and video as a network takes them: the stored bytes of each of its own
// uploads, in the message's order, only of the kinds the network accepts, each with the
// description its author gave it (alt text), if any.

/** A message's media as stored: URLs, and per URL its description ("" or missing where none). */
export interface StoredMedia {
  images: string[];
  videos: string[];
  imageAlts: string[];
  videoAlts: string[];
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function messageMedia(ctx: AppContext, media: StoredMedia, accepts: { images: boolean; videos: boolean }): Promise<MediaItem[]> {
  const described = (urls: string[], alts: string[]) => urls.map((url, i) => ({ url, alt: alts[i] ?? '' }));
  const wanted = [...(accepts.images ? described(media.images, media.imageAlts) : []), ...(accepts.videos ? described(media.videos, media.videoAlts) : [])];
  const items: MediaItem[] = [];
  for (const { url, alt } of wanted) {
    const parsed = parseMediaUrl(ctx, url);
    const upload = parsed ? await findServedUpload(ctx, parsed.id, parsed.ext) : undefined;
    const blob = upload ? await ctx.blobs.get(upload.blob_key) : null;
    if (!upload || !blob) continue;
    items.push({ bytes: await bytesOf(blob.stream), contentType: upload.content_type, kind: upload.kind === 'video' ? 'video' : 'image', ...(alt !== '' ? { alt } : {}) });
  }
  return items;
}
