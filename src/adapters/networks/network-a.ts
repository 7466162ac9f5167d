import type { OutboundFetcher } from '../outbound-fetch/index.js';
import { bearer, jsonBody, multipart, networkCall } from './request.js';
import { NetworkError, type MediaItem, type NetworkAdapter, type NetworkAuth, type Published, type PublishRequest } from './types.js';
import { NETWORKS } from '../../lib/post-lengths.js';

// networkA: any Mastodon-API instance, the identity's own (`instanceUrl`). Media first
// (POST /api/v2/media, waiting for processing where the instance answers 202), then the status
// (POST /api/v1/statuses) with the delivery's Idempotency-Key, so a retried delivery gets the
// status the first attempt made instead of a second one. The character limit is the instance's
// (GET /api/v2/instance, configuration.statuses.max_characters; 500 when it does not say), kept
// per instance for a while.

/** The limit of an instance that does not say its own. */
export const NETWORK_A_DEFAULT_LIMIT = NETWORKS.networkA.limit;

export interface NetworkAOptions {
  fetcher: OutboundFetcher;
  /** How long an instance's limit is kept (default 1 hour). */
  limitTtlMs?: number;
  /** Between polls of media still processing (default 500 ms), and how many polls at most (default 20). */
  mediaPollMs?: number;
  mediaPolls?: number;
  now?: () => number;
}

interface StatusAnswer {
  id: string;
  url?: string | null;
  uri?: string | null;
}

function instanceOf(auth: NetworkAuth): string {
  if (!auth.instanceUrl) throw new NetworkError('The networkA identity has no instance', 'final');
  return auth.instanceUrl.replace(/\/+$/, '');
}

export function createNetworkA(options: NetworkAOptions): NetworkAdapter {
  const { fetcher } = options;
  const ttl = options.limitTtlMs ?? 3600_000;
  const now = options.now ?? Date.now;
  const limits = new Map<string, { limit: number; until: number }>();

  /** The instance's limit, and for how long to keep it (a failed read only briefly). */
  async function readLimit(instance: string): Promise<{ limit: number; keepMs: number }> {
    try {
      const response = await networkCall(fetcher, `${instance}/api/v2/instance`, { repeatable: true, headers: { accept: 'application/json' } });
      const max = jsonBody<{ configuration?: { statuses?: { max_characters?: unknown } } }>(response).configuration?.statuses?.max_characters;
      return { limit: typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : NETWORK_A_DEFAULT_LIMIT, keepMs: ttl };
    } catch {
      // An instance that cannot say now (an older API, a hiccup): the protocol's default, for a minute.
      return { limit: NETWORK_A_DEFAULT_LIMIT, keepMs: Math.min(ttl, 60_000) };
    }
  }

  async function uploadMedia(instance: string, auth: NetworkAuth, item: MediaItem): Promise<string> {
    const form = multipart(item.alt ? { description: item.alt } : {}, { name: 'file', filename: item.kind, contentType: item.contentType, bytes: item.bytes });
    const response = await networkCall(fetcher, `${instance}/api/v2/media`, {
      method: 'POST',
      repeatable: true,
      headers: bearer(auth.accessToken, { 'content-type': form.contentType }),
      body: form.body,
    });
    const media = jsonBody<{ id: string; url?: string | null }>(response);
    if (response.status === 202 || !media.url) await awaitProcessed(instance, auth, media.id);
    return media.id;
  }

  /** Media answered 202 can only be attached once processed (GET /api/v1/media/:id answers 200). */
  async function awaitProcessed(instance: string, auth: NetworkAuth, id: string): Promise<void> {
    for (let poll = 0; poll < (options.mediaPolls ?? 20); poll++) {
      await new Promise((resolve) => setTimeout(resolve, options.mediaPollMs ?? 500));
      const response = await networkCall(fetcher, `${instance}/api/v1/media/${encodeURIComponent(id)}`, { repeatable: true, headers: bearer(auth.accessToken) });
      if (response.status === 200 && jsonBody<{ url?: string | null }>(response).url) return;
    }
    throw new NetworkError('The instance did not finish processing the media', 'retryable');
  }

  return {
    network: 'networkA',
    accepts: { images: true, videos: true },
    count: NETWORKS.networkA.measure,
    async limit(auth) {
      // An identity that names no instance cannot be posted to anyway; the delivery says so.
      if (!auth.instanceUrl) return NETWORK_A_DEFAULT_LIMIT;
      const instance = instanceOf(auth);
      const known = limits.get(instance);
      if (known && known.until > now()) return known.limit;
      const { limit, keepMs } = await readLimit(instance);
      limits.set(instance, { limit, until: now() + keepMs });
      return limit;
    },
    async publish(auth, request: PublishRequest): Promise<Published> {
      const instance = instanceOf(auth);
      const mediaIds: string[] = [];
      for (const item of request.media) mediaIds.push(await uploadMedia(instance, auth, item));
      const response = await networkCall(fetcher, `${instance}/api/v1/statuses`, {
        method: 'POST',
        // The Idempotency-Key makes a second send answer the first one's status.
        repeatable: true,
        headers: bearer(auth.accessToken, { 'content-type': 'application/json', 'idempotency-key': request.deliveryKey }),
        body: JSON.stringify({ status: request.text, visibility: 'public', ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}) }),
      });
      const status = jsonBody<StatusAnswer>(response);
      if (typeof status.id !== 'string') throw new NetworkError('The instance answered a status without an id', 'final', response.status);
      return { externalId: status.id, externalUrl: status.url ?? status.uri ?? null };
    },
    async remove(auth, externalId) {
      const instance = instanceOf(auth);
      try {
        await networkCall(fetcher, `${instance}/api/v1/statuses/${encodeURIComponent(externalId)}`, { method: 'DELETE', repeatable: true, headers: bearer(auth.accessToken) });
      } catch (err) {
        // Already gone there: what we wanted.
        if (err instanceof NetworkError && err.statusCode === 404) return;
        throw err;
      }
    },
  };
}
