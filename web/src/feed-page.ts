import { api } from './api';

// The home feed's pages. The first one is asked for at boot, beside the session and the screen's
// code (main.tsx), rather than after them: on a slow phone each of those is a round trip the feed
// would otherwise wait for in turn. Its answer serves the home screen's first load only, once.

/** Messages a feed page holds. */
export const FEED_PAGE = 20;

const fetchPage = (offset: number) => api.GET('/api/messages', { params: { query: { limit: FEED_PAGE, offset } } });

let early: ReturnType<typeof fetchPage> | null = null;
let earlyAt = 0;
/** How long the boot's page may serve: the home screen takes it within moments, or never. */
const EARLY_FOR_MS = 10_000;

/** Starts the first page of the home feed (a failure is the home screen's to show, when it takes it). */
export function prefetchHomeFeed(): void {
  early = fetchPage(0);
  earlyAt = Date.now();
  early.catch(() => undefined);
}

/** A page of the home feed: the first load takes the page asked for at boot, later ones ask anew. */
export function homeFeedPage(offset: number): ReturnType<typeof fetchPage> {
  const taken = offset === 0 && Date.now() - earlyAt < EARLY_FOR_MS ? early : null;
  early = null;
  return taken ?? fetchPage(offset);
}
