import twitterText from 'twitter-text';
import { formParts, jsonOf, PostsStandIn, type Route } from './posts-stand-in.js';

// An X-style v2 API's posting side: media upload (an image in one request, its alt text by
// POST /2/media/metadata, refused past 1,000 characters; a video in the
// chunked upload's steps, checked as the real one checks them: INIT with a video type, its size
// and the tweet_video category, APPEND segments of at most 5 MB in order, FINALIZE only when the
// segments add up to the size, then `processingRounds` STATUS answers of in_progress before it
// succeeded), posts (refusing text over 280 weighted characters, a video not yet processed, and a
// video with anything else, as the real one does), deleting a post; and its token endpoint's refresh grant
// (on the API's origin, as X's is), checking the confidential client's Basic credentials and
// rotating the refresh token: each is good for one refresh only.

export class NetworkDPosts extends PostsStandIn {
  readonly posts = new Map<string, { id: string; text: string; mediaIds: string[] }>();
  readonly media = new Map<string, { bytes: number; category: string | null; altText?: string }>();
  /** Chunked uploads, by media id. */
  readonly videos = new Map<string, { type: string; totalBytes: number; segments: Buffer[]; finalized: boolean; pollsLeft: number; statusPolls: number }>();
  /** How many STATUS answers say in_progress before a video has been processed. */
  processingRounds = 2;
  /** The wait each processing answer asks for. */
  checkAfterSecs = 1;
  /** The next video's processing fails. */
  failProcessing = false;
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
          const type = String(hit.headers['content-type'] ?? '');
          if (type.startsWith('application/x-www-form-urlencoded')) return this.command(new URLSearchParams(hit.body.toString('utf8')));
          const parts = formParts(hit);
          if (parts.get('command')?.data.toString('utf8') === 'APPEND') return this.append(parts);
          const media = parts.get('media');
          if (!media || media.data.length === 0) return { status: 400, json: { title: 'Invalid Request', detail: 'media is required' } };
          const id = String(++this.seq);
          this.media.set(id, { bytes: media.data.length, category: parts.get('media_category')?.data.toString('utf8') ?? null });
          return { status: 200, json: { data: { id, media_key: `3_${id}` } } };
        },
      },
      {
        op: 'media-metadata',
        method: 'POST',
        pattern: /^\/2\/media\/metadata$/,
        handle: (hit) => {
          const body = jsonOf(hit);
          const media = this.media.get(String(body.id));
          const text: unknown = body.metadata?.alt_text?.text;
          if (!media) return { status: 400, json: { title: 'Invalid Request', detail: 'unknown media id' } };
          if (typeof text !== 'string' || [...text].length > 1000) return { status: 400, json: { title: 'Invalid Request', detail: 'alt_text.text must be a string of at most 1000 characters' } };
          media.altText = text;
          return { status: 200, json: { data: { associated_metadata: true, id: body.id } } };
        },
      },
      {
        op: 'media-status',
        method: 'GET',
        pattern: /^\/2\/media\/upload\?/,
        handle: (hit) => {
          const query = new URL(hit.url, 'http://x').searchParams;
          const video = this.videos.get(query.get('media_id') ?? '');
          if (query.get('command') !== 'STATUS' || !video || !video.finalized) return { status: 400, json: { title: 'Invalid Request', detail: 'STATUS of an unknown or unfinished upload' } };
          video.statusPolls += 1;
          video.pollsLeft = Math.max(0, video.pollsLeft - 1);
          return { status: 200, json: { data: { id: query.get('media_id'), processing_info: this.processing(video) } } };
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
          const videos = mediaIds.filter((id) => this.videos.has(id));
          if (videos.length > 0 && mediaIds.length > 1) return { status: 400, json: { title: 'Invalid Request', detail: 'A post takes one video or up to 4 images' } };
          if (videos.some((id) => this.videos.get(id)!.pollsLeft > 0)) return { status: 400, json: { title: 'Invalid Request', detail: 'The video is still being processed' } };
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

  private processing(video: { pollsLeft: number }) {
    if (this.failProcessing && video.pollsLeft <= 0) return { state: 'failed', error: { code: 1, name: 'InvalidMedia', message: 'Invalid or Unsupported media' } };
    if (video.pollsLeft > 0) return { state: video.pollsLeft === this.processingRounds ? 'pending' : 'in_progress', check_after_secs: this.checkAfterSecs, progress_percent: 50 };
    return { state: 'succeeded', progress_percent: 100 };
  }

  /** INIT and FINALIZE (forms); STATUS is a GET. */
  private command(form: URLSearchParams) {
    const bad = (detail: string) => ({ status: 400, json: { title: 'Invalid Request', detail } });
    if (form.get('command') === 'INIT') {
      const totalBytes = Number(form.get('total_bytes'));
      const type = form.get('media_type') ?? '';
      if (!/^video\/(mp4|quicktime)$/.test(type)) return bad('media_type must be a video type');
      if (form.get('media_category') !== 'tweet_video') return bad('media_category must be tweet_video');
      if (!Number.isInteger(totalBytes) || totalBytes <= 0 || totalBytes > 512 * 1024 * 1024) return bad('total_bytes out of range');
      const id = String(++this.seq);
      this.videos.set(id, { type, totalBytes, segments: [], finalized: false, pollsLeft: this.processingRounds, statusPolls: 0 });
      return { status: 200, json: { data: { id, media_key: `7_${id}`, expires_after_secs: 86400 } } };
    }
    if (form.get('command') === 'FINALIZE') {
      const id = form.get('media_id') ?? '';
      const video = this.videos.get(id);
      if (!video || video.finalized) return bad('FINALIZE of an unknown or finished upload');
      const bytes = video.segments.reduce((n, b) => n + (b?.length ?? 0), 0);
      if (video.segments.some((b) => b === undefined) || bytes !== video.totalBytes) return bad(`segments add up to ${bytes} bytes, not ${video.totalBytes}`);
      video.finalized = true;
      this.media.set(id, { bytes, category: 'tweet_video' });
      // The first answer is `pending`; each STATUS moves it on.
      return { status: 200, json: { data: { id, media_key: `7_${id}`, size: bytes, expires_after_secs: 86400, processing_info: this.processing(video) } } };
    }
    return bad('unknown command');
  }

  private append(parts: ReturnType<typeof formParts>) {
    const bad = (detail: string) => ({ status: 400, json: { title: 'Invalid Request', detail } });
    const video = this.videos.get(parts.get('media_id')?.data.toString('utf8') ?? '');
    const index = Number(parts.get('segment_index')?.data.toString('utf8'));
    const media = parts.get('media');
    if (!video || video.finalized) return bad('APPEND to an unknown or finished upload');
    if (!Number.isInteger(index) || index !== video.segments.length) return bad(`segment_index ${index} out of order`);
    if (!media || media.data.length === 0 || media.data.length > 5 * 1024 * 1024) return bad('a segment is 1 byte to 5 MB');
    video.segments.push(media.data);
    return { status: 204 };
  }
}
