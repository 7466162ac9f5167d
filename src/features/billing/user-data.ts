import type { UserDataPart } from '../../runtime/module.js';
import { userRowsPart } from '../../runtime/user-data.js';
import { findUserById } from '../users/service.js';
import { getBilling } from './service.js';

// Account deletion: the user's provider customer record (the provider keeps its own customer).
// The archive's billing.json: the tier and subscription as GET /api/billing shows them.
export const billingPart: UserDataPart = {
  ...userRowsPart('billing', ['billing_customers.user_id']),
  async *exportFiles(ctx, userId) {
    const user = await findUserById(ctx.db.kysely, userId);
    if (!user) return;
    yield { path: 'billing.json', content: `${JSON.stringify({ billing: await getBilling(ctx, user) }, null, 2)}\n` };
  },
};
