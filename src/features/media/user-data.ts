import type { UserDataPart } from '../../runtime/module.js';
import { countOwned } from '../../runtime/user-data.js';
import { deleteUploadsBatch, uploadsAfter } from './queries.js';

// Account deletion: every upload of the user, attached or not, after the content parts have run
// (those take the uploads of what they remove). Blobs go once the batch has committed.
export const uploadsPart: UserDataPart = {
  key: 'uploads',
  order: 10,
  covers: ['uploads.owner_id'],
  count: (ctx, userId) => countOwned(ctx.db.kysely, 'uploads.owner_id', userId),
  async removeBatch(_ctx, trx, userId, limit) {
    const blobKeys = await deleteUploadsBatch(trx, userId, limit);
    return { removed: blobKeys.length, blobKeys };
  },
  // The archive: every upload's bytes, streamed from the blob store, under its public file name.
  async *exportFiles(ctx, userId) {
    let after = '';
    for (;;) {
      const rows = await uploadsAfter(ctx.db.kysely, userId, after, 500);
      for (const row of rows) {
        const blob = await ctx.blobs.get(row.blob_key);
        if (blob) yield { path: `media/${row.id}.${row.ext}`, content: blob.stream };
      }
      if (rows.length < 500) return;
      after = rows[rows.length - 1].id;
    }
  },
};
