import type { OutboundFetcher } from '../outbound-fetch/index.js';
import { bearer, jsonBody, multipart, networkCall } from './request.js';
import { NetworkError, type MediaItem, type NetworkAdapter, type NetworkAuth } from './types.js';
import { NETWORKS } from '../../lib/post-lengths.js';

// networkD: an X-style v2 API. Images go up first (POST /2/media/upload, multipart), then the post
// (POST /2/tweets) names them. Text is measured with twitter-text's weighting (its v3 config: a
// link counts 23, CJK and emoji 2) against 280. A 401 is `unauthorized`: the caller refreshes the
// (rotating) token through the sign-in provider and tries once more. A post carries no
// idempotency key: a lost answer is an unknown outcome, never sent again.

export const NETWORK_D_LIMIT = NETWORKS.networkD.limit;

export interface NetworkDOptions {
  fetcher: OutboundFetcher;
  /** The API's origin (NETWORKD_API_URL). */
  apiUrl: string;
  /** The web origin a post is read at (`<webUrl>/i/web/status/<id>`); null: none. */
  webUrl: string | null;
}

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
    return id;
  }

  return {
    network: 'networkD',
    accepts: { images: true, videos: false },
    count: NETWORKS.networkD.measure,
    limit: async () => NETWORK_D_LIMIT,
    async publish(auth, request) {
      // At most 4 images go with a post.
      const mediaIds: string[] = [];
      for (const item of request.media.filter((m) => m.kind === 'image').slice(0, 4)) mediaIds.push(await uploadImage(auth, item));
      const response = await networkCall(fetcher, `${api}/2/tweets`, {
        method: 'POST',
        repeatable: false,
        headers: bearer(auth.accessToken, { 'content-type': 'application/json' }),
        body: JSON.stringify({ text: request.text, ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}) }),
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
