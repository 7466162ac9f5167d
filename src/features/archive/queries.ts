import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/types.js';

// The archives' queries (README, Design: queries): those of service.ts and of the user-data part.

/** Deletes at most `limit` archives of the user; answers how many went and the blob keys of those that had one. */
export async function deleteArchivesBatch(db: Kysely<Database>, userId: string, limit: number): Promise<{ removed: number; blobKeys: string[] }> {
  const ids = db.selectFrom('user_archives').select('id').where('user_id', '=', userId).limit(limit);
  const rows = await db.deleteFrom('user_archives').where('id', 'in', ids).returning('blob_key').execute();
  return { removed: rows.length, blobKeys: rows.flatMap((r) => (r.blob_key ? [r.blob_key] : [])) };
}

type Db = Kysely<Database>;
export type ArchiveRow = Selectable<Database['user_archives']>;

/** The user's most recently asked-for archive. */
export async function latestArchiveOf(db: Db, userId: string): Promise<ArchiveRow | undefined> {
  return db.selectFrom('user_archives').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertArchive(db: Db, row: ArchiveRow): Promise<void> {
  await db.insertInto('user_archives').values(row).execute();
}

export async function findArchive(db: Db, id: string): Promise<ArchiveRow | undefined> {
  return db.selectFrom('user_archives').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOwnArchive(db: Db, userId: string, id: string): Promise<ArchiveRow | undefined> {
  return db.selectFrom('user_archives').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Marks a building archive ready with its blob. */
export async function markArchiveReady(db: Db, id: string, blobKey: string, size: number, at: string): Promise<void> {
  await db.updateTable('user_archives').set({ status: 'ready', blob_key: blobKey, size, finished_at: at }).where('id', '=', id).where('status', '=', 'building').execute();
}

export async function markArchiveFailed(db: Db, id: string, error: string, at: string): Promise<void> {
  await db.updateTable('user_archives').set({ status: 'failed', error, finished_at: at }).where('id', '=', id).execute();
}

/** At most `limit` ready archives finished before `before`. */
export async function readyArchivesBefore(db: Db, before: string, limit: number): Promise<{ id: string; blob_key: string | null }[]> {
  return db.selectFrom('user_archives').select(['id', 'blob_key']).where('status', '=', 'ready').where('finished_at', '<', before).limit(limit).execute();
}

export async function markArchiveExpired(db: Db, id: string): Promise<void> {
  await db.updateTable('user_archives').set({ status: 'expired', blob_key: null }).where('id', '=', id).execute();
}
