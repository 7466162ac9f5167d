import { jsonOf, PostsStandIn, type Hit, type Route } from './posts-stand-in.js';

// A LinkedIn-style REST posts API: every call must carry the one LinkedIn-Version it supports
// (another, or none, is answered 426 as a sunset version is) and X-Restli-Protocol-Version 2.0.0;
// images are initialised then PUT; a post names a person or organization the token may post as,
// and answers its URN in x-restli-id; comments; deleting a post; and its token endpoint's
// refresh grant (client_secret_post, as LinkedIn's is): a refresh answers a new access token and
// the same refresh token (LinkedIn's programmatic refresh tokens do not rotate).

export interface StandInPost {
  urn: string;
  author: string;
  commentary: string;
  images: string[];
}

export class NetworkCPosts extends PostsStandIn {
  /** The API version this stand-in still serves. */
  version = '202505';
  /** Authors (URNs) the tokens may post as. */
  readonly authors = new Set<string>();
  readonly posts = new Map<string, StandInPost>();
  readonly images = new Map<string, { bytes: number | null }>();
  readonly comments: { post: string; actor: string; text: string }[] = [];
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
        op: 'post',
        method: 'POST',
        pattern: /^\/rest\/posts$/,
        handle: (hit) =>
          this.versioned(hit, () => {
            const body = jsonOf(hit);
            if (!this.authors.has(body.author)) return { status: 403, json: { message: `Not allowed to post as ${body.author}`, status: 403 } };
            if (typeof body.commentary !== 'string' || body.lifecycleState !== 'PUBLISHED') return { status: 422, json: { message: 'commentary and lifecycleState are required', status: 422 } };
            const images: string[] = body.content?.media ? [body.content.media.id] : (body.content?.multiImage?.images ?? []).map((i: { id: string }) => i.id);
            if (images.some((id) => this.images.get(id)?.bytes == null)) return { status: 422, json: { message: 'image not uploaded', status: 422 } };
            const urn = `urn:li:share:${++this.seq}`;
            this.posts.set(urn, { urn, author: body.author, commentary: body.commentary, images });
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
