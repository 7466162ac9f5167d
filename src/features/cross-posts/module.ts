import { jobKind, type FeatureModule } from '../../runtime/module.js';
import { DELIVERY_JOB, DELIVERY_RETRY_BASE_MS, deliveryGivenUp, runDelivery } from './delivery.js';
import { deliveryMetrics } from './metrics.js';
import { networkAdaptersState } from './networks.js';
import { REMOVAL_JOB, runRemoval } from './removal.js';
import { crossPostRoutes } from './routes.js';
import { CROSS_POST_COMPONENTS } from './schemas.js';
import { crossPostsPart } from './user-data.js';
import { deliveryWatchState } from './watch.js';

// The delivery ledger (issue 21): cross-posts of messages to the outside networks, each a row
// and a job; the messages feature records them (index.ts) and this feature runs them.

declare module '../../runtime/types.js' {
  interface JobPayloads {
    'cross-post-delivery': { deliveryId: string };
    'cross-post-removal': { deliveryId: string };
  }
}

export const crossPostsModule: FeatureModule = {
  name: 'cross-posts',
  routes: [crossPostRoutes],
  components: CROSS_POST_COMPONENTS,
  jobs: [
    jobKind(DELIVERY_JOB, runDelivery, { baseDelayMs: DELIVERY_RETRY_BASE_MS, onGiveUp: deliveryGivenUp }),
    jobKind(REMOVAL_JOB, runRemoval, { baseDelayMs: DELIVERY_RETRY_BASE_MS }),
  ],
  state: [networkAdaptersState, deliveryWatchState],
  userData: [crossPostsPart],
  metrics: [deliveryMetrics],
};
