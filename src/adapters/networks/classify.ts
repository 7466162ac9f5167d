import { NetworkError } from './types.js';

// How a network's HTTP refusal is treated by the delivery ledger: 5xx and 408 are retried; a 429
// is retried no sooner than the provider says (Retry-After, or its rate-limit reset header); a
// 401 asks for a token refresh; any other 4xx is final.

type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The wait a 429 asks for, in ms: Retry-After (seconds or an HTTP date), else a reset header (epoch seconds, or seconds from now). */
export function retryAfterMs(headers: HeaderSource, now = Date.now()): number | null {
  const retryAfter = header(headers, 'retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = header(headers, 'x-rate-limit-reset') ?? header(headers, 'ratelimit-reset');
  if (reset !== null && Number.isFinite(Number(reset))) {
    const value = Number(reset);
    // An epoch second (X-style) or a delta in seconds (the IETF draft's RateLimit-Reset).
    return Math.max(0, value > 1_000_000_000 ? value * 1000 - now : value * 1000);
  }
  return null;
}

export function classifyHttpFailure(status: number, headers: HeaderSource): NetworkError {
  const message = `The network answered ${status}`;
  if (status >= 500 || status === 408) return new NetworkError(message, 'retryable', status);
  if (status === 429) return new NetworkError(message, 'retryable', status, retryAfterMs(headers));
  if (status === 401) return new NetworkError(message, 'unauthorized', status);
  return new NetworkError(message, 'final', status);
}
