import type { UserDataPart } from '../../runtime/module.js';
import { countOwned } from '../../runtime/user-data.js';
import { deleteArchivesBatch } from './queries.js';

// Account deletion: the user's archives and their blobs.
export const archivesPart: UserDataPart = {
  key: 'archives',
  covers: ['user_archives.user_id'],
  count: (ctx, userId) => countOwned(ctx.db.kysely, 'user_archives.user_id', userId),
  removeBatch: (_ctx, trx, userId, limit) => deleteArchivesBatch(trx, userId, limit),
};
