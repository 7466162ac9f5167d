import type { UserDataPart } from '../../runtime/module.js';
import { enqueueJob } from '../../runtime/jobs/enqueue.js';
import { findUserById } from '../users/service.js';
import { deleteCustomer, findCustomerByUser } from './queries.js';
import { getBilling } from './service.js';

// Account deletion: the user's provider customer row goes, and a job (committed with that
// removal) deletes the customer at the provider, which ends its subscriptions there, so a deleted
// account is not charged again. The archive's billing.json: the tier and subscription as
// GET /api/billing shows them.
export const billingPart: UserDataPart = {
  key: 'billing',
  covers: ['billing_customers.user_id'],
  async count(ctx, userId) {
    return (await findCustomerByUser(ctx.db.kysely, userId)) ? 1 : 0;
  },
  async removeBatch(ctx, trx, userId) {
    const customerId = await deleteCustomer(trx, userId);
    if (customerId === null) return { removed: 0, blobKeys: [] };
    if (ctx.config.billing) await enqueueJob(trx, ctx.clock.now(), 'billing.delete-customer', { customerId });
    else ctx.log.warn({ userId }, 'billing is not configured: the deleted account’s provider customer is left at the provider');
    return { removed: 1, blobKeys: [] };
  },
  async *exportFiles(ctx, userId) {
    const user = await findUserById(ctx.db.kysely, userId);
    if (!user) return;
    yield { path: 'billing.json', content: `${JSON.stringify({ billing: await getBilling(ctx, user) }, null, 2)}\n` };
  },
};
