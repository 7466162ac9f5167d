import type { AppContext } from '../../runtime/context.js';
import { notFound, tooManyRequests } from '../../http/errors.js';
import { submitJob } from '../../runtime/jobs/enqueue.js';
import { newId } from '../../lib/ids.js';
import { writeArchive } from './build.js';
import {
  findArchive,
  findOwnArchive,
  insertArchive,
  latestArchiveOf,
  markArchiveExpired,
  markArchiveFailed,
  markArchiveReady,
  readyArchivesBefore,
  type ArchiveRow,
} from './queries.js';

// The data archive (beyond the spec): a user asks for one, a job builds it (build.ts) into the
// blob store, and for 24 hours after it is ready the user downloads it with their session. One
// archive a day per user; housekeeping deletes archives whose download window has ended.

export const ARCHIVE_INTERVAL_MS = 24 * 3600_000;
export const DOWNLOAD_WINDOW_MS = 24 * 3600_000;

export type { ArchiveRow };

declare module '../../runtime/types.js' {
  interface JobPayloads {
    /** Builds one data archive; its user_archives row holds its state. */
    'user-archive': { archiveId: string };
  }
}

const latestArchive = (ctx: AppContext, userId: string) => latestArchiveOf(ctx.db.kysely, userId);

/** Starts an archive of the user's data; 429 when one was asked for in the last 24 hours. */
export async function requestArchive(ctx: AppContext, userId: string): Promise<ArchiveRow> {
  const now = ctx.clock.now();
  const latest = await latestArchive(ctx, userId);
  if (latest) {
    const wait = Date.parse(latest.created_at) + ARCHIVE_INTERVAL_MS - now.getTime();
    if (wait > 0) throw tooManyRequests(Math.ceil(wait / 1000), 'One archive a day: the next can be asked for later', 'archive_rate_limited');
  }
  const row: ArchiveRow = { id: newId(), user_id: userId, status: 'building', blob_key: null, size: null, error: null, created_at: now.toISOString(), finished_at: null };
  await insertArchive(ctx.db.kysely, row);
  await submitJob(ctx, 'user-archive', { archiveId: row.id }, { maxAttempts: 3 });
  return row;
}

/** The user's latest archive; 404 before the first. */
export async function currentArchive(ctx: AppContext, userId: string): Promise<ArchiveRow> {
  const row = await latestArchive(ctx, userId);
  if (!row) throw notFound('No archive has been asked for', 'archive_not_found');
  return row;
}

/** Whether a ready archive can still be downloaded. */
export function downloadable(ctx: AppContext, row: ArchiveRow): boolean {
  return row.status === 'ready' && row.finished_at !== null && Date.parse(row.finished_at) + DOWNLOAD_WINDOW_MS > ctx.clock.now().getTime();
}

/** The bytes of the user's own archive while its download window lasts; otherwise 404. */
export async function openArchive(ctx: AppContext, userId: string, id: string) {
  const row = await findOwnArchive(ctx.db.kysely, userId, id);
  const blob = row && downloadable(ctx, row) && row.blob_key ? await ctx.blobs.get(row.blob_key) : null;
  if (!row || !blob) throw notFound('Archive not found or no longer available', 'archive_not_found');
  return { row, blob };
}

/** The job: builds the archive; a run after a crash starts it again from the beginning. */
export async function buildArchive(ctx: AppContext, archiveId: string): Promise<void> {
  const db = ctx.db.kysely;
  const row = await findArchive(db, archiveId);
  if (!row || row.status !== 'building') return;
  const key = `archives/${row.user_id}/${row.id}.zip`;
  try {
    const size = await writeArchive(ctx, row.user_id, key);
    await markArchiveReady(db, archiveId, key, size, ctx.clock.now().toISOString());
  } catch (err) {
    ctx.log.error({ err, archiveId }, 'building a data archive failed');
    await ctx.blobs.delete(key).catch(() => undefined);
    await markArchiveFailed(db, archiveId, 'The archive could not be built', ctx.clock.now().toISOString());
  }
}

/** Housekeeping: deletes the blobs of archives whose download window has ended. */
export async function expireArchives(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - DOWNLOAD_WINDOW_MS).toISOString();
  const rows = await readyArchivesBefore(ctx.db.kysely, before, 500);
  for (const row of rows) {
    if (row.blob_key) await ctx.blobs.delete(row.blob_key);
    await markArchiveExpired(ctx.db.kysely, row.id);
  }
  return rows.length;
}
