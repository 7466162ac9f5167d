import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Database } from '../../db/types.js';
import { AppState } from '../../runtime/state.js';
import { addToSearchIndex, addWordsToIndex, unindexedMessages } from './queries.js';

// SQLite's search indexes of message text, the substring index (the FTS5 trigram table
// `messages_fts`) and the word index (`message_words`, migration 034), filled in batches after
// posts commit rather than inside each post's transaction: FTS5 writes a segment per transaction,
// which was half the cost of posting, and the words' per-row trigger cost a post about 0.08 ms of
// CPU and the writer a third of its throughput (docs/performance.md). Until its batch runs
// a message has fts_rowid null, and the searches read such rows directly (messages/queries.ts
// contentMatches, search/queries.ts `pending`), so nothing is ever missing from results. (Once
// indexed, a delete, an edit or a publish changes the words at once: 034's triggers.)
// A published message (the `publish` event) schedules a batch within
// DELAY_MS, and each batch drains every pending row, so whatever a stopped process left goes too;
// the app's start drains it as well. PostgreSQL's trigram index is kept by the database.

/**
 * Messages indexed per transaction, each a turn of the event loop that no request is served in: 500
 * wrote their words in up to 77 ms (load 4), the longest stall of a burst of posts; 100 keep a
 * turn to a few milliseconds, and at 2,000 posts a second that is still only some 20 commits.
 */
export const INDEX_BATCH = 100;
const DELAY_MS = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Indexes up to `limit` messages not yet in the search index; returns how many it did. */
export async function indexPendingMessages(db: Kysely<Database>, limit = INDEX_BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await unindexedMessages(trx, limit);
    await addWordsToIndex(trx, rows.map((r) => r.id));
    for (const row of rows) await addToSearchIndex(trx, row);
    return rows.length;
  });
}

/** One per app instance: coalesces the posts of DELAY_MS into one indexing batch. */
class SearchIndexer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Holds of the timer's batches (hold()), and whether a batch waits for their end. */
  private holds = 0;
  private deferred = false;
  /** Callers of settled() waiting for the scheduled batch to start. */
  private waiting: (() => void)[] = [];

  constructor(private readonly ctx: AppContext) {}

  /** A post committed: index it (and whatever else is posted meanwhile) shortly. */
  soon(): void {
    if (this.ctx.db.engine !== 'sqlite' || this.timer !== null || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.holds > 0) this.deferred = true;
      else void this.drain();
      for (const resolve of this.waiting.splice(0)) resolve();
    }, DELAY_MS);
    this.timer.unref();
  }

  /**
   * Holds the batches the timer would run until the returned release is called (then the held
   * batch runs): a caller sees posts before they are indexed, however slow the machine is. An
   * explicit drain() still runs.
   */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0 && this.deferred) {
        this.deferred = false;
        this.soon();
      }
    };
  }

  /** Resolves once the batch a post scheduled has run (at once when none is scheduled, held or running). */
  async settled(): Promise<void> {
    if (this.timer !== null) await new Promise<void>((resolve) => this.waiting.push(resolve));
    await this.running;
  }

  /** Indexes every pending message, a batch per turn of the event loop. */
  drain(): Promise<void> {
    if (this.ctx.db.engine !== 'sqlite') return Promise.resolve();
    this.running ??= (async () => {
      try {
        while (!this.stopped && (await indexPendingMessages(this.ctx.db.kysely)) === INDEX_BATCH) await nextTurn();
      } catch (err) {
        this.ctx.log.error({ err }, 'indexing messages for search failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const resolve of this.waiting.splice(0)) resolve();
    await this.running;
  }
}

/**
 * This app's indexer, made with the app's context (so its error lines are the app's). When the app
 * starts it drains what a stopped process left; a published message asks it to index soon.
 */
export const searchIndexerState = new AppState('messages.search-indexer', (ctx) => new SearchIndexer(ctx), {
  start: (indexer) => indexer.soon(),
  stop: (indexer) => indexer.stop(),
});

export const searchIndexer = (ctx: AppContext): SearchIndexer => ctx.state(searchIndexerState);
