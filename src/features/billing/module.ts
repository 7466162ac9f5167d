import { jobKind, type FeatureModule } from '../../runtime/module.js';
import { isoAfter } from '../../lib/clock.js';
import type { PeriodicTask } from '../../runtime/types.js';
import { deleteProviderCustomer } from './customer-deletion.js';
import { stripeClient } from './provider.js';
import { deleteEventsBefore } from './queries.js';
import { billingRoutes } from './routes.js';
import { BILLING_COMPONENTS } from './schemas.js';
import { billingPart } from './user-data.js';

declare module '../../runtime/types.js' {
  interface JobPayloads {
    /** The provider customer of a deleted account, deleted at the provider (customer-deletion.ts). */
    'billing.delete-customer': { customerId: string };
  }
}

/** Applied event ids are kept 30 days: the provider retries an event for three. */
const EVENTS_KEPT_MS = 30 * 24 * 3600_000;

const forgetBillingEvents: PeriodicTask = {
  name: 'billing-events',
  everyMs: 24 * 3600_000,
  group: 'housekeeping',
  counts: { billingEvents: 'payment provider event ids forgotten after 30 days' },
  run: async (ctx) => ({ billingEvents: await deleteEventsBefore(ctx.db.kysely, isoAfter(ctx.clock, -EVENTS_KEPT_MS)) }),
};

export const billingModule: FeatureModule = {
  name: 'billing',
  routes: [billingRoutes],
  components: BILLING_COMPONENTS,
  state: [stripeClient],
  periodic: [forgetBillingEvents],
  jobs: [jobKind('billing.delete-customer', deleteProviderCustomer)],
  userData: [billingPart],
};
