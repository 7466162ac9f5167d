import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Database, UploadsTable } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import {
  attachUploads,
  deleteOrphanedUploads,
  deleteUnattachedBefore,
  deleteAttachedUploads,
  deleteUpload,
  insertUpload,
  servedUpload,
  uploadsAttachedTo,
  uploadsOwnedBy,
} from './queries.js';

// The image pipeline's type check and limits, for other features that take images (the image proxy).
export { detectImage, MAX_IMAGE_SIDE, MAX_INPUT_PIXELS, payloadTooLarge, sharpLibrary, unsupportedMediaType, type ImageFormat } from './pipeline.js';

// Uploads: each stored blob has one row (owner, kind, blob key, type, size,
// dimensions, what it is attached to). Other features attach uploads with `claimUploads` inside
// their own transaction, give them back with `releaseUploads` after deleting what held them, and
// the purge job removes uploads that were never attached.

export type UploadRow = Selectable<UploadsTable>;
export type UploadKind = 'image' | 'video';

/** How long an upload may stay unattached before the purge removes it. */
export const UNATTACHED_TTL_MS = 24 * 3600_000;

const MEDIA_PATH = '/api/media/';
const FILE_RE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{2,5})$/;

/** The absolute URL an upload is served at: `<PUBLIC_URL>/api/media/<id>.<ext>`. */
export function mediaUrl(ctx: Pick<AppContext, 'config'>, row: Pick<UploadRow, 'id' | 'ext'>): string {
  return `${ctx.config.publicUrl}${MEDIA_PATH}${row.id}.${row.ext}`;
}

/** `<id>.<ext>` of a served file name, or null when it cannot be one. */
export function parseMediaFile(file: string): { id: string; ext: string } | null {
  const m = FILE_RE.exec(file);
  return m ? { id: m[1], ext: m[2] } : null;
}

/** The id and extension of a URL this server handed out, or null for anything else. */
export function parseMediaUrl(ctx: Pick<AppContext, 'config'>, url: string): { id: string; ext: string } | null {
  const prefix = `${ctx.config.publicUrl}${MEDIA_PATH}`;
  return url.startsWith(prefix) ? parseMediaFile(url.slice(prefix.length)) : null;
}

export interface NewMedia {
  bytes: Buffer;
  contentType: string;
  ext: string;
  width?: number | null;
  height?: number | null;
}

/**
 * Stores the bytes, then records the upload: unattached (the usual case: a message claims it
 * later), or attached at once to `attachTo`. The blob is removed again if the row is not written.
 */
export async function storeUpload(ctx: AppContext, ownerId: string, kind: UploadKind, media: NewMedia, attachTo: string | null = null): Promise<UploadRow> {
  const id = newId();
  const row: UploadRow = {
    id,
    owner_id: ownerId,
    kind,
    blob_key: `media/${id}.${media.ext}`,
    ext: media.ext,
    content_type: media.contentType,
    size: media.bytes.length,
    width: media.width ?? null,
    height: media.height ?? null,
    attached_to: attachTo,
    created_at: ctx.clock.now().toISOString(),
  };
  await ctx.blobs.put(row.blob_key, media.bytes, media.contentType);
  try {
    await insertUpload(ctx.db.kysely, row);
  } catch (err) {
    await ctx.blobs.delete(row.blob_key).catch((e: unknown) => ctx.log.warn({ err: e, key: row.blob_key }, 'could not remove the blob of a failed upload'));
    throw err;
  }
  return row;
}

/** The upload served as `<id>.<ext>`, or undefined. */
export async function findServedUpload(ctx: AppContext, id: string, ext: string): Promise<UploadRow | undefined> {
  return servedUpload(ctx.db.kysely, id, ext);
}

export interface ClaimOptions {
  kind: UploadKind;
  /** At most this many URLs (8 images or 1 video on a message, 4 images on a direct message). */
  max: number;
  /** What claims them, as `<kind>:<id>`, e.g. `message:<messageId>` or `document:<documentId>`. */
  attachTo: string;
  /** The request field named in the 400 (default `imageUrls` / `videoUrls`). */
  field?: string;
}

/**
 * Attaches the caller's own uploads to `attachTo`, inside the caller's transaction `trx`, and
 * returns them in the order given. Every URL must be one this server handed out for an upload of
 * `kind` owned by `ownerId` and not attached to anything else (attached to `attachTo` already is
 * fine, so a retry or an edit may claim again); anything else, duplicates or more than `max`:
 * 400 `invalid_media`, and nothing is attached. Two transactions claiming the same upload cannot
 * both win: the update is conditional on the upload still being free.
 */
export async function claimUploads(
  ctx: Pick<AppContext, 'config'>,
  trx: Kysely<Database>,
  ownerId: string,
  urls: readonly string[],
  options: ClaimOptions,
): Promise<UploadRow[]> {
  const field = options.field ?? (options.kind === 'image' ? 'imageUrls' : 'videoUrls');
  const invalid = () => badRequest(`${field} must be URLs of your own ${options.kind} uploads that are not attached elsewhere`, 'invalid_media');
  if (urls.length === 0) return [];
  if (urls.length > options.max) throw badRequest(`${field} may hold at most ${options.max} URL${options.max === 1 ? '' : 's'}`, 'invalid_media');
  if (new Set(urls).size !== urls.length) throw badRequest(`${field} must not repeat a URL`, 'invalid_media');
  const ids: string[] = [];
  for (const url of urls) {
    const parsed = parseMediaUrl(ctx, url);
    if (!parsed) throw invalid();
    ids.push(parsed.id);
  }
  const updated = await attachUploads(trx, ids, ownerId, options.kind, options.attachTo);
  const byId = new Map(updated.map((r) => [r.id, r]));
  const rows = urls.map((url, i) => {
    const row = byId.get(ids[i]);
    // The extension is part of the URL: a URL naming the right id with another extension is not ours.
    return row && parseMediaUrl(ctx, url)?.ext === row.ext ? row : null;
  });
  // Throwing rolls the caller's transaction back, with the attachments just made.
  if (rows.some((r) => r === null)) throw invalid();
  return rows as UploadRow[];
}

/** Removes the blob, then the row; a blob already gone is fine. Failures are logged and leave the row for a later run. */
async function removeUploads(ctx: AppContext, rows: Pick<UploadRow, 'id' | 'blob_key'>[]): Promise<number> {
  let removed = 0;
  for (const row of rows) {
    try {
      await ctx.blobs.delete(row.blob_key);
    } catch (err) {
      ctx.log.error({ err, key: row.blob_key }, 'could not delete an upload blob');
      continue;
    }
    await deleteUpload(ctx.db.kysely, row.id);
    removed += 1;
  }
  return removed;
}

/**
 * Deletes the uploads attached to `attachedTo` (one `<kind>:<id>` or several), blobs and rows.
 * Call it after the transaction that deleted what held them has committed (a rollback must not
 * lose the blobs). Returns how many were removed.
 */
export async function releaseUploads(ctx: AppContext, attachedTo: string | readonly string[]): Promise<number> {
  const targets = typeof attachedTo === 'string' ? [attachedTo] : [...attachedTo];
  let removed = 0;
  for (let i = 0; i < targets.length; i += 500) {
    const rows = await uploadsAttachedTo(ctx.db.kysely, targets.slice(i, i + 500));
    removed += await removeUploads(ctx, rows);
  }
  return removed;
}

/** Deletes every upload of a user, attached or not (account deletion or content purge), after that commits. */
export async function releaseOwnerUploads(ctx: AppContext, ownerId: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await uploadsOwnedBy(ctx.db.kysely, ownerId, 500);
    if (rows.length === 0) return removed;
    const n = await removeUploads(ctx, rows);
    removed += n;
    if (n === 0) return removed; // every blob delete failed: stop instead of spinning
  }
}

/**
 * The purge job: removes uploads never attached within 24 hours of their upload, and uploads
 * whose owner no longer exists, blobs and rows. Each row is claimed by deleting it (DELETE …
 * RETURNING, still conditional on being unattached), so several instances running the job at
 * once never race a claim or each other; its blob is deleted afterwards. Returns how many were
 * removed.
 */
export async function purgeUnattachedUploads(ctx: AppContext, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const cutoff = new Date(ctx.clock.now().getTime() - UNATTACHED_TTL_MS).toISOString();
  const db = ctx.db.kysely;
  let removed = 0;

  const removeClaimed = async (claimed: { blob_key: string }[]) => {
    for (const row of claimed) {
      try {
        await ctx.blobs.delete(row.blob_key);
        removed += 1;
      } catch (err) {
        // The row is gone; the blob is left behind (logged with its key for a manual sweep).
        ctx.log.error({ err, key: row.blob_key }, 'could not delete the blob of a purged upload');
      }
    }
  };

  // Never attached and older than a day: read through the (attached_to, created_at) index.
  for (;;) {
    const claimed = await deleteUnattachedBefore(db, cutoff, batchSize);
    await removeClaimed(claimed);
    if (claimed.length < batchSize) break;
  }

  // Uploads of accounts deleted without releaseOwnerUploads (an anti-join on the owner index).
  for (;;) {
    const claimed = await deleteOrphanedUploads(db, batchSize);
    await removeClaimed(claimed);
    if (claimed.length < batchSize) return removed;
  }
}

/**
 * Removes, inside the caller's transaction, the upload rows attached to any of `attachedTo`, and
 * answers their blob keys: the caller deletes those blobs once the transaction has committed
 * (content purge and account deletion, which remove what held the uploads in the same batch).
 */
export const takeAttachedUploads = deleteAttachedUploads;
