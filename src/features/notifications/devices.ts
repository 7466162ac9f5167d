import type { AppContext } from '../../runtime/context.js';
import { newId } from '../../lib/ids.js';

// Push devices (spec: Push devices): one row per user and token.

export async function registerDevice(
  ctx: AppContext,
  userId: string,
  body: { token: string; platform: 'ios' | 'android'; environment?: 'sandbox' | 'production' },
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const environment = body.environment ?? ctx.config.push.environment;
  await ctx.db.kysely
    .insertInto('push_devices')
    .values({ id: newId(), user_id: userId, token: body.token, platform: body.platform, environment, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'token']).doUpdateSet({ platform: body.platform, environment, updated_at: now }))
    .execute();
}

export async function unregisterDevice(ctx: AppContext, userId: string, token: string): Promise<void> {
  await ctx.db.kysely.deleteFrom('push_devices').where('user_id', '=', userId).where('token', '=', token).execute();
}
