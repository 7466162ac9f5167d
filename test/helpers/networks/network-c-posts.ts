import { jsonOf, PostsStandIn, type Hit, type Route } from './posts-stand-in.js';

// A LinkedIn-style REST posts API: every call must carry the one LinkedIn-Version it supports
// (another, or none, is answered 426 as a sunset version is) and X-Restli-Protocol-Version 2.0.0;
// images are initialised then PUT; a video is initialised with its size (answered with the byte
// range and upload URL of each part, `videoPartBytes` a part), each part PUT with exactly its
// bytes (answered with an ETag), and finalised with those ETags in order; a post names a person or organization the token may post as,
// and answers its URN in x-restli-id; comments; deleting a post; and its token endpoint's
// refresh grant (client_secret_post, as LinkedIn's is): a refresh answers a new access token and
// the same refresh token (LinkedIn's programmatic refresh tokens do not rotate).

export interface StandInPost {
  urn: string;
  author: string;
  commentary: string;
  images: string[];
  /** The images' alt texts (altText), null where none was given. */
  imageAlts: (string | null)[];
  video: string | null;
}

export class NetworkCPosts extends PostsStandIn {
  /** The API version this stand-in still serves. */
  version = '202505';
  /** Authors (URNs) the tokens may post as. */
  readonly authors = new Set<string>();
  readonly posts = new Map<string, StandInPost>();
  readonly images = new Map<string, { bytes: number | null }>();
  readonly comments: { post: string; actor: string; text: string }[] = [];
  /** Bytes per video part (LinkedIn's 4 MB). */
  videoPartBytes = 4 * 1024 * 1024;
  readonly videos = new Map<string, { size: number; token: string; parts: { firstByte: number; lastByte: number; etag: string | null; bytes: Buffer | null }[]; status: 'WAITING_UPLOAD' | 'AVAILABLE' }>();
  private seq = 7000;
  /** The client the token endpoint takes (client_id and client_secret in the form). */
  client = { id: 'c-client', secret: 'c-client-secret' };
  /** Refresh tokens the token endpoint takes. */
  readonly refreshTokens = new Set<string>();
  readonly refreshes: { granted: boolean; refreshToken: string }[] = [];
  private tokenSeq = 0;

  /** Its version and protocol headers, else the answer it gives. */
  private versioned(hit: Hit, carry: () => { status: number; headers?: Record<string, string>; json?: unknown }) {
    if (hit.headers['linkedin-version'] !== this.version) return { status: 426, json: { message: 'Requested version is not active', status: 426 } };
    if (hit.headers['x-restli-protocol-version'] !== '2.0.0') return { status: 400, json: { message: 'X-Restli-Protocol-Version 2.0.0 is required', status: 400 } };
    return carry();
  }

  protected routes(): Route[] {
    return [
      {
        op: 'token',
        method: 'POST',
        pattern: /^\/oauth\/v2\/accessToken$/,
        public: true,
        handle: (hit) => {
          const form = new URLSearchParams(hit.body.toString('utf8'));
          if (form.get('client_id') !== this.client.id || form.get('client_secret') !== this.client.secret) return { status: 401, json: { error: 'invalid_client' } };
          const refreshToken = form.get('refresh_token') ?? '';
          const granted = form.get('grant_type') === 'refresh_token' && this.refreshTokens.has(refreshToken);
          this.refreshes.push({ granted, refreshToken });
          if (!granted) return { status: 400, json: { error: 'invalid_request', error_description: 'The provided refresh token is invalid' } };
          const access = `c-access-${++this.tokenSeq}-SECRET`;
          this.tokens.add(access);
          return { status: 200, json: { access_token: access, expires_in: 5_184_000, refresh_token: refreshToken, refresh_token_expires_in: 31_536_000, scope: 'w_member_social' } };
        },
      },
      {
        op: 'media',
        method: 'POST',
        pattern: /^\/rest\/images\?action=initializeUpload$/,
        handle: (hit) =>
          this.versioned(hit, () => {
            const owner = jsonOf(hit).initializeUploadRequest?.owner;
            if (!this.authors.has(owner)) return { status: 403, json: { message: `Not allowed to upload as ${owner}`, status: 403 } };
            const id = String(++this.seq);
            this.images.set(`urn:li:image:${id}`, { bytes: null });
            return { status: 200, json: { value: { uploadUrl: `${this.url}/upload/${id}`, image: `urn:li:image:${id}`, uploadUrlExpiresAt: Date.now() + 3600_000 } } };
          }),
      },
      {
        op: 'upload',
        method: 'PUT',
        pattern: /^\/upload\/(\d+)$/,
        handle: (hit, m) => {
          const image = this.images.get(`urn:li:image:${m[1]}`);
          if (!image) return { status: 404, json: { message: 'no such upload' } };
          image.bytes = hit.body.length;
          return { status: 201 };
        },
      },
      {
        op: 'video-init',
        method: 'POST',
        pattern: /^\/rest\/videos\?action=initializeUpload$/,
        handle: (hit) =>
          this.versioned(hit, () => {
            const request = jsonOf(hit).initializeUploadRequest ?? {};
            if (!this.authors.has(request.owner)) return { status: 403, json: { message: `Not allowed to upload as ${request.owner}`, status: 403 } };
            const size = request.fileSizeBytes;
            if (!Number.isInteger(size) || size <= 0 || size > 500 * 1024 * 1024) return { status: 400, json: { message: 'fileSizeBytes is required (1 byte to 500 MB)', status: 400 } };
            const id = String(++this.seq);
            const parts = [];
            for (let first = 0; first < size; first += this.videoPartBytes) parts.push({ firstByte: first, lastByte: Math.min(size, first + this.videoPartBytes) - 1, etag: null, bytes: null });
            const token = parts.length > 1 ? `upload-token-${id}` : '';
            this.videos.set(`urn:li:video:${id}`, { size, token, parts, status: 'WAITING_UPLOAD' });
            const uploadInstructions = parts.map((p, n) => ({ uploadUrl: `${this.url}/video-upload/${id}/${n}`, firstByte: p.firstByte, lastByte: p.lastByte }));
            return { status: 200, json: { value: { uploadUrlsExpireAt: Date.now() + 3600_000, video: `urn:li:video:${id}`, uploadInstructions, uploadToken: token } } };
          }),
      },
      {
        op: 'video-part',
        method: 'PUT',
        pattern: /^\/video-upload\/(\d+)\/(\d+)$/,
        handle: (hit, m) => {
          const part = this.videos.get(`urn:li:video:${m[1]}`)?.parts[Number(m[2])];
          if (!part) return { status: 404, json: { message: 'no such upload' } };
          const expected = part.lastByte - part.firstByte + 1;
          if (hit.body.length !== expected) return { status: 400, json: { message: `part ${m[2]} must be ${expected} bytes, not ${hit.body.length}` } };
          part.bytes = hit.body;
          part.etag = `"part-${m[1]}-${m[2]}-${hit.body.length}"`;
          return { status: 200, headers: { etag: part.etag } };
        },
      },
      {
        op: 'video-finalize',
        method: 'POST',
        pattern: /^\/rest\/videos\?action=finalizeUpload$/,
        handle: (hit) =>
          this.versioned(hit, () => {
            const request = jsonOf(hit).finalizeUploadRequest ?? {};
            const video = this.videos.get(request.video);
            if (!video) return { status: 404, json: { message: 'no such video', status: 404 } };
            if ((request.uploadToken ?? '') !== video.token) return { status: 400, json: { message: 'uploadToken does not match', status: 400 } };
            const etags = video.parts.map((p) => p.etag);
            if (etags.some((e) => e === null) || JSON.stringify(request.uploadedPartIds) !== JSON.stringify(etags)) return { status: 400, json: { message: 'uploadedPartIds must name every part in order', status: 400 } };
            video.status = 'AVAILABLE';
            return { status: 200, json: {} };
          }),
      },
      {
        op: 'post',
        method: 'POST',
        pattern: /^\/rest\/posts$/,
        handle: (hit) =>
          this.versioned(hit, () => {
            const body = jsonOf(hit);
            if (!this.authors.has(body.author)) return { status: 403, json: { message: `Not allowed to post as ${body.author}`, status: 403 } };
            if (typeof body.commentary !== 'string' || body.lifecycleState !== 'PUBLISHED') return { status: 422, json: { message: 'commentary and lifecycleState are required', status: 422 } };
            const single: string | null = body.content?.media?.id ?? null;
            const video = single?.startsWith('urn:li:video:') ? single : null;
            if (video !== null && this.videos.get(video)?.status !== 'AVAILABLE') return { status: 422, json: { message: 'video not uploaded', status: 422 } };
            const described: { id: string; altText?: string }[] = video !== null ? [] : single ? [body.content.media] : (body.content?.multiImage?.images ?? []);
            const images = described.map((i) => i.id);
            if (images.some((id) => this.images.get(id)?.bytes == null)) return { status: 422, json: { message: 'image not uploaded', status: 422 } };
            const urn = `urn:li:share:${++this.seq}`;
            this.posts.set(urn, { urn, author: body.author, commentary: body.commentary, images, imageAlts: described.map((i) => i.altText ?? null), video });
            return { status: 201, headers: { 'x-restli-id': urn } };
          }),
      },
      {
        op: 'comment',
        method: 'POST',
        pattern: /^\/rest\/socialActions\/([^/]+)\/comments$/,
        handle: (hit, m) =>
          this.versioned(hit, () => {
            const post = decodeURIComponent(m[1]);
            if (!this.posts.has(post)) return { status: 404, json: { message: 'no such post', status: 404 } };
            const body = jsonOf(hit);
            this.comments.push({ post, actor: body.actor, text: body.message?.text });
            return { status: 201, headers: { 'x-restli-id': `urn:li:comment:(${post},${++this.seq})` } };
          }),
      },
      {
        op: 'delete',
        method: 'DELETE',
        pattern: /^\/rest\/posts\/([^/]+)$/,
        handle: (hit, m) =>
          this.versioned(hit, () => {
            const urn = decodeURIComponent(m[1]);
            if (!this.posts.delete(urn)) return { status: 404, json: { message: 'no such post', status: 404 } };
            return { status: 204 };
          }),
      },
    ];
  }
}
