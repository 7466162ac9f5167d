import type { JWK } from 'jose';
import { OutboundRefusedError, type GuardedResponse, type OutboundFetcher } from '../outbound-fetch/index.js';
import { classifyHttpFailure, classifyTransportFailure } from './classify.js';
import { NetworkBIdentityResolver } from './network-b/identity.js';
import { detectFacets, graphemeCount, NETWORK_B_GRAPHEME_LIMIT, recordKeyFor, type HandleResolver } from './network-b/text.js';
import { DpopNonces, xrpc, type XrpcCredentials, type XrpcRequest } from './network-b/xrpc.js';
import { NetworkError, type MediaItem, type NetworkAdapter, type NetworkAuth, type Published, type PublishRequest } from './types.js';

// networkB (the AT Protocol): a post is an `app.bsky.feed.post` record written to the account's
// repository on its PDS, with DPoP-bound requests made with the OAuth session's key. Each delivery
// writes to its own record key (derived from the delivery key), so a retry after an unknown
// outcome finds its record already there instead of posting twice. Images are uploaded as blobs
// first and embedded; links, tags and mentions become facets (a mention with its handle's DID,
// resolved as sign-in resolves handles).

const POST_COLLECTION = 'app.bsky.feed.post';
/** The most images a post embeds. */
const MAX_IMAGES = 4;
/** Where a post is shown on the web (the protocol's reference app). */
const DEFAULT_WEB_URL = 'https://bsky.app';

export interface NetworkBAdapterOptions {
  fetcher: OutboundFetcher;
  /** The web app whose post pages `externalUrl` points at. */
  webUrl?: string;
  /** The DID directory (NETWORKB_DIRECTORY_URL) for resolving mentioned handles; without it mentions stay plain text. */
  directoryUrl?: string;
}

interface SavedSession {
  dpopJwk: JWK;
  tokenSet?: { aud?: string };
}

interface BlobRef {
  $type: 'blob';
  ref: { $link: string };
  mimeType: string;
  size: number;
}

export function createNetworkBAdapter(options: NetworkBAdapterOptions): NetworkAdapter {
  const nonces = new DpopNonces();
  const webUrl = (options.webUrl ?? DEFAULT_WEB_URL).replace(/\/+$/, '');
  const resolver = options.directoryUrl ? new NetworkBIdentityResolver({ fetcher: options.fetcher, directoryUrl: options.directoryUrl }) : null;
  // Only a handle whose DID document names it back is that account's (as at sign-in).
  const resolveHandle: HandleResolver | undefined = resolver ? async (handle) => (await resolver.resolve(handle)).did : undefined;

  const call = async (creds: XrpcCredentials, request: XrpcRequest): Promise<GuardedResponse> => {
    try {
      return await xrpc(options.fetcher, nonces, creds, request);
    } catch (err) {
      // The request may or may not have reached the PDS; retrying is safe (record keys).
      if (err instanceof OutboundRefusedError) {
        const message = `networkB could not be reached: ${err.message}`;
        if (err.reason === 'unreachable' || err.reason === 'timeout') throw classifyTransportFailure('networkB', true, message);
        throw new NetworkError(message, 'final', null, null, err.reason);
      }
      throw err;
    }
  };

  const uploadImage = async (creds: XrpcCredentials, image: MediaItem): Promise<{ image: BlobRef; alt: string }> => {
    const response = await call(creds, { method: 'POST', nsid: 'com.atproto.repo.uploadBlob', bytes: { body: image.bytes, contentType: image.contentType } });
    if (response.status !== 200) throw failure(response, 'uploading an image');
    const blob = (json(response) as { blob?: BlobRef }).blob;
    if (!blob) throw new NetworkError('networkB accepted an image but returned no blob', 'retryable', response.status);
    return { image: blob, alt: image.alt ?? '' };
  };

  const existingRecord = async (creds: XrpcCredentials, repo: string, rkey: string): Promise<string | null> => {
    const response = await call(creds, { method: 'GET', nsid: 'com.atproto.repo.getRecord', query: { repo, collection: POST_COLLECTION, rkey } });
    if (response.status !== 200) return null;
    const uri = (json(response) as { uri?: unknown }).uri;
    return typeof uri === 'string' ? uri : null;
  };

  return {
    network: 'networkB',
    accepts: { images: true, videos: false },

    count: graphemeCount,

    async limit(): Promise<number> {
      return NETWORK_B_GRAPHEME_LIMIT;
    },

    async publish(auth: NetworkAuth, request: PublishRequest): Promise<Published> {
      const creds = credentials(auth);
      const repo = auth.providerUserId;
      const rkey = recordKeyFor(request.deliveryKey);
      const images = [];
      for (const item of request.media.filter((m) => m.kind === 'image').slice(0, MAX_IMAGES)) images.push(await uploadImage(creds, item));
      const facets = await detectFacets(request.text, resolveHandle);
      const record = {
        $type: POST_COLLECTION,
        text: request.text,
        createdAt: new Date().toISOString(),
        ...(facets.length > 0 ? { facets } : {}),
        ...(images.length > 0 ? { embed: { $type: 'app.bsky.embed.images', images } } : {}),
      };
      const response = await call(creds, { method: 'POST', nsid: 'com.atproto.repo.createRecord', json: { repo, collection: POST_COLLECTION, rkey, record } });
      if (response.status === 200) {
        const uri = (json(response) as { uri?: unknown }).uri;
        if (typeof uri !== 'string') throw new NetworkError('networkB created the post but returned no address', 'final', 200);
        return published(uri);
      }
      // A refusal of the write may mean an earlier attempt of this delivery already made it.
      if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 429) {
        const uri = await existingRecord(creds, repo, rkey);
        if (uri !== null) return published(uri);
      }
      throw failure(response, 'creating the post');
    },

    async remove(auth: NetworkAuth, externalId: string): Promise<void> {
      const parts = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(externalId);
      if (!parts) throw new NetworkError(`${externalId} is not a networkB record address`, 'final');
      const [, repo, collection, rkey] = parts;
      const response = await call(credentials(auth), { method: 'POST', nsid: 'com.atproto.repo.deleteRecord', json: { repo, collection, rkey } });
      if (response.status !== 200) throw failure(response, 'deleting the post');
    },
  };

  function published(uri: string): Published {
    const [, did, , rkey] = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(uri) ?? [];
    return { externalId: uri, externalUrl: did && rkey ? `${webUrl}/profile/${did}/post/${rkey}` : null };
  }
}

function credentials(auth: NetworkAuth): XrpcCredentials {
  if (!auth.session) throw new NetworkError('The networkB identity has no session: link it again', 'unauthorized');
  let session: SavedSession;
  try {
    session = JSON.parse(auth.session) as SavedSession;
  } catch {
    throw new NetworkError('The networkB session is unreadable: link the identity again', 'unauthorized');
  }
  const pdsUrl = auth.instanceUrl ?? session.tokenSet?.aud;
  if (!pdsUrl || !session.dpopJwk) throw new NetworkError('The networkB session is incomplete: link the identity again', 'unauthorized');
  return { pdsUrl, accessToken: auth.accessToken, dpopJwk: session.dpopJwk };
}

function json(response: GuardedResponse): unknown {
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    return {};
  }
}

/** The foundation's classification, with the PDS's own error name and message. */
function failure(response: GuardedResponse, doing: string): NetworkError {
  const classified = classifyHttpFailure(response.status, response.headers);
  const body = json(response) as { error?: unknown; message?: unknown };
  const name = typeof body.error === 'string' ? body.error.slice(0, 100) : null;
  const detail = typeof body.message === 'string' ? `: ${body.message.slice(0, 300)}` : '';
  const message = `networkB answered ${response.status}${name ? ` ${name}` : ''} when ${doing}${detail}`;
  return new NetworkError(message, classified.kind, response.status, classified.retryAfterMs, name ?? classified.code);
}
