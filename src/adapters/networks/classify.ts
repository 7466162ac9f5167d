import { NetworkError, type NetworkName } from './types.js';

// How a network's answer or failure decides what the delivery ledger does next (retry, give up,
// refresh the token), in one place for every adapter.

/** The most a Retry-After or rate-limit reset may defer a retry (beyond it, the backoff decides). */
const MAX_RETRY_AFTER_MS = 24 * 3600_000;

type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/**
 * Milliseconds to wait before retrying a 429: `Retry-After` (seconds or an HTTP date), else a
 * rate-limit reset header, which networks send as epoch seconds (`x-rate-limit-reset`, X-style)
 * or as seconds from now (`ratelimit-reset`, the IETF draft; `x-ratelimit-reset`, Mastodon sends an ISO date).
 */
export function retryAfterMs(headers: HeaderSource, now: number = Date.now()): number | null {
  const clamp = (ms: number) => Math.min(Math.max(0, Math.round(ms)), MAX_RETRY_AFTER_MS);
  const retryAfter = header(headers, 'retry-after');
  if (retryAfter !== null) {
    if (/^\d+$/.test(retryAfter.trim())) return clamp(Number(retryAfter) * 1000);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return clamp(at - now);
  }
  for (const name of ['x-rate-limit-reset', 'x-ratelimit-reset', 'ratelimit-reset']) {
    const value = header(headers, name)?.trim();
    if (!value) continue;
    if (/^\d+$/.test(value)) {
      const n = Number(value);
      // Epoch seconds are large; a count of seconds from now is small.
      return clamp(n > 1_000_000_000 ? n * 1000 - now : n * 1000);
    }
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return clamp(at - now);
  }
  return null;
}

/** A network's non-2xx answer: 5xx and 408 retryable, 429 retryable after its reset, 401 unauthorized, any other 4xx final. */
export function classifyHttpFailure(status: number, headers: HeaderSource, message = `The network answered ${status}`, now: number = Date.now()): NetworkError {
  if (status === 429) return new NetworkError(message, 'retryable', status, retryAfterMs(headers, now), 'rate_limited');
  if (status >= 500 || status === 408) return new NetworkError(message, 'retryable', status);
  if (status === 401) return new NetworkError(message, 'unauthorized', status);
  return new NetworkError(message, 'final', status);
}

/** Networks whose writes a retry cannot double: networkA (Idempotency-Key), networkB (client-chosen record key). */
const IDEMPOTENT_WRITES: ReadonlySet<NetworkName> = new Set(['networkA', 'networkB']);

/**
 * A failure of the connection itself. Before the request was sent, a retry is always safe. After
 * it (the connection dropped, the answer timed out), only where the network deduplicates.
 */
export function classifyTransportFailure(network: NetworkName, sent: boolean, message = 'The network could not be reached'): NetworkError {
  if (!sent || IDEMPOTENT_WRITES.has(network)) return new NetworkError(message, 'retryable');
  return new NetworkError(message, 'unknown_outcome', null, null, 'outcome_unknown');
}
