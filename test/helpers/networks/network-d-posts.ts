import twitterText from 'twitter-text';
import { formParts, jsonOf, PostsStandIn, type Route } from './posts-stand-in.js';

// An X-style v2 API's posting side: media upload, posts (refusing text over 280 weighted
// characters, as the real one does), deleting a post; and its token endpoint's refresh grant
// (on the API's origin, as X's is), checking the confidential client's Basic credentials and
// rotating the refresh token: each is good for one refresh only.

export class NetworkDPosts extends PostsStandIn {
  readonly posts = new Map<string, { id: string; text: string; mediaIds: string[] }>();
  readonly media = new Map<string, { bytes: number; category: string | null }>();
  private seq = 1_790_000_000_000_000_000n;
  /** The client the token endpoint takes (Basic id:secret). */
  client = { id: 'd-client', secret: 'd-client-secret' };
  /** Refresh tokens still good, each for one refresh. */
  readonly refreshTokens = new Set<string>();
  /** Refreshes granted and refused. */
  readonly refreshes: { granted: boolean; refreshToken: string }[] = [];
  private tokenSeq = 0;

  protected routes(): Route[] {
    return [
      {
        op: 'token',
        method: 'POST',
        pattern: /^\/2\/oauth2\/token$/,
        public: true,
        handle: (hit) => {
          const basic = `Basic ${Buffer.from(`${this.client.id}:${this.client.secret}`).toString('base64')}`;
          if (hit.headers.authorization !== basic) return { status: 401, json: { error: 'invalid_client' } };
          const form = new URLSearchParams(hit.body.toString('utf8'));
          const refreshToken = form.get('refresh_token') ?? '';
          if (form.get('grant_type') !== 'refresh_token' || !this.refreshTokens.delete(refreshToken)) {
            this.refreshes.push({ granted: false, refreshToken });
            return { status: 400, json: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' } };
          }
          this.refreshes.push({ granted: true, refreshToken });
          const access = `d-access-${++this.tokenSeq}-SECRET`;
          const next = `d-refresh-${this.tokenSeq}-SECRET`;
          this.tokens.add(access);
          this.refreshTokens.add(next);
          return { status: 200, json: { token_type: 'bearer', expires_in: 7200, access_token: access, refresh_token: next, scope: 'tweet.read tweet.write users.read offline.access' } };
        },
      },
      {
        op: 'media',
        method: 'POST',
        pattern: /^\/2\/media\/upload$/,
        handle: (hit) => {
          const parts = formParts(hit);
          const media = parts.get('media');
          if (!media || media.data.length === 0) return { status: 400, json: { title: 'Invalid Request', detail: 'media is required' } };
          const id = String(++this.seq);
          this.media.set(id, { bytes: media.data.length, category: parts.get('media_category')?.data.toString('utf8') ?? null });
          return { status: 200, json: { data: { id, media_key: `3_${id}` } } };
        },
      },
      {
        op: 'post',
        method: 'POST',
        pattern: /^\/2\/tweets$/,
        handle: (hit) => {
          const body = jsonOf(hit);
          const text = String(body.text ?? '');
          if (twitterText.parseTweet(text).weightedLength > 280) return { status: 403, json: { title: 'Forbidden', detail: 'Your Tweet text is too long.' } };
          const mediaIds: string[] = body.media?.media_ids ?? [];
          if (mediaIds.some((id) => !this.media.has(id))) return { status: 400, json: { title: 'Invalid Request', detail: 'unknown media id' } };
          const id = String(++this.seq);
          this.posts.set(id, { id, text, mediaIds });
          return { status: 201, json: { data: { id, text } } };
        },
      },
      {
        op: 'delete',
        method: 'DELETE',
        pattern: /^\/2\/tweets\/(\d+)$/,
        handle: (_hit, m) => {
          if (!this.posts.delete(m[1])) return { status: 404, json: { title: 'Not Found Error', detail: 'no such post' } };
          return { status: 200, json: { data: { deleted: true } } };
        },
      },
    ];
  }
}
