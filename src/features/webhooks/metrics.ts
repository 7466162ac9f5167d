import { Counter, Histogram, type Registry } from 'prom-client';
import type { AppContext, MetricsHook } from '../../runtime/types.js';

// GET /metrics' webhook deliveries: every attempt this process made, by outcome (`success`: a 2xx;
// `failure`: any other answer, a redirect included; `error`: no answer: refused by the guard,
// timed out, unreachable), and how long it took. A handful of series whatever the traffic.

export type AttemptOutcome = 'success' | 'failure' | 'error';

interface WebhookMetrics {
  attempts: Counter<'outcome'>;
  latency: Histogram<'outcome'>;
}

const byRegistry = new WeakMap<Registry, WebhookMetrics>();

export const webhookMetrics: MetricsHook = (registry) => {
  const registers = [registry];
  byRegistry.set(registry, {
    attempts: new Counter({ name: 'webhook_delivery_attempts_total', help: 'Webhook delivery attempts made by this process, by outcome (success, failure, error)', labelNames: ['outcome'], registers }),
    latency: new Histogram({
      name: 'webhook_delivery_duration_seconds',
      help: 'How long webhook delivery attempts took, by outcome',
      labelNames: ['outcome'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers,
    }),
  });
};

export function countAttempt(ctx: AppContext, outcome: AttemptOutcome, durationMs: number): void {
  const metrics = byRegistry.get(ctx.metrics.registry);
  metrics?.attempts.inc({ outcome });
  metrics?.latency.observe({ outcome }, durationMs / 1000);
}
