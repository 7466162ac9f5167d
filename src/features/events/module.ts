import { jobKind, listen, type FeatureModule } from '../../runtime/module.js';
import { liveStreams } from './live.js';
import { streamMetrics } from './metrics.js';
import { eventRetentionTask } from './retention.js';
import { eventRoutes } from './routes.js';
import { EVENTS_COMPONENTS } from './schemas.js';
import { fanOutTimeline, type TimelineJob } from './timeline.js';
import { eventStreamPart, timelineTombstonesPart, timelineWaits } from './user-data.js';

declare module '../../runtime/types.js' {
  interface JobPayloads {
    /** The home-timeline fan-out of one message (timeline.ts). */
    'events-timeline': TimelineJob;
  }
}

// The event log (docs/events.md): one ordered stream per user, read by pull and by the live stream.
export const eventsModule: FeatureModule = {
  name: 'events',
  routes: [eventRoutes],
  components: EVENTS_COMPONENTS,
  state: [liveStreams, timelineWaits],
  jobs: [jobKind('events-timeline', (ctx, job) => fanOutTimeline(ctx, job), { baseDelayMs: 5_000 })],
  listeners: [
    // After a commit: this instance's streams read on, and (PostgreSQL) every other instance's.
    listen('eventsAppended', (ctx, { streams }) => ctx.state(liveStreams).announce(streams)),
    listen('credentialsEnded', (ctx, { userIds }) => ctx.state(liveStreams).credentialsEnded(userIds)),
  ],
  periodic: [eventRetentionTask],
  metrics: [streamMetrics],
  userData: [eventStreamPart, timelineTombstonesPart],
};
