import type { UserDataPart } from '../../runtime/module.js';

// Account deletion: every upload of the user, attached or not, after the content parts have run
// (those take the uploads of what they remove). Blobs go once the batch has committed.
export const uploadsPart: UserDataPart = {
  key: 'uploads',
  order: 10,
  covers: ['uploads.owner_id'],
  async count(ctx, userId) {
    const row = await ctx.db.kysely.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async removeBatch(_ctx, trx, userId, limit) {
    const ids = trx.selectFrom('uploads').select('id').where('owner_id', '=', userId).limit(limit);
    const rows = await trx.deleteFrom('uploads').where('id', 'in', ids).returning('blob_key').execute();
    return { removed: rows.length, blobKeys: rows.map((r) => r.blob_key) };
  },
  // The archive: every upload's bytes, streamed from the blob store, under its public file name.
  async *exportFiles(ctx, userId) {
    let after = '';
    for (;;) {
      const rows = await ctx.db.kysely.selectFrom('uploads').select(['id', 'ext', 'blob_key']).where('owner_id', '=', userId).where('id', '>', after).orderBy('id').limit(500).execute();
      for (const row of rows) {
        const blob = await ctx.blobs.get(row.blob_key);
        if (blob) yield { path: `media/${row.id}.${row.ext}`, content: blob.stream };
      }
      if (rows.length < 500) return;
      after = rows[rows.length - 1].id;
    }
  },
};
