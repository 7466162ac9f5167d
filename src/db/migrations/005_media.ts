import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// Uploaded media: one row per stored blob (an image or a video), owned by its uploader, attached
// to at most one thing (a message, a direct message, a document) once that thing claims it.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key on purpose: a deleted account's rows stay until their blobs are deleted too
    // (releaseOwnerUploads, or the purge job, which removes uploads whose owner is gone).
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // image | video
    .addColumn('blob_key', 'text', (c) => c.notNull().unique())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    // What claimed it, as `<kind>:<id>` (e.g. `message:…`); null until attached.
    .addColumn('attached_to', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner_idx').on('uploads').columns(['owner_id', 'created_at']).execute();
  // Looks up what is attached to a thing; the purge reads the oldest unattached rows first.
  await db.schema.createIndex('uploads_unattached_idx').on('uploads').columns(['attached_to', 'created_at']).execute();
}
