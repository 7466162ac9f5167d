import type { GuardedResponse, OutboundFetcher } from '../outbound-fetch/index.js';
import { escapeLittleText } from './little-text.js';
import { bearer, jsonBody, networkCall, withDetail } from './request.js';
import { classifyHttpFailure } from './classify.js';
import { NetworkError, type MediaItem, type NetworkAdapter, type NetworkAuth, type Published, type PublishRequest } from './types.js';
import { NETWORKS } from '../../lib/post-lengths.js';

// networkC: a LinkedIn-style REST posts API. Every call carries the dated API version
// (`LinkedIn-Version`, from NETWORKC_API_VERSION) and Rest.li protocol 2.0.0; once the version
// is sunset every call answers 426, reported as a final failure that names the setting. Images
// are registered (POST /rest/images?action=initializeUpload) and PUT to the upload URL given. A
// video goes up in the Videos API's steps: initializeUpload with its size answers the byte ranges
// and an upload URL for each, each range is PUT there (the part's ETag kept), and finalizeUpload
// names the parts in order. A post carries either images or one video (the network takes no mix):
// a message's video goes, its images then stay behind. The post (POST /rest/posts) answers its
// URN in `x-restli-id`. The author is the person
// (`urn:li:person:<id>`) or an organization page the person administers (the target's URN).
// A post has no idempotency key: a lost answer is an unknown outcome, never sent again.

export const NETWORK_C_LIMIT = NETWORKS.networkC.limit;
const LINK_RE = /\bhttps?:\/\/[^\s]+/iu;

export interface NetworkCOptions {
  fetcher: OutboundFetcher;
  /** The REST API's origin (NETWORKC_API_URL). */
  apiUrl: string;
  /** The dated version sent as LinkedIn-Version (NETWORKC_API_VERSION, YYYYMM). */
  apiVersion: string;
  /** The web origin a post is read at (its URL is `<webUrl>/feed/update/<urn>/`); null: none. */
  webUrl: string | null;
}

export interface NetworkCPublishRequest extends PublishRequest {
  /** The message's first link goes in a comment after the post instead of the post's text. */
  linkAsFirstComment?: boolean;
}

export interface NetworkCAdapter extends NetworkAdapter {
  publish(auth: NetworkAuth, request: NetworkCPublishRequest): Promise<Published>;
}

export function personUrn(providerUserId: string): string {
  return providerUserId.startsWith('urn:') ? providerUserId : `urn:li:person:${providerUserId}`;
}

export function createNetworkC(options: NetworkCOptions): NetworkCAdapter {
  const { fetcher, apiVersion } = options;
  const api = options.apiUrl.replace(/\/+$/, '');
  const headers = (auth: NetworkAuth, extra: Record<string, string> = {}) =>
    bearer(auth.accessToken, { 'linkedin-version': apiVersion, 'x-restli-protocol-version': '2.0.0', ...extra });
  const refusal = (response: GuardedResponse) =>
    response.status === 426
      ? new NetworkError(
          `networkC no longer accepts API version ${apiVersion} (426 Upgrade Required): set NETWORKC_API_VERSION to a version it supports`,
          'final',
          426,
          null,
          'api_version_unsupported',
        )
      : withDetail(classifyHttpFailure(response.status, response.headers), response);

  async function uploadImage(auth: NetworkAuth, owner: string, item: MediaItem): Promise<string> {
    const init = await networkCall(fetcher, `${api}/rest/images?action=initializeUpload`, {
      method: 'POST',
      repeatable: true,
      refusal,
      headers: headers(auth, { 'content-type': 'application/json' }),
      body: JSON.stringify({ initializeUploadRequest: { owner } }),
    });
    const value = jsonBody<{ value?: { uploadUrl?: string; image?: string } }>(init).value;
    if (!value?.uploadUrl || !value.image) throw new NetworkError('networkC answered an image upload without its URL', 'final', init.status);
    await networkCall(fetcher, value.uploadUrl, { method: 'PUT', repeatable: true, refusal, headers: bearer(auth.accessToken, { 'content-type': item.contentType }), body: item.bytes });
    return value.image;
  }

  async function uploadVideo(auth: NetworkAuth, owner: string, item: MediaItem): Promise<string> {
    const init = await networkCall(fetcher, `${api}/rest/videos?action=initializeUpload`, {
      method: 'POST',
      repeatable: true,
      refusal,
      headers: headers(auth, { 'content-type': 'application/json' }),
      body: JSON.stringify({ initializeUploadRequest: { owner, fileSizeBytes: item.bytes.length, uploadCaptions: false, uploadThumbnail: false } }),
    });
    const value = jsonBody<{ value?: { video?: string; uploadToken?: string; uploadInstructions?: { uploadUrl?: string; firstByte?: number; lastByte?: number }[] } }>(init).value;
    const parts = value?.uploadInstructions ?? [];
    const valid = (p: (typeof parts)[number]) =>
      typeof p.uploadUrl === 'string' && Number.isInteger(p.firstByte) && Number.isInteger(p.lastByte) && p.firstByte! >= 0 && p.lastByte! >= p.firstByte! && p.lastByte! < item.bytes.length;
    if (!value?.video || parts.length === 0 || !parts.every(valid)) throw new NetworkError('networkC answered a video upload without its parts', 'final', init.status);
    const etags: string[] = [];
    for (const part of parts) {
      const put = await networkCall(fetcher, part.uploadUrl!, {
        method: 'PUT',
        repeatable: true,
        refusal,
        headers: bearer(auth.accessToken, { 'content-type': 'application/octet-stream' }),
        body: item.bytes.subarray(part.firstByte!, part.lastByte! + 1),
      });
      const etag = put.headers.get('etag');
      if (!etag) throw new NetworkError('networkC took a video part without its ETag', 'final', put.status);
      etags.push(etag);
    }
    await networkCall(fetcher, `${api}/rest/videos?action=finalizeUpload`, {
      method: 'POST',
      repeatable: true,
      refusal,
      headers: headers(auth, { 'content-type': 'application/json' }),
      body: JSON.stringify({ finalizeUploadRequest: { video: value.video, uploadToken: value.uploadToken ?? '', uploadedPartIds: etags } }),
    });
    return value.video;
  }

  /** The post's `content`: one video, else its images (one, or several as a multi-image post), else none. */
  async function content(auth: NetworkAuth, author: string, media: MediaItem[]): Promise<Record<string, unknown> | null> {
    const video = media.find((m) => m.kind === 'video');
    if (video) return { media: { id: await uploadVideo(auth, author, video), ...(video.alt ? { title: video.alt } : {}) } };
    const ids: { id: string; altText?: string }[] = [];
    for (const item of media.filter((m) => m.kind === 'image')) ids.push({ id: await uploadImage(auth, author, item), ...(item.alt ? { altText: item.alt } : {}) });
    return ids.length === 1 ? { media: ids[0] } : ids.length > 1 ? { multiImage: { images: ids } } : null;
  }

  async function comment(auth: NetworkAuth, actor: string, postUrn: string, text: string): Promise<void> {
    await networkCall(fetcher, `${api}/rest/socialActions/${encodeURIComponent(postUrn)}/comments`, {
      method: 'POST',
      repeatable: false,
      refusal,
      headers: headers(auth, { 'content-type': 'application/json' }),
      body: JSON.stringify({ actor, object: postUrn, message: { text: escapeLittleText(text) } }),
    });
  }

  return {
    network: 'networkC',
    accepts: { images: true, videos: true },
    count: NETWORKS.networkC.measure,
    limit: async () => NETWORK_C_LIMIT,
    async publish(auth, request) {
      const author = request.target ?? personUrn(auth.providerUserId);
      const media = await content(auth, author, request.media);
      const link = request.linkAsFirstComment ? (LINK_RE.exec(request.text)?.[0] ?? null) : null;
      const text = link ? request.text.replace(link, '').replace(/[ \t]{2,}/g, ' ').trim() : request.text;
      const response = await networkCall(fetcher, `${api}/rest/posts`, {
        method: 'POST',
        repeatable: false,
        refusal,
        headers: headers(auth, { 'content-type': 'application/json' }),
        body: JSON.stringify({
          author,
          commentary: escapeLittleText(text),
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
          ...(media ? { content: media } : {}),
        }),
      });
      const urn = response.headers.get('x-restli-id');
      if (!urn) throw new NetworkError('networkC answered a post without its id (x-restli-id)', 'unknown_outcome', response.status);
      // The post is made: a comment that fails leaves it as it is (sending the post again would double it).
      if (link) await comment(auth, author, urn, link).catch(() => undefined);
      return { externalId: urn, externalUrl: options.webUrl ? `${options.webUrl.replace(/\/+$/, '')}/feed/update/${urn}/` : null };
    },
    async remove(auth, externalId) {
      try {
        await networkCall(fetcher, `${api}/rest/posts/${encodeURIComponent(externalId)}`, { method: 'DELETE', repeatable: true, refusal, headers: headers(auth) });
      } catch (err) {
        if (err instanceof NetworkError && err.statusCode === 404) return;
        throw err;
      }
    },
  };
}
