// What the messages feature uses of the delivery ledger.
export { planCrossPosts, type PlannedDelivery } from './plan.js';
export { callOffCrossPosts } from './removal.js';
export { crossPostRequestOf, NETWORKS, requestsCrossPost, type CrossPostRequest, type Network } from './request.js';
export { deliverAndReport, planForPublish, recordDeliveries } from './service.js';
