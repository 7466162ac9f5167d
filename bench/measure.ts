import autocannon from 'autocannon';

// One endpoint driven with autocannon: a second's warm-up at 8 connections, then BENCH_DURATION
// seconds at 64 (unless the options say otherwise), as requests/s, p50/p99 and the ratio to a
// ceiling measured in the same run.

const duration = Number(process.env.BENCH_DURATION ?? 5);

export interface Figure {
  name: string;
  /** Two-instance runs: requests per second against one instance, and what two made of it. */
  oneInstance?: number;
  twoInstancesRatio?: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  ratioToCeiling: number;
}

/** Seconds each endpoint is driven (at 8 connections) before it is measured: JIT, caches and page cache warm. */
export const WARM_UP_SECONDS = 1;

/** Requests that went to `from` go round robin to `from` and `to` (autocannon splits the connections). */
export function roundRobin(opts: autocannon.Options, from: string, to: string): autocannon.Options {
  const url = opts.url as string;
  return { ...opts, url: [url, url.replace(from, to)] as unknown as string };
}

export async function measure(name: string, opts: autocannon.Options, ceiling: number): Promise<Figure> {
  // Not where each request must be a first (opts.amount: the new-dig run); that run is its own warm-up.
  if (opts.amount === undefined) await autocannon({ ...opts, duration: WARM_UP_SECONDS, connections: Math.min(8, opts.connections ?? 64) });
  const r = await autocannon({ duration, connections: 64, ...opts });
  const rps = r.requests.average;
  return {
    name,
    requestsPerSecond: Math.round(rps),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    ratioToCeiling: ceiling ? Number((rps / ceiling).toFixed(3)) : 1,
  };
}
