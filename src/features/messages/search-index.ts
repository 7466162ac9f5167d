import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Database } from '../../db/types.js';
import { deferredBatches } from '../../runtime/deferred-batches.js';
import { addToSearchIndex, addWordsToIndex, unindexedMessages } from './queries.js';

// SQLite's search indexes of message text, the substring index (the FTS5 trigram table
// `messages_fts`) and the word index (`message_words`, migration 034), filled in batches after
// posts commit rather than inside each post's transaction: FTS5 writes a segment per transaction,
// which was half the cost of posting, and the words' per-row trigger cost a post about 0.08 ms of
// CPU and the writer a third of its throughput (docs/performance.md). Until its batch runs
// a message has fts_rowid null, and the searches read such rows directly (messages/queries.ts
// contentMatches, search/queries.ts `pending`), so nothing is ever missing from results. (Once
// indexed, a delete, an edit or a publish changes the words at once: 034's triggers.)
// A published message (the `publish` event) schedules a batch (runtime/deferred-batches.ts).
// PostgreSQL's trigram index is kept by the database.

/**
 * Messages indexed per transaction, each a turn of the event loop that no request is served in: 500
 * wrote their words in up to 77 ms (load 4), the longest stall of a burst of posts; 100 keep a
 * turn to a few milliseconds, and at 2,000 posts a second that is still only some 20 commits.
 */
export const INDEX_BATCH = 100;

/** Indexes up to `limit` messages not yet in the search index; returns how many it did. */
export async function indexPendingMessages(db: Kysely<Database>, limit = INDEX_BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await unindexedMessages(trx, limit);
    await addWordsToIndex(trx, rows.map((r) => r.id));
    for (const row of rows) await addToSearchIndex(trx, row);
    return rows.length;
  });
}

/** This app's indexer: a published message asks it to index soon. */
export const searchIndexerState = deferredBatches('messages.search-indexer', {
  batch: async (ctx) => (await indexPendingMessages(ctx.db.kysely)) === INDEX_BATCH,
  failure: 'indexing messages for search failed',
});

export const searchIndexer = (ctx: AppContext) => ctx.state(searchIndexerState);
