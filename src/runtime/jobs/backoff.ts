// Exponential backoff between attempts of a job, bounded; a provider's Retry-After is honoured
// (within a day, so a nonsense value cannot park a job for ever).

const MAX_RETRY_AFTER_MS = 24 * 3600_000;

/** The delay before the attempt after `attempt` (1-based) failed. */
export function retryDelayMs(attempt: number, options: { baseDelayMs: number; maxDelayMs: number }, retryAfterMs?: number): number {
  const backoff = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(backoff, Math.min(MAX_RETRY_AFTER_MS, Math.max(0, retryAfterMs ?? 0)));
}
