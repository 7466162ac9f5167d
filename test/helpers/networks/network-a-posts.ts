import { formParts, jsonOf, PostsStandIn, type Route } from './posts-stand-in.js';

// A Mastodon-API instance's posting side: the instance metadata (its character limit), media
// upload (v2, optionally processed asynchronously: 202, then GET /api/v1/media/:id answers 206
// until done), statuses with Idempotency-Key replay (the same key from the same account answers
// the status it made, never a second one), and deleting a status.

export interface StandInStatus {
  id: string;
  url: string;
  status: string;
  mediaIds: string[];
  token: string;
}

export class NetworkAPosts extends PostsStandIn {
  /** configuration.statuses.max_characters; null leaves it out of the answer. */
  maxCharacters: number | null = 500;
  /** Media answers 202 and needs this many polls before it is processed. */
  processingPolls = 0;
  readonly statuses = new Map<string, StandInStatus>();
  readonly media = new Map<string, { bytes: number; contentType: string | null; description: string | null; polls: number }>();
  private readonly byKey = new Map<string, string>();
  private seq = 100;

  private token(headers: Record<string, unknown>): string {
    return String(headers.authorization).slice('Bearer '.length);
  }

  protected routes(): Route[] {
    return [
      {
        op: 'instance',
        method: 'GET',
        pattern: /^\/api\/v2\/instance$/,
        public: true,
        handle: () => ({ status: 200, json: { domain: '127.0.0.2', configuration: this.maxCharacters === null ? {} : { statuses: { max_characters: this.maxCharacters } } } }),
      },
      {
        op: 'media',
        method: 'POST',
        pattern: /^\/api\/v2\/media$/,
        handle: (hit) => {
          const file = formParts(hit).get('file');
          if (!file || file.data.length === 0) return { status: 422, json: { error: 'Validation failed: File is missing' } };
          const id = String(++this.seq);
          this.media.set(id, { bytes: file.data.length, contentType: file.contentType, description: formParts(hit).get('description')?.data.toString('utf8') ?? null, polls: this.processingPolls });
          if (this.processingPolls > 0) return { status: 202, json: { id, type: 'image', url: null } };
          return { status: 200, json: { id, type: 'image', url: `${this.url}/media/${id}` } };
        },
      },
      {
        op: 'media-status',
        method: 'GET',
        pattern: /^\/api\/v1\/media\/(\d+)$/,
        handle: (_hit, m) => {
          const media = this.media.get(m[1]);
          if (!media) return { status: 404, json: { error: 'Record not found' } };
          if (media.polls > 0) {
            media.polls -= 1;
            return { status: 206, json: { id: m[1], url: null } };
          }
          return { status: 200, json: { id: m[1], url: `${this.url}/media/${m[1]}` } };
        },
      },
      {
        op: 'post',
        method: 'POST',
        pattern: /^\/api\/v1\/statuses$/,
        handle: (hit) => {
          const token = this.token(hit.headers);
          const key = hit.headers['idempotency-key'];
          const replayKey = typeof key === 'string' ? `${token} ${key}` : null;
          if (replayKey && this.byKey.has(replayKey)) {
            const made = this.statuses.get(this.byKey.get(replayKey)!)!;
            return { status: 200, json: { id: made.id, url: made.url, content: made.status } };
          }
          const body = jsonOf(hit);
          const mediaIds: string[] = body.media_ids ?? [];
          if (mediaIds.some((id) => !this.media.has(id) || this.media.get(id)!.polls > 0)) return { status: 422, json: { error: 'Validation failed: media not ready' } };
          const length = [...String(body.status ?? '')].length;
          if (this.maxCharacters !== null && length > this.maxCharacters) return { status: 422, json: { error: 'Validation failed: Text character limit exceeded' } };
          const id = String(++this.seq);
          const status = { id, url: `${this.url}/@someone/${id}`, status: String(body.status), mediaIds, token };
          this.statuses.set(id, status);
          if (replayKey) this.byKey.set(replayKey, id);
          return { status: 200, json: { id, url: status.url, content: status.status } };
        },
      },
      {
        op: 'delete',
        method: 'DELETE',
        pattern: /^\/api\/v1\/statuses\/(\d+)$/,
        handle: (_hit, m) => {
          const status = this.statuses.get(m[1]);
          if (!status) return { status: 404, json: { error: 'Record not found' } };
          this.statuses.delete(m[1]);
          return { status: 200, json: { id: status.id, text: status.status } };
        },
      },
    ];
  }
}
