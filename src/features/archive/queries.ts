import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

// The archives' queries (README, Design: queries). Those of service.ts are still beside it.

/** Deletes at most `limit` archives of the user; answers how many went and the blob keys of those that had one. */
export async function deleteArchivesBatch(db: Kysely<Database>, userId: string, limit: number): Promise<{ removed: number; blobKeys: string[] }> {
  const ids = db.selectFrom('user_archives').select('id').where('user_id', '=', userId).limit(limit);
  const rows = await db.deleteFrom('user_archives').where('id', 'in', ids).returning('blob_key').execute();
  return { removed: rows.length, blobKeys: rows.flatMap((r) => (r.blob_key ? [r.blob_key] : [])) };
}
