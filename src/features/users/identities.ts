import type { AppContext } from '../../runtime/context.js';

/** The provider identities linked to a user, oldest first. */
export async function listIdentities(ctx: AppContext, userId: string) {
  return ctx.db.kysely
    .selectFrom('identities')
    .select(['id', 'provider', 'handle', 'instance_name'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
