import type { FastifyInstance } from 'fastify';

// Every answered request is counted in the app's metrics by its route template
// (`/api/lists/:id`, never the raw path with its ids) and method and status, with its latency.
// Only when METRICS_TOKEN is set: a server nobody scrapes does not pay for it.
export function registerRequestMetrics(app: FastifyInstance): void {
  if (app.ctx.config.metricsToken === null) return;
  const requests = app.ctx.metrics.requests;
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
