import type { UserDataPart } from '../../runtime/module.js';
import { countPresenceTouching, deletePresenceTouching } from './queries.js';

// Presence (the purge's `documents` category, and account deletion): the user's heartbeats and
// those on the user's documents go at once (purged documents stay as tombstones, which would keep
// them until the prune). Nothing of it goes into the archive: it lasts a minute.
export const presencePart: UserDataPart = {
  key: 'documentPresence',
  category: 'documents',
  order: 210,
  covers: ['document_presence.user_id'],
  count: (ctx, userId) => countPresenceTouching(ctx.db.kysely, userId),
  removeBatch: async (_ctx, trx, userId) => ({ removed: await deletePresenceTouching(trx, userId), blobKeys: [] }),
};
