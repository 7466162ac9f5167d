// When a failed delivery is tried again (docs/web-client.md): after 5 s, 5 min, 30 min, 2 h,
// 5 h, 10 h, 14 h, 20 h and 24 h, each ± 20% so that a receiver that was down is not hit by every
// retry in the same second; never sooner than the receiver's Retry-After. After the last one
// the delivery has failed.

const S = 1000;
const M = 60 * S;
const H = 60 * M;

export const RETRY_DELAYS_MS = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H] as const;

/** Attempts of a delivery in all: the first and one per retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export const JITTER = 0.2;

/** A Retry-After is honored up to a day: a nonsense value cannot park a delivery for ever. */
const MAX_RETRY_AFTER_MS = 24 * H;

/**
 * The delay before the attempt after attempt `attempt` (1-based) failed, or null when that was
 * the last. `random` in [0, 1) places it within the jitter.
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | null, random: number = Math.random()): number | null {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random));
  return Math.max(jittered, Math.min(MAX_RETRY_AFTER_MS, retryAfterMs ?? 0));
}

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
