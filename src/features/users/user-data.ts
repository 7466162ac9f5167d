import type { UserDataPart } from '../../runtime/module.js';
import { userRowsPart } from '../../runtime/user-data.js';
import { presentCurrentUser } from './presenter.js';
import { findUserById } from './service.js';
import { listIdentities } from './identities.js';

// Account deletion: linked sign-in identities (no provider token is stored, so none to revoke).
// The archive's profile.json: the account as GET /api/user shows it, with the linked identities.
export const identitiesPart: UserDataPart = {
  ...userRowsPart('identities', ['identities.user_id']),
  async *exportFiles(ctx, userId) {
    const user = await findUserById(ctx.db.kysely, userId);
    if (!user) return;
    const profile = { ...presentCurrentUser(user), identities: (await listIdentities(ctx, userId)).map((i) => ({ id: i.id, provider: i.provider, handle: i.handle, instanceName: i.instance_name })) };
    yield { path: 'profile.json', content: `${JSON.stringify(profile, null, 2)}\n` };
  },
};
