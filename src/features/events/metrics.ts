import { Counter, Gauge } from 'prom-client';
import type { MetricsHook } from '../../runtime/types.js';
import { liveStreams } from './live.js';
import { writtenByType } from './written.js';

// GET /metrics: the live event streams this instance holds, and the events this process has
// written by type, both read at scrape time.

export const streamMetrics: MetricsHook = (registry, ctx) => {
  new Gauge({
    name: 'event_streams_open',
    help: 'Live event streams (GET /api/events/stream) open on this instance',
    registers: [registry],
    collect() {
      this.set(ctx.state(liveStreams).count());
    },
  });
  new Counter({
    name: 'events_written_total',
    help: 'Events appended to the event log by this process, by type',
    labelNames: ['type'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [type, n] of writtenByType) this.inc({ type }, n);
    },
  });
};
