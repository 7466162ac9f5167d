import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { countJobsByKindAndStatus } from './jobs/stats.js';
import type { AppContext, Metrics } from './types.js';

// The app's Prometheus metrics (GET /metrics): a registry of its own per app (tests build many
// apps in one process; prom-client's global registry would mix them), holding what the platform
// measures (requests by route template, e-mails, the job queue, the process) and what each
// module adds through its `metrics` hook (FeatureModule.metrics): a collector that reads its own
// tables at scrape time, such as cross-posting's deliveries by network and status
// (a MetricsHook, types.ts; createContext calls each with this registry).

// Latency buckets (seconds) for an API whose hot paths answer in milliseconds.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class AppMetrics implements Metrics {
  readonly registry = new Registry();
  readonly requests: Histogram<'route' | 'method' | 'status'>;
  readonly emails: Counter<'type' | 'status'>;
  private processMetrics = false;

  constructor(ctx: () => AppContext) {
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status, and how long they took',
      labelNames: ['route', 'method', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.emails = new Counter({ name: 'emails_total', help: 'E-mails sent, failed or logged (no SMTP_URL) by this process, by emailType and status', labelNames: ['type', 'status'], registers });
    new Gauge({
      name: 'jobs',
      help: 'Background jobs by kind and state (queued, running, done, failed), read from the job table at scrape time',
      labelNames: ['kind', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const { kind, status, n } of await countJobsByKindAndStatus(ctx().db.kysely)) this.set({ kind, state: status }, n);
      },
    });
  }

  /**
   * The metrics in Prometheus text format. The process's default metrics (CPU, memory, event loop,
   * GC) start with the first scrape: their observers are never stopped, so only an app that is
   * scraped pays for them.
   */
  async scrape(): Promise<string> {
    if (!this.processMetrics) {
      collectDefaultMetrics({ register: this.registry });
      this.processMetrics = true;
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
