import type { OutboundFetcher } from '../outbound-fetch/index.js';
import { bearer, jsonBody, multipart, networkCall } from './request.js';
import { NetworkError, type MediaItem, type NetworkAdapter, type NetworkAuth } from './types.js';
import { NETWORKS } from '../../lib/post-lengths.js';

// networkD: an X-style v2 API. Images go up first (POST /2/media/upload, multipart; a described
// one then gets its alt text with POST /2/media/metadata), then the post (POST /2/tweets) names them. A video goes up in the chunked upload's steps on the same endpoint:
// INIT (its type, size and category) answers a media id, APPEND sends it a segment at a time (in
// order, each within the network's 5 MB), FINALIZE closes it, and while the network says it is
// processing, STATUS is asked again after the wait it names, until it succeeded (or failed: a
// final error). A post carries one video or up to 4 images, never both: a message's video goes,
// its images then stay behind. Text is measured with twitter-text's weighting (its v3 config: a
// link counts 23, CJK and emoji 2) against 280. A 401 is `unauthorized`: the caller refreshes the
// (rotating) token through the sign-in provider and tries once more. A post carries no
// idempotency key: a lost answer is an unknown outcome, never sent again.

export const NETWORK_D_LIMIT = NETWORKS.networkD.limit;
/** The longest alt text the network keeps (characters); a longer description is cut to it. */
const NETWORK_D_ALT_LIMIT = 1000;
/** The bytes of one APPEND (the network takes segments of up to 5 MB). */
export const VIDEO_SEGMENT_BYTES = 4 * 1024 * 1024;
/** How long one attempt waits for a video to be processed; past it the attempt is retried (and uploads again). */
const PROCESSING_BUDGET_MS = 120_000;
/** The longest single wait between STATUS checks, whatever the network asks. */
const MAX_CHECK_AFTER_MS = 10_000;

interface ProcessingInfo {
  state?: 'pending' | 'in_progress' | 'succeeded' | 'failed';
  check_after_secs?: number;
  error?: { message?: string; name?: string };
}

export interface NetworkDOptions {
  fetcher: OutboundFetcher;
  /** The API's origin (NETWORKD_API_URL). */
  apiUrl: string;
  /** The web origin a post is read at (`<webUrl>/i/web/status/<id>`); null: none. */
  webUrl: string | null;
  /** Bytes per video segment (default VIDEO_SEGMENT_BYTES). */
  segmentBytes?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createNetworkD(options: NetworkDOptions): NetworkAdapter {
  const { fetcher } = options;
  const api = options.apiUrl.replace(/\/+$/, '');

  async function uploadImage(auth: NetworkAuth, item: MediaItem): Promise<string> {
    const form = multipart({ media_category: 'tweet_image' }, { name: 'media', filename: 'image', contentType: item.contentType, bytes: item.bytes });
    const response = await networkCall(fetcher, `${api}/2/media/upload`, {
      method: 'POST',
      repeatable: true,
      headers: bearer(auth.accessToken, { 'content-type': form.contentType }),
      body: form.body,
    });
    const id = jsonBody<{ data?: { id?: string } }>(response).data?.id;
    if (!id) throw new NetworkError('networkD answered a media upload without its id', 'final', response.status);
    if (item.alt) await describe(auth, id, item.alt);
    return id;
  }

  /** An image's alt text goes in a call of its own (POST /2/media/metadata), before the post names it. */
  async function describe(auth: NetworkAuth, id: string, alt: string): Promise<void> {
    await networkCall(fetcher, `${api}/2/media/metadata`, {
      method: 'POST',
      repeatable: true,
      headers: bearer(auth.accessToken, { 'content-type': 'application/json' }),
      body: JSON.stringify({ id, metadata: { alt_text: { text: [...alt].slice(0, NETWORK_D_ALT_LIMIT).join('') } } }),
    });
  }

  /** One step of the chunked upload that carries no bytes (INIT, FINALIZE): a form. */
  function command(auth: NetworkAuth, fields: Record<string, string>) {
    return networkCall(fetcher, `${api}/2/media/upload`, {
      method: 'POST',
      repeatable: true,
      headers: bearer(auth.accessToken, { 'content-type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams(fields).toString(),
    });
  }

  async function uploadVideo(auth: NetworkAuth, item: MediaItem): Promise<string> {
    const init = await command(auth, { command: 'INIT', media_type: item.contentType, total_bytes: String(item.bytes.length), media_category: 'tweet_video' });
    const id = jsonBody<{ data?: { id?: string } }>(init).data?.id;
    if (!id) throw new NetworkError('networkD answered a video upload without its id', 'final', init.status);
    const segment = options.segmentBytes ?? VIDEO_SEGMENT_BYTES;
    for (let index = 0, offset = 0; offset < item.bytes.length; index += 1, offset += segment) {
      const part = multipart({ command: 'APPEND', media_id: id, segment_index: String(index) }, { name: 'media', filename: 'blob', contentType: 'application/octet-stream', bytes: item.bytes.subarray(offset, offset + segment) });
      await networkCall(fetcher, `${api}/2/media/upload`, { method: 'POST', repeatable: true, headers: bearer(auth.accessToken, { 'content-type': part.contentType }), body: part.body });
    }
    const finalized = await command(auth, { command: 'FINALIZE', media_id: id });
    let info = jsonBody<{ data?: { processing_info?: ProcessingInfo } }>(finalized).data?.processing_info;
    const deadline = Date.now() + PROCESSING_BUDGET_MS;
    while (info && (info.state === 'pending' || info.state === 'in_progress')) {
      const wait = Math.min(Math.max(0, Number(info.check_after_secs ?? 1)) * 1000, MAX_CHECK_AFTER_MS);
      if (Date.now() + wait > deadline) throw new NetworkError('networkD is still processing the video', 'retryable', null, null, 'media_processing');
      await sleep(wait);
      const status = await networkCall(fetcher, `${api}/2/media/upload?${new URLSearchParams({ command: 'STATUS', media_id: id })}`, { method: 'GET', repeatable: true, headers: bearer(auth.accessToken) });
      info = jsonBody<{ data?: { processing_info?: ProcessingInfo } }>(status).data?.processing_info;
    }
    if (info?.state === 'failed') {
      throw new NetworkError(`networkD could not process the video: ${info.error?.message ?? info.error?.name ?? 'no reason given'}`, 'final', null, null, 'media_processing_failed');
    }
    return id;
  }

  /** The media ids a post names: its one video, else up to 4 images. */
  async function mediaIds(auth: NetworkAuth, media: MediaItem[]): Promise<string[]> {
    const video = media.find((m) => m.kind === 'video');
    if (video) return [await uploadVideo(auth, video)];
    const ids: string[] = [];
    for (const item of media.filter((m) => m.kind === 'image').slice(0, 4)) ids.push(await uploadImage(auth, item));
    return ids;
  }

  return {
    network: 'networkD',
    accepts: { images: true, videos: true },
    count: NETWORKS.networkD.measure,
    limit: async () => NETWORK_D_LIMIT,
    async publish(auth, request) {
      const ids = await mediaIds(auth, request.media);
      const response = await networkCall(fetcher, `${api}/2/tweets`, {
        method: 'POST',
        repeatable: false,
        headers: bearer(auth.accessToken, { 'content-type': 'application/json' }),
        body: JSON.stringify({ text: request.text, ...(ids.length > 0 ? { media: { media_ids: ids } } : {}) }),
      });
      const id = jsonBody<{ data?: { id?: string } }>(response).data?.id;
      if (!id) throw new NetworkError('networkD answered a post without its id', 'unknown_outcome', response.status);
      return { externalId: id, externalUrl: options.webUrl ? `${options.webUrl.replace(/\/+$/, '')}/i/web/status/${id}` : null };
    },
    async remove(auth, externalId) {
      try {
        await networkCall(fetcher, `${api}/2/tweets/${encodeURIComponent(externalId)}`, { method: 'DELETE', repeatable: true, headers: bearer(auth.accessToken) });
      } catch (err) {
        if (err instanceof NetworkError && err.statusCode === 404) return;
        throw err;
      }
    },
  };
}
