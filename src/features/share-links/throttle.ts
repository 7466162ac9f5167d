import { consumeLimits, type RateLimit } from '../../http/rate-limit.js';
import type { AppContext } from '../../runtime/context.js';

// Requests through share links are limited per client address, reads and writes together, whatever
// the token: someone trying tokens is slowed like someone harvesting a list. 120 a minute is far
// more than a person reading or editing through a link needs. The counts are kept in the shared
// rate-limit table (every instance sees them).

export const LINK_RATE: Omit<RateLimit, 'bucket'> = { limit: 120, windowMs: 60_000 };

/** Counts one request through a link from `ip`; 429 rate_limited (with Retry-After) over the limit. */
export function countLinkRequest(ctx: AppContext, ip: string): Promise<void> {
  return consumeLimits(ctx, [{ bucket: `share-link:ip:${ip}`, ...LINK_RATE }], 'Too many requests through share links, try again later');
}
