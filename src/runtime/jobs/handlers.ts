import { giveUpImport, runImportJob } from '../../features/lists/import.js';
import { PUSH_RETRY_BASE_MS, runBurstFollowUp, runPushDelivery } from '../../features/notifications/delivery.js';
import type { JobRunner } from './runner.js';

// Every job kind and the feature function that runs it: the one place that wires them, so the
// runner itself knows no feature.

export function registerJobHandlers(runner: JobRunner): void {
  runner.register('push-delivery', runPushDelivery, { baseDelayMs: PUSH_RETRY_BASE_MS });
  runner.register('notification-follow-up', runBurstFollowUp);
  // A second run of the job (its runner died, or it is retried) resumes the import where it
  // stopped; a job given up (attempts used up) fails its import.
  runner.register('list-import', (ctx, p) => runImportJob(ctx, p.jobId), { onGiveUp: (ctx, p, _job, reason) => giveUpImport(ctx, p.jobId, reason) });
}
