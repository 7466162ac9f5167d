import type { UserDataPart } from '../../runtime/module.js';
import { userRowsPart } from '../../runtime/user-data.js';
import { currentUserProfile } from '../users/index.js';
import { presentIdentity } from './presenter.js';
import { queueRevocations } from './revocation.js';
import { listIdentities } from './service.js';

// Account deletion: linked identities with their networkC targets, the user's OAuth states, and
// their cross-post delivery rows (the ledger has no part of its own yet). Tokens go with the rows;
// each grant is revoked at its provider by a job queued in the same transaction (revocation.ts).
// The archive's profile.json: the account as GET /api/user shows it, with the linked identities
// (never a token).
const rows = userRowsPart('identities', ['network_c_targets.user_id', 'oauth_states.user_id', 'cross_post_deliveries.user_id', 'identities.user_id']);

export const identitiesPart: UserDataPart = {
  ...rows,
  async removeBatch(ctx, trx, userId, limit) {
    await queueRevocations(ctx, trx, userId);
    return rows.removeBatch(ctx, trx, userId, limit);
  },
  async *exportFiles(ctx, userId) {
    const user = await currentUserProfile(ctx, userId);
    if (!user) return;
    const identities = (await listIdentities(ctx, userId)).map(presentIdentity).map(({ id, provider, handle, instanceName }) => ({ id, provider, handle, instanceName }));
    yield { path: 'profile.json', content: `${JSON.stringify({ ...user, identities }, null, 2)}\n` };
  },
};
