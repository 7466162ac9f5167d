import { Gauge } from 'prom-client';
import type { MetricsHook } from '../../runtime/types.js';
import { countDeliveriesByNetworkAndStatus } from './queries.js';

// GET /metrics' deliveries to the outside networks: the ledger read at scrape time, by network
// and status only (no error code or user: a handful of series however many deliveries there are).

export const deliveryMetrics: MetricsHook = (registry, ctx) => {
  new Gauge({
    name: 'cross_post_deliveries',
    help: 'Cross-post deliveries by network and status (pending, ok, failed, deleting, deleted), read from the delivery ledger at scrape time',
    labelNames: ['network', 'status'],
    registers: [registry],
    async collect() {
      // Reset first: a status no row is in any more leaves the output.
      this.reset();
      for (const { network, status, n } of await countDeliveriesByNetworkAndStatus(ctx.db.kysely)) this.set({ network, status }, n);
    },
  });
};
