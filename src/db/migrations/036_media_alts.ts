import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// A description (alt text) per attached image and video, parallel to image_urls and video_urls:
// JSON text string[], null when the author gave none. Nullable without a default, so adding them
// rewrites no row on either engine.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('messages').addColumn('image_alts', 'text').execute();
  await db.schema.alterTable('messages').addColumn('video_alts', 'text').execute();
}
