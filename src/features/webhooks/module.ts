import { jobKind, listen, type FeatureModule } from '../../runtime/module.js';
import { SEND_JOB } from './delivery.js';
import { appendedStreams, FANOUT_JOB, onEventsAppended, runFanOut } from './fanout.js';
import { webhookMetrics } from './metrics.js';
import { pruneDeliveriesTask, webhookSweepTask } from './periodic.js';
import { orgWebhookRoutes, webhookRoutes } from './routes.js';
import { WEBHOOK_COMPONENTS } from './schemas.js';
import { localSenders, runSender } from './sender.js';
import { webhooksPart } from './user-data.js';

// Signed webhooks (issue 36, docs/web-client.md): users' and organizations' endpoints, the
// deliveries made from the event log, each webhook's sender, and the delivery log. docs/webhooks.md.

declare module '../../runtime/types.js' {
  interface JobPayloads {
    'webhook-send': { webhookId: string };
    'webhook-fanout': { streams: string[] };
  }
}

export const webhooksModule: FeatureModule = {
  name: 'webhooks',
  routes: [webhookRoutes, orgWebhookRoutes],
  components: WEBHOOK_COMPONENTS,
  jobs: [jobKind(SEND_JOB, runSender), jobKind(FANOUT_JOB, runFanOut)],
  listeners: [listen('eventsAppended', onEventsAppended)],
  periodic: [pruneDeliveriesTask, webhookSweepTask],
  state: [localSenders, appendedStreams],
  userData: [webhooksPart],
  metrics: [webhookMetrics],
};
