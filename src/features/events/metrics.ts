import { Gauge } from 'prom-client';
import type { MetricsHook } from '../../runtime/types.js';
import { liveStreams } from './live.js';

// GET /metrics: the live event streams this instance holds, read at scrape time.
export const streamMetrics: MetricsHook = (registry, ctx) => {
  new Gauge({
    name: 'event_streams_open',
    help: 'Live event streams (GET /api/events/stream) open on this instance',
    registers: [registry],
    collect() {
      this.set(ctx.state(liveStreams).count());
    },
  });
};
