import type { PeriodicTask } from '../../runtime/types.js';
import { pruneDeliveries } from './queries.js';
import { fanOutAll } from './fanout.js';
import { sweepDueDeliveries } from './sender.js';

// The webhooks' periodic work: deliveries are kept 30 days; and a safety sweep reads every
// webhook's stream past its cursor (an eventsAppended lost with its instance) and starts a sender
// for every webhook with a delivery due (a job lost with its instance, a lease that ran out).

const DAY = 24 * 3600_000;
export const KEEP_DELIVERIES_MS = 30 * DAY;
const BATCH = 1000;

export const pruneDeliveriesTask: PeriodicTask = {
  name: 'webhook-deliveries',
  everyMs: 3600_000,
  group: 'housekeeping',
  counts: { webhookDeliveries: 'webhook deliveries older than 30 days removed, with their attempts' },
  async run(ctx) {
    const before = new Date(ctx.clock.now().getTime() - KEEP_DELIVERIES_MS).toISOString();
    let removed = 0;
    for (let n = BATCH; n === BATCH; removed += n) n = await pruneDeliveries(ctx.db.kysely, before, BATCH);
    return { webhookDeliveries: removed };
  },
};

export const webhookSweepTask: PeriodicTask = {
  name: 'webhook-sweep',
  everyMs: 60_000,
  counts: { webhooksFannedOut: 'webhooks that got deliveries from events a fan-out had not read', webhooks: 'webhooks with due deliveries whose sender was started' },
  run: async (ctx) => ({ webhooksFannedOut: await fanOutAll(ctx), webhooks: await sweepDueDeliveries(ctx) }),
};
