import type { AppContext } from '../../runtime/context.js';
import { SingleFlight } from '../../lib/single-flight.js';
import { AppState } from '../../runtime/state.js';

// The ordered ids of every document matching a search term, per user and per sync stamp.
//
// Why: finding and ordering the matches costs about 1 µs per matching document on SQLite (more on
// PostgreSQL), so a term found in thousands of documents takes milliseconds, while answering a
// page from the ordered ids takes a fraction of one. Every write to a user's documents takes a
// new sync stamp in its transaction (queries/documents.ts nextStamp), and a search reads the committed stamp
// and uses an entry only for the stamp it was stored under: once a write has committed, no search
// (in this or any other instance) reads an older stamp, so an entry is never served stale and needs
// no invalidation. A user's entries of an older stamp are dropped when one of a newer is stored.
//
// Bounded: at most MAX_IDS ids in all (least recently used users go first), MAX_TERMS terms per
// user, and a result larger than a quarter of MAX_IDS is not kept.

const MAX_IDS = 400_000;
const MAX_TERMS = 32;

interface UserEntry {
  stamp: number;
  /** term → ids in search order; Map order is least recently used first. */
  terms: Map<string, readonly string[]>;
}

export class SearchCache {
  private readonly users = new Map<string, UserEntry>();
  private readonly flights = new SingleFlight<readonly string[]>();
  private held = 0;

  constructor(
    private readonly maxIds = MAX_IDS,
    private readonly maxTerms = MAX_TERMS,
  ) {}

  /** The user's latest stored ids for `term`, with the stamp they belong to (the caller checks it). */
  get(userId: string, term: string): { stamp: number; ids: readonly string[] } | undefined {
    const entry = this.users.get(userId);
    const ids = entry?.terms.get(term);
    if (!entry || !ids) return undefined;
    touch(this.users, userId, entry);
    touch(entry.terms, term, ids);
    return { stamp: entry.stamp, ids };
  }

  set(userId: string, stamp: number, term: string, ids: readonly string[]): void {
    if (ids.length > this.maxIds / 4) return;
    let entry = this.users.get(userId);
    // A search that read an older stamp than one already stored finished late: keep the newer.
    if (entry && entry.stamp > stamp) return;
    if (entry && entry.stamp < stamp) this.dropUser(userId);
    entry = this.users.get(userId);
    if (!entry) {
      entry = { stamp, terms: new Map() };
      this.users.set(userId, entry);
    }
    const previous = entry.terms.get(term);
    if (previous) this.held -= previous.length;
    touch(entry.terms, term, ids);
    this.held += ids.length;
    touch(this.users, userId, entry);
    while (entry.terms.size > this.maxTerms) {
      const [oldest, old] = entry.terms.entries().next().value as [string, readonly string[]];
      entry.terms.delete(oldest);
      this.held -= old.length;
    }
    while (this.held > this.maxIds) this.dropUser(this.users.keys().next().value as string);
  }

  /**
   * The ids for (user, stamp, term) computed by `compute` and stored; concurrent calls for the same
   * key share one computation, so a burst of identical searches after a write costs one search.
   */
  load(userId: string, stamp: number, term: string, compute: () => Promise<string[]>): Promise<readonly string[]> {
    return this.flights.run(`${userId}\u0000${stamp}\u0000${term}`, async () => {
      const ids = await compute();
      this.set(userId, stamp, term, ids);
      return ids;
    });
  }

  /** How many ids are held (for tests). */
  get size(): number {
    return this.held;
  }

  private dropUser(userId: string): void {
    const entry = this.users.get(userId);
    if (!entry) return;
    for (const ids of entry.terms.values()) this.held -= ids.length;
    this.users.delete(userId);
  }
}

/** Moves `key` to the most recently used end of `map`. */
function touch<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
}

/** The search cache of one running app (per app, so test apps never share one). */
export const documentSearchCache = new AppState('documents.search-cache', () => new SearchCache());

export const searchCacheOf = (ctx: AppContext): SearchCache => ctx.state(documentSearchCache);
