import type { UserDataPart } from '../../runtime/module.js';

// Account deletion: the user's archives and their blobs.
export const archivesPart: UserDataPart = {
  key: 'archives',
  covers: ['user_archives.user_id'],
  async count(ctx, userId) {
    const row = await ctx.db.kysely.selectFrom('user_archives').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async removeBatch(_ctx, trx, userId, limit) {
    const ids = trx.selectFrom('user_archives').select('id').where('user_id', '=', userId).limit(limit);
    const rows = await trx.deleteFrom('user_archives').where('id', 'in', ids).returning('blob_key').execute();
    return { removed: rows.length, blobKeys: rows.flatMap((r) => (r.blob_key ? [r.blob_key] : [])) };
  },
};
