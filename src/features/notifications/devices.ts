import type { AppContext } from '../../runtime/context.js';
import { newId } from '../../lib/ids.js';
import { deleteUserDevice, devicesOf, upsertDevice } from './queries.js';

// Push devices (spec: Push devices): one row per user and token.

export async function registerDevice(
  ctx: AppContext,
  userId: string,
  body: { token: string; platform: 'ios' | 'android'; environment?: 'sandbox' | 'production' },
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const environment = body.environment ?? ctx.config.push.environment;
  await upsertDevice(ctx.db.kysely, { id: newId(), userId, token: body.token, platform: body.platform, environment, now });
}

export async function unregisterDevice(ctx: AppContext, userId: string, token: string): Promise<void> {
  await deleteUserDevice(ctx.db.kysely, userId, token);
}

/** The user's registered devices (the owner's own tokens: unregistering takes the token). */
export async function listDevices(ctx: AppContext, userId: string) {
  const rows = await devicesOf(ctx.db.kysely, userId);
  return rows.map((r) => ({
    token: r.token,
    platform: r.platform as 'ios' | 'android',
    environment: r.environment as 'sandbox' | 'production',
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}
