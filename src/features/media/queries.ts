import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from '../../db/types.js';

// The uploads' queries, which the media service calls (README, Design: queries).

type Db = Kysely<Database>;
type UploadRow = Selectable<UploadsTable>;

export async function insertUpload(db: Db, row: UploadRow): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

/** The upload `id` if its extension is `ext`. */
export function servedUpload(db: Db, id: string, ext: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).where('ext', '=', ext).executeTakeFirst();
}

/**
 * Attaches to `attachTo` those of the uploads `ids` that `ownerId` owns, of `kind`, and that are
 * free or attached to `attachTo` already (conditional, so two claims cannot both win); answers
 * the rows it attached.
 */
export function attachUploads(db: Db, ids: readonly string[], ownerId: string, kind: string, attachTo: string): Promise<UploadRow[]> {
  return db
    .updateTable('uploads')
    .set({ attached_to: attachTo })
    .where('id', 'in', ids)
    .where('owner_id', '=', ownerId)
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('attached_to', 'is', null), eb('attached_to', '=', attachTo)]))
    .returningAll()
    .execute();
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** The uploads attached to any of `targets` (`<kind>:<id>`). */
export function uploadsAttachedTo(db: Db, targets: readonly string[]) {
  return db.selectFrom('uploads').select(['id', 'blob_key']).where('attached_to', 'in', targets).execute();
}

/** Up to `limit` uploads of one owner, attached or not. */
export function uploadsOwnedBy(db: Db, ownerId: string, limit: number) {
  return db.selectFrom('uploads').select(['id', 'blob_key']).where('owner_id', '=', ownerId).limit(limit).execute();
}

/**
 * Deletes up to `limit` uploads never attached and created before `cutoff`, oldest first (read
 * through the (attached_to, created_at) index), still conditional on being unattached; answers
 * their blob keys.
 */
export function deleteUnattachedBefore(db: Db, cutoff: string, limit: number) {
  const due = db.selectFrom('uploads').select('id').where('attached_to', 'is', null).where('created_at', '<', cutoff).orderBy('created_at').limit(limit);
  return db.deleteFrom('uploads').where('id', 'in', due).where('attached_to', 'is', null).where('created_at', '<', cutoff).returning(['blob_key']).execute();
}

/** Deletes up to `limit` uploads whose owner no longer exists (an anti-join on the owner index); answers their blob keys. */
export function deleteOrphanedUploads(db: Db, limit: number) {
  const orphaned = db
    .selectFrom('uploads')
    .select('uploads.id')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users').select('users.id').whereRef('users.id', '=', 'uploads.owner_id'))))
    .limit(limit);
  return db.deleteFrom('uploads').where('id', 'in', orphaned).returning(['blob_key']).execute();
}

/** Deletes at most `limit` uploads of the user, attached or not; answers their blob keys. */
export async function deleteUploadsBatch(db: Db, ownerId: string, limit: number): Promise<string[]> {
  const ids = db.selectFrom('uploads').select('id').where('owner_id', '=', ownerId).limit(limit);
  const rows = await db.deleteFrom('uploads').where('id', 'in', ids).returning('blob_key').execute();
  return rows.map((r) => r.blob_key);
}

/** The user's uploads after `after` in id order, `limit` of them (the archive's pages). */
export function uploadsAfter(db: Db, ownerId: string, after: string, limit: number) {
  return db.selectFrom('uploads').select(['id', 'ext', 'blob_key']).where('owner_id', '=', ownerId).where('id', '>', after).orderBy('id').limit(limit).execute();
}

/** Deletes the uploads attached to any of `attachedTo`, 500 ids a statement; answers their blob keys. */
export async function deleteAttachedUploads(trx: Db, attachedTo: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < attachedTo.length; i += 500) {
    const rows = await trx.deleteFrom('uploads').where('attached_to', 'in', attachedTo.slice(i, i + 500)).returning('blob_key').execute();
    keys.push(...rows.map((r) => r.blob_key));
  }
  return keys;
}
